/**
 * Answers to requests the HTTP parser or the server's timeouts reject before any adapter sees them (a header
 * section too large, a malformed request line, a body too slow): the SPEC §5 envelope as core writes every
 * error, so that both adapters (and any server a host builds) answer these alike. The connection is closed
 * after them, and says so (`Connection: close`): the parser cannot tell where the next request would start.
 */
import { type ServerResponse, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ApiError } from '../errors/api-error.js';
import { apiError } from '../errors/catalog.js';
import type { Logger } from '../logger.js';
import { errorResponse } from './respond.js';
import type { CoreResponse } from './types.js';

export type TransportErrorKind = 'request-timeout' | 'header-too-large' | 'bad-request';

const ERRORS: Record<TransportErrorKind, () => ApiError> = {
  'request-timeout': () => apiError('rest_request_timeout'),
  'header-too-large': () => apiError('rest_request_header_too_large'),
  'bad-request': () => apiError('rest_bad_request'),
};

/** The kind of a Node `clientError` (`err.code`), or undefined when no answer can be given (a reset). */
export function transportErrorKind(code: string | undefined): TransportErrorKind | undefined {
  // The client went away (a reset, or the end of its stream in the middle of a request): nobody to answer.
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'HPE_INVALID_EOF_STATE') return undefined;
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'request-timeout';
  if (code === 'HPE_HEADER_OVERFLOW') return 'header-too-large';
  return 'bad-request';
}

/** The answer to a rejected request; without a body for HEAD. */
export function transportErrorResponse(kind: TransportErrorKind, method?: string): CoreResponse {
  const response = errorResponse(ERRORS[kind](), { Connection: 'close' });
  return method?.toUpperCase() === 'HEAD' ? { ...response, body: undefined } : response;
}

/** An answer as the bytes of an HTTP/1.1 response, header names in lower case as the adapters write them. */
function responseBytes(response: CoreResponse): Buffer {
  let head = `HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? ''}\r\n`;
  for (const [name, value] of Object.entries(response.headers)) head += `${name.toLowerCase()}: ${value}\r\n`;
  const body = typeof response.body === 'string' ? Buffer.from(response.body, 'utf8') : response.body;
  return Buffer.concat([Buffer.from(`${head}\r\n`, 'latin1'), ...(body ? [body] : [])]);
}

/** The method of a request the parser rejected, from its first bytes, if they are there. */
function methodOf(rawPacket: unknown): string | undefined {
  if (!Buffer.isBuffer(rawPacket)) return undefined;
  return /^([A-Z]+) /.exec(rawPacket.toString('latin1', 0, 16))?.[1];
}

/**
 * Set on the `ServerResponse` of a request in flight that `clientErrorHandler` answered (a body too slow):
 * the status it wrote on the socket, for an access log, since the response itself never finishes.
 */
export const ANSWERED_BY_TRANSPORT = Symbol.for('@calendar-events/core/answered-by-transport');

/** What Node passes to a `clientError` listener. */
export interface ClientError extends Error {
  code?: string;
  rawPacket?: Buffer;
}

/**
 * A `clientError` listener for a node:http server (`server.on('clientError', …)`, or Fastify's
 * `clientErrorHandler` option): the request the parser or a timeout rejected gets core's envelope with
 * `Connection: close` (no body for HEAD), then the connection closes. Node's own answers have no body, and
 * Fastify's are its own JSON, without `Connection: close` though it closes. A reset connection gets nothing
 * (nobody reads an answer): one debug line.
 */
export function clientErrorHandler(logger: Logger): (error: ClientError, socket: Duplex) => void {
  return (error, socket) => {
    const kind = transportErrorKind(error.code);
    // The answer under way, if the error came while a request was being handled (a body too slow).
    const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse })._httpMessage;
    if (kind === undefined || socket.destroyed || !socket.writable || inFlight?.headersSent) {
      logger.debug({ code: error.code }, 'connection closed by the client');
      socket.destroy();
      return;
    }
    const method = inFlight?.req?.method ?? methodOf(error.rawPacket);
    const response = transportErrorResponse(kind, method);
    if (inFlight) {
      // The request was under way (a body too slow): its access-log line tells, with this status.
      (inFlight as ServerResponse & { [ANSWERED_BY_TRANSPORT]?: number })[ANSWERED_BY_TRANSPORT] =
        response.status;
    } else {
      logger.info(
        { status: response.status, code: error.code, ...(method !== undefined ? { method } : {}) },
        kind === 'request-timeout' ? 'request timed out' : 'request rejected by the HTTP parser',
      );
    }
    // Once ended, the socket drops what the adapter may still write for the request in flight.
    socket.end(responseBytes(response), () => socket.destroy());
  };
}
