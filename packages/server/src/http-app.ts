/**
 * The standalone service's HTTP layer: the same host app built on Express or on Fastify. Everything it answers
 * comes from core or, for the API reference pages, from one precomputed answer, so both adapters give identical
 * responses (SPEC §1): the API under both addresses, the health checks, the API reference (`/docs/`), and core's
 * `rest_no_route` for every other path.
 */
import { createServer, IncomingMessage, type Server, type ServerOptions, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import {
  ANSWERED_BY_TRANSPORT,
  type CalendarCore,
  type CoreResponse,
  type Logger,
} from '@calendar-events/core';
import * as expressAdapter from '@calendar-events/http-express';
import * as fastifyAdapter from '@calendar-events/http-fastify';
import express from 'express';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { createApiReference, type StaticResponse } from './api-reference.js';
import { redactUrl, requestLineWriter } from './logger.js';
import { createPages } from './pages/pages.js';
import {
  answerWithRequestId,
  RequestIdResponse,
  requestId,
  sentHeader,
  withRequestIds,
} from './request-id.js';
import { clientErrorHandler, httpServerOptions, resolveTimeouts, type ServerTimeouts } from './transport.js';

export type AdapterName = 'express' | 'fastify';

/** What the host app serves besides the API (both on by default). */
export interface HttpAppOptions {
  timeouts?: ServerTimeouts;
  /** The public pages (`/`, `/event/<slug>/`, …; see pages/pages.ts); `--no-pages` turns them off. */
  pages?: boolean;
}

/** How long shutdown waits for in-flight requests before it closes their connections. */
const SHUTDOWN_GRACE_MS = 10_000;

export interface HttpApp {
  readonly server: Server;
  /** Resolves with the bound port once the server accepts connections. */
  listen(port: number, host: string): Promise<number>;
  /** Stops accepting, lets in-flight requests finish, then resolves. */
  close(): Promise<void>;
}

/** The address language whose namespace a path is under (SPEC §2), for answers given outside the adapters. */
function languageOfPath(core: CalendarCore, url: string): string | undefined {
  const path = url.split('?')[0] ?? '';
  return core.config.languages.find((language) => {
    const namespace = core.namespacePath(language);
    return (
      language !== core.config.defaultLanguage && (path === namespace || path.startsWith(`${namespace}/`))
    );
  });
}

/**
 * One structured line per request, the same for both adapters, secrets taken out of the URL; a 5xx is a
 * warning. A client that goes away before its answer is written is one info line.
 */
function logRequests(server: Server, logger: Logger): void {
  const writeLine =
    requestLineWriter(logger) ??
    ((reqId: string, method: string, url: string, status: number, ms: number) =>
      (status >= 500 ? logger.warn : logger.info).call(
        logger,
        { reqId, method, url, status, ms },
        'request',
      ));
  // First, so that the id is set before any adapter answers (some answer synchronously).
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    const reqId = requestId(req);
    answerWithRequestId(res, reqId);
    res.once('close', () => {
      const ms = Math.round((performance.now() - started) * 10) / 10;
      const url = redactUrl(req.url ?? '');
      const transportStatus = (res as ServerResponse & { [ANSWERED_BY_TRANSPORT]?: number })[
        ANSWERED_BY_TRANSPORT
      ];
      if (res.writableFinished) writeLine(reqId, req.method ?? '', url, res.statusCode, ms);
      // Answered on the socket by clientErrorHandler (a body too slow: 408).
      else if (transportStatus !== undefined) writeLine(reqId, req.method ?? '', url, transportStatus, ms);
      // A live stream's answer ends when its client goes: the request line, with how long it streamed.
      else if (res.headersSent && String(sentHeader(res, 'content-type')).startsWith('text/event-stream'))
        writeLine(reqId, req.method ?? '', url, res.statusCode, ms);
      else
        logger.info({ reqId, method: req.method, url, ms }, 'client closed the connection before the answer');
    });
  });
}

/**
 * Node closes idle keep-alive connections once at `close()`; connections whose request was still running
 * become idle later, so keep closing them until the server is down, and cut the rest after the grace period.
 */
