/**
 * The caches and the data-version protocol (cache/index.ts). With `cache: false` nothing version-keyed is
 * kept, list totals included: that is what an operator whose other programs do not move the data version
 * (point 4 of the protocol) relies on. With the schema's data-version triggers in place an outside write moves the
 * version anyway and a kept total would be dropped; so these tests drop the triggers, as on a database where
 * the version does not move, and write with a plain driver connection.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { type DialectName, testDialects, withOutsideWriter } from '@calendar-events/tests/databases';
import { apiRequest } from '@calendar-events/tests/requests';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CalendarCore, createCalendarCore } from '../core.js';
import { readDataVersion } from '../db/data-version.js';
import type { CalendarDatabase } from '../db/database.js';
import { textOf } from '../http/respond.js';
import { createApiKey, createUser } from '../resources/users/repository.js';
import { uncachedCounts } from './count-cache.js';
import { createCaches } from './index.js';

/** The tables whose writes the schema's triggers count in the data version. */
const VERSIONED_TABLES = [
  'posts',
  'post_texts',
  'events',
  'venues',
  'organizers',
  'event_organizers',
  'terms',
  'term_texts',
  'event_terms',
  'images',
  'users',
  'event_series',
  'event_ical',
  'tec_origins',
  'event_ical_exceptions',
];

/** The service's database without the version triggers, and a plain driver connection that writes to it. */
async function withSilentOutsideWriter(name: DialectName) {
  const setup = await withOutsideWriter(name, 'calendar-cache-');
  for (const table of VERSIONED_TABLES)
    for (const drop of name === 'sqlite'
      ? ['insert', 'update', 'delete'].map((event) => `drop trigger ${table}_${event}_bumps_data_version`)
      : [`drop trigger ${table}_bumps_data_version on ${table}`])
      await setup.outside(drop);
  // The change log's triggers move the version too (migration 0023): gone as well.
  const logging =
    name === 'sqlite'
      ? await sql<{ name: string; table: string }>`select name, tbl_name as "table" from sqlite_master
          where type = 'trigger' and name like '%logs_change'`.execute(setup.database.kysely)
      : await sql<{ name: string; table: string }>`select t.tgname as name, c.relname as "table"
          from pg_trigger as t join pg_class as c on c.oid = t.tgrelid
          where t.tgname like '%logs_change' and c.relnamespace = current_schema()::regnamespace`.execute(
          setup.database.kysely,
        );
  for (const trigger of logging.rows)
    await setup.outside(
      name === 'sqlite' ? `drop trigger ${trigger.name}` : `drop trigger ${trigger.name} on ${trigger.table}`,
    );
  return setup;
}

const dialects = await testDialects();

describe.each(dialects)('caches ($name)', ({ name }) => {
  let setup: Awaited<ReturnType<typeof withSilentOutsideWriter>>;
  let core: CalendarCore;
  const ids: number[] = [];

  const venues = async () => {
    const response = await core.handle(apiRequest('GET', '/venues'));
    const body = JSON.parse(textOf(response) ?? '{}');
    return {
      total: response.headers['X-WP-Total'],
      names: body.venues.map((venue: { venue: string }) => venue.venue).sort(),
    };
  };

  beforeAll(async () => {
    setup = await withSilentOutsideWriter(name);
    await createUser(setup.database.kysely, { login: 'admin', role: 'administrator' });
    const key = await createApiKey(setup.database.kysely, 'admin');
    core = createCalendarCore({ database: setup.database, cache: false });
    for (const venue of ['Hall A', 'Hall B', 'Hall C']) {
      const created = await core.handle(apiRequest('POST', '/venues', { key, body: { venue } }));
      ids.push(JSON.parse(textOf(created) ?? '{}').id);
    }
  });
  afterAll(() => setup.close());

  it('with cache: false, totals follow a write made outside the service', async () => {
    expect(await venues()).toEqual({ total: '3', names: ['Hall A', 'Hall B', 'Hall C'] });
    const version = await readDataVersion(setup.database.kysely);
    await setup.outside(`delete from posts where id = ?`, ids[1]);
    await nextTurn();
    // The situation of the protocol's point 4: the version did not move.
    expect(await readDataVersion(setup.database.kysely)).toBe(version);
    expect(await venues()).toEqual({ total: '2', names: ['Hall A', 'Hall C'] });
  });
});

describe('createCaches', () => {
  const database = { kysely: {}, dataVersionNow: () => 7 } as unknown as CalendarDatabase;

  it('keeps nothing version-keyed when disabled: no answers, no records, counts that count', () => {
    const caches = createCaches(database, { enabled: false });
    expect(caches.responses).toBeUndefined();
    expect(caches.records).toBeUndefined();
    expect(caches.counts).toBe(uncachedCounts);
  });

  it('reads the version through one reader, and forgets the kept answers after a write', () => {
    const caches = createCaches(database, { enabled: true });
    expect(caches.version.read()).toBe(7);
    const answer = { status: 200, headers: {}, body: '{}' };
    caches.responses!.set('key', 7, undefined, answer);
    expect(caches.responses!.get('key', 7, 0)).toBeDefined();
    caches.afterWrite();
    expect(caches.responses!.get('key', 7, 0)).toBeUndefined();
  });
});
