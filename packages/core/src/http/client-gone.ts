/**
 * The `CoreRequest.signal` of a request answered through a node:http `ServerResponse`: it fires when the
 * connection closes before the answer was written, that is when the client went away. Both adapters (and the
 * standalone server's own answers) take it from here, so that they agree on what "gone" means.
 */
import type { ServerResponse } from 'node:http';
import type { CoreRequest } from './types.js';

export function clientGoneSignal(res: ServerResponse): AbortSignal {
  const controller = new AbortController();
  // Made after the connection closed (`withClientGoneSignal`): the client is gone already.
  if (res.destroyed && !res.writableFinished) {
    controller.abort();
    return controller.signal;
  }
  // `close` comes once: after the answer was written, or when the connection ended before that.
  res.once('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}

/**
 * Gives `request` the signal of its client going away, made the first time it is read: most requests never
 * read it (PostgreSQL's cancelling and the live stream do), and an `AbortController` per request cost a fifth
 * of a cached answer's throughput on Fastify (tools/bench/RESULTS.md).
 */
export function withClientGoneSignal<T extends CoreRequest>(request: T, res: ServerResponse): T {
  let signal: AbortSignal | undefined;
  return Object.defineProperty(request, 'signal', {
    configurable: true,
    enumerable: true,
    get: () => {
      signal ??= clientGoneSignal(res);
      return signal;
    },
  });
}

/** A copy of `request` with `changes`: a signal not made yet stays so (a spread would make it). */
export function requestWith(request: CoreRequest, changes: Partial<CoreRequest>): CoreRequest {
  const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(request)) as CoreRequest;
  return Object.assign(copy, changes);
}
