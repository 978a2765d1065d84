/**
 * Test support: the databases every repository suite is bound to. SQLite always; PostgreSQL at
 * TEST_PG_URL (default the local server), each suite in a fresh schema that is dropped afterwards. When
 * PostgreSQL does not answer, CI fails loudly and a developer machine skips it with a warning.
 */
import { randomBytes } from 'node:crypto';
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
