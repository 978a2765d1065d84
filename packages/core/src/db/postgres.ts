import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { type CalendarDatabase, observe, type QueryObserver, wrapDatabase } from './database.js';
import type { Database as Schema } from './schema.js';
import { postgresTraits } from './traits.js';

export interface PostgresOptions {
  connectionString: string;
  /** Pool size (default 10). */
  max?: number;
  /** Schema to use (set as `search_path` on each connection); tests use one schema each. */
  schema?: string;
  onQuery?: QueryObserver;
}

/** Opens a PostgreSQL connection pool. */
export function createPostgresDatabase(options: PostgresOptions): CalendarDatabase {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    // `public` stays on the path for extensions such as pg_trgm, which live there.
    ...(options.schema ? { options: `-c search_path=${options.schema},public` } : {}),
  });
  const log = observe(options.onQuery);
  const kysely = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }), ...(log ? { log } : {}) });
  return wrapDatabase(kysely, postgresTraits, { schema: options.schema });
}
