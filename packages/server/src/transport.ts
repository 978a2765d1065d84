/**
 * What both HTTP servers of the standalone service share below the adapters: their timeouts, and the answers
 * to requests Node's HTTP parser or those timeouts reject before any framework sees them (core's
 * `clientErrorHandler`: the error envelope, `Connection: close`, no body for HEAD, on both alike).
 */
import type { ServerOptions } from 'node:http';

export interface ServerTimeouts {
  /** Most time to receive a whole request, body included (default 60 s); 408 after it. */
  requestTimeoutMs?: number;
  /** Most time to receive a request's header section (default 20 s, at most the request timeout); 408 after it. */
  headersTimeoutMs?: number;
  /** How long an idle keep-alive connection is kept open (default 72 s, Fastify's own default). */
  keepAliveTimeoutMs?: number;
}

export const DEFAULT_TIMEOUTS: Required<ServerTimeouts> = {
  requestTimeoutMs: 60_000,
  headersTimeoutMs: 20_000,
  keepAliveTimeoutMs: 72_000,
};

export function resolveTimeouts(timeouts: ServerTimeouts = {}): Required<ServerTimeouts> {
  const resolved = { ...DEFAULT_TIMEOUTS, ...timeouts };
  for (const [name, value] of Object.entries(resolved))
    if (!(Number.isInteger(value) && value > 0)) throw new RangeError(`${name} must be a positive integer`);
  // Node refuses a header timeout longer than the request timeout.
  resolved.headersTimeoutMs = Math.min(resolved.headersTimeoutMs, resolved.requestTimeoutMs);
  return resolved;
}

/**
 * Options of `http.createServer` for both servers. Node checks the request and header timeouts on a timer
 * (default every 30 s, so a 1 s timeout could take 31 s): it runs at a quarter of the shortest timeout here.
 */
export function httpServerOptions(timeouts: Required<ServerTimeouts>): ServerOptions {
  return {
    requestTimeout: timeouts.requestTimeoutMs,
    headersTimeout: timeouts.headersTimeoutMs,
    keepAliveTimeout: timeouts.keepAliveTimeoutMs,
    connectionsCheckingInterval: Math.max(100, Math.min(30_000, Math.floor(timeouts.headersTimeoutMs / 4))),
  };
}

/** Core's answers to what the HTTP parser rejects (see its `clientErrorHandler`). */
export { clientErrorHandler } from '@calendar-events/core';
