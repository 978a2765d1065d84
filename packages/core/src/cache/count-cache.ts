/**
 * Exact list totals without counting every time: a total is cached under its SQL and parameters together
 * with the data version it was computed at (migration 0003), and reused while that version is current.
 * Counting a two-year window of a million events takes hundreds of milliseconds; reading the version
 * takes one indexed row.
 */
import { type Compilable, CompiledQuery } from 'kysely';
import type { Db } from '../db/database.js';

const MAX_ENTRIES = 2000;

export interface CountCache {
  /** The total of a `select count(*) as n` query, from the cache when the data has not changed since. */
  count(
    db: Db,
    query: Compilable<{ n: unknown }> & { executeTakeFirstOrThrow(): Promise<{ n: unknown }> },
  ): Promise<number>;
}

/**
 * The version read, compiled once: the response cache asks for it on every GET, and building and compiling
 * the query with Kysely each time cost more than running it. The SQL is the same on both dialects.
 */
/** The statement that reads the data version (the SQLite driver also runs it synchronously). */
export const DATA_VERSION_SQL = 'select version from data_version where id = 1';
const VERSION_QUERY = CompiledQuery.raw(DATA_VERSION_SQL);

/** The current data version, or undefined when its row is missing (then nothing is cached). */
export async function currentDataVersion(db: Db): Promise<number | undefined> {
  const { rows } = await db.executeQuery<{ version: number | string }>(VERSION_QUERY);
  const row = rows[0];
  return row ? Number(row.version) : undefined;
}

/** Marks the data as changed; called inside every write transaction. */
export async function bumpDataVersion(db: Db): Promise<void> {
  const result = await db
    .updateTable('data_version')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', 1)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0)
    await db.insertInto('data_version').values({ id: 1, version: 1 }).execute();
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
