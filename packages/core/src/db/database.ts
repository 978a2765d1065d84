import { type Kysely, type KyselyConfig, Migrator, type Transaction } from 'kysely';
import type { Logger } from '../logger.js';
import { whileWanted } from './cancellation.js';
import { migrationProvider } from './migrations/index.js';
import { adoptBaseline } from './migrations/old-chain.js';
import type { Database } from './schema.js';
import type { DialectTraits } from './traits.js';

export type Db = Kysely<Database> | Transaction<Database>;

/** Called with every statement the database runs (query logging, statement counting in tests). */
/** Told of every statement run, after it ran (`durationMs`: Kysely's measure, from send to result). */
export type QueryObserver = (sql: string, parameters: readonly unknown[], durationMs: number) => void;

/** Kysely's `log` option for an observer. */
export function observe(onQuery: QueryObserver | undefined): KyselyConfig['log'] {
  return onQuery
    ? (event) => {
        if (event.level === 'query')
          onQuery(event.query.sql, event.query.parameters, event.queryDurationMillis);
      }
    : undefined;
}

/**
 * A connected database: the Kysely instance, what its dialect can do, and how to close it.
 *
 * @example
 * const database = await connectDatabase('sqlite::memory:');
 * await database.migrate(); // the names of the migrations it ran
 * await database.ping();
 * await database.destroy();
 */
export interface CalendarDatabase {
  readonly kysely: Kysely<Database>;
  readonly traits: DialectTraits;
  /** Runs every pending migration. Safe to call on every start. */
  migrate(): Promise<string[]>;
  /** Cheap liveness check of the connection (`select 1`). */
  ping(): Promise<void>;
  destroy(): Promise<void>;
  /**
   * The data version read at once, without a round of promises, where the driver can:
   * SQLite outside a transaction. Undefined when it cannot be read so (PostgreSQL, a transaction open on
   * SQLite's one connection, whose uncommitted version must not be seen): then it is read with a query.
   */
  dataVersionNow?(): number | undefined;
  /** Where the driver reports connections it lost (PostgreSQL); the service passes its logger. */
  useLogger?(logger: Logger): void;
  /**
   * Whether the service analyzes the tables it writes in bulk (PostgreSQL, unless turned off): see
   * `analyze.ts`.
   */
  readonly analyzesBulkWrites?: boolean;
  /**
   * Runs a request's work so that the statements it starts are cancelled once `signal` fires (PostgreSQL:
   * `db/cancellation.ts`). Absent on SQLite, which runs each statement to its end in the calling thread.
   */
  whileWanted?<T>(signal: AbortSignal, run: () => Promise<T>): Promise<T>;
  /**
   * PostgreSQL: a connection of its own, outside the pool, that receives the notifications of the channels it
   * listens to (`db/pushed-version.ts`). `lost` is called once, when the connection fails or ends (not after
   * `close`). Absent on SQLite.
   */
  openListener?(handlers: ListenerHandlers): Promise<ListenerConnection>;
}

export interface ListenerHandlers {
  notification(channel: string, payload: string): void;
  lost(error: Error): void;
}

export interface ListenerConnection {
  /** Runs one statement on this connection (its own statement timeout applies). */
  query<Row>(sql: string, parameters?: readonly unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

export function wrapDatabase(
  kysely: Kysely<Database>,
  traits: DialectTraits,
  options: {
    schema?: string | undefined;
    dataVersionNow?: () => number | undefined;
    useLogger?: (logger: Logger) => void;
    /** Runs migrations on a connection without the statement timeout of the others (PostgreSQL). */
    withoutStatementTimeout?: <T>(run: (kysely: Kysely<Database>) => Promise<T>) => Promise<T>;
    analyzesBulkWrites?: boolean;
    /** Whether its driver cancels the statements of a request given up (`db/cancellation.ts`). */
    cancelsGivenUp?: boolean;
    openListener?: (handlers: ListenerHandlers) => Promise<ListenerConnection>;
  } = {},
): CalendarDatabase {
  return {
    kysely,
    traits,
    ...(options.dataVersionNow ? { dataVersionNow: options.dataVersionNow } : {}),
    ...(options.useLogger ? { useLogger: options.useLogger } : {}),
    ...(options.analyzesBulkWrites ? { analyzesBulkWrites: true } : {}),
    ...(options.cancelsGivenUp ? { whileWanted } : {}),
    ...(options.openListener ? { openListener: options.openListener } : {}),
    async migrate() {
      const migrateOn = (db: Kysely<Database>) => migrateDatabase(db, traits, options.schema);
      return options.withoutStatementTimeout ? options.withoutStatementTimeout(migrateOn) : migrateOn(kysely);
    },
    async ping() {
      await kysely
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .limit(1)
        .execute();
    },
    async destroy() {
      await kysely.destroy();
    },
  };
}

/** Runs the migrations not yet run, all of them or up to and including `until` (the baseline's test). */
export async function migrateDatabase(
  db: Kysely<Database>,
  traits: DialectTraits,
  schema: string | undefined,
  until?: string,
): Promise<string[]> {
  await adoptBaseline(db, traits.name, schema);
  // Naming the schema keeps Kysely from finding another schema's migration tables on a shared server.
  const migrator = new Migrator({
    db,
    provider: migrationProvider(traits),
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  // Other schemas dropped meanwhile on a shared server do not disturb its look-up of its own tables: the
  // PostgreSQL dialect reads the catalog by object id (`postgres-introspector.ts`).
  const { error, results } = await (until === undefined
    ? migrator.migrateToLatest()
    : migrator.migrateTo(until));
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).map((r) => r.migrationName);
}
