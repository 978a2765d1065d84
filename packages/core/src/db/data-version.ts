/**
 * The data version: one row every write transaction moves on (the service's, `serviceWrite`, and, through
 * the schema's triggers, other programs'). The caches (cache/index.ts, where the protocol is
 * stated) keep what they computed under the version it was computed at. This file reads and bumps it, and
 * shares each read between the requests that may use it.
 */
import { setImmediate } from 'node:timers';
import { CompiledQuery } from 'kysely';
import { forEveryRequest } from './cancellation.js';
import type { CalendarDatabase, Db, QueryObserver } from './database.js';
import { runInKeptShape } from './kept-shapes.js';

/** The statement that reads the data version; the same on both dialects (SQLite also runs it synchronously). */
export const DATA_VERSION_SQL = 'select version from data_version where id = 1';

/**
 * The version read, compiled once: the response cache asks for it on every GET, and building and compiling
 * the query with Kysely each time cost more than running it.
 */
const VERSION_QUERY = CompiledQuery.raw(DATA_VERSION_SQL);

/** The current data version, or undefined when its row is missing (then nothing is cached). */
export async function readDataVersion(db: Db): Promise<number | undefined> {
  const { rows } = await db.executeQuery<{ version: number | string }>(VERSION_QUERY);
  const row = rows[0];
  return row ? Number(row.version) : undefined;
}

/**
 * Marks the data as changed; called first inside every write transaction on SQLite (cache/index.ts, point 1). It
 * also marks where this write's changes begin (`change_mark`, migration 0023): SQLite's change-log triggers
 * merge each record's changes from there into one row.
 */
export async function bumpDataVersion(db: Db): Promise<void> {
  const result = await runInKeptShape(db, 'bump data version', {}, () =>
    db
      .updateTable('data_version')
      .set((eb) => ({ version: eb('version', '+', 1), change_mark: eb('version', '+', 1) }))
      .where('id', '=', 1),
  );
  if (Number(result.numAffectedRows) === 0)
    await db.insertInto('data_version').values({ id: 1, version: 1 }).execute();
}

/** The data version now: at once where the driver can read it so, else a promise; undefined without one. */
export type DataVersionRead = () => number | Promise<number | undefined> | undefined;

export interface VersionReader {
  /** The data version, by a read that started after this call (see `createVersionReader`). */
  read: DataVersionRead;
  /** Forgets the version of this turn: a write of this process committed, the next request must see it. */
  forget(): void;
}

/**
 * The data version as the caches read it, with as few round trips as freshness allows. A request may use any
 * read that *started after it arrived*: then every write committed before the request is seen.
 * - The requests of one event-loop turn share the read started in that turn (they all arrived before it began).
 * - At most one read is in flight. A request that arrives while one is (started before it arrived, so possibly
 *   older than a write it must see) waits for the next read, which starts when the one in flight ends and is
 *   shared by every request that arrived meanwhile. Under load that is one read per round trip instead of one
 *   per turn; on a quiet service a read starts at once, as before.
 * A write of this process calls `forget` once committed: the requests after it wait for a read started later.
 *
 * SQLite's synchronous read (`database.dataVersionNow`, see `syncVersionRead`) comes first; it keeps its own
 * read for the turn and forgets it on any statement of its connection that may write. On PostgreSQL, the
 * version pushed to this instance comes first when there is one it may trust (db/pushed-version.ts). When
 * neither can answer (a transaction open on SQLite's one connection; PostgreSQL without a trusted push), the
 * version is read with a query.
 */
export function createVersionReader(
  database: CalendarDatabase,
  /** The version PostgreSQL pushed to this instance, read first when it may be trusted (db/pushed-version.ts). */
  pushed?: { read(): number | undefined },
): VersionReader {
  // Shared reads are started outside the request that asks first, whose client may go.
  const start = () => forEveryRequest(() => readDataVersion(database.kysely));
  /** The read this turn's requests may share (cleared at the turn's end and by `forget`). */
  let readOfThisTurn: Promise<number | undefined> | undefined;
  let inFlight: Promise<unknown> | undefined;
  /** The read that starts when the one in flight ends, for the requests that arrived while it ran. */
  let next: Promise<number | undefined> | undefined;
  const forget = () => {
    readOfThisTurn = undefined;
  };
  const launch = (): Promise<number | undefined> => {
    const read = start();
    inFlight = read;
    const settled = () => {
      if (inFlight === read) inFlight = undefined;
    };
    read.then(settled, settled);
    return read;
  };
  return {
    read() {
      const now = database.dataVersionNow?.() ?? pushed?.read();
      if (now !== undefined) return now;
      if (readOfThisTurn) return readOfThisTurn;
      if (!inFlight) {
        readOfThisTurn = launch();
        setImmediate(forget);
        return readOfThisTurn;
      }
      if (!next) {
        const after = () => {
          next = undefined;
          // The rest of this turn's requests arrived before it too.
          readOfThisTurn = launch();
          setImmediate(forget);
          return readOfThisTurn;
        };
        next = inFlight.then(after, after);
      }
      return next;
    },
    forget,
  };
}

/** What the synchronous read needs of a better-sqlite3 database (no import of the driver here). */
export interface SyncSqliteConnection {
  readonly inTransaction: boolean;
  readonly open: boolean;
  prepare(sql: string): { get(): unknown };
}

/**
 * Reads the data version synchronously on SQLite: through Kysely (a promise per step, the connection's
 * mutex) the read cost several times the statement. Not while a transaction is open on the connection (a
 * write between its statements): it would see the transaction's own, uncommitted version; `read` then
 * answers undefined and the caller queries through Kysely, which waits for the transaction.
 *
 * A read is kept until the end of the event-loop turn (Node's own `setImmediate`, which a host's faked timers
 * leave alone), for the other requests the turn serves: each read is a read transaction (file locks in WAL
 * mode), a noticeable share of a cached answer. The connection calls `forget` on every statement other than a
 * `select` (a write, `begin`, `commit`): this process's own writes are seen by the next request.
 */
export function syncVersionRead(
  connection: SyncSqliteConnection,
  onQuery?: QueryObserver,
): { read(): number | undefined; forget(): void } {
  let statement: { get(): unknown } | undefined;
  let kept: number | undefined;
  const forget = () => {
    kept = undefined;
  };
  const read = (): number | undefined => {
    // Kept first: the connection's two flags are calls into the driver, and a kept read is never one taken
    // inside a transaction (none is kept then, and `begin` forgets it).
    if (kept !== undefined) return kept;
    if (connection.inTransaction || !connection.open) return undefined;
    try {
      // Prepared on first use: the table exists only once the migrations ran.
      statement ??= connection.prepare(DATA_VERSION_SQL);
      const started = onQuery ? performance.now() : 0;
      const row = statement.get() as { version: number } | undefined;
      onQuery?.(DATA_VERSION_SQL, [], performance.now() - started);
      if (!row) return undefined;
      kept = Number(row.version);
      setImmediate(forget);
      return kept;
    } catch {
      return undefined;
    }
  };
  return { read, forget };
}
