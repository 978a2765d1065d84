/**
 * The steps around the dispatcher that concern the connection rather than the resource: who the client is
 * (its address, behind a trusted proxy too), rate limiting, and compression. Core's `handle` is this
 * function; with both off (the library's default for rate limiting), a request costs one header lookup more.
 */
import type { CalendarConfig } from '../config.js';
import type { Logger } from '../logger.js';
import { requestWith } from './client-gone.js';
import { type CompressionOptions, createCompressor, resolveCompression } from './compression.js';
import { asRequested } from './global-params.js';
import {
  createRateLimiter,
  type RateLimitOptions,
  resolveRateLimit,
  TokenBuckets,
  tooManyRequests,
} from './rate-limit.js';
import { errorResponse } from './respond.js';
import type { CoreRequest, CoreResponse } from './types.js';

export interface EdgeOptions {
  config: CalendarConfig;
  logger: Logger;
  rateLimit: boolean | RateLimitOptions | undefined;
  compression: boolean | CompressionOptions | undefined;
  /** Milliseconds; tests move it. */
  clock?: () => number;
}

/** The client's address: the connection's, or behind a trusted proxy the last `X-Forwarded-For` entry. */
export function clientAddress(request: CoreRequest, trustProxy: boolean): string | undefined {
  if (trustProxy) {
    const value = request.headers['x-forwarded-for'];
    const forwarded = Array.isArray(value) ? value.join(',') : value;
    const last = forwarded?.split(',').pop()?.trim();
    if (last) return last;
  }
  return request.remoteAddress;
}

export function createEdge(
  options: EdgeOptions,
  dispatch: (request: CoreRequest) => Promise<CoreResponse>,
): (request: CoreRequest) => Promise<CoreResponse> {
  const { config, logger } = options;
  const limits = resolveRateLimit(options.rateLimit);
  const compression = resolveCompression(options.compression);
  const compressor = compression ? createCompressor(compression) : undefined;
  const clock = options.clock ?? Date.now;
  // Compression outermost: the rate limiter's `finish` reads the identity answer (a failed guess by its code).
  const send = (request: CoreRequest, handle: (request: CoreRequest) => Promise<CoreResponse>) =>
    compressor ? compressor.handle(request, handle) : handle(request);
  if (!limits) return (request) => send(request, dispatch);

  // One warning per client and bucket per window, not one per refused request: a flood would bury the log.
  const warned = new TokenBuckets('warned', 1, limits.windowSeconds, limits.maxClients);
  let current: CoreRequest | undefined;
  const limiter = createRateLimiter(
    limits,
    {
      limited(detail) {
        if (!warned.take(`${detail.bucket}\u0000${detail.client}`, clock())) return;
        const reqId = current?.headers['x-request-id'];
        logger.warn({ ...detail, ...(reqId ? { reqId } : {}) }, 'rate limit reached: answering 429');
      },
    },
    clock,
    (retryAfter, headers) => errorResponse(tooManyRequests(retryAfter), headers),
  );
  return async (request) => {
    // `limited` runs synchronously inside `check`: `current` is this request while it does.
    current = request;
    const decision = limiter.check(request, clientAddress(request, config.trustProxy));
    current = undefined;
    if (decision.refusal) return refusal(request, decision.refusal);
    // A HEAD runs as GET here: its answer's body tells a wrong password (403) from a right one, and a HEAD
    // answer has none. Without this, HEAD requests would be free guesses.
    const finished = async (request: CoreRequest) => decision.finish(await dispatch(request));
    if (request.method.toUpperCase() !== 'HEAD') return send(request, finished);
    const answer = await send(requestWith(request, { method: 'GET' }), finished);
    return { status: answer.status, headers: answer.headers, body: undefined };
  };

  /** A 429 as the dispatcher answers its errors: CORS headers, `_envelope`, no body for HEAD. */
  function refusal(request: CoreRequest, response: CoreResponse): CoreResponse {
    const answer = asRequested(config.cors, request, response);
    return request.method.toUpperCase() === 'HEAD' ? { ...answer, body: undefined } : answer;
  }
}
