/**
 * Exact list totals without counting every time: a total is kept under its SQL and parameters together with
 * the data version it was computed at, and reused while that version is current (cache/index.ts states the
 * protocol). Counting a two-year window of a million events takes hundreds of milliseconds; reading the
 * version takes one indexed row, and is shared with the other caches of the turn.
 */
import type { Compilable } from 'kysely';
import { type DataVersionRead, readDataVersion } from '../db/data-version.js';
import type { Db } from '../db/database.js';

const MAX_ENTRIES = 2000;

export interface CountCache {
  /**
   * The total of a `select count(*) as n` query, from the cache when the data has not changed since.
   * `version`: the data version this request already read (`RequestContext.dataVersion`), used instead of
   * reading it again: on PostgreSQL each read is a round trip, and a request's steps run in different turns.
   * `alongside`: where the total is not kept, another way to learn it (a statement that also gives the page,
   * for one), tried before the count; undefined from it means "count".
   */
  count(
    db: Db,
    query: CountQuery,
    version?: number,
    alongside?: () => Promise<number | undefined>,
  ): Promise<number>;
}

type CountQuery = Compilable<{ n: unknown }> & { executeTakeFirstOrThrow(): Promise<{ n: unknown }> };

async function countNow(query: CountQuery, alongside?: () => Promise<number | undefined>): Promise<number> {
  const known = alongside ? await alongside() : undefined;
  return known ?? Number((await query.executeTakeFirstOrThrow()).n);
}

/** Counts every time: with caching off (another program writes the data), nothing is kept. */
export const uncachedCounts: CountCache = {
  count: (_db, query, _version, alongside) => countNow(query, alongside),
};

/**
 * A count cache reading the data version through `readVersion` (the caches' shared reader). Without one, it
 * reads the version with a query of its own on every count (tests that build a request context by hand).
 */
export function createCountCache(readVersion?: DataVersionRead): CountCache {
  const entries = new Map<string, { version: number; total: number }>();
  return {
    async count(db, query, known, alongside) {
      // Inside a write transaction the total may include what no one else sees yet: counted, not kept.
      if (db.isTransaction) return countNow(query, alongside);
      const compiled = query.compile();
      const key = `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
      const version = known ?? (await (readVersion ? readVersion() : readDataVersion(db)));
      if (version === undefined) return countNow(query, alongside);
      const hit = entries.get(key);
      if (hit && hit.version === version) {
        // Refresh its place in the insertion order, so the oldest entries are the least recently used.
        entries.delete(key);
        entries.set(key, hit);
        return hit.total;
      }
      const total = await countNow(query, alongside);
      entries.set(key, { version, total });
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
      return total;
    },
  };
}
