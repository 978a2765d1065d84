/**
 * @calendar-events/http-fetch: the Calendar Events API as a fetch handler, `(request: Request) =>
 * Promise<Response>`, for the hosts built on the web's Request and Response: Hono, Bun, Deno, Next.js route
 * handlers, Workers-style runtimes, Node behind @hono/node-server.
 *
 * The handler only translates, as the Express router and the Fastify plugin do: a `Request` becomes a
 * CoreRequest, and core's CoreResponse becomes a `Response` unchanged. Every status, header and byte comes from
 * core, so the three answer alike. Core reads the body stream itself, counting the bytes as they come against
 * its `bodyLimit` (413 `rest_request_too_large`), exactly as behind the other adapters.
 *
 * @example
 * const core = createCalendarCore({ database });
 * const handle = createFetchHandler({ core, mountPath: '/api' }); // /api/calendar/events/v1
 * Bun.serve({ fetch: handle });
 * @module
 */
import type {
  CalendarCore,
  CoreBodyStream,
  CoreRequest,
  CoreResponse,
  Principal,
} from '@calendar-events/core';

export interface FetchHandlerOptions {
  core: CalendarCore;
  /**
   * Where the host serves the handler, as the path requests arrive with (`/api` when the host hands over
   * `/api/calendar/events/v1/…` unchanged); `` (the default) at the root. Core builds its absolute URLs with it
   * and answers 404 `rest_no_route` for paths outside `{mountPath}/calendar/events/v1`.
   */
  mountPath?: string;
  /** Serve the language-prefixed address (`/de/calendar/events/v1`) instead of the default one (SPEC §2). */
  language?: string;
  /** The host's own authentication (its session, say), replacing the built-in API keys (SPEC §6). */
  authenticate?: (request: Request) => Promise<Principal | null> | Principal | null;
  /**
   * The client's address, the key of core's rate limit (a `Request` does not carry it): from what the runtime
   * passes beside the request (`host`: Deno's `info.remoteAddr.hostname`, Bun's `server.requestIP(request)`),
   * or Hono's `getConnInfo(c)`. Without it every client shares one rate-limit budget.
   */
  clientAddress?: (request: Request, host: unknown) => string | undefined;
  /**
   * Whether core may compress answers (`Accept-Encoding`). True by default: the handler's `Response` carries
   * core's compressed bytes with their `Content-Encoding`. Set false on a host that compresses by itself from
   * that header (Cloudflare Workers, unless `encodeBody: 'manual'`), or it would compress twice.
   */
  compression?: boolean;
}

/** The fetch handler: the second argument is whatever the runtime passes beside the request (unused by core). */
export type FetchHandler = (request: Request, host?: unknown) => Promise<Response>;

/** The path and query of an absolute request URL (`/api/calendar/events/v1/events?page=2`). */
function pathAndQuery(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

/** Header names in lower case, as a `Headers` object gives them; the URL's host when no `Host` header came. */
function headersOf(request: Request, url: URL): Record<string, string> {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  headers.host ??= url.host;
  return headers;
}

/** The body stream as an async iterable (Workers-style streams need not be iterable themselves). */
async function* chunksOf(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

/** Turns a `Request` into core's request. */
export function toCoreRequest(
  request: Request,
  options: Omit<FetchHandlerOptions, 'core'> = {},
  host?: unknown,
): CoreRequest {
  const url = new URL(request.url);
  const core: CoreRequest = {
    method: request.method,
    url: pathAndQuery(request.url),
    mountPath: options.mountPath?.replace(/\/+$/, '') ?? '',
    headers: headersOf(request, url),
    // No body (a GET, or a request without one): the empty text, as the other adapters pass it.
    body: { kind: 'raw', data: request.body ? chunksOf(request.body) : '' },
    writesBytes: options.compression ?? true,
    encrypted: url.protocol === 'https:',
    // Core cancels the request's statements, and ends a live stream, when the client goes away.
    signal: request.signal,
  };
  const address = options.clientAddress?.(request, host);
  if (address !== undefined) core.remoteAddress = address;
  if (options.language !== undefined) core.language = options.language;
  const { authenticate } = options;
  if (authenticate) core.authenticate = () => authenticate(request);
  return core;
}

/**
 * A streamed answer (the live changes) as a `ReadableStream` that pulls core's chunks as the client reads them
 * (a slow reader slows the stream: nothing piles up); the client going away cancels it, and core's stream
 * with it.
 */
function readableOf(stream: CoreBodyStream, signal: AbortSignal): ReadableStream<Uint8Array> {
  const chunks = stream.chunks[Symbol.asyncIterator]();
  const end = () => {
    stream.cancel();
    void chunks.return?.();
  };
  if (signal.aborted) end();
  else signal.addEventListener('abort', end, { once: true });
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await chunks.next();
        if (done) {
          signal.removeEventListener('abort', end);
          controller.close();
        } else controller.enqueue(value);
      } catch (error) {
        stream.cancel();
        controller.error(error);
      }
    },
    cancel: end,
  });
}

/** Core's answer as a `Response`: its status, headers and bytes unchanged. */
export function toResponse(response: CoreResponse, signal: AbortSignal): Response {
  const body = response.stream ? readableOf(response.stream, signal) : (response.body ?? null);
  return new Response(body as ConstructorParameters<typeof Response>[0], {
    status: response.status,
    headers: response.headers,
  });
}

/** The handler: every request goes to core, which answers 404 `rest_no_route` outside its address. */
export function createFetchHandler(options: FetchHandlerOptions): FetchHandler {
  const { core, ...rest } = options;
  return async (request, host) => {
    try {
      return toResponse(await core.handle(toCoreRequest(request, rest, host)), request.signal);
    } catch (error) {
      // Core never rejects; should it ever, answer 500 without inventing a body.
      core.logger.error({ err: error }, 'fetch handler failed to answer');
      return new Response(null, { status: 500 });
    }
  };
}
