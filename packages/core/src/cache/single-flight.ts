/**
 * The cacheable answers being computed, by key: a request that finds its answer under way waits for it instead
 * of computing it again. Without this, every connection that asked for a slow list at the turn of a second (a
 * clock-dependent answer lives one second) would run the same queries. Waiting tells nothing of the outcome: the
 * waiter looks in the cache again and, when the flight kept nothing (an error, an answer too big to keep),
 * computes its own.
 */
export interface SingleFlight {
  /** The flight under way for this key, if any: it settles when that flight ends, whatever its outcome. */
  underWay(key: string): Promise<void> | undefined;
  /** Runs `compute` as the flight of `key`: `underWay(key)` hands its end to others meanwhile. */
  fly<T>(key: string, compute: () => Promise<T>): Promise<T>;
}

export function createSingleFlight(): SingleFlight {
  const flights = new Map<string, Promise<void>>();
  return {
    underWay: (key) => flights.get(key),
    async fly(key, compute) {
      let settle = () => {};
      const flight = new Promise<void>((resolve) => (settle = resolve));
      flights.set(key, flight);
      try {
        return await compute();
      } finally {
        if (flights.get(key) === flight) flights.delete(key);
        settle();
      }
    },
  };
}
