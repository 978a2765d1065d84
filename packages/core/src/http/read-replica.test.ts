/**
 * The read replica against a real streaming standby (a primary and a `pg_basebackup -R` standby of it, each a
 * cluster of its own: @calendar-events/tests/standby). Where a read ran is told by the statements each
 * database saw, and, while the standby's replay is paused, by what the answer says.
 */
import { apiRequest } from '@calendar-events/tests/requests';
import { requireStandbyBinaries, startPrimaryWithStandby } from '@calendar-events/tests/standby';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CalendarCore, createCalendarCore } from '../core.js';
import type { CalendarDatabase } from '../db/database.js';
import { createPostgresDatabase } from '../db/postgres.js';
import { createSqliteDatabase } from '../db/sqlite.js';
import { createApiKey, createUser } from '../resources/users/repository.js';
import { createReadRouting, type ReadReplica } from './read-replica.js';
import { textOf } from './respond.js';
import type { CoreRequest, CoreResponse } from './types.js';

const runs = requireStandbyBinaries('the read replica tests');
/** Long, so that a slow machine never sees a pin or a pause end by itself: the tests move core's clock. */
const PIN_MS = 60_000;
const RETRY_MS = 60_000;

/** The tests package's request, with the headers a read may add (`Calendar-Min-Data-Version`). */
function request(
  method: string,
  path: string,
  options: { key?: string; body?: unknown; headers?: Record<string, string> } = {},
): CoreRequest {
  const made = apiRequest(method, path, options);
  Object.assign(made.headers, options.headers);
  return made;
}

// biome-ignore lint/suspicious/noExplicitAny: answers are read as JSON
const json = (response: CoreResponse): any => JSON.parse(textOf(response) ?? 'null');

/** Set: the replica's record statements fail as on a cut connection. */
let connectionCut = false;
const cutWhenAsked: KyselyPlugin = {
  transformQuery(args) {
    if (connectionCut) throw Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
    return args.node;
  },
  transformResult: async (args) => args.result,
};

