/**
 * GET answers kept until the data changes (cache/response-cache.ts), and computed once when several requests
 * ask for the same one at the same time (cache/single-flight.ts). An answer is kept per key (address, URL and
 * caller: the handler builds it) and data version, and for clock-dependent routes per clock second. Without a
 * key (a body was sent), with caching off, or without a data version, every request computes its answer.
 */
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
  compute: () => Promise<CoreResponse>,
  /** ETag, 304 and HEAD (etag.ts `finishGet`); applied to every answer, kept or not. */
  finish: (response: CoreResponse) => CoreResponse,
) => Promise<CoreResponse>;

/** The key of a GET answer: address (root and language), URL and caller. */
export function cacheKeyOf(
  root: string,
  language: string,
  url: URL,
  caller: { userId: number; role: string } | null,
): string {
  return `${root}\u0000${language}\u0000${url.pathname}${url.search}\u0000${caller ? `${caller.userId}:${caller.role}` : '-'}`;
}

export function createCachedGet(caches: Pick<Caches, 'responses' | 'version'>): CachedGet {
  const { responses } = caches;
  const flights = createSingleFlight();
  return async ({ key, second, clockDependent }, compute, finish) => {
    const version = key !== undefined && responses ? await caches.version.read() : undefined;
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
      const response = await compute();
      // Finished first: the entry then keeps the ETag finishGet put on the answer instead of hashing the
      // body again (finishGet answers 304 and HEAD with copies; the answer itself keeps its body).
      const finished = finish(response);
      if (response.status === 200) responses.set(key, version, clockDependent ? second : undefined, response);
      return finished;
    });
  };
}
