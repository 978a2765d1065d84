/**
 * The global ids a record moved in from a site of the plugin keeps: the serializers answer the
 * source's `global_id` and `global_id_lineage`, as the plugin's own importer keeps them, and the computed ones
 * for every other record. The repositories read them with the records (a left join of `tec_origins`:
 * `events/repository.ts`, `linked/repository.ts`), never with a statement per record (SPEC §12).
 */

export interface StoredGlobalId {
  globalId: string;
  lineage: string[];
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
