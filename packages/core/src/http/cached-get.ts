/**
 * GET answers kept until the data changes (cache/response-cache.ts), and computed once when several requests
 * ask for the same one at the same time (cache/single-flight.ts). An answer is kept per key (address, URL and
 * caller: the handler builds it) and data version, and for clock-dependent routes per clock second. Without a
 * key (a body was sent), with caching off, or without a data version, every request computes its answer.
 */
import { setImmediate } from 'node:timers';
import type { Caches } from '../cache/index.js';
import { createSingleFlight } from '../cache/single-flight.js';
import type { CoreResponse } from './types.js';

export interface CachedGetRequest {
  /** The cache key, or undefined when this answer must not be kept. */
  key: string | undefined;
  /** The clock second of the request. */
  second: number;
  /** Whether the answer depends on the clock (it then serves within its second only). */
  clockDependent: boolean;
}

export type CachedGet = (
  request: CachedGetRequest,
  /** Computes the answer; given the data version its entry is kept under, read before it, when there is one. */
  compute: (dataVersion?: number) => Promise<CoreResponse>,
  /** ETag, 304 and HEAD (etag.ts `finishGet`); applied to every answer, kept or not. */
  finish: (response: CoreResponse) => CoreResponse,
) => Promise<CoreResponse>;

/**
 * A query string as the answer sees it: its parameters in name order (those of one name keep their own
 * order, which a list may depend on) without empty pairs. The order of distinct parameters never changes
 * an answer, and clients (calendar apps, proxies) write the same subscription in different orders; each
 * order kept its own copy of the answer and computed it again.
 */
export function canonicalQuery(search: string): string {
  const pairs = search
    .replace(/^\?/, '')
    .split('&')
    .filter((pair) => pair !== '');
  if (pairs.length < 2) return pairs.length === 0 ? '' : `?${pairs[0]}`;
  const nameOf = (pair: string) => {
    const equals = pair.indexOf('=');
    return equals === -1 ? pair : pair.slice(0, equals);
  };
  // Array.prototype.sort is stable: same-name pairs keep their order.
  const sorted = pairs
    .map((pair) => ({ pair, name: nameOf(pair) }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return `?${sorted.map((entry) => entry.pair).join('&')}`;
}

/** The key of a GET answer: address (root and language), URL (its query in canonical order) and caller. */
export function cacheKeyOf(
  root: string,
  language: string,
  url: URL,
  caller: { userId: number; role: string } | null,
): string {
  return `${root}\u0000${language}\u0000${url.pathname}${canonicalQuery(url.search)}\u0000${caller ? `${caller.userId}:${caller.role}` : '-'}`;
}

/**
 * The end of this event-loop turn (its check phase), one promise shared by the turn's requests. Node's own
 * `setImmediate` (imported, not the global): a host's tests that fake the global timers still get answers.
 */
let turnEnd: Promise<void> | undefined;
function endOfTurn(): Promise<void> {
  turnEnd ??= new Promise<void>((resolve) =>
    setImmediate(() => {
      turnEnd = undefined;
      resolve();
    }),
  );
  return turnEnd;
}

export function createCachedGet(caches: Pick<Caches, 'responses' | 'version'>): CachedGet {
  const { responses } = caches;
  const flights = createSingleFlight();
  return async ({ key, second, clockDependent }, compute, finish) => {
    const read = key !== undefined && responses ? caches.version.read() : undefined;
    // A version at hand at once (SQLite's read in process, a pushed one) still waits for the end of the
    // turn: the answers of all the requests the turn read are then sent together, and the reader on the
    // other end is woken once for them rather than once per answer, which costs the kernel's send most of
    // its time here (RESULTS.md, "Cached answers sent at the end of the turn"). The version was read after
    // the request arrived, so the answer is as fresh as before.
    let version: number | undefined;
    if (typeof read === 'number') {
      await endOfTurn();
      version = read;
    } else version = await read;
    if (key === undefined || !responses || version === undefined) return finish(await compute());
    const cached = responses.get(key, version, second);
    if (cached) return finish(cached);
    const flightKey = `${key}\u0000${version}\u0000${clockDependent ? second : ''}`;
    const underWay = flights.underWay(flightKey);
    if (underWay) {
      await underWay;
      // Only a 200 is kept: after anything else (an error, an answer too big to keep) this request runs.
      const shared = responses.get(key, version, second);
      if (shared) return finish(shared);
    }
    return flights.fly(flightKey, async () => {
      const response = await compute(version);
      // Finished first: the entry then keeps the ETag finishGet put on the answer instead of hashing the
      // body again (finishGet answers 304 and HEAD with copies; the answer itself keeps its body).
      const finished = finish(response);
      if (response.status === 200) responses.set(key, version, clockDependent ? second : undefined, response);
      return finished;
    });
  };
}
