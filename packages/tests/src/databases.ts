/**
 * Test support: the databases every suite is bound to, in one place. SQLite always; PostgreSQL at
 * `TEST_PG_URL` (default the local server), each suite in a fresh schema that is dropped afterwards. When
 * PostgreSQL does not answer, CI (`CI` set) fails loudly and a developer machine skips it with a warning.
 *
 * Core's own tests import this file as `@calendar-events/tests/databases`, through the repository root's dev
 * dependency (core cannot declare one on this package, which depends on core).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CalendarDatabase } from '@calendar-events/core';
import { createPostgresDatabase, type PostgresOptions } from '@calendar-events/core/postgres';
import { createSqliteDatabase } from '@calendar-events/core/sqlite';
import Database from 'better-sqlite3';
import pg from 'pg';
import { selectByName } from './bindings.js';
import { createSchemaFromImage } from './postgres-image.js';
import { openMigratedSqlite } from './sqlite-image.js';

type QueryObserver = NonNullable<PostgresOptions['onQuery']>;

/**
 * The PostgreSQL server of the tests (a `test` database, trust auth, in CI and locally): `TEST_PG_URL`, or
 * postgres://postgres@127.0.0.1:5432/test when it is unset or empty.
 */
export const TEST_PG_URL = process.env.TEST_PG_URL || 'postgres://postgres@127.0.0.1:5432/test';

async function withClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_PG_URL, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Why PostgreSQL cannot be used, or undefined when it answers. */
export async function probePostgres(): Promise<string | undefined> {
  try {
    await withClient((client) => client.query('select 1'));
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message || error.name : String(error);
  }
}

/** The error of a CI run whose PostgreSQL does not answer: there, its tests are mandatory. */
export function postgresUnreachableError(problem: string, what = 'its tests'): Error {
  return new Error(`PostgreSQL at ${TEST_PG_URL} is unreachable (${problem}); ${what} are mandatory in CI.`);
}

const warned = new Set<string>();

/** The loud warning of a developer machine whose PostgreSQL does not answer, once per `what`. */
export function warnPostgresSkipped(problem: string, what = 'its tests'): void {
  if (warned.has(what)) return;
  warned.add(what);
  console.warn(
    `\n!!! PostgreSQL at ${TEST_PG_URL} is unreachable (${problem}): ${what} are SKIPPED on this machine. Start it or set TEST_PG_URL; in CI this fails.\n`,
  );
}

/**
 * Whether the tests that need PostgreSQL (`what`, for the messages) run: true when it answers; when it does
 * not, an error in CI and false (after a loud warning) elsewhere.
 */
export async function requirePostgres(what = 'its tests'): Promise<boolean> {
  const problem = await probePostgres();
  if (problem === undefined) return true;
  if (process.env.CI) throw postgresUnreachableError(problem, what);
  warnPostgresSkipped(problem, what);
  return false;
}

export interface TestSchema {
  /** `t_<random>`, so that test files running in parallel never share tables. */
  schema: string;
  /** `TEST_PG_URL` with `?schema=`: what `connectDatabase` and the CLI's `--database` take. */
  url: string;
  /** Drops the schema and everything in it. */
  drop(): Promise<void>;
}

/**
 * A fresh schema at TEST_PG_URL, for one suite, and how to drop it: empty, or with `migrated: true` a copy of
 * the run's migrated image (`postgres-image.ts`), where the suite's `migrate()` then finds nothing to do. A run
 * without an image gives an empty schema either way, which the suite's `migrate()` migrates.
 */
export async function createTestSchema(options: { migrated?: boolean } = {}): Promise<TestSchema> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  await withClient(async (client) => {
    if (options.migrated && (await createSchemaFromImage(client, schema))) return;
    await client.query(`create schema "${schema}"`);
  });
  const url = new URL(TEST_PG_URL);
  url.searchParams.set('schema', schema);
  return {
    schema,
    url: url.toString(),
    drop: () =>
      withClient((client) => client.query(`drop schema if exists "${schema}" cascade`)).then(() => {}),
  };
}

export type DialectName = 'sqlite' | 'postgres';

export const ALL_DIALECTS: readonly DialectName[] = ['sqlite', 'postgres'];

export interface TestDialect {
  name: DialectName;
  /** A migrated, empty database and how to dispose of it. */
  open(options?: {
    onQuery?: QueryObserver;
  }): Promise<{ database: CalendarDatabase; close(): Promise<void> }>;
}

/** One migrated-to-be database that several connections share, as instances of the service do. */
export interface SharedTestDatabase {
  /** The SQLite file, or the PostgreSQL schema: where another program (a plain driver) finds the data. */
  location: string;
  /** Its `DATABASE_URL` (`sqlite:<file>`, or TEST_PG_URL with `?schema=`), for `connectDatabase` or the CLI. */
  url: string;
  /** A connection of the service to it (`max`: its pool size on PostgreSQL, default 4). */
  connect(options?: { onQuery?: QueryObserver; max?: number }): CalendarDatabase;
  /** Closes every connection `connect` made, then removes the file or drops the schema. */
  close(): Promise<void>;
}