describe.skipIf(!runs)('read replica (a real standby)', () => {
  let cluster: Awaited<ReturnType<typeof startPrimaryWithStandby>>;
  let core: CalendarCore;
  let key: string;
  /** How far core's clock is ahead of the real one. */
  let clockAhead = 0;
  /**
   * Statements that read records per database: not the data version, nor the due-post publisher's look for
   * posts due (it runs on the primary before requests, once a second).
   */
  const recordReads = { primary: 0, replica: 0 };
  const countOn = (where: keyof typeof recordReads) => (sql: string) => {
    if (/"posts"/.test(sql) && !/"date_utc" <= /.test(sql)) recordReads[where] += 1;
  };
  /** Which databases read records while `run` ran. */
  async function servedBy<T>(
    run: () => Promise<T>,
  ): Promise<{ result: T; primary: number; replica: number }> {
    const before = { ...recordReads };
    const result = await run();
    return {
      result,
      primary: recordReads.primary - before.primary,
      replica: recordReads.replica - before.replica,
    };
  }

  beforeAll(async () => {
    cluster = await startPrimaryWithStandby();
    const database = createPostgresDatabase({
      connectionString: cluster.primaryUrl,
      onQuery: countOn('primary'),
    });
    await database.migrate();
    await createUser(database.kysely, { login: 'editor', role: 'editor' });
    key = await createApiKey(database.kysely, 'editor');
    const standby = createPostgresDatabase({
      connectionString: cluster.standbyUrl,
      onQuery: countOn('replica'),
      connectionTimeoutMillis: 1000,
    });
    // The standby as core sees it, but for the records' statements while `connectionCut` is set: they fail
    // as a connection the network cut (the version read, a compiled statement, is left alone).
    const replica = { ...standby, kysely: standby.kysely.withPlugin(cutWhenAsked) };
    core = createCalendarCore({
      database,
      readReplica: { database: replica, pinMs: PIN_MS, retryMs: RETRY_MS },
      horizonKeeper: false,
      changePruner: false,
      webhookDeliverer: false,
      clock: () => new Date(Date.now() + clockAhead),
    });
    await cluster.caughtUp();
  }, 120_000);

  afterAll(async () => {
    await core?.close();
    await cluster?.close();
  }, 60_000);

  async function createEvent(title: string): Promise<{ id: number; version: number }> {
    const created = await core.handle(
      request('POST', '/events', {
        key,
        body: {
          title,
          start_date: '2030-05-01 10:00:00',
          end_date: '2030-05-01 12:00:00',
          status: 'publish',
        },
      }),
    );
    expect(created.status).toBe(201);
    const version = Number(created.headers['Calendar-Data-Version']);
    expect(version).toBeGreaterThan(0);
    return { id: json(created).id, version };
  }

  const titleOf = (response: CoreResponse) => json(response).title as string;

  it('answers reads from the replica once it has replayed the write, and writes on the primary', async () => {
    const { id } = await createEvent('Caught up');
    await cluster.caughtUp();
    const anonymous = await servedBy(() => core.handle(request('GET', `/events/${id}`)));
    expect(anonymous.result.status).toBe(200);
    expect(titleOf(anonymous.result)).toBe('Caught up');
    expect(anonymous.replica).toBeGreaterThan(0);
    expect(anonymous.primary).toBe(0);
    // The writer too: the replica has what it wrote.
    const writer = await servedBy(() => core.handle(request('GET', `/events/${id}?context=edit`, { key })));
    expect(writer.result.status).toBe(200);
    expect(writer.replica).toBeGreaterThan(0);
    expect(writer.primary).toBe(0);
  });

  it('serves the writer, and a client naming the version, from the primary while the replica lags', async () => {
    const { id } = await createEvent('Before');
    await cluster.caughtUp();
    await cluster.pauseReplay();
    try {
      const updated = await core.handle(request('POST', `/events/${id}`, { key, body: { title: 'After' } }));
      expect(updated.status).toBe(200);
      const version = updated.headers['Calendar-Data-Version'];
      expect(Number(version)).toBeGreaterThan(0);
      // The writer's next read, at once: pinned to its write, the primary answers.
      const writer = await servedBy(() => core.handle(request('GET', `/events/${id}`, { key })));
      expect(titleOf(writer.result)).toBe('After');
      expect(writer.primary).toBeGreaterThan(0);
      expect(writer.replica).toBe(0);
      // Another client with the version it was given: the primary too.
      const told = await core.handle(
        request('GET', `/events/${id}?other=client`, { headers: { 'calendar-min-data-version': version! } }),
      );
      expect(titleOf(told)).toBe('After');
      // A client that says nothing reads the replica as it is: behind, but answered.
      const untold = await servedBy(() => core.handle(request('GET', `/events/${id}?untold=1`)));
      expect(untold.result.status).toBe(200);
      expect(titleOf(untold.result)).toBe('Before');
      expect(untold.replica).toBeGreaterThan(0);
      // The pin ends; the writer then reads the replica like everyone else.
      clockAhead += PIN_MS;
      const later = await core.handle(request('GET', `/events/${id}?later=1`, { key }));
      expect(titleOf(later)).toBe('Before');
    } finally {
      await cluster.resumeReplay();
    }
    await cluster.caughtUp();
    const caughtUp = await servedBy(() =>
      core.handle(
        request('GET', `/events/${id}?after=resume`, { headers: { 'calendar-min-data-version': '1' } }),
      ),
    );
    expect(titleOf(caughtUp.result)).toBe('After');
    expect(caughtUp.replica).toBeGreaterThan(0);
    expect(caughtUp.primary).toBe(0);
  });

  it('answers every read from the primary while the replica is down, and goes back to it once it is up', async () => {
    const { id } = await createEvent('Through an outage');
    await cluster.caughtUp();
    await cluster.killStandby();
    try {
      for (let i = 0; i < 5; i++) {
        const read = await servedBy(() => core.handle(request('GET', `/events/${id}?down=${i}`)));
        expect(read.result.status).toBe(200);
        expect(titleOf(read.result)).toBe('Through an outage');
        expect(read.primary).toBeGreaterThan(0);
      }
      const list = await core.handle(request('GET', '/events?per_page=5'));
      expect(list.status).toBe(200);
      const write = await core.handle(
        request('POST', `/events/${id}`, { key, body: { title: 'Still written' } }),
      );
      expect(write.status).toBe(200);
    } finally {
      await cluster.startStandby();
    }
    await cluster.caughtUp();
    clockAhead += RETRY_MS;
    // The first read after the pause tries the replica again; the one after it finds it answering.
    await core.handle(request('GET', `/events/${id}?probe=1`));
    const back = await servedBy(() => core.handle(request('GET', `/events/${id}?up=1`)));
    expect(back.result.status).toBe(200);
    expect(titleOf(back.result)).toBe('Still written');
    expect(back.replica).toBeGreaterThan(0);
    expect(back.primary).toBe(0);
  });

  it('reads a sync token the replica has not reached on the primary, never answering 410 for it', async () => {
    await createEvent('Synced');
    await cluster.caughtUp();
    await cluster.pauseReplay();
    try {
      await createEvent('Newer than the replica');
      // The log's position now, from the primary (the writer's pin sends it there).
      const start = await core.handle(request('GET', '/changes', { key }));
      const token = json(start).next_token as string;
      expect(token).toBeTruthy();
      const followed = await core.handle(request('GET', `/changes?since=${token}`));
      expect(followed.status).toBe(200);
    } finally {
      await cluster.resumeReplay();
    }
  });

  it('answers a read on the primary when the replica fails under it, and leaves the replica alone then', async () => {
    const { id } = await createEvent('Cut');
    await cluster.caughtUp();
    connectionCut = true;
    try {
      const read = await servedBy(() => core.handle(request('GET', `/events/${id}?cut=1`)));
      expect(read.result.status).toBe(200);
      expect(titleOf(read.result)).toBe('Cut');
      expect(read.primary).toBeGreaterThan(0);
      // Within the back-off the replica is not asked at all.
      connectionCut = false;
      const next = await servedBy(() => core.handle(request('GET', `/events/${id}?cut=2`)));
      expect(next.result.status).toBe(200);
      expect(next.replica).toBe(0);
      expect(next.primary).toBeGreaterThan(0);
    } finally {
      connectionCut = false;
      clockAhead += RETRY_MS;
    }
  });
});

