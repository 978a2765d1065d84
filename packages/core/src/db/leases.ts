/**
 * Leases: a background job that at most one instance of the service may run at a time, over
 * one database. A lease is a row naming its holder and an expiry; the holder renews it while it works and
 * deletes it when done. A holder that died (killed, its host gone) stops renewing: once its row has expired,
 * another instance takes the job over. Taking, renewing and giving up are each one statement, so no
 * transaction of the job's own writes ever holds the lease's row.
 *
 * A row rather than an advisory lock: it is the same on SQLite (where several processes may open one file)
 * and PostgreSQL, it lives in the service's own schema (an advisory lock is per database, shared by every
 * schema on it), and it needs no session kept open between slices of work. Expiries are written by the
 * holder's clock and read by the others': the instances' clocks must agree to well within `durationMs`.
 */
import { formatUtc } from '../dates/format.js';
import type { Db } from './database.js';

export interface Lease {
  /** The job (`leases.name`). */
  readonly name: string;
  /** This instance (`leases.holder`). */
  readonly holder: string;
  /** How long a taken or renewed lease lasts without being renewed again. */
  readonly durationMs: number;
}

/**
 * Takes the lease for this holder when nobody holds it, it expired, or this holder has it already; resolves
 * with whether this holder holds it now (until `now + durationMs`).
 */
export async function takeLease(db: Db, lease: Lease, now: Date): Promise<boolean> {
  const nowUtc = formatUtc(now);
  const expires = formatUtc(new Date(now.getTime() + lease.durationMs));
  // One statement: on PostgreSQL the conflict locks the row, so two instances taking it at once are ordered,
  // and the second sees the first's row (not expired, another holder) and gets nothing back.
  const taken = await db
    .insertInto('leases')
    .values({ name: lease.name, holder: lease.holder, expires_utc: expires })
    .onConflict((conflict) =>
      conflict
        .column('name')
        .doUpdateSet({ holder: lease.holder, expires_utc: expires })
        .where((eb) =>
          eb.or([eb('leases.holder', '=', lease.holder), eb('leases.expires_utc', '<=', nowUtc)]),
        ),
    )
    .returning('holder')
    .executeTakeFirst();
  return taken?.holder === lease.holder;
}

/** Moves this holder's expiry on; false when it no longer holds the lease (it expired and was taken). */
export async function renewLease(db: Db, lease: Lease, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('leases')
    .set({ expires_utc: formatUtc(new Date(now.getTime() + lease.durationMs)) })
    .where('name', '=', lease.name)
    .where('holder', '=', lease.holder)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Gives the lease up, when this holder has it: another instance may take it at once. */
export async function releaseLease(db: Db, lease: Lease): Promise<void> {
  await db.deleteFrom('leases').where('name', '=', lease.name).where('holder', '=', lease.holder).execute();
}
