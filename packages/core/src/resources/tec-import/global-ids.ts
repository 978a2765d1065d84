/**
 * The global ids a record moved in from a site of the plugin keeps (issue 19): the serializers answer the
 * source's `global_id` and `global_id_lineage`, as the plugin's own importer keeps them, and the computed ones
 * for every other record. One batched query per page of records (SPEC §12).
 */
import type { Db } from '../../db/database.js';

export interface StoredGlobalId {
  globalId: string;
  lineage: string[];
}

/** The stored global ids of these posts, by post id; posts not imported have none. */
export async function loadStoredGlobalIds(
  db: Db,
  postIds: readonly number[],
): Promise<Map<number, StoredGlobalId>> {
  const out = new Map<number, StoredGlobalId>();
  if (postIds.length === 0) return out;
  const rows = await db
    .selectFrom('tec_origins')
    .select(['post_id', 'global_id', 'global_id_lineage'])
    .where('post_id', 'in', [...new Set(postIds)])
    .where('global_id', 'is not', null)
    .execute();
  for (const row of rows) {
    if (row.post_id === null || row.global_id === null) continue;
    out.set(row.post_id, {
      globalId: row.global_id,
      lineage: parseLineage(row.global_id_lineage, row.global_id),
    });
  }
  return out;
}

/** The stored lineage (a JSON list of strings); the global id alone when it is missing or damaged. */
function parseLineage(stored: string | null, globalId: string): string[] {
  if (stored === null) return [globalId];
  try {
    const list: unknown = JSON.parse(stored);
    if (Array.isArray(list) && list.every((item) => typeof item === 'string')) return list;
  } catch {
    // A damaged value is answered as the plain lineage below.
  }
  return [globalId];
}
