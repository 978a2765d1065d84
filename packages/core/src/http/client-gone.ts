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

/** Where a request keeps the response it answers through and, once read, its signal. */
const CLIENT = Symbol('client');
interface Client {
  res: ServerResponse;
  signal?: AbortSignal;
}

/**
 * The prototype of requests with a signal: the signal is a getter here rather than a property defined on
 * each request, which cost a microsecond per request (`Object.defineProperty` is a runtime call in V8) where
 * making the object this way costs a fifth of that. Copies made by `requestWith` keep the prototype and the
 * holder, so they share the one signal.
 */
const WITH_SIGNAL: object = Object.create(Object.prototype, {
  signal: {
    configurable: true,
    enumerable: false,
    get(this: { [CLIENT]: Client }): AbortSignal {
      const client = this[CLIENT];
      client.signal ??= clientGoneSignal(client.res);
      return client.signal;
    },
  },
});

/**
 * `request` with the signal of its client going away, made the first time it is read: most requests never
 * read it (PostgreSQL's cancelling and the live stream do), and an `AbortController` per request cost a fifth
 * of a cached answer's throughput on Fastify (tools/bench/RESULTS.md). A new object: copy it with
 * `requestWith`, not with a spread, which would leave the signal behind.
 */
export function withClientGoneSignal<T extends CoreRequest>(request: T, res: ServerResponse): T {
  const withSignal = Object.assign(Object.create(WITH_SIGNAL) as T, request);
  (withSignal as unknown as { [CLIENT]: Client })[CLIENT] = { res };
  return withSignal;
}

/** A copy of `request` with `changes`: a signal not made yet stays so (a spread would make it or lose it). */
export function requestWith(request: CoreRequest, changes: Partial<CoreRequest>): CoreRequest {
  const copy = Object.create(
    Object.getPrototypeOf(request) as object,
    Object.getOwnPropertyDescriptors(request),
  ) as CoreRequest;
  return Object.assign(copy, changes);
}
