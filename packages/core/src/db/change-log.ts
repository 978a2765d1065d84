/**
 * Every write transaction of the service runs through `serviceWrite`.
 *
 * - SQLite (one writer at a time): the data version bumped first (cache/index.ts, point 1), which also marks
 *   the write as the service's (`data_version.change_mark` = `version`), the write, then the mark cleared.
 *   While it is set, SQLite's triggers neither bump the version again nor log a record twice: they merge its
 *   changes into one row (migration 0027 says how). The writes waiting together commit together, each in a
 *   savepoint with its own version (`sqlite-write-groups.ts`).
 * - PostgreSQL: the transaction says first that it will take a version when it commits (migration 0028: the
 *   version row's lock is held only while the commit runs), so that a write that changes no table with a
 *   trigger still moves the version on. Writers no longer queue behind each other: each locks the records it
 *   decides on. A transaction that may run twice (`rerun`) and deadlocks, fails to serialize, or loses a race for a unique key (two
 *   creates of one new term, a link to a record deleted meanwhile) is run again from the start, a few times, after a short random pause; what it
 *   decided is decided again against what the other committed. So is one whose connection was lost before
 *   its commit was sent (a backend terminated, a proxy closing an idle connection, a restart): it cannot have
 *   committed, and the pool gives the new run another connection. A connection lost during the commit is
 *   answered (503), since the write may have committed.
 */

import { setTimeout as sleep } from 'node:timers/promises';
import type { Transaction } from 'kysely';
import { endWriteScope, openWriteScope } from './before-commit.js';
import { bumpDataVersion } from './data-version.js';
import type { CalendarDatabase } from './database.js';
import type { Database } from './schema.js';
import { groupedWrite } from './sqlite-write-groups.js';
import { CUT_PAUSE_MS, isConnectionCut } from './unavailable.js';

/** How many times a write is run in all before its last failure is answered. */
export const WRITE_ATTEMPTS = 5;

/** PostgreSQL's codes for a transaction another one made fail, which succeeds when run again. */
const RETRIED_CODES = new Set(['40001', '40P01', '23505', '23503']);

/** Whether `error` is a failure of PostgreSQL that a new run of the whole transaction may not meet. */
export function isRetriedWriteFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRIED_CODES.has(code);
}

/**
 * Runs `write` as a write transaction of the service (see above); resolves with its result once committed.
 * With `rerun` (PostgreSQL), a run another writer made fail is run again; `rerun` is called before, to give
 * back what the failed run took outside the database. Without it the failure is thrown: `write` must be
 * safe to run twice (all it keeps outside the database made anew each run) to be given one.
 */
export async function serviceWrite<T>(
  database: Pick<CalendarDatabase, 'kysely' | 'traits'>,
  write: (trx: Transaction<Database>) => Promise<T>,
  rerun?: () => void,
): Promise<T> {
  // What the write left to its end (`before-commit.ts`) runs after it, inside its transaction.
  const scoped = async (trx: Transaction<Database>): Promise<T> => {
    openWriteScope(trx);
    const result = await write(trx);
    await endWriteScope(trx);
    return result;
  };
  if (database.traits.name === 'sqlite')
    return groupedWrite(database.kysely, async (trx) => {
      await bumpDataVersion(trx);
      return scoped(trx);
    });
  for (let attempt = 1; ; attempt++) {
    // Set once the write is done and Kysely sends the commit: a connection lost from then on leaves it unknown
    // whether the transaction committed, and it is not run again.
    let committing = false;
    try {
      // `read write` marks a service write: it begins with `calendar_pending_version()` (postgres-service-writes.ts).
      return await database.kysely
        .transaction()
        .setAccessMode('read write')
        .execute(async (trx) => {
          const result = await scoped(trx);
          committing = true;
          return result;
        });
    } catch (error) {
      const lost = !committing && isConnectionCut(error);
      if (!rerun || attempt >= WRITE_ATTEMPTS || !(lost || isRetriedWriteFailure(error))) throw error;
      rerun();
      // A pause that grows and differs between the writers that met, so that they do not meet again; after a
      // lost connection, long enough for the pool to drop its other connections the same cut ended.
      await sleep(Math.random() * 5 * attempt + (lost ? CUT_PAUSE_MS * attempt : 0));
    }
  }
}
