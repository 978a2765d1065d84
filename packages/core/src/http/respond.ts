import { createHash } from 'node:crypto';
import { type ApiError, toErrorBody } from './errors.js';
import type { CoreResponse } from './types.js';

const BASE_HEADERS = {
  'Content-Type': 'application/json; charset=UTF-8',
  'X-Content-Type-Options': 'nosniff',
};

/** Headers a browser may read cross-origin, when the operator enables CORS (SPEC §4). */
export const EXPOSED_HEADERS =
  'X-TEC-Total, X-TEC-TotalPages, X-WP-Total, X-WP-TotalPages, Link, ETag, Location, Allow';

/** A strong validator: the hash of the exact bytes served. */
export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
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
  return {
    status,
    headers: { ...BASE_HEADERS, ...headers, 'Content-Length': String(Buffer.byteLength(text)) },
    body: text,
  };
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
  if (response.status !== 200 || response.body === undefined)
    return isHead ? { ...response, body: undefined } : response;
  // A cached answer carries the ETag computed when it was stored.
  const etag = response.headers.ETag ?? etagOf(response.body);
  response.headers.ETag = etag;
  if (ifNoneMatch && etagListMatches(ifNoneMatch, etag, true)) {
    const { 'Content-Length': _length, 'Content-Type': _type, ...rest } = response.headers;
    return { status: 304, headers: rest, body: undefined };
  }
  return isHead ? { ...response, body: undefined } : response;
}
