/**
 * A write runs in one transaction that bumps the data version first (cache/index.ts, point 1). First, because
 * on PostgreSQL the version row's lock then queues writers (the due-post publisher too) at their start. Taken
 * last, a create and the publisher, which recounts terms in one statement in the table's order, would each hold
 * term rows the other waits for: a deadlock that fails some creates of the benchmark's create scenario (10
 * connections) after stalling the others. Everything that decides the write (validation, permission,
 * If-Match) reads inside it, after that lock: checked before, a concurrent writer could change what was
 * checked (two PUTs with one ETag would both win; a contributor could edit what an editor had just published).
 *
 * Once committed, the caches forget the turn's version and their answers, so the next request sees the write.
 */
import type { Caches } from '../cache/index.js';
import { serviceWrite } from '../db/change-log.js';
import type { CalendarDatabase, Db } from '../db/database.js';
import type { RouteDefinition } from '../route-table/route.js';

export async function runWrite<T>(
  database: Pick<CalendarDatabase, 'kysely' | 'traits'>,
  caches: Pick<Caches, 'afterWrite'>,
  write: (trx: Db) => Promise<T>,
): Promise<T> {
  const result = await serviceWrite(database, write);
  caches.afterWrite();
  return result;
}

/**
 * A write route's run: in one transaction (`runWrite`), or, for a route that writes in slices, with each slice
 * committed on its own (context.writeSlice), or, for a route outside the data version, as its single-statement
 * writes go. `onRollback` runs when the one transaction did not commit.
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
  return runWrite(database, caches, run).catch((error: unknown) => {
    onRollback();
    throw error;
  });
}
