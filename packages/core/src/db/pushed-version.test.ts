/**
 * The data version pushed by PostgreSQL (option `pushedVersion`): two instances of the service on one schema
 * answer cached reads without reading the version, and a write answered by either is seen by the very next
 * read on the other; an instance that stops acknowledging is fenced off and waited out; one whose listening
 * connection is cut reads the version until it listens again; another program's writes arrive too.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import {
  createSharedTestDatabase,
  type SharedTestDatabase,
  testDialects,
} from '@calendar-events/tests/databases';
import { apiRequest } from '@calendar-events/tests/requests';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CalendarCore, createCalendarCore } from '../core.js';
import { textOf } from '../http/respond.js';
import { silentLogger } from '../logger.js';
import { createApiKey, createUser } from '../resources/users/repository.js';
import { DATA_VERSION_SQL } from './data-version.js';
import type { CalendarDatabase } from './database.js';

const hasPostgres = (await testDialects()).some((dialect) => dialect.name === 'postgres');
const LEASE_MS = 600;
const ACK_TIMEOUT_MS = 200;

describe.skipIf(!hasPostgres)('the pushed data version (PostgreSQL)', () => {
  let shared: SharedTestDatabase;
  let first: CalendarDatabase;
  let key: string;
  let here: CalendarCore;
  let there: CalendarCore;
  /** Version reads by query of `there`'s connection. */
  let readsThere = 0;
  /** What `here` warned of (fencing off a silent lease is one). */
  const warningsHere: string[] = [];

  const start = (database: CalendarDatabase, warnings: string[] = []) =>
    createCalendarCore({
      database,
      logger: {
        ...silentLogger,
        warn: (object, message) => warnings.push(typeof object === 'string' ? object : String(message)),
      },
      pushedVersion: { leaseMs: LEASE_MS, ackTimeoutMs: ACK_TIMEOUT_MS },
      horizonKeeper: false,
      changePruner: false,
      webhookDeliverer: false,
    });
  const venueNames = async (core: CalendarCore) =>
    (JSON.parse(textOf(await core.handle(apiRequest('GET', '/venues'))) ?? '{}').venues ?? [])
      .map((venue: { venue: string }) => venue.venue)
      .sort();
  const createVenue = async (core: CalendarCore, venue: string) => {
    const response = await core.handle(apiRequest('POST', '/venues', { key, body: { venue } }));
    expect(response.status).toBe(201);
    return JSON.parse(String(textOf(response))).id as number;
  };
  const leases = async () =>
    (
      await sql<{ holder: string; fenced: boolean; backend_pid: number }>`
        select holder, fenced, backend_pid from version_listeners where expires > now() order by holder`.execute(
        first.kysely,
      )
    ).rows;
  /** Waits (bounded) until `count` leases are held and each holder read the version after writing its own. */
  const listening = async (count: number) => {
    const until = Date.now() + 5000;
    while ((await leases()).filter((lease) => !lease.fenced).length !== count) {
      if (Date.now() > until) throw new Error(`${count} listeners did not register`);
      await sleep(20);
    }
    await sleep(50);
  };

  beforeAll(async () => {
    shared = await createSharedTestDatabase('postgres', 'calendar-pushed-');
    first = shared.connect();
    await first.migrate();
    await createUser(first.kysely, { login: 'admin', role: 'administrator' });
    key = await createApiKey(first.kysely, 'admin');
    here = start(shared.connect(), warningsHere);
    there = start(
      shared.connect({
        onQuery: (text) => {
          if (text === DATA_VERSION_SQL) readsThere++;
        },
      }),
    );
    await listening(2);
  });
  afterAll(async () => {
    await here?.close();
    await there?.close();
    await shared?.close();
  });

  it('shows a write answered by one instance to the very next read on the other, and reads no version', async () => {
    for (let round = 0; round < 20; round++) {
      const [writer, reader] = round % 2 === 0 ? [here, there] : [there, here];
      const before = await venueNames(reader);
      // Asked twice: the second answer comes from the cache, under the version pushed to it.
      expect(await venueNames(reader)).toEqual(before);
      await createVenue(writer, `Hall ${round}`);
      expect(await venueNames(reader)).toContain(`Hall ${round}`);
    }
    readsThere = 0;
    for (let read = 0; read < 20; read++) await venueNames(there);
    expect(readsThere).toBe(0);
  });

  it('sees another program’s write once its notification arrives', async () => {
    const id = await createVenue(here, 'Hall Inside');
    expect(await venueNames(there)).toContain('Hall Inside');
    await sql`update post_texts set title = 'Hall Outside' where post_id = ${id}`.execute(first.kysely);
    const until = Date.now() + 2000;
    while (!(await venueNames(there)).includes('Hall Outside')) {
      if (Date.now() > until) throw new Error('the outside write was never seen');
      await sleep(10);
    }
  });

  it('fences off an instance that does not acknowledge, and waits until its lease ran out', async () => {
    // A lease nobody answers for: a frozen instance's.
    await sql`insert into version_listeners (holder, expires) values ('silent', now() + interval '1 second')`.execute(
      first.kysely,
    );
    const started = performance.now();
    warningsHere.length = 0;
    await createVenue(here, 'Hall Waited');
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(ACK_TIMEOUT_MS);
    expect(warningsHere).toEqual([expect.stringContaining('did not acknowledge a write in time')]);
    const [silent] = (
      await sql<{ fenced: boolean; left: number }>`
        select fenced, extract(epoch from expires - now()) as left from version_listeners where holder = 'silent'`.execute(
        first.kysely,
      )
    ).rows;
    // Answered only once the silent lease could no longer be trusted.
    expect(silent?.fenced).toBe(true);
    expect(Number(silent?.left)).toBeLessThanOrEqual(0);
    // Fenced, it is waited for no more.
    warningsHere.length = 0;
    await createVenue(here, 'Hall Not Waited');
    expect(warningsHere).toEqual([]);
    expect(await venueNames(there)).toContain('Hall Not Waited');
  });

  it('registers again when fenced off, and stays correct meanwhile', async () => {
    const before = await leases();
    await sql`update version_listeners set fenced = true where holder = ${before[0]!.holder}`.execute(
      first.kysely,
    );
    await createVenue(here, 'Hall After Fence');
    expect(await venueNames(there)).toContain('Hall After Fence');
    await listening(2);
    const after = await leases();
    expect(after.map((lease) => lease.holder)).not.toContain(before[0]!.holder);
  });

  it('reads the version while its listening connection is cut, and listens again', async () => {
    const [cut] = await leases();
    await sql`select pg_terminate_backend(${cut!.backend_pid})`.execute(first.kysely);
    for (let round = 0; round < 6; round++) {
      await createVenue(round % 2 === 0 ? here : there, `Hall Cut ${round}`);
      expect(await venueNames(round % 2 === 0 ? there : here)).toContain(`Hall Cut ${round}`);
    }
    await listening(2);
    expect((await leases()).map((lease) => lease.holder)).not.toContain(cut!.holder);
    await createVenue(here, 'Hall Back');
    expect(await venueNames(there)).toContain('Hall Back');
  });

  it('gives its lease up when the service closes', async () => {
    const other = start(shared.connect());
    await listening(3);
    await other.close();
    expect(await leases()).toHaveLength(2);
    warningsHere.length = 0;
    await createVenue(here, 'Hall Closed');
    expect(warningsHere).toEqual([]);
  });
});
