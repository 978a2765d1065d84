import { type ApiError, toErrorBody } from '../errors/api-error.js';
import type { Failure } from '../errors/to-api-error.js';
import type { Logger } from '../logger.js';
import type { CoreRequest, CoreResponse } from './types.js';

const BASE_HEADERS = {
  'Content-Type': 'application/json; charset=UTF-8',
  'X-Content-Type-Options': 'nosniff',
};

/** Headers a browser may read cross-origin, when the operator enables CORS (SPEC §4). */
export const EXPOSED_HEADERS =
  'X-TEC-Total, X-TEC-TotalPages, X-WP-Total, X-WP-TotalPages, Link, ETag, Location, Allow, Retry-After, RateLimit, RateLimit-Policy';

/**
 * The UTF-8 bytes of answers' bodies, by answer object. A body is encoded once, where the answer is made,
 * and those bytes give its length, its ETag and what the adapters write (see `bodyToWrite`): Node encodes a
 * string on each of those otherwise, and for a page of 50 events (220 kB) each pass costs about 0.3 ms.
 */
const encodedBodies = new WeakMap<CoreResponse, Buffer>();

/** Records the UTF-8 bytes of an answer's body (they must be exactly its text, encoded). */
export function attachEncodedBody(response: CoreResponse, bytes: Buffer): CoreResponse {
  encodedBodies.set(response, bytes);
  return response;
}

/** The UTF-8 bytes recorded for this very answer object, if any (a copy with another body has none). */
export function encodedBody(response: CoreResponse): Buffer | undefined {
  return encodedBodies.get(response);
}

/**
 * An answer whose body is held as UTF-8 bytes only, as the response cache keeps it: its text is decoded
 * when something first reads `body` (an envelope, a library caller), not for the adapters, which write the
 * bytes. Keeping the text beside the bytes tripled what each kept answer cost (a text with one character
 * outside Latin-1 takes two bytes a character in V8).
 */
export function answerFromBytes(
  status: number,
  headers: Record<string, string>,
  bytes: Buffer,
): CoreResponse {
  let text: string | undefined;
  const response = {
    status,
    headers,
    get body(): string {
      text ??= bytes.toString('utf8');
      return text;
    },
  };
  return attachEncodedBody(response, bytes);
}

/** What an adapter writes for an answer's body: its `bytes` (compressed), its recorded UTF-8 bytes, else its text. */
export function bodyToWrite(response: CoreResponse): Uint8Array | string | undefined {
  // The bytes first: reading `body` of an answer held as bytes would decode them.
  return response.bytes ?? encodedBodies.get(response) ?? response.body;
}

/** An answer's body as text (UTF-8), for library callers that want to read it; undefined without a body. */
export function textOf(response: CoreResponse): string | undefined {
  const body = response.body as string | Uint8Array | undefined;
  if (body === undefined || typeof body === 'string') return body;
  return Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8');
}

/** A copy of an answer with other headers and the same body, still encoded. */
export function withHeaders(response: CoreResponse, headers: Record<string, string>): CoreResponse {
  const bytes = encodedBodies.get(response);
  if (!bytes) return { ...response, headers };
  const copy = answerFromBytes(response.status, headers, bytes);
  if (response.bytes) copy.bytes = response.bytes;
  return copy;
}

export function jsonResponse(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): CoreResponse {
  const text = JSON.stringify(body);
  const bytes = Buffer.from(text);
  return attachEncodedBody(
    {
      status,
      headers: { ...BASE_HEADERS, ...headers, 'Content-Length': String(bytes.length) },
      body: text,
    },
    bytes,
  );
}

export function errorResponse(error: ApiError, headers: Record<string, string> = {}): CoreResponse {
  return jsonResponse(error.status, toErrorBody(error), { ...headers, ...error.headers });
}

/**
 * Logs a failure that answers 503 or 500 (`toApiError`'s report), with the id the standalone server gives
 * every request (X-Request-Id), so the cause meets its access line.
 */
export function reportFailure(logger: Logger, request: CoreRequest, error: unknown) {
  return (failure: Failure): void => {
    const reqId = request.headers['x-request-id'];
    const fields = reqId ? { err: error, reqId } : { err: error };
    if (failure === 'unavailable') logger.warn(fields, 'database unavailable');
    else logger.error(fields, 'request failed');
  };
}