describe('read replica options', () => {
  it('refuses a read replica with SQLite', () => {
    const database = createSqliteDatabase(':memory:');
    expect(() =>
      createCalendarCore({
        database,
        readReplica: createSqliteDatabase(':memory:'),
        horizonKeeper: false,
        changePruner: false,
        webhookDeliverer: false,
      }),
    ).toThrow(/PostgreSQL/);
  });
});

describe('read routing without a database', () => {
  const silent = { debug() {}, info() {}, warn() {}, error() {} };
  const uncached = (read: () => Promise<number | undefined>) => ({
    version: { read, forget() {} },
    counts: { count: async () => 0 },
    afterWrite() {},
    close: async () => {},
  });
  const primary = { kysely: 'primary' } as unknown as CalendarDatabase;
  const replica: ReadReplica = {
    database: { kysely: 'replica' } as unknown as CalendarDatabase,
    caches: uncached(async () => 100),
    pinMs: 60_000,
    retryMs: 60_000,
  };
  const readBy = (principal: { userId: number; role: 'editor' } | null) => ({
    request: { method: 'GET', url: '/', mountPath: '', headers: {} },
    target: { root: 'http://x', addressLanguage: 'en', url: new URL('http://x/events'), method: 'GET' },
    route: {},
    params: {},
    withBody: false,
    principal,
    now: new Date(0),
  });

  it('answers a write whose version cannot be read after it, and sends its writer to the primary', async () => {
    const routing = createReadRouting({
      database: primary,
      caches: uncached(() => Promise.reject(new Error('connection lost'))),
      replica,
      logger: silent,
      clock: () => new Date(0),
    });
    const editor = { userId: 3, role: 'editor' as const };
    const written = await routing.afterWrite(editor, Promise.resolve({ status: 200, headers: {}, body: '' }));
    expect(written.status).toBe(200);
    expect(written.headers['Calendar-Data-Version']).toBeUndefined();
    const dbOf = async (principal: typeof editor | null) => {
      let used: unknown;
      await routing.answer(readBy(principal), async (db) => {
        used = db;
        return { status: 200, headers: {}, body: '' };
      });
      return used;
    };
    expect(await dbOf(editor)).toBe('primary');
    expect(await dbOf(null)).toBe('replica');
  });
});
