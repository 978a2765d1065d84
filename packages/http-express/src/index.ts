/**
 * @calendar-events/http-express: the Calendar Events API as a mountable Express router (Express 5, and 4.21+).
 *
 * The router only translates: an Express request becomes a CoreRequest, and core's CoreResponse is written back
 * unchanged. Every status, header and byte comes from core, so this router and the Fastify plugin answer alike.
 * It is a plain middleware rather than an `express.Router()`: it claims its paths with one regular expression,
 * and writes through Node's `writeHead`/`end`, so no Express code runs between the host's router and core.
 *
 * Requests Node's HTTP parser rejects (a header section too large, a malformed request line) never reach a
 * router; to answer them with core's error envelope, as the Fastify plugin's hosts can, listen on the server:
 * `server.on('clientError', clientErrorHandler(core.logger))` (`clientErrorHandler` from core).
 *
 * @example
 * const core = createCalendarCore({ database });
 * app.use('/api', createCalendarRouter({ core }));                   // /api/calendar/events/v1
 * app.use('/api', createCalendarRouter({ core, language: 'de' }));   // /api/de/calendar/events/v1
 * @module
 */
import type { TLSSocket } from 'node:tls';
import {
  type CalendarCore,
  type CoreRequest,
  type CoreRequestBody,
  type CoreResponse,
  type Principal,
  withClientGoneSignal,
  writeBodyStream,
} from '@calendar-events/core';
import type { ErrorRequestHandler, NextFunction, Request, RequestHandler, Response } from 'express';

