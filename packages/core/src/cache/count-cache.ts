/**
 * Exact list totals without counting every time: a total is cached under its SQL and parameters together
 * with the data version it was computed at (migration 0003), and reused while that version is current.
 * Counting a two-year window of a million events takes hundreds of milliseconds; reading the version
 * takes one indexed row.
 */
import type { Compilable } from 'kysely';
import { currentDataVersion } from '../db/data-version.js';
import type { Db } from '../db/database.js';

const MAX_ENTRIES = 2000;

export interface CountCache {
  /** The total of a `select count(*) as n` query, from the cache when the data has not changed since. */
  count(
    db: Db,
    query: Compilable<{ n: unknown }> & { executeTakeFirstOrThrow(): Promise<{ n: unknown }> },
  ): Promise<number>;
}

/** Counts every time: with the response cache off (another program writes the data), nothing is kept. */
export const uncachedCounts: CountCache = {
  async count(_db, query) {
    return Number((await query.executeTakeFirstOrThrow()).n);
  },
};

export function createCountCache(): CountCache {
  const entries = new Map<string, { version: number; total: number }>();
  return {
    async count(db, query) {
      const compiled = query.compile();
      const key = `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
      const version = await currentDataVersion(db);
      if (version === undefined) return Number((await query.executeTakeFirstOrThrow()).n);
      const hit = entries.get(key);
      if (hit && hit.version === version) {
        // Refresh its place in the insertion order, so the oldest entries are the least recently used.
        entries.delete(key);
        entries.set(key, hit);
        return hit.total;
      }
      const total = Number((await query.executeTakeFirstOrThrow()).n);
      entries.set(key, { version, total });
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
      return total;
    },
  };
}
