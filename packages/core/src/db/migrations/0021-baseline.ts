import { type Kysely, sql } from 'kysely';
import { POSTGRES_FUNCTIONS } from './baseline/postgres-functions.js';
import { POSTGRES_KEYS } from './baseline/postgres-keys.js';
import { POSTGRES_TABLES } from './baseline/postgres-tables.js';
import { SQLITE_BASELINE } from './baseline/sqlite.js';

/**
 * The schema that migrations 0001 to 0021 built, made at once: frozen SQL text per database, which never
 * changes with the application's code. A database that the old migrations built is moved onto it by its
 * records alone (`old-chain.ts`). `baseline.test.ts` compares what it makes with what they made.
 */
export function baseline(dialect: 'sqlite' | 'postgres') {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not as it is
    async up(db: Kysely<any>) {
      if (dialect === 'postgres') {
        // Shared by every schema of the database, hence not dumped with this one.
        await sql`create extension if not exists pg_trgm with schema public`.execute(db);
      }
      const statements =
        dialect === 'sqlite'
          ? SQLITE_BASELINE
          : [...POSTGRES_FUNCTIONS, ...POSTGRES_TABLES, ...POSTGRES_KEYS];
      for (const statement of statements) await sql.raw(statement).execute(db);
    },
  };
}
