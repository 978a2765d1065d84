/**
 * @calendar-events/http-express: the Calendar Events API as a mountable Express router (Express 5, and 4.21+).
 *
 * The router only translates: an Express request becomes a CoreRequest, and core's CoreResponse is written back
 * unchanged. Every status, header and byte comes from core, so this router and the Fastify plugin answer alike.
 *
 * @example
 * const core = createCalendarCore({ database });
 * app.use('/api', createCalendarRouter({ core }));                   // /api/calendar/events/v1
 * app.use('/api', createCalendarRouter({ core, language: 'de' }));   // /api/de/calendar/events/v1
 * @module
 */
import type { TLSSocket } from 'node:tls';
import type {
  CalendarCore,
  CoreRequest,
  CoreRequestBody,
  CoreResponse,
  Principal,
} from '@calendar-events/core';
import express, { type Request, type Response, type Router } from 'express';

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

/**
 * The body as core takes it: the unread stream; the bytes a host's `express.raw()`/`express.text()` kept (core
 * still parses them and decides on the media type); or the value a host's JSON or form parser produced.
 */
function coreBody(req: Request): CoreRequestBody {
  if (!bodyWasConsumed(req)) return { kind: 'raw', data: req };
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
  return {
    ...(authenticate ? { authenticate: () => authenticate(req) } : {}),
    method: req.method,
    url: req.originalUrl,
    mountPath: req.baseUrl,
    headers: req.headers,
    body: coreBody(req),
    encrypted: (req.socket as Partial<TLSSocket>).encrypted === true,
    ...(language !== undefined ? { language } : {}),
  };
}

/**
 * Writes core's answer unchanged. `res.end` rather than `res.send`/`res.json`, which would add Express's own
 * weak ETag and conditional-GET handling on top of core's.
 */
export function sendCoreResponse(res: Response, response: CoreResponse): void {
  res.status(response.status).set(response.headers).end(response.body);
}

/** Core never rejects; should it ever, answer 500 without inventing a body. */
function failSafe(res: Response): void {
  if (res.headersSent) res.destroy();
  else res.status(500).end();
}

/** A router that claims only the paths under the namespace of its address, leaving every other path to the host. */
export function createCalendarRouter(options: CalendarRouterOptions): Router {
  const { core, language, authenticate } = options;
  const router = express.Router();
  // Case-sensitive and exact, unlike a string mount path: `/Calendar/…` stays the host's business.
  const namespace = new RegExp(`^${escapeRegExp(core.namespacePath(language))}(?:/.*)?$`);
  router.all(namespace, (req, res) => {
    Promise.resolve()
      .then(() => core.handle(toCoreRequest(req, language, authenticate)))
      .then((response) => sendCoreResponse(res, response))
      .catch((error: unknown) => {
        core.logger.error({ err: error }, 'express adapter failed to answer');
        failSafe(res);
      });
  });
  return router;
}
