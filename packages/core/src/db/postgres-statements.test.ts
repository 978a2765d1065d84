/**
 * PostgreSQL statements are bounded: a search over a calendar whose tables were never analyzed (a fresh
 * database, autovacuum off or behind) answers well within the statement timeout; a statement over the
 * timeout is cancelled and answered 503 `rest_database_timeout` with `Retry-After`, a write with it rolled back
 * whole; a series written in bulk leaves its tables analyzed.
 */

import { createTestSchema, TEST_PG_URL, testDialects } from '@calendar-events/tests/databases';
import { apiRequest } from '@calendar-events/tests/requests';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CalendarCore, createCalendarCore } from '../core.js';
import { createApiKey, createUser } from '../resources/users/repository.js';
import { createPostgresDatabase, type PostgresOptions } from './postgres.js';

const hasPostgres = (await testDialects()).some((dialect) => dialect.name === 'postgres');

const SERIES = 40;
/** Before the series start, so that each has a horizon's worth of occurrences (about 730). */
const clock = () => new Date('2029-12-01T00:00:00Z');

async function answer(core: CalendarCore, method: string, path: string, key?: string, body?: unknown) {
  const response = await core.handle(apiRequest(method, path, { key, body }));
  const text = response.body === undefined ? '' : String(response.body);
  return { status: response.status, headers: response.headers, text };
}

function dailySeries(index: number) {
  return {
    title: `Daily ${index}`,
    description: 'Every morning',
    start_date: '2030-01-01 10:00',
    end_date: '2030-01-01 11:00',
    recurrence: ['RRULE:FREQ=DAILY'],
  };
}

