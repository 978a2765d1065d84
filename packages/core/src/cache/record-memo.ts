/**
 * Serialized records kept while the data is unchanged. An events page embeds the same venues and organizers
 * again and again (a venue's events share it, an organizer runs many events): loading and serializing the
 * organizers of a 50-event page is a good share of an uncached page (the benchmark's uncached lists at a
 * million events). They are kept under the data version (`data_version`), which every write transaction of the
 * service bumps, so a request that arrives after a write never gets a record kept before it (one that overlaps
 * the write may, as its own queries may read some rows before the write and some after); like the response
 * cache, the memo is off when something else writes to the database (`cache: false`; see cache/index.ts).
 *
 * Events of list pages and of reads are kept too (resources/events/kept-outputs.ts), each kind within limits of its own.
 *
 * Reads only: a write transaction sees changes no one else sees yet, and serializes what it wrote itself.
 * Everything kept is dropped when the version moves on, and a kind's records when they fill its share (the
 * working set refills it).
 */

import type { DataVersionRead } from '../db/data-version.js';

export interface RecordMemo {
  /**
   * The records kept for this request at the current data version, or undefined when it may not use them
   * (inside a write transaction, or without a data version). `version`: the data version the request already
   * read (`RequestContext.dataVersion`), taken instead of reading it again. `root`: the API root the
   * records' REST URLs are built from, for kinds that hold such URLs (kept apart per root, within the kind's
   * limits: a client names the root with its Host header).
   */
  scope(
    request: { inTransaction: boolean; language: string; version?: number | undefined; root?: string },
    kind: string,
  ): Promise<RecordScope | undefined>;
}

export interface RecordScope {
  get(key: string): Readonly<Record<string, unknown>> | undefined;
  /**
   * Keeps a record; it is frozen, since every later answer shares it. `size`: its characters as JSON, when
   * the caller can tell them more cheaply than encoding it (they bound the memo's memory).
   */
  set(key: string, record: Record<string, unknown>, size?: number): void;
}

export function createRecordMemo(
  readVersion: DataVersionRead,
  limits: { entries?: number; size?: number } = {},
): RecordMemo {
  // Per kind: the events of a few list pages would otherwise push out every venue and organizer.
  const maxEntries = limits.entries ?? 5000;
  // Characters of the records as JSON, roughly their memory: a description may be as long as a request body.
  const maxSize = limits.size ?? 8 * 1024 * 1024;
  let version = -1;
  /** Each kind's records (by language and key) and their size. */
  const kinds = new Map<string, { records: Map<string, Readonly<Record<string, unknown>>>; size: number }>();
  const kindOf = (kind: string) => {
    let kept = kinds.get(kind);
    if (!kept) {
      kept = { records: new Map(), size: 0 };
      kinds.set(kind, kept);
    }
    return kept;
  };
  return {
    async scope(request, kind) {
      if (request.inTransaction) return undefined;
      const now = request.version ?? (await readVersion());
      // A version older than one already seen was read before a write committed: nothing kept is for it.
      if (now === undefined || now < version) return undefined;
      if (now > version) {
        // Emptied in place: a scope taken before reads them, and must not find the older version's records.
        for (const kept of kinds.values()) {
          kept.records.clear();
          kept.size = 0;
        }
        version = now;
      }
      // What else a serialized record depends on: the language of its texts, and, for events, the API root
      // of their REST URLs. Their other URLs are built from the configured site URL, the same for every request.
      const prefix = `${request.language}\u0000${request.root ?? ''}\u0000`;
      const kept = kindOf(kind);
      return {
        get: (key) => kept.records.get(prefix + key),
        set(key, record, jsonSize) {
          if (version !== now || kept.records.has(prefix + key)) return;
          // The key counts too: a look-up's key (a filter's items) may be longer than what it keeps.
          const recordSize = (jsonSize ?? JSON.stringify(record).length) + prefix.length + key.length;
          if (recordSize > maxSize / 100) return;
          if (kept.records.size >= maxEntries || kept.size + recordSize > maxSize) {
            kept.records.clear();
            kept.size = 0;
          }
          kept.records.set(prefix + key, Object.freeze(record));
          kept.size += recordSize;
        },
      };
    },
  };
}

/**
 * The value kept under `key` in `scope`, else `compute`'s, kept for the requests that follow; computed alone
 * when there is no scope (caching off, inside a write). A kept value is shared: it must not be changed.
 */
export async function keptOr<T>(
  scope: RecordScope | undefined,
  key: string,
  compute: () => Promise<T>,
): Promise<T> {
  const hit = scope?.get(key);
  if (hit) return hit.value as T;
  const value = await compute();
  scope?.set(key, { value });
  return value;
}
