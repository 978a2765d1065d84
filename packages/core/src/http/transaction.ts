/**
 * A write runs in one transaction (`serviceWrite`, db/change-log.ts: on PostgreSQL it takes its data version as
 * it commits, and is run again when another writer made it fail: a route's run, and each slice of a route that
 * writes in slices, keeps nothing outside the database but what it makes anew each run). Everything that decides the write
 * (validation, permission, If-Match) reads inside it, after the record's lock (`lockRecord`): checked before,
 * a concurrent writer could change what was checked (two PUTs with one ETag would both win; a contributor
 * could edit what an editor had just published).
 *
 * Once committed, the caches forget the turn's version and their answers, so the next request sees the write
 * (with a pushed version, the write answers once every instance acknowledged it: db/pushed-version.ts).
 */
import type { Caches } from '../cache/index.js';
import { serviceWrite } from '../db/change-log.js';
import type { CalendarDatabase, Db } from '../db/database.js';
import type { RouteDefinition } from '../route-table/route.js';

export async function runWrite<T>(
  database: Pick<CalendarDatabase, 'kysely' | 'traits'>,
  caches: Pick<Caches, 'afterWrite'>,
  write: (trx: Db) => Promise<T>,
  rerun: () => void = () => {},
): Promise<T> {
  const result = await serviceWrite(database, write, rerun);
  await caches.afterWrite();
  return result;
}

/**
 * A write route's run: in one transaction (`runWrite`), or, for a route that writes in slices, with each slice
 * committed on its own (context.writeSlice), or, for a route outside the data version, as its single-statement
 * writes go. `onRollback` runs when the one transaction did not commit (also before it is run again).
 */
export function runWriteRoute<T>(
  database: Pick<CalendarDatabase, 'kysely' | 'traits'>,
  caches: Pick<Caches, 'afterWrite'>,
  route: Pick<RouteDefinition, 'writesInSlices' | 'outsideDataVersion'>,
  run: (db: Db, writeSlice?: <S>(write: (trx: Db) => Promise<S>) => Promise<S>) => Promise<T>,
  onRollback: () => void,
): Promise<T> {
  if (route.writesInSlices) return run(database.kysely, (write) => runWrite(database, caches, write));
  if (route.outsideDataVersion) return run(database.kysely);
  return runWrite(database, caches, run, onRollback).catch((error: unknown) => {
    onRollback();
    throw error;
  });
}
