/**
 * Test support: the databases every repository suite is bound to. SQLite always; PostgreSQL at
 * TEST_PG_URL (default the local server), each suite in a fresh schema that is dropped afterwards. When
 * PostgreSQL does not answer, CI fails loudly and a developer machine skips it with a warning.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { CalendarDatabase, QueryObserver } from './database.js';
import { createPostgresDatabase } from './postgres.js';
import { createSqliteDatabase } from './sqlite.js';

export const TEST_PG_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TestDialect {
  name: 'sqlite' | 'postgres';
  /** A migrated, empty database and how to dispose of it. */
  open(options?: {
    onQuery?: QueryObserver;
  }): Promise<{ database: CalendarDatabase; close(): Promise<void> }>;
}

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: TEST_PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

const sqlite: TestDialect = {
  name: 'sqlite',
  async open(options = {}) {
    const database = createSqliteDatabase(':memory:', options);
    await database.migrate();
    return { database, close: () => database.destroy() };
  },
};

/** A fresh schema at TEST_PG_URL, for one suite, and how to drop it. */
export async function createPostgresTestSchema(): Promise<{ schema: string; drop(): Promise<void> }> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  return {
    schema,
    async drop() {
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    },
  };
}

/** One migrated-to-be database that several connections share, as instances of the service do. */
export interface SharedTestDatabase {
  /** The SQLite file, or the PostgreSQL schema: where another program (a plain driver) finds the data. */
  location: string;
  /** A connection of the service to it (`max`: its pool size on PostgreSQL, default 4). */
  connect(options?: { onQuery?: QueryObserver; max?: number }): CalendarDatabase;
  /** Closes every connection `connect` made, then removes the file or drops the schema. */
  close(): Promise<void>;
}

/**
 * A database on disk for tests of several connections to the same data (two instances, another program
 * writing): a SQLite file in a folder of its own (`folderPrefix` names it), or a fresh PostgreSQL schema.
 * Nothing is migrated: the caller migrates through its first connection.
 */
export async function createSharedTestDatabase(
  name: TestDialect['name'],
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
      connect: (options = {}) =>
        keep(createSqliteDatabase(file, options.onQuery ? { onQuery: options.onQuery } : {})),
      async close() {
        await closeConnections();
        await rm(folder, { recursive: true, force: true });
      },
    };
  }
  const { schema, drop } = await createPostgresTestSchema();
  return {
    location: schema,
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

const postgres: TestDialect = {
  name: 'postgres',
  async open(options = {}) {
    const { schema, drop } = await createPostgresTestSchema();
    const database = createPostgresDatabase({ connectionString: TEST_PG_URL, schema, max: 4, ...options });
    await database.migrate();
    return {
      database,
      async close() {
        await database.destroy();
        await drop();
      },
    };
  },
};

/** The dialects to bind suites to; `DIALECTS=sqlite` narrows the list. */
export async function testDialects(): Promise<TestDialect[]> {
  const wanted = process.env.DIALECTS?.split(',').map((d) => d.trim());
  const list: TestDialect[] = [];
  if (!wanted || wanted.includes('sqlite')) list.push(sqlite);
  if (!wanted || wanted.includes('postgres')) {
    if (await postgresAnswers()) list.push(postgres);
    else if (process.env.CI)
      throw new Error(`PostgreSQL does not answer at ${TEST_PG_URL}; its tests are mandatory in CI.`);
    else
      console.warn(
        `\n!!! PostgreSQL does not answer at ${TEST_PG_URL}: its tests are SKIPPED on this machine.\n`,
      );
  }
  return list;
}
