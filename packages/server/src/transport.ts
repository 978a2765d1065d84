/**
 * What both HTTP servers of the standalone service share below the adapters: their timeouts, and the answers
 * to requests Node's HTTP parser or those timeouts reject before any framework sees them. Node's own answers
 * to those have no body, and Fastify's are its own JSON, without `Connection: close` although it closes the
 * socket (keep-alive clients then see resets), and with a body even for HEAD. Here both servers answer with
 * core's error envelope (`transportErrorResponse`), `Connection: close`, no body for HEAD, then close.
 */
import { type ServerOptions, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  type CoreResponse,
  type Logger,
  transportErrorKind,
  transportErrorResponse,
} from '@calendar-events/core';

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

/** An answer as the bytes of an HTTP/1.1 response, header names in lower case as the adapters write them. */
function responseBytes(response: CoreResponse): Buffer {
  let head = `HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? ''}\r\n`;
  for (const [name, value] of Object.entries(response.headers)) head += `${name.toLowerCase()}: ${value}\r\n`;
  return Buffer.concat([Buffer.from(`${head}\r\n`, 'latin1'), Buffer.from(response.body ?? '', 'utf8')]);
}

/** The method of a request the parser rejected, from its first bytes, if they are there. */
function methodOf(rawPacket: unknown): string | undefined {
  if (!Buffer.isBuffer(rawPacket)) return undefined;
  return /^([A-Z]+) /.exec(rawPacket.toString('latin1', 0, 16))?.[1];
}

interface ClientError extends Error {
  code?: string;
  rawPacket?: Buffer;
}

/**
 * The `clientError` listener of both servers. A reset connection gets nothing (nobody reads an answer):
 * one debug line; the request it may have carried is logged by the access log as a dropped client.
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
    logger.info(
      { status: response.status, code: error.code, ...(method !== undefined ? { method } : {}) },
      kind === 'request-timeout' ? 'request timed out' : 'request rejected by the HTTP parser',
    );
    // Once ended, the socket drops what the adapter may still write for the request in flight.
    socket.end(responseBytes(response), () => socket.destroy());
  };
}
