/**
 * The global ids a record moved in from a site of the plugin keeps (issue 19): the serializers answer the
 * source's `global_id` and `global_id_lineage`, as the plugin's own importer keeps them, and the computed ones
 * for every other record: read with the records (venues and organizers, `linked/repository.ts`), or in one
 * batched query per page (events), never one per record (SPEC §12).
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
    const stored = storedGlobalId(row.global_id, row.global_id_lineage);
    if (row.post_id !== null && stored) out.set(row.post_id, stored);
  }
  return out;
}

/** The kept global id of a record from its origin row's columns; undefined for a record not imported. */
export function storedGlobalId(globalId: string | null, lineage: string | null): StoredGlobalId | undefined {
  return globalId === null ? undefined : { globalId, lineage: parseLineage(lineage, globalId) };
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
