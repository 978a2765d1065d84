/**
 * SQLite's service writes, committed in groups. SQLite has one connection and one writer: each write waited
 * for the connection, then ran its own transaction and commit. A commit costs more than most of a write's
 * statements (the WAL frames of every page it changed, which the checkpointer copies again; FTS5's new
 * segment, which its merging reads again), and writes that arrive together change many of the same pages
 * (the indexes' last leaves, the term counts, the data version). So the service's writes queue here, and
 * those waiting when the connection is free run one after another in one transaction, each in a savepoint of
 * its own, and commit once.
 *
 * - Each write keeps what it had alone: its own data version (it bumps the version and sets the change mark
 *   inside its savepoint, so the change log's rows of two writes never merge and the versions follow the
 *   order the writes ran, without gaps), its own `Db` (the state kept per transaction: work left to the end,
 *   term count changes, links read ahead), and its own failure: a write that throws is rolled back to its
 *   savepoint, answered with its error, and the others go on.
 * - A write's promise settles after the commit: nobody hears of a write before it is durable. A commit that
 *   fails fails every write of its group (none committed). A group whose transaction broke (a savepoint that
 *   cannot be rolled back to: SQLite ended the transaction itself, after an I/O error or a full disk) fails
 *   the writes it ran; those still waiting run in the next group.
 * - A group starts at the end of the event-loop turn in which its first write arrived (Node's own
 *   `setImmediate`, which a host's faked timers leave alone), so that the writes of the requests read in that
 *   turn join it; the next group starts at the end of the turn in which one ended, so that the writes whose
 *   requests were waiting for the connection (their reads before the write) join it. It takes another write only while it has run less than `GROUP_BUDGET_MS` and fewer than
 *   `GROUP_MAX_WRITES`: a read that waits for the connection waits at most that much longer than behind one
 *   write.
 */
import { performance } from 'node:perf_hooks';
import { setImmediate } from 'node:timers';
import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema.js';

/** A group takes no further write once it has run this long (ms). */
export const GROUP_BUDGET_MS = 25;
/** Nor once it ran this many. */
export const GROUP_MAX_WRITES = 50;

const SAVEPOINT = CompiledQuery.raw('savepoint service_write');
const RELEASE = CompiledQuery.raw('release service_write');
const ROLLBACK_TO = CompiledQuery.raw('rollback to service_write');
/** The change mark cleared once the group's writes ran (migration 0027: set while a service write is open). */
const CLEAR_MARK = CompiledQuery.raw('update data_version set change_mark = -1 where id = 1');

interface QueuedWrite {
  write(trx: Transaction<Database>): Promise<unknown>;
  resolve(result: unknown): void;
  reject(error: unknown): void;
}

class WriteGroups {
  readonly #kysely: Kysely<Database>;
  readonly #waiting: QueuedWrite[] = [];
  /** Whether groups are scheduled or running: a write that arrives then waits for them. */
  #busy = false;

  constructor(kysely: Kysely<Database>) {
    this.#kysely = kysely;
  }

  add<T>(write: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#waiting.push({ write, resolve: resolve as (result: unknown) => void, reject });
      if (!this.#busy) {
        this.#busy = true;
        setImmediate(() => void this.#runGroups());
      }
    });
  }

  /** Runs a group, and the next at the end of the turn in which this one ended, while writes wait. */
  async #runGroups(): Promise<void> {
    try {
      await this.#runGroup();
    } finally {
      if (this.#waiting.length > 0) setImmediate(() => void this.#runGroups());
      else this.#busy = false;
    }
  }

  async #runGroup(): Promise<void> {
    const ran: Array<{ queued: QueuedWrite; result: unknown }> = [];
    /** The write taken from the queue and not yet settled or in `ran`. */
    let current: QueuedWrite | undefined;
    let begun = false;
    try {
      await this.#kysely.transaction().execute(async (group) => {
        begun = true;
        const started = performance.now();
        // Failed writes count: a run of refused writes is bounded as the others are.
        for (
          let taken = 0;
          this.#waiting.length > 0 &&
          (taken === 0 || (taken < GROUP_MAX_WRITES && performance.now() - started < GROUP_BUDGET_MS));
          taken++
        ) {
          current = this.#waiting.shift()!;
          await group.executeQuery(SAVEPOINT);
          let result: unknown;
          try {
            // A `Db` of its own (a new instance on the same connection), for the state kept per transaction.
            result = await current.write(group.withTables<Record<never, never>>() as Transaction<Database>);
          } catch (error) {
            const failed = current;
            current = undefined;
            failed.reject(error);
            await group.executeQuery(ROLLBACK_TO);
            await group.executeQuery(RELEASE);
            continue;
          }
          await group.executeQuery(RELEASE);
          ran.push({ queued: current, result });
          current = undefined;
        }
        if (ran.length > 0) await group.executeQuery(CLEAR_MARK);
      });
    } catch (error) {
      // Nothing of the group committed. When its transaction could not even begin, the first waiting write
      // takes the failure, so that the queue moves on; the writes not taken yet wait for the next group.
      if (!begun) current = this.#waiting.shift();
      current?.reject(error);
      for (const { queued } of ran) queued.reject(error);
      return;
    }
    for (const { queued, result } of ran) queued.resolve(result);
  }
}

const groupsOf = new WeakMap<Kysely<Database>, WriteGroups>();

/** Runs `write` in the next group of service writes of `kysely`'s SQLite database (see above). */
export function groupedWrite<T>(
  kysely: Kysely<Database>,
  write: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  let groups = groupsOf.get(kysely);
  if (!groups) {
    groups = new WriteGroups(kysely);
    groupsOf.set(kysely, groups);
  }
  return groups.add(write);
}