/** Polls `probe` until it gives rows (at most 10 s). */
async function until(probe: () => Promise<unknown[]>): Promise<{ rows: unknown[] }> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const rows = await probe();
    if (rows.length > 0 || Date.now() > deadline) return { rows };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.runIf(hasPostgres)('PostgreSQL statements', () => {
  let schema: { schema: string; drop(): Promise<void> };
  let admin: pg.Client;
  const open = (options: Partial<PostgresOptions> = {}) =>
    createPostgresDatabase({ connectionString: TEST_PG_URL, schema: schema.schema, max: 4, ...options });

  /** When each table of the schema was last analyzed, by anyone. */
  async function lastAnalyzed(table: string): Promise<string | null> {
    const { rows } = await admin.query(
      `select coalesce(last_analyze, last_autoanalyze) as at from pg_stat_user_tables
       where schemaname = $1 and relname = $2`,
      [schema.schema, table],
    );
    return rows[0]?.at ?? null;
  }

  beforeAll(async () => {
    schema = await createTestSchema();
    admin = new pg.Client({ connectionString: TEST_PG_URL });
    await admin.connect();
    const setup = open({ max: 1 });
    await setup.migrate();
    await createUser(setup.kysely, { login: 'admin', role: 'administrator' });
    // Whatever the server's settings, no autovacuum analyzes these tables behind the test's back.
    const { rows } = await admin.query(`select tablename from pg_tables where schemaname = $1`, [
      schema.schema,
    ]);
    for (const { tablename } of rows)
      await admin.query(`alter table "${schema.schema}"."${tablename}" set (autovacuum_enabled = false)`);
    await setup.destroy();
  });
  afterAll(async () => {
    await admin.end();
    await schema.drop();
  });

  it('answers a search of tables never analyzed within the statement timeout', {
    timeout: 120_000,
  }, async () => {
    // The service's own analysis off: the tables stay as a bulk load by other means leaves them.
    const database = open({ analyzeBulkWrites: false, statementTimeoutMs: 20_000 });
    const core = createCalendarCore({
      database,
      cache: false,
      rateLimit: false,
      clock,
    });
    try {
      const key = await createApiKey(database.kysely, 'admin', 'stale');
      for (let index = 0; index < SERIES; index++) {
        const created = await answer(core, 'POST', '/events', key, dailySeries(index));
        expect(created.status).toBe(201);
      }
      expect(await lastAnalyzed('events')).toBe(null);
      const { rows } = await admin.query(`select count(*)::int as n from "${schema.schema}".events`);
      expect(rows[0].n).toBeGreaterThan(SERIES * 600);

      const list = await answer(core, 'GET', '/events?search=Daily&per_page=50');
      expect(list.status).toBe(200);
      expect(Number(list.headers['X-WP-Total'])).toBeGreaterThan(SERIES * 600);
      expect(JSON.parse(list.text).events).toHaveLength(50);
      const feed = await answer(core, 'GET', '/events/ical?search=Daily');
      expect(feed.status).toBe(200);
      expect(feed.text).toContain('BEGIN:VCALENDAR');
      // Still never analyzed: the answers above were planned without statistics.
      expect(await lastAnalyzed('events')).toBe(null);
    } finally {
      await core.close();
    }
  });

  it('cancels a statement over the timeout: 503 with Retry-After, and a write changes nothing', async () => {
    const database = open({ statementTimeoutMs: 300 });
    const core = createCalendarCore({ database, cache: false, rateLimit: false, clock });
    const key = await createApiKey(database.kysely, 'admin', 'timeout');
    const locker = new pg.Client({ connectionString: TEST_PG_URL });
    await locker.connect();
    try {
      // Every statement reading or writing posts waits for this lock, past the statement timeout.
      await locker.query('begin');
      await locker.query(`lock table "${schema.schema}".posts in access exclusive mode`);
      const read = await answer(core, 'GET', '/venues');
      expect(read.status).toBe(503);
      expect(read.headers['Retry-After']).toBe('5');
      expect(JSON.parse(read.text)).toMatchObject({ code: 'rest_database_timeout', data: { status: 503 } });
      const write = await answer(core, 'POST', '/venues', key, { venue: 'Never written' });
      expect(write.status).toBe(503);
      expect(JSON.parse(write.text).code).toBe('rest_database_timeout');
      await locker.query('rollback');

      const after = await answer(core, 'GET', '/venues?search=Never');
      expect(after.status).toBe(200);
      expect(JSON.parse(after.text).venues).toEqual([]);
      // The connections that were cut serve again.
      expect((await answer(core, 'POST', '/venues', key, { venue: 'Written' })).status).toBe(201);
    } finally {
      await locker.end();
      await core.close();
    }
  });

  it('cancels the statement of a request given up, and rolls its write back whole', async () => {
    const database = open();
    const core = createCalendarCore({ database, cache: false, rateLimit: false, clock });
    const key = await createApiKey(database.kysely, 'admin', 'given-up');
    const locker = new pg.Client({ connectionString: TEST_PG_URL });
    await locker.connect();
    const postsBefore = async () =>
      (await admin.query(`select count(*)::int as n from "${schema.schema}".posts`)).rows[0].n as number;
    try {
      const before = await postsBefore();
      // The write's post row goes in first; its venue row then waits for this lock.
      await locker.query('begin');
      await locker.query(`lock table "${schema.schema}".venues in access exclusive mode`);
      const controller = new AbortController();
      const request = apiRequest('POST', '/venues', { key, body: { venue: 'Given up' } });
      const answered = core.handle({ ...request, signal: controller.signal });
      const { rows } = await until(async () =>
        (
          await admin.query(
            `select 1 from pg_stat_activity where wait_event_type = 'Lock' and query like 'insert into "venues"%'`,
          )
        ).rows.length > 0
          ? [true]
          : [],
      );
      expect(rows).toEqual([true]);
      controller.abort();
      const response = await answered;
      expect(JSON.parse(String(response.body)).code).toBe('rest_request_aborted');
      await locker.query('rollback');
      expect(await postsBefore()).toBe(before);
      expect((await answer(core, 'POST', '/venues', key, { venue: 'Kept' })).status).toBe(201);
    } finally {
      await locker.end();
      await core.close();
    }
  });

  it('runs migrations without the statement timeout', async () => {
    const database = open({ statementTimeoutMs: 1 });
    try {
      expect(await database.migrate()).toEqual([]);
    } finally {
      await database.destroy();
    }
  });

  it('analyzes the tables a new series filled', async () => {
    await admin.query(`drop schema "${schema.schema}" cascade; create schema "${schema.schema}"`);
    const database = open();
    await database.migrate();
    await createUser(database.kysely, { login: 'admin', role: 'administrator' });
    const core = createCalendarCore({ database, cache: false, rateLimit: false, clock });
    try {
      const key = await createApiKey(database.kysely, 'admin', 'analyze');
      expect(await lastAnalyzed('events')).toBe(null);
      expect((await answer(core, 'POST', '/events', key, dailySeries(0))).status).toBe(201);
      expect(await lastAnalyzed('events')).not.toBe(null);
      expect(await lastAnalyzed('posts')).not.toBe(null);
    } finally {
      await core.close();
    }
  });
});
