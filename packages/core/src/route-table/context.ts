import type { UserPrincipal } from '../auth/principal.js';
import type { CountCache } from '../cache/count-cache.js';
import type { RecordMemo } from '../cache/record-memo.js';
import type { CalendarConfig, TicketProvider } from '../config.js';
import type { CalendarDatabase, Db } from '../db/database.js';
import type { Logger } from '../logger.js';

/** Builds the absolute URLs a response carries (SPEC §4). */
export interface UrlBuilder {
  /** Absolute URL of the namespace root of the address in use, no trailing slash. */
  readonly namespace: string;
  /** Absolute URL of the API root (`{root}`), no trailing slash. */
  readonly root: string;
  /** `{namespace}{path}`. */
  rest(path: string): string;
  /** Public HTML permalinks under the site URL. */
  site(path: string): string;
}

/**
 * What a write may still create of new categories and tags (`config.newTermsPerHour`, http/new-terms.ts):
 * absent when the caller is not limited.
 */
export interface NewTermAllowance {
  /**
   * Takes `count` new terms, named by the parameter `param`, from the caller's budget; throws 429
   * `rest_too_many_requests` with `Retry-After` when the budget holds fewer (400 naming `param` when it
   * never could), and the whole write is then refused.
   */
  take(count: number, param: string): void;
}

/** What every operation gets: the database handle (a transaction for writes), who is asking, in which language. */
export interface RequestContext {
  readonly config: CalendarConfig;
  readonly database: CalendarDatabase;
  /** The Kysely handle to use: the transaction of a write, the plain instance for reads. */
  db: Db;
  readonly principal: UserPrincipal | null;
  /** Content language (SPEC §2 precedence). */
  readonly language: string;
  /** Language of the address, used for descriptions in the index and /doc. */
  readonly addressLanguage: string;
  readonly now: Date;
  readonly urls: UrlBuilder;
  readonly logger: Logger;
  readonly ticketProvider: TicketProvider | undefined;
  /** List totals, cached per data version. */
  readonly counts: CountCache;
  /** Serialized venues and organizers, kept per data version; absent with the response cache off. */
  readonly records?: RecordMemo | undefined;
  /** The caller's budget of new terms in a write; absent for reads and for callers it does not limit. */
  readonly newTerms?: NewTermAllowance | undefined;
  /**
   * For a route that writes in slices (`RouteDefinition.writesInSlices`): runs one slice in a write
   * transaction of its own, committed when it returns. Absent elsewhere (a write's `db` is its transaction).
   */
  readonly writeSlice?: (<T>(write: (db: Db) => Promise<T>) => Promise<T>) | undefined;
  /**
   * For a GET the response cache keeps: the data version its answer is kept under, read before the answer's
   * data (so no later than them). Absent for writes, uncached answers and with the cache off.
   */
  readonly dataVersion?: number | undefined;
}
