import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { type Logger, silentLogger } from '../logger.js';
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
  /** How long to wait for a new connection before answering 503 (default 5 s). */
  connectionTimeoutMillis?: number;
}

/**
 * Opens a PostgreSQL connection pool. A connection the server ends (a restart, a failover, a proxy's idle
 * timeout, `pg_terminate_backend`) is logged as a warning and dropped, and the pool connects anew for the
 * next request: without a listener, node-postgres re-emits the error and ends the process.
 */
export function createPostgresDatabase(options: PostgresOptions): CalendarDatabase {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    // `public` stays on the path for extensions such as pg_trgm, which live there.
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? 5000,
    ...(options.schema ? { options: `-c search_path=${options.schema},public` } : {}),
  });
  let logger: Logger = silentLogger;
  const warn = (error: Error) =>
    logger.warn({ err: error }, 'PostgreSQL connection lost; the pool connects again when needed');
  // Idle connections report through the pool; a connection in use (between the statements of a
  // transaction) reports on itself.
  pool.on('error', warn);
  pool.on('connect', (client) => client.on('error', warn));
  const log = observe(options.onQuery);
  const kysely = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }), ...(log ? { log } : {}) });
  return wrapDatabase(kysely, postgresTraits, {
    schema: options.schema,
    useLogger: (chosen) => {
      logger = chosen;
    },
  });
}
