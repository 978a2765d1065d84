/**
 * The caches of one service instance, and the data-version protocol they keep. It is stated here once:
 *
 * 1. Every write transaction of this service moves the data version on (`serviceWrite`, db/change-log.ts:
 *    first on SQLite, as it commits on PostgreSQL), in commit order: the version row's lock orders them.
 * 2. Every cached value (an answer, a serialized record, a count) is tagged with the data version it was
 *    computed at, and serves only while that version is current.
 * 3. One version read per event-loop turn is shared by that turn's requests (`version`, db/data-version.ts);
 *    a write of this process forgets it on commit (`afterWrite`), so the next request sees the write. On
 *    PostgreSQL with `pushedVersion`, the version PostgreSQL pushes replaces the read while it may be trusted,
 *    and a write answers once every instance acknowledged it (db/pushed-version.ts states that protocol).
 * 4. Writers outside this service must bump `data_version` (the schema's data-version triggers do, for plain SQL), or
 *    the service must run with `cache: false`. Then all version-keyed caches are off: no answers, no records,
 *    and list totals are counted on every request. With a pushed version, outside writes are seen once their
 *    notification arrives, milliseconds after their commit, rather than by the next read.
 *
 * The measurements behind each cache are in RESULTS.md; each file says what it keeps.
 */
import { createVersionReader, type VersionReader } from '../db/data-version.js';
import type { CalendarDatabase } from '../db/database.js';
import type { PushedVersion } from '../db/pushed-version.js';
import { type CountCache, createCountCache, uncachedCounts } from './count-cache.js';
import { createRecordMemo, type RecordMemo } from './record-memo.js';
import { createResponseCache, type ResponseCache } from './response-cache.js';

export interface Caches {
  /** One per process: the per-turn version read (SQLite's synchronous path inside). */
  readonly version: VersionReader;
  /** GET answers; undefined when caching is off. */
  readonly responses?: ResponseCache | undefined;
  /** Serialized venues and organizers; undefined when caching is off. */
  readonly records?: RecordMemo | undefined;
  /** List totals; a pass-through that counts every time when caching is off. */
  readonly counts: CountCache;
  /**
   * A write of this process committed: forget the turn's version and every kept answer. With a pushed
   * version, resolves once the other instances acknowledged the write (a writer answers after it; never
   * rejects); else at once.
   */
  afterWrite(): Promise<void> | void;
  /** Stops the pushed version's listening, when there is one. */
  close(): Promise<void>;
}

export function createCaches(
  database: CalendarDatabase,
  options: { enabled: boolean; pushed?: PushedVersion | undefined },
): Caches {
  const { pushed } = options;
  const close = async () => pushed?.close();
  const version = createVersionReader(database, pushed);
  if (!options.enabled)
    return {
      version,
      counts: uncachedCounts,
      afterWrite: () => version.forget(),
      close,
    };
  const responses = createResponseCache();
  return {
    version,
    responses,
    records: createRecordMemo(version.read),
    counts: createCountCache(version.read),
    afterWrite() {
      version.forget();
      responses.clear();
      return pushed?.afterWrite();
    },
    close,
  };
}