function drainConnections(server: Server): void {
  server.closeIdleConnections();
  const idle = setInterval(() => server.closeIdleConnections(), 50);
  const deadline = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
  idle.unref();
  deadline.unref();
  server.once('close', () => {
    clearInterval(idle);
    clearTimeout(deadline);
  });
}

function healthResponse(core: CalendarCore, path: '/healthz' | '/readyz'): Promise<CoreResponse> {
  return path === '/healthz' ? Promise.resolve(core.health()) : core.ready();
}

/**
 * The HTTP server of an Express app whose requests and responses are born with the app's prototypes. Express
 * (4 and 5) otherwise swaps the prototype of both objects on every request (`Object.setPrototypeOf` in
 * `app.handle`), which leaves V8 with new hidden classes per request: property loads on `req`/`res` miss
 * their inline caches in Node's HTTP internals as much as in ours: on a bare `app.use` answering fixed bytes,
 * `app.listen` costs several times the CPU per request of this server, which is close to node:http alone
 * (figures in tools/bench/RESULTS.md, "Figures behind the code's choices").
 * See expressjs/express#5998. Express still calls `setPrototypeOf`, but with the prototype the object has.
 *
 * The two are classes that extend Node's, placed in front of the app's prototypes (`app.request` and
 * `app.response` become the classes' own prototypes, whose prototypes are Express's). A class, not a function
 * that calls Node's constructor: V8 sizes an object's in-object fields from its constructor, and counts a base
 * class's for a derived class's; a function's instances held few, and the fields Node's constructors add put
 * every response in dictionary mode (a hash table per response, slow property loads; RESULTS.md, "Express
 * against Fastify").
 */
function createExpressServer(app: express.Express, options: ServerOptions): Server {
  class ExpressRequest extends IncomingMessage {}
  Object.setPrototypeOf(ExpressRequest.prototype, app.request);
  app.request = ExpressRequest.prototype as express.Request;
  class ExpressResponse extends ServerResponse {}
  Object.setPrototypeOf(ExpressResponse.prototype, app.response);
  app.response = ExpressResponse.prototype as express.Response;
  withRequestIds(app.response);
  return createServer(
    {
      ...options,
      IncomingMessage: ExpressRequest,
      ServerResponse: ExpressResponse as unknown as typeof ServerResponse,
    },
    app,
  );
}

export function createExpressApp(core: CalendarCore, logger: Logger, options: HttpAppOptions = {}): HttpApp {
  const serverOptions = httpServerOptions(resolveTimeouts(options.timeouts ?? {}));
  const app = express();
  // Core writes every header and answers conditional requests itself; nothing reads `req.query`.
  app.disable('x-powered-by');
  app.disable('etag');
  app.disable('query parser');
  app.use(expressAdapter.createCalendarRouter({ core }));
  for (const language of core.config.languages.filter((l) => l !== core.config.defaultLanguage)) {
    app.use(expressAdapter.createCalendarRouter({ core, language }));
  }
  const answer = (res: express.Response, response: Promise<CoreResponse>) =>
    response
      .then((r) => expressAdapter.sendCoreResponse(res, r))
      .catch((error: unknown) => {
        logger.error({ err: error }, 'request failed');
        if (!res.headersSent) res.writeHead(500).end();
      });
  for (const path of ['/healthz', '/readyz'] as const) {
    app.get(path, (_req, res) => void answer(res, healthResponse(core, path)));
  }
  const apiReference = createApiReference(core);
  app.use((req, res, next) => {
    const response = apiReference.answer({ method: req.method, url: req.originalUrl, headers: req.headers });
    if (!response) return next();
    res.writeHead(response.status, response.headers);
    res.end(response.body);
  });
  const pages = options.pages === false ? undefined : createPages(core, logger);
  if (pages) {
    app.use((req, res, next) => {
      pages
        .answer({
          method: req.method,
          url: req.originalUrl,
          headers: req.headers,
          ...(req.socket.remoteAddress !== undefined ? { remoteAddress: req.socket.remoteAddress } : {}),
        })
        .then((response: StaticResponse | undefined) => {
          if (!response) return next();
          res.writeHead(response.status, response.headers);
          res.end(response.body);
        })
        .catch((error: unknown) => {
          logger.error({ err: error }, 'page failed');
          if (!res.headersSent) res.writeHead(500).end();
        });
    });
  }
  // Every other path: core's 404 `rest_no_route`, as Fastify's side answers too.
  app.use((req, res) => void answer(res, core.handle(expressAdapter.toCoreRequest(req))));

  let server: Server | undefined;
  return {
    get server() {
      if (!server) throw new Error('the server is not listening yet');
      return server;
    },
    listen: (port, host) =>
      new Promise((resolve, reject) => {
        const listening = createExpressServer(app, serverOptions);
        listening.keepAliveTimeout = serverOptions.keepAliveTimeout!;
        listening.on('clientError', clientErrorHandler(logger));
        logRequests(listening, logger);
        listening.listen(port, host);
        listening.once('error', reject);
        listening.once('listening', () => {
          listening.off('error', reject);
          server = listening;
          resolve((listening.address() as AddressInfo).port);
        });
      }),
    close: () =>
      new Promise((resolve, reject) => {
        if (!server?.listening) return resolve();
        server.close((error) => (error ? reject(error) : resolve()));
        drainConnections(server);
      }),
  };
}