/**
 * A database on disk for tests of several connections to the same data (two instances, another program
 * writing, a child process): a SQLite file in a folder of its own (`folderPrefix` names it), or a fresh
 * PostgreSQL schema. Nothing is migrated: the caller migrates through its first connection.
 */
export async function createSharedTestDatabase(
  name: DialectName,
  folderPrefix: string,
): Promise<SharedTestDatabase> {
  const connections: CalendarDatabase[] = [];
  const keep = (database: CalendarDatabase) => {
    connections.push(database);
    return database;
  };
  const closeConnections = async () => {
    for (const database of connections) await database.destroy();
  };
  if (name === 'sqlite') {
    const folder = await mkdtemp(join(tmpdir(), folderPrefix));
    const file = join(folder, 'calendar.db');
    return {
      location: file,
      url: `sqlite:${file}`,
      connect: (options = {}) =>
        keep(createSqliteDatabase(file, options.onQuery ? { onQuery: options.onQuery } : {})),
      async close() {
        await closeConnections();
        await rm(folder, { recursive: true, force: true });
      },
    };
  }
  const { schema, url, drop } = await createTestSchema();
  return {
    location: schema,
    url,
    connect: (options = {}) =>
      keep(
        createPostgresDatabase({
          connectionString: TEST_PG_URL,
          schema,
          max: options.max ?? 4,
          ...(options.onQuery ? { onQuery: options.onQuery } : {}),
        }),
      ),
    async close() {
      await closeConnections();
      await drop();
    },
  };
}

const DIALECTS: Record<DialectName, TestDialect> = {
  sqlite: {
    name: 'sqlite',
    async open(options = {}) {
      const database = await openMigratedSqlite(options);
      return { database, close: () => database.destroy() };
    },
  },
  postgres: {
    name: 'postgres',
    async open(options = {}) {
      const { schema, drop } = await createTestSchema({ migrated: true });
      const database = createPostgresDatabase({ connectionString: TEST_PG_URL, schema, max: 4, ...options });
      try {
        await database.migrate();
      } catch (error) {
        await database.destroy();
        await drop();
        throw error;
      }
      return {
        database,
        async close() {
          await database.destroy();
          await drop();
        },
      };
    },
  },
};

/**
 * The dialects to bind suites to (as Kysely's test setup binds its `DIALECTS`): `DIALECTS=sqlite,postgres`
 * narrows the list the way `BINDINGS=` narrows the contract bindings (unset or empty: all; an unknown name is
 * an error). PostgreSQL is left out, with a loud warning, when it does not answer on a developer machine; in
 * CI that is an error.
 */
export async function testDialects(filter = process.env.DIALECTS): Promise<TestDialect[]> {
  const wanted = selectByName('DIALECTS', filter, ALL_DIALECTS);
  const list: TestDialect[] = [];
  for (const name of wanted) {
    if (name === 'postgres' && !(await requirePostgres('its tests'))) continue;
    list.push(DIALECTS[name]);
  }
  return list;
}

/** Another program's connection to a shared test database: a plain driver, not the service. */
export interface OutsideWriter {
  /** Runs one statement with `?` placeholders (numbered for PostgreSQL). */
  run(text: string, ...values: unknown[]): Promise<void>;
  close(): Promise<void>;
}

/** Opens a plain driver connection to `shared` (on PostgreSQL, in its schema), as another program would. */
export async function openOutsideWriter(
  name: DialectName,
  shared: SharedTestDatabase,
): Promise<OutsideWriter> {
  if (name === 'sqlite') {
    const connection = new Database(shared.location);
    return {
      async run(text, ...values) {
        connection.prepare(text).run(...values);
      },
      async close() {
        connection.close();
      },
    };
  }
  const client = new pg.Client({ connectionString: TEST_PG_URL });
  await client.connect();
  await client.query(`set search_path = ${shared.location}, public`);
  return {
    async run(text, ...values) {
      let n = 0;
      await client.query(
        text.replace(/\?/g, () => `$${++n}`),
        values,
      );
    },
    async close() {
      await client.end();
    },
  };
}

/**
 * A migrated shared test database, and a plain driver connection to it that writes as another program would
 * (`outside(sql, ...values)`, `?` placeholders); `close` ends both and removes the data.
 */
export async function withOutsideWriter(name: DialectName, folderPrefix: string) {
  const shared = await createSharedTestDatabase(name, folderPrefix);
  const database = shared.connect({ max: 2 });
  await database.migrate();
  const writer = await openOutsideWriter(name, shared);
  return {
    database,
    outside: writer.run,
    async close() {
      await writer.close();
      await shared.close();
    },
  };
}
