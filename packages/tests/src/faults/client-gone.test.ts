/**
 * A client that goes away while its request's statement runs on PostgreSQL: the statement is cancelled
 * (gone from `pg_stat_activity` within a second), on both adapters, and the service answers on as before.
 * The statement is made to run long by a lock another connection holds on `posts`, which every request reads.
 */
import { request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import { type RunningServer, startServer } from '@calendar-events/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freshDatabase,
  postgresAnswers,
  TEST_PG_URL,
  type TestDatabase,
  withAdministrator,
} from './processes.js';

/** The little of node-postgres this test uses (this package has no types for it). */
interface PgClient {
  connect(): Promise<void>;
  query<Row>(text: string, values?: unknown[]): Promise<{ rows: Row[] }>;
  end(): Promise<void>;
}
const pg = createRequire(import.meta.url)('pg') as {
  Client: new (config: { connectionString: string }) => PgClient;
};

/** The backends of `applicationName` running a statement now, with what they wait for. */
async function runningStatements(admin: PgClient, applicationName: string) {
  const { rows } = await admin.query<{ pid: number; wait: string | null }>(
    `select pid, wait_event_type as wait from pg_stat_activity where application_name = $1 and state = 'active'`,
    [applicationName],
  );
  return rows;
}

async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.runIf(await postgresAnswers())('a client that goes away mid-statement (PostgreSQL)', () => {
  let database: TestDatabase;
  let admin: PgClient;

  beforeAll(async () => {
    database = await freshDatabase('postgres');
    await withAdministrator(database);
    admin = new pg.Client({ connectionString: TEST_PG_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await database.remove();
  });

  for (const adapter of ['express', 'fastify'] as const) {
    it(`${adapter}: its statement is cancelled within a second`, { timeout: 30_000 }, async () => {
      const applicationName = `calendar-gone-${adapter}-${process.pid}`;
      const url = new URL(database.url);
      url.searchParams.set('application_name', applicationName);
      const server: RunningServer = await startServer({
        database: url.toString(),
        adapter,
        port: 0,
        rateLimit: false,
        responseCache: false,
        // Its round would wait on the same lock, a statement of no client's that rightly runs on.
        horizonKeeper: false,
      });
      const locker = new pg.Client({ connectionString: TEST_PG_URL });
      await locker.connect();
      try {
        const { schema } = Object.fromEntries(url.searchParams) as { schema: string };
        await locker.query('begin');
        await locker.query(`lock table "${schema}".posts in access exclusive mode`);

        const client = httpRequest(`${server.url}/calendar/events/v1/events?search=Daily`);
        client.on('error', () => {});
        client.end();
        const waiting = await until(
          () => runningStatements(admin, applicationName),
          (rows) => rows.some((row) => row.wait === 'Lock'),
          10_000,
        );
        expect(waiting.some((row) => row.wait === 'Lock')).toBe(true);

        client.destroy();
        const left = await until(
          () => runningStatements(admin, applicationName),
          (rows) => rows.length === 0,
          1000,
        );
        expect(left).toEqual([]);

        await locker.query('rollback');
        const after = await fetch(`${server.url}/calendar/events/v1/events`);
        expect(after.status).toBe(200);
      } finally {
        await locker.end();
        await server.close();
      }
    });
  }
});
