/**
 * Answers of GET requests kept until the data changes: an entry is valid while the data version it was
 * computed at is current (every write transaction moves it, on every instance), and, for routes whose
 * answer depends on the clock (default date windows, computed defaults), only within the same clock second.
 * A hit costs one indexed read of the version instead of a dozen queries and the serialization.
 *
 * The cache is bounded by the size of the bodies it holds as well as by their number (a page of 50 events
 * is 100 times the size of one event), and forgets the least recently used answers first. Each entry keeps
 * what every hit would otherwise compute again: its headers as given, the ETag among them (http/cached-get.ts
 * stores an answer once `finishGet` has tagged it, and `finishGet` takes the ETag an answer already has), and
 * its body as the UTF-8 bytes the adapters write: Node encodes a string on every write, which for a page of
 * 50 events would be most of a hit's time. Every hit hands out the same bytes, so their compressed forms
 * are made once too (http/compression.ts). Only the bytes are kept, not a text beside them: a text with one
 * character outside Latin-1 takes two bytes a character in V8.
 */

/** An answer as the cache takes and gives it (http's CoreResponse has this shape). */
export interface KeptAnswer {
  status: number;
  headers: Record<string, string>;
  body: string | Uint8Array | undefined;
}

interface Entry {
  version: number;
  /** The clock second the entry is bound to, for clock-dependent routes. */
  second: number | undefined;
  status: number;
  headers: Record<string, string>;
  /** The body as UTF-8, if the answer has one. */
  bytes: Uint8Array | undefined;
  /** Bytes the entry holds, roughly: its body, its key (2 bytes a character at most) and its headers. */
  size: number;
}

export interface ResponseCache {
  get(key: string, version: number, second: number): KeptAnswer | undefined;
  set(key: string, version: number, second: number | undefined, response: KeptAnswer): void;
  /** Forgets every answer: the data has just changed (a write of this instance). */
  clear(): void;
}

export interface ResponseCacheLimits {
  /** Most answers kept (default 5,000). */
  entries?: number;
  /** Most bytes of bodies and keys kept, roughly (default 32 MiB). */
  size?: number;
}

/** Headers and the entry itself, roughly, so that many tiny answers also count. */
const ENTRY_OVERHEAD = 512;

export function createResponseCache(limits: ResponseCacheLimits = {}): ResponseCache {
  const maxEntries = limits.entries ?? 5000;
  const maxSize = limits.size ?? 32 * 1024 * 1024;
  // Insertion order is recency order: a hit moves its entry to the end.
  const entries = new Map<string, Entry>();
  let size = 0;
  // Every entry is of this data version. Once the data changes, none will ever answer again: they are dropped
  // together rather than one by one as their keys are asked for, so that the memory they hold (up to the
  // limit: tens of megabytes) is free for what comes next: a run of event creations after a burst of reads
  // would otherwise keep them all, on top of what the writes need.
  let currentVersion: number | undefined;

  function clear(): void {
    entries.clear();
    size = 0;
  }

  /** Entries are of one version: another one (newer, or older after a restore) replaces them all. */
  function atVersion(version: number): void {
    if (version === currentVersion) return;
    clear();
    currentVersion = version;
  }

  function remove(key: string, entry: Entry): void {
    entries.delete(key);
    size -= entry.size;
  }

  return {
    get(key, version, second) {
      atVersion(version);
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.version !== version || (entry.second !== undefined && entry.second !== second)) {
        remove(key, entry);
        return undefined;
      }
      entries.delete(key);
      entries.set(key, entry);
      // The headers are copied: callers may add headers to what they get.
      const headers = { ...entry.headers };
      return { status: entry.status, headers, body: entry.bytes };
    },
    set(key, version, second, response) {
      // An answer computed before the latest change reached this instance is stale already.
      if (currentVersion !== undefined && version < currentVersion) return;
      atVersion(version);
      const bytes = typeof response.body === 'string' ? Buffer.from(response.body) : response.body;
      const entrySize = (bytes?.length ?? 0) + 2 * key.length + ENTRY_OVERHEAD;
      if (entrySize > maxSize / 4) return;
      const previous = entries.get(key);
      if (previous) remove(key, previous);
      const headers = { ...response.headers };
      entries.set(key, { version, second, status: response.status, headers, bytes, size: entrySize });
      size += entrySize;
      for (const [oldKey, oldest] of entries) {
        if (entries.size <= maxEntries && size <= maxSize) break;
        remove(oldKey, oldest);
      }
    },
    clear() {
      clear();
      currentVersion = undefined;
    },
  };
}