export async function createFastifyApp(
  core: CalendarCore,
  logger: Logger,
  options: HttpAppOptions = {},
): Promise<HttpApp> {
  const serverOptions = httpServerOptions(resolveTimeouts(options.timeouts ?? {}));
  const answer = async (reply: FastifyReply, response: Promise<CoreResponse>) => {
    try {
      return fastifyAdapter.sendCoreResponse(reply, await response);
    } catch (error) {
      logger.error({ err: error }, 'request failed');
      return reply.code(500).send();
    }
  };
  const forwardToCore = (request: FastifyRequest, reply: FastifyReply) =>
    answer(
      reply,
      core.handle(fastifyAdapter.toCoreRequestOf(request, reply, '', languageOfPath(core, request.url))),
    );

  const app = Fastify({
    logger: false,
    // The same node:http server options, timeouts and answers to parser errors as Express's side.
    http: { ...serverOptions, ServerResponse: RequestIdResponse as typeof ServerResponse },
    requestTimeout: serverOptions.requestTimeout!,
    keepAliveTimeout: serverOptions.keepAliveTimeout!,
    clientErrorHandler: clientErrorHandler(logger) as (error: Error, socket: Socket) => void,
    // Requests that race the shutdown are served, as on Express, rather than answered 503 by Fastify.
    return503OnClosing: false,
    // A path Fastify cannot decode (`%E0%A4%A`) reaches core, which answers it as Express's side does.
    frameworkErrors: (_error, request, reply) => void forwardToCore(request, reply),
  });
  // No body parsing outside the API either: the 404 for an unknown path must not become a JSON parse error.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
  await app.register(fastifyAdapter.calendarPlugin, { core });
  for (const language of core.config.languages.filter((l) => l !== core.config.defaultLanguage)) {
    await app.register(fastifyAdapter.calendarPlugin, { core, language });
  }
  for (const path of ['/healthz', '/readyz'] as const) {
    app.route({
      method: ['GET', 'HEAD'],
      url: path,
      exposeHeadRoute: false,
      handler: (_request, reply) => answer(reply, healthResponse(core, path)),
    });
  }
  const apiReference = createApiReference(core);
  const pages = options.pages === false ? undefined : createPages(core, logger);
  app.setNotFoundHandler(async (request, reply) => {
    const staticRequest = { method: request.method, url: request.url, headers: request.headers };
    let response = apiReference.answer(staticRequest);
    if (!response && pages) {
      try {
        response = await pages.answer({
          ...staticRequest,
          ...(request.socket.remoteAddress !== undefined
            ? { remoteAddress: request.socket.remoteAddress }
            : {}),
        });
      } catch (error) {
        logger.error({ err: error }, 'page failed');
        return reply.code(500).send();
      }
    }
    if (!response) return forwardToCore(request, reply);
    return reply.code(response.status).headers(response.headers).send(response.body);
  });
  logRequests(app.server, logger);

  return {
    server: app.server,
    async listen(port, host) {
      await app.listen({ port, host });
      return (app.server.address() as AddressInfo).port;
    },
    async close() {
      drainConnections(app.server);
      await app.close();
    },
  };
}
