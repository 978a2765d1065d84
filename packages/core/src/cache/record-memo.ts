/**
 * Serialized records kept while the data is unchanged. An events page embeds the same venues and organizers
 * again and again (a venue's events share it, an organizer runs many events): loading and serializing the
 * organizers of a 50-event page is a good share of an uncached page (the benchmark's uncached lists at a
 * million events). They are kept under the data version (`data_version`), which every write transaction of the
 * service bumps, so a request that arrives after a write never gets a record kept before it (one that overlaps
 * the write may, as its own queries may read some rows before the write and some after); like the response
 * cache, the memo is off when something else writes to the database (`cache: false`; see cache/index.ts).
 *
 * Reads only: a write transaction sees changes no one else sees yet, and serializes what it wrote itself.
 * Everything kept is dropped when the version moves on, or when the memo is full (the working set refills it).
 */

import type { DataVersionRead } from '../db/data-version.js';

export interface RecordMemo {
  /**
   * The records kept for this request at the current data version, or undefined when it may not use them
   * (inside a write transaction, or without a data version). `version`: the data version the request already
   * read (`RequestContext.dataVersion`), taken instead of reading it again.
   */
  scope(
    request: { inTransaction: boolean; language: string; version?: number | undefined },
    kind: string,
  ): Promise<RecordScope | undefined>;
}

export interface RecordScope {
  get(key: string): Readonly<Record<string, unknown>> | undefined;
  /** Keeps a record; it is frozen, since every later answer shares it. */
  set(key: string, record: Record<string, unknown>): void;
}

export function createRecordMemo(
  readVersion: DataVersionRead,
  limits: { entries?: number; size?: number } = {},
): RecordMemo {
  const maxEntries = limits.entries ?? 5000;
  // Characters of the records as JSON, roughly their memory: a description may be as long as a request body.
  const maxSize = limits.size ?? 8 * 1024 * 1024;
  let version = -1;
  let size = 0;
  const records = new Map<string, Readonly<Record<string, unknown>>>();
  const clear = () => {
    records.clear();
    size = 0;
  };
  return {
    async scope(request, kind) {
      if (request.inTransaction) return undefined;
      const now = request.version ?? (await readVersion());
      // A version older than one already seen was read before a write committed: nothing kept is for it.
      if (now === undefined || now < version) return undefined;
      if (now > version) {
        clear();
        version = now;
      }
      // What else a serialized record depends on: the language of its texts. Its URLs are built from the
      // configured site URL, the same for every request (not from the Host a client sends).
      const prefix = `${kind}\u0000${request.language}\u0000`;
      return {
        get: (key) => records.get(prefix + key),
        set(key, record) {
          if (version !== now || records.has(prefix + key)) return;
          const recordSize = JSON.stringify(record).length;
          if (recordSize > maxSize / 100) return;
          if (records.size >= maxEntries || size + recordSize > maxSize) clear();
          records.set(prefix + key, Object.freeze(record));
          size += recordSize;
        },
      };
    },
  };
}
