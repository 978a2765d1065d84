import { createHash } from 'node:crypto';
import { type ApiError, toErrorBody } from '../errors/api-error.js';
import type { CoreResponse } from './types.js';

const BASE_HEADERS = {
  'Content-Type': 'application/json; charset=UTF-8',
  'X-Content-Type-Options': 'nosniff',
};

/** Headers a browser may read cross-origin, when the operator enables CORS (SPEC §4). */
export const EXPOSED_HEADERS =
  'X-TEC-Total, X-TEC-TotalPages, X-WP-Total, X-WP-TotalPages, Link, ETag, Location, Allow, Retry-After, RateLimit, RateLimit-Policy';

/** A strong validator: the hash of the exact bytes served (a text is hashed as its UTF-8 bytes). */
export function etagOf(body: string | Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

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

/** The same answer without its body (HEAD, 304), without decoding a body held as bytes. */
function withoutBody(response: CoreResponse): CoreResponse {
  return { status: response.status, headers: response.headers, body: undefined };
}

/** A copy of an answer with other headers and the same body, still encoded. */
export function withHeaders(response: CoreResponse, headers: Record<string, string>): CoreResponse {
  const bytes = encodedBodies.get(response);
  if (!bytes) return { ...response, headers };
  const copy = answerFromBytes(response.status, headers, bytes);
  if (response.bytes) copy.bytes = response.bytes;
  return copy;
}

/** Whether an `If-None-Match` / `If-Match` list names this ETag (`*` names any). */
export function etagListMatches(header: string, etag: string, weakComparison: boolean): boolean {
  const strip = (tag: string) => (weakComparison ? tag.replace(/^W\//, '') : tag);
  return header
    .split(',')
    .map((t) => t.trim())
    .some((tag) => tag === '*' || (!(!weakComparison && tag.startsWith('W/')) && strip(tag) === strip(etag)));
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
 * GET answers carry a strong ETag; a matching `If-None-Match` turns them into 304 without a body. HEAD gets
 * the same headers as GET and no body.
 */
export function finishGet(
  response: CoreResponse,
  ifNoneMatch: string | undefined,
  isHead: boolean,
): CoreResponse {
  const bytes = encodedBodies.get(response);
  if (response.status !== 200 || (bytes === undefined && response.body === undefined))
    return isHead ? withoutBody(response) : response;
  // A cached answer carries the ETag computed when it was stored.
  const etag = response.headers.ETag ?? etagOf(bytes ?? (response.body as string));
  response.headers.ETag = etag;
  if (ifNoneMatch && etagListMatches(ifNoneMatch, etag, true)) {
    const { 'Content-Length': _length, 'Content-Type': _type, ...rest } = response.headers;
    return { status: 304, headers: rest, body: undefined };
  }
  return isHead ? withoutBody(response) : response;
}
