/**
 * Work a service write leaves to its end, just before it commits (`serviceWrite` runs it): a change that
 * locks rows many writes share (a popular term's count) is made last, so that its lock is held for the commit
 * only and not for the rest of the write (on PostgreSQL, the reads of its answer are several round trips).
 */
import type { Db } from './database.js';

/**
 * The end of a statement a service write on PostgreSQL sends in its commit's own message
 * (`postgres-combined-inserts.ts`), a comment to PostgreSQL: the very last change of a write, locking rows many
 * writes share.
 */
export const WITH_THE_COMMIT = '/* with the commit */';

/** The service writes open now (their transactions), with the work each left to its end. */
const openWrites = new WeakMap<Db, Array<() => Promise<void>>>();

/** Marks a transaction as a service write's: `beforeCommit` may leave work to its end. */
export function openWriteScope(trx: Db): void {
  openWrites.set(trx, []);
}

/** Whether `db` is the transaction of a service write still open. */
export function isOpenWrite(db: Db): boolean {
  return openWrites.has(db);
}

/**
 * Leaves `run` to the end of the service write whose transaction is `db`; outside one (or once it ended), runs it
 * at once.
 */
export async function beforeCommit(db: Db, run: () => Promise<void>): Promise<void> {
  const left = openWrites.get(db);
  if (left) left.push(run);
  else await run();
}

/** Runs what the write left to its end, in order (work left meanwhile included), and closes its scope. */
export async function endWriteScope(trx: Db): Promise<void> {
  const left = openWrites.get(trx);
  while (left && left.length > 0) await left.shift()!();
  openWrites.delete(trx);
}
