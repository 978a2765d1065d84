/**
 * Answers of GET requests kept until the data changes: an entry is valid while the data version it was
 * computed at is current (every write transaction moves it, on every instance), and, for routes whose
 * answer depends on the clock (default date windows, computed defaults), only within the same clock second.
 * A hit costs one indexed read of the version instead of a dozen queries and the serialization.
 */
import type { CoreResponse } from './types.js';

interface Entry {
  version: number;
  /** The clock second the entry is bound to, for clock-dependent routes. */
  second: number | undefined;
  response: CoreResponse;
}

export interface ResponseCache {
  get(key: string, version: number, second: number): CoreResponse | undefined;
  set(key: string, version: number, second: number | undefined, response: CoreResponse): void;
}

export function createResponseCache(capacity = 5000): ResponseCache {
  const entries = new Map<string, Entry>();
  return {
    get(key, version, second) {
      const entry = entries.get(key);
      if (!entry || entry.version !== version || (entry.second !== undefined && entry.second !== second))
        return undefined;
      // A copy: callers add headers (ETag) to what they get.
      return {
        status: entry.response.status,
        headers: { ...entry.response.headers },
        body: entry.response.body,
      };
    },
    set(key, version, second, response) {
      if (entries.size >= capacity) entries.delete(entries.keys().next().value as string);
      entries.set(key, { version, second, response: { ...response, headers: { ...response.headers } } });
    },
  };
}
