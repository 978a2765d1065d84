import { Kysely, type PostgresPool } from 'kysely';
import pg from 'pg';
import { type Logger, silentLogger } from '../logger.js';
import { givenUpSignal, RequestGivenUpError } from './cancellation.js';
import { type CalendarDatabase, observe, type QueryObserver, wrapDatabase } from './database.js';
import { combineServiceWriteInserts } from './postgres-combined-inserts.js';
import { openPostgresListener } from './postgres-listener.js';
import { CalendarPostgresDialect, nameServiceWriteStatements } from './postgres-service-writes.js';
import type { Database as Schema } from './schema.js';
import { postgresTraits } from './traits.js';

/** How long one statement may run on the service's connections unless told otherwise. */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;

export interface PostgresOptions {
  connectionString: string;
  /** Pool size (default 10). */
  max?: number;
  /** Schema to use (set as `search_path` on each connection); tests use one schema each. */
  schema?: string;
  onQuery?: QueryObserver;
  /** How long to wait for a new connection before answering 503 (default 5 s). */
  connectionTimeoutMillis?: number;
  /**
   * How long one statement may run before PostgreSQL cancels it (`statement_timeout` of every connection),
   * in milliseconds: default 30 s, 0 for no limit. A request whose statement is cancelled so answers 503
   * `rest_database_timeout` with `Retry-After`, and a write it was part of is rolled back whole. Migrations
   * run on a connection of their own without this limit (a migration of a large table may take longer).
   */
  statementTimeoutMs?: number;
  /**
   * Whether the service analyzes the tables it has just written in bulk (a new series, an import) once they
   * changed as much as autovacuum waits for (default true): see `db/analyze.ts`. Off where a schedule of
   * one's own keeps the statistics.
   */
  analyzeBulkWrites?: boolean;
  /**
   * Whether the statements of the service's writes are prepared on their connection (default true; see
   * `postgres-service-writes.ts`). Off behind a pooler that hands a client another server connection between
   * transactions without carrying prepared statements over (PgBouncer's transaction mode before 1.21, or with
   * `max_prepared_statements = 0`). `connectDatabase` reads it from the URL: `?prepared_statements=false`.
   */
  preparedStatements?: boolean;
}

/**
 * Opens a PostgreSQL connection pool. A connection the server ends (a restart, a failover, a proxy's idle
 * timeout, `pg_terminate_backend`) is logged as a warning and dropped, and the pool connects anew for the
 * next request: without a listener, node-postgres re-emits the error and ends the process.
 */
export function createPostgresDatabase(options: PostgresOptions): CalendarDatabase {
  const statementTimeout = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  const connection: pg.PoolConfig = {
    connectionString: options.connectionString,
    // `public` stays on the path for extensions such as pg_trgm, which live there.
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? 5000,
    ...(options.schema ? { options: `-c search_path=${options.schema},public` } : {}),
  };
  const timeout = statementTimeout > 0 ? { statement_timeout: statementTimeout } : {};
  const pool = new pg.Pool({ ...connection, max: options.max ?? 10, ...timeout });
  let logger: Logger = silentLogger;
  const warn = (error: Error) =>
    logger.warn({ err: error }, 'PostgreSQL connection lost; the pool connects again when needed');
  // Idle connections report through the pool; a connection in use (between the statements of a
  // transaction) reports on itself.
  pool.on('error', warn);
  pool.on('connect', (client) => {
    client.on('error', warn);
    if (options.preparedStatements !== false) nameServiceWriteStatements(client);
    combineServiceWriteInserts(client);
  });
  const log = observe(options.onQuery);
  const cancel = (processId: number) =>
    cancelBackend(connection, processId).catch((error: unknown) =>
      logger.warn({ err: error }, 'could not cancel the statement of a request given up'),
    );
  const kysely = new Kysely<Schema>({
    dialect: new CalendarPostgresDialect({ pool: cancellingPool(pool, cancel) }),
    ...(log ? { log } : {}),
  });
  return wrapDatabase(kysely, postgresTraits, {
    schema: options.schema,
    analyzesBulkWrites: options.analyzeBulkWrites ?? true,
    cancelsGivenUp: true,
    useLogger: (chosen) => {
      logger = chosen;
    },
    openListener: (handlers) => openPostgresListener({ ...connection, ...timeout }, handlers),
    async withoutStatementTimeout(run) {
      const own = new pg.Pool({ ...connection, max: 1 });
      own.on('error', warn);
      const unlimited = new Kysely<Schema>({
        dialect: new CalendarPostgresDialect({ pool: own }),
        ...(log ? { log } : {}),
      });
      try {
        return await run(unlimited);
      } finally {
        await unlimited.destroy();
      }
    },
  });
}

/**
 * The pool as Kysely takes it, with this addition: a connection taken for a request that is then given up
 * (`db/cancellation.ts`) has its running statement cancelled (`pg_cancel_backend`, from a connection of its
 * own, since the pool may be full of such statements), and is closed rather than given back, so that a
 * cancel that reaches its backend late finds no other request's statement there. A transaction so cut
 * is rolled back whole (by Kysely's `rollback`, or by the closed connection). A request given up takes no
 * new connection at all.
 */
function cancellingPool(pool: pg.Pool, cancel: (processId: number) => Promise<void>): PostgresPool {
  return {
    async connect() {
      const signal = givenUpSignal();
      if (signal?.aborted) throw new RequestGivenUpError();
      const client = await pool.connect();
      if (!signal) return client;
      if (signal.aborted) {
        client.release();
        throw new RequestGivenUpError();
      }
      let cancelled: Promise<void> | undefined;
      const onAbort = () => {
        const processId = (client as pg.PoolClient & { processID?: number | null }).processID;
        cancelled = typeof processId === 'number' ? cancel(processId) : Promise.resolve();
      };
      signal.addEventListener('abort', onAbort, { once: true });
      // pg-pool gives every checkout its own `release`; this one is for this request's use only.
      const release = client.release.bind(client);
      client.release = (error?: Error | boolean) => {
        signal.removeEventListener('abort', onAbort);
        if (cancelled) void cancelled.finally(() => release(true));
        else release(error);
      };
      return client;
    },
    end: () => pool.end(),
  };
}

/** Cancels the statement a backend is running, from a short connection of its own. */
async function cancelBackend(connection: pg.PoolConfig, processId: number): Promise<void> {
  const client = new pg.Client(connection);
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select pg_cancel_backend($1)', [processId]);
  } finally {
    await client.end().catch(() => {});
  }
}
