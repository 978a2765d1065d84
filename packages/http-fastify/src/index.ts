/**
 * @calendar-events/http-fastify: the Calendar Events API as an encapsulated Fastify 5 plugin.
 *
 * The plugin only translates: a Fastify request becomes a CoreRequest, and core's CoreResponse is written back
 * unchanged. Every status, header and byte comes from core, so this plugin and the Express router answer alike.
 *
 * Requests Node's HTTP parser rejects (a header section too large, a malformed request line) never reach a
 * plugin; to answer them with core's error envelope instead of Fastify's own JSON, create the instance with
 * `Fastify({ clientErrorHandler: clientErrorHandler(core.logger) })` (`clientErrorHandler` from core).
 *
 * @example
 * const core = createCalendarCore({ database });
 * await app.register(calendarPlugin, { prefix: '/api', core });                   // /api/calendar/events/v1
 * await app.register(calendarPlugin, { prefix: '/api', core, language: 'de' });   // /api/de/calendar/events/v1
 * @module
 */
import { Readable } from 'node:stream';
import type { TLSSocket } from 'node:tls';
import {
  type CalendarCore,
  type CoreRequest,
  type CoreRequestBody,
  type CoreResponse,
  type Principal,
  withClientGoneSignal,
} from '@calendar-events/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export interface CalendarPluginOptions {
  core: CalendarCore;
  /** Serve the language-prefixed address (`/de/calendar/events/v1`) instead of the default one (SPEC §2). */
  language?: string;
  /** The host's own authentication (its session, say), replacing the built-in API keys (SPEC §6). */
  authenticate?: (request: FastifyRequest) => Promise<Principal | null> | Principal | null;
}

/** What our catch-all content-type parser leaves in `request.body`: the unread payload, for core to read. */
const RAW_PAYLOAD = Symbol('calendar-events.raw-payload');
interface RawPayload {
  [RAW_PAYLOAD]: AsyncIterable<Uint8Array>;
}

function isRawPayload(body: unknown): body is RawPayload {
  return typeof body === 'object' && body !== null && RAW_PAYLOAD in body;
}

/** No `Content-Length` and no `Transfer-Encoding`: the request has no body (RFC 9112 §6.3). */
const NO_BODY: CoreRequestBody = { kind: 'raw', data: '' };

function unparsedBody(request: FastifyRequest): CoreRequestBody {
  const { headers } = request;
  return headers['content-length'] === undefined && headers['transfer-encoding'] === undefined
    ? NO_BODY
    : { kind: 'raw', data: request.raw };
}

/**
 * Turns a Fastify request into core's request. `mountPath` is the plugin's prefix. Fastify does not parse bodies
 * of GET, HEAD or body-less requests; then the untouched Node stream goes to core, as the Express router does.
 */
export function toCoreRequest(
  request: FastifyRequest,
  mountPath: string,
  language?: string,
  authenticate?: CalendarPluginOptions['authenticate'],
): CoreRequest {
  const body = request.body;
  const core: CoreRequest = {
    method: request.method,
    url: request.url,
    mountPath,
    headers: request.headers,
    body: isRawPayload(body)
      ? { kind: 'raw', data: body[RAW_PAYLOAD] }
      : body === undefined
        ? unparsedBody(request)
        : { kind: 'parsed', value: body },
    // sendCoreResponse writes `body` as is, compressed bytes included: core may compress.
    writesBytes: true,
    encrypted: (request.raw.socket as Partial<TLSSocket>).encrypted === true,
  };
  // The connection's address, not Fastify's `request.ip`: core applies its own `trustProxy` to X-Forwarded-For.
  const remoteAddress = request.raw.socket.remoteAddress;
  if (remoteAddress !== undefined) core.remoteAddress = remoteAddress;
  if (language !== undefined) core.language = language;
  if (authenticate) core.authenticate = () => authenticate(request);
  return core;
}

/** `toCoreRequest` with the signal of the client going away before the answer (core cancels its statements). */
export function toCoreRequestOf(
  request: FastifyRequest,
  reply: FastifyReply,
  mountPath: string,
  language?: string,
  authenticate?: CalendarPluginOptions['authenticate'],
): CoreRequest {
  return withClientGoneSignal(toCoreRequest(request, mountPath, language, authenticate), reply.raw);
}

/**
 * Writes core's answer unchanged, through the reply so that the host's hooks (CORS, …) still run. A streamed
 * answer (the live changes) goes as a Node stream, which Fastify writes as it comes and destroys when the
 * client goes (core's own stream ends then too: the request's signal cancels it).
 */
export function sendCoreResponse(reply: FastifyReply, response: CoreResponse): FastifyReply {
  reply.code(response.status).headers(response.headers);
  return reply.send(response.stream ? Readable.from(response.stream.chunks) : response.body);
}

async function calendarRoutes(app: FastifyInstance, options: CalendarPluginOptions): Promise<void> {
  const { core, language, authenticate } = options;
  const mountPath = app.prefix;

  async function answer(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    try {
      return sendCoreResponse(
        reply,
        await core.handle(toCoreRequestOf(request, reply, mountPath, language, authenticate)),
      );
    } catch (error) {
      // Core never rejects; should it ever, answer 500 without inventing a body.
      core.logger.error({ err: error }, 'fastify plugin failed to answer');
      return reply.code(500).send();
    }
  }

  // Core reads and parses every body itself (JSON, forms, 415 for the rest, its own size limit): hand it the
  // unread stream whatever the media type. Fastify applies no body limit to a parser that takes the stream.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => {
    done(null, { [RAW_PAYLOAD]: payload } satisfies RawPayload);
  });

  // Fastify rejects a malformed Content-Type header (415) before any parser runs; core decides instead, from
  // the still unread stream. Other errors come from outside core (a host hook that throws): a bare 500.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' && request.body === undefined) {
      return answer(request, reply);
    }
    core.logger.error({ err: error }, 'fastify plugin failed to answer');
    return reply.code(500).send();
  });

  // Live streams never end by themselves: the app's close ends them first, or it would wait for them forever.
  // Ended before the server's close looks for idle connections, so that theirs are among them.
  app.addHook('preClose', async () => {
    await core.changeStreams.close();
    await new Promise((resolve) => setImmediate(resolve));
  });

  const namespace = core.namespacePath(language);
  for (const url of [namespace, `${namespace}/*`]) {
    app.route({
      // Every method Fastify knows, so that an unsupported one gets core's 404 `rest_no_route`, as on Express.
      method: app.supportedMethods,
      url,
      // Core answers HEAD itself (GET's headers, no body).
      exposeHeadRoute: false,
      handler: answer,
    });
  }
}

/**
 * The encapsulated plugin: `prefix` works, and its parsers and error handler stay inside its own scope, so the
 * host's routes keep Fastify's defaults.
 */
export const calendarPlugin = fp(calendarRoutes, {
  name: '@calendar-events/http-fastify',
  fastify: '5.x',
  encapsulate: true,
});

export default calendarPlugin;