export interface CalendarRouterOptions {
  core: CalendarCore;
  /** Serve the language-prefixed address (`/de/calendar/events/v1`) instead of the default one (SPEC §2). */
  language?: string;
  /** The host's own authentication (its session, say), replacing the built-in API keys (SPEC §6). */
  authenticate?: (req: Request) => Promise<Principal | null> | Principal | null;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Whether a host application's body parser (`express.json()`, …) already read the body. Express 4's parsers set
 * `req.body = {}` even for media types they skip, leaving the stream unread, so `req.body` alone cannot tell.
 */
function bodyWasConsumed(req: Request): boolean {
  return req.body !== undefined && req.readableEnded;
}

/** No `Content-Length` and no `Transfer-Encoding`: the request has no body (RFC 9112 §6.3). */
const NO_BODY: CoreRequestBody = { kind: 'raw', data: '' };

/**
 * The body as core takes it: none; the unread stream; the bytes a host's `express.raw()`/`express.text()` kept
 * (core still parses them and decides on the media type); or the value a host's JSON or form parser produced.
 */
function coreBody(req: Request): CoreRequestBody {
  if (!bodyWasConsumed(req)) {
    const { headers } = req;
    return headers['content-length'] === undefined && headers['transfer-encoding'] === undefined
      ? NO_BODY
      : { kind: 'raw', data: req };
  }
  const body: unknown = req.body;
  if (typeof body === 'string' || body instanceof Uint8Array) return { kind: 'raw', data: body };
  return { kind: 'parsed', value: body };
}

/** Turns an Express request into core's request. `req.baseUrl` is where the host mounted the router. */
export function toCoreRequest(
  req: Request,
  language?: string,
  authenticate?: CalendarRouterOptions['authenticate'],
): CoreRequest {
  const request: CoreRequest = {
    method: req.method,
    url: req.originalUrl,
    mountPath: req.baseUrl,
    headers: req.headers,
    body: coreBody(req),
    // sendCoreResponse writes `body` as is, compressed bytes included: core may compress.
    writesBytes: true,
    encrypted: (req.socket as Partial<TLSSocket>).encrypted === true,
  };
  // The connection's address, not Express's `req.ip`: core applies its own `trustProxy` to X-Forwarded-For.
  const remoteAddress = req.socket.remoteAddress;
  if (remoteAddress !== undefined) request.remoteAddress = remoteAddress;
  if (language !== undefined) request.language = language;
  if (authenticate) request.authenticate = () => authenticate(req);
  // Core cancels the request's statements when its client goes away before the answer.
  return req.res ? withClientGoneSignal(request, req.res) : request;
}

/**
 * Writes core's answer unchanged, with Node's own `writeHead`/`end`: not `res.send`/`res.json`, which would add
 * Express's weak ETag and conditional-GET handling on top of core's, nor `res.set`, which rewrites the content
 * type. Headers the host set before (`res.setHeader`, a CORS middleware) are kept; core's win on a clash.
 */
export function sendCoreResponse(res: Response, response: CoreResponse): void {
  // Lower-case names, as Fastify (and HTTP/2) send them, so both adapters write the same bytes.
  const headers: Record<string, string> = {};
  for (const name in response.headers) headers[name.toLowerCase()] = response.headers[name]!;
  res.writeHead(response.status, headers);
  // A streamed answer (the live changes) is written as it comes, until it ends or the client goes.
  if (response.stream) void writeBodyStream(res, response.stream);
  else res.end(response.body);
}

/** Core never rejects; should it ever, answer 500 without inventing a body. */
function failSafe(res: Response): void {
  if (res.headersSent) res.destroy();
  else res.writeHead(500).end();
}

/** The path part of a URL (`/calendar/events/v1/events` of `/calendar/events/v1/events?page=2`). */
function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/** What a body-parser error (`err.type` of express.json/urlencoded/raw/text) becomes for core. */
function rejectedBody(error: unknown): CoreRequestBody | undefined {
  const { type, message } = (error ?? {}) as { type?: unknown; message?: unknown };
  const detail = typeof message === 'string' ? { message } : {};
  switch (type) {
    case 'entity.too.large':
      return { kind: 'rejected', reason: 'too-large' };
    case 'entity.parse.failed':
      return { kind: 'rejected', reason: 'invalid-json', ...detail };
    case 'request.aborted':
    case 'request.size.invalid':
    case 'parameters.too.many':
    case 'charset.unsupported':
    case 'encoding.unsupported':
      return { kind: 'rejected', reason: 'invalid-body' };
    default:
      return undefined;
  }
}

/**
 * An error middleware for hosts whose body parsers (`express.json()`, …) run before the router: a body they
 * refuse under the API's namespace (malformed JSON, over their limit) is answered by core, in the API's error
 * envelope, as when core reads the body itself. Other errors and paths go on to the host's handlers.
 *
 * @example
 * app.use(express.json());
 * app.use(createCalendarRouter({ core }));
 * app.use(createCalendarErrorHandler({ core }));
 */
export function createCalendarErrorHandler(options: CalendarRouterOptions): ErrorRequestHandler {
  const { core, language, authenticate } = options;
  const namespace = new RegExp(`^${escapeRegExp(core.namespacePath(language))}(?:/.*)?$`);
  return (error: unknown, req: Request, res: Response, next: NextFunction) => {
    const body = rejectedBody(error);
    if (!body || res.headersSent || !namespace.test(pathOf(req.url))) return next(error);
    const request = toCoreRequest(req, language, authenticate);
    request.body = body;
    core.handle(request).then(
      (response) => sendCoreResponse(res, response),
      (failure: unknown) => {
        core.logger.error({ err: failure }, 'express adapter failed to answer');
        failSafe(res);
      },
    );
  };
}

/**
 * A middleware that claims only the paths under the namespace of its address, leaving every other path to the
 * host (`next()`). Mount it with `app.use(path, …)` or on any router; `req.url` is then relative to the mount.
 */
export function createCalendarRouter(options: CalendarRouterOptions): RequestHandler {
  const { core, language, authenticate } = options;
  // Case-sensitive and exact, unlike a string mount path: `/Calendar/…` stays the host's business.
  const namespace = new RegExp(`^${escapeRegExp(core.namespacePath(language))}(?:/.*)?$`);
  const failed = (res: Response) => (error: unknown) => {
    core.logger.error({ err: error }, 'express adapter failed to answer');
    failSafe(res);
  };
  return (req: Request, res: Response, next: NextFunction) => {
    if (!namespace.test(pathOf(req.url))) return next();
    let answer: Promise<CoreResponse>;
    try {
      answer = core.handle(toCoreRequest(req, language, authenticate));
    } catch (error) {
      return failed(res)(error);
    }
    answer.then((response) => sendCoreResponse(res, response), failed(res));
  };
}
