/**
 * A write locks the record it changes (`for update`, PostgreSQL) before it checks permission and If-Match:
 * another program's transaction that changed the record and has not committed yet makes the write wait,
 * and the write then sees the change (412) instead of overwriting it. The data version triggers serialize
 * such programs as well; this program turns them off (`session_replication_role = replica`, as replication
 * and bulk loaders do), so that only the record's lock stands between the two.
 */

import { createTestSchema, TEST_PG_URL, testDialects } from '@calendar-events/tests/databases';
import { apiRequest } from '@calendar-events/tests/requests';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CalendarCore, createCalendarCore } from '../core.js';
import type { CalendarDatabase } from '../db/database.js';
import { createPostgresDatabase } from '../db/postgres.js';
import { createApiKey, createUser } from '../resources/users/repository.js';

const hasPostgres = (await testDialects()).some((dialect) => dialect.name === 'postgres');

describe.runIf(hasPostgres)('the record a write changes is locked (postgres)', () => {
  let schema: Awaited<ReturnType<typeof createTestSchema>>;
  let database: CalendarDatabase;
  let core: CalendarCore;
  let key: string;
  let outside: pg.Client;

  beforeAll(async () => {
    schema = await createTestSchema();
    database = createPostgresDatabase({ connectionString: TEST_PG_URL, schema: schema.schema, max: 2 });
    await database.migrate();
    await createUser(database.kysely, { login: 'admin', role: 'administrator' });
    key = await createApiKey(database.kysely, 'admin');
    // With the triggers off nothing tells a cache of the change: this test reads without one.
    core = createCalendarCore({ database, cache: false });
    outside = new pg.Client({ connectionString: TEST_PG_URL });
    await outside.connect();
    await outside.query(`set search_path = ${schema.schema}, public`);
    await outside.query('set session_replication_role = replica');
  });
  afterAll(async () => {
    await outside.end();
    await database.destroy();
    await schema.drop();
  });

  it("waits for another program's uncommitted change of the record, then fails If-Match", async () => {
    const created = await core.handle(apiRequest('POST', '/venues', { key, body: { venue: 'Hall' } }));
    const id = JSON.parse(String(created.body)).id;
    const read = await core.handle(apiRequest('GET', `/venues/${id}`, { key }));
    const etag = read.headers.ETag!;

    await outside.query('begin');
    await outside.query(`update posts set modified_utc = '2031-01-01 00:00:00' where id = $1`, [id]);
    await outside.query(`update post_texts set title = 'Renamed outside' where post_id = $1`, [id]);
    const request = apiRequest('PUT', `/venues/${id}`, { key, body: { venue: 'Renamed here' } });
    request.headers['if-match'] = etag;
    const write = core.handle(request);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await outside.query('commit');

    const answer = await write;
    expect(answer.status).toBe(412);
    const after = await core.handle(apiRequest('GET', `/venues/${id}`, { key }));
    expect(JSON.parse(String(after.body)).venue).toBe('Renamed outside');
  });
});
