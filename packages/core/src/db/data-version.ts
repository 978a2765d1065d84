import { CompiledQuery } from 'kysely';
import type { Db } from './database.js';

/**
 * The version read, compiled once: the response cache asks for it on every GET, and building and compiling
 * the query with Kysely each time cost more than running it. The SQL is the same on both dialects.
 */
/** The statement that reads the data version (the SQLite driver also runs it synchronously). */
export const DATA_VERSION_SQL = 'select version from data_version where id = 1';
/** The current data version, or undefined when its row is missing (then nothing is cached). */
const VERSION_QUERY = CompiledQuery.raw(DATA_VERSION_SQL);

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
