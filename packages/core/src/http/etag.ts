/**
 * Strong ETags of GET answers (RFC 9110 §8.8.3), and the conditional requests they answer: a matching
 * `If-None-Match` turns a 200 into a 304 without a body; `If-Match` (preconditions.ts) compares strongly.
 */
import { createHash } from 'node:crypto';
import type { CoreResponse } from './types.js';

/** A strong validator: the hash of the exact bytes served (a text is hashed as its UTF-8 bytes). */
export function etagOf(body: string | Uint8Array): string {
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

/** The same answer without its body (HEAD, 304). */
function withoutBody(response: CoreResponse): CoreResponse {
  return { status: response.status, headers: response.headers, body: undefined };
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
    return isHead ? withoutBody(response) : response;
  // A cached answer carries the ETag computed when it was stored.
  const etag = response.headers.ETag ?? etagOf(response.body);
  response.headers.ETag = etag;
  if (ifNoneMatch && etagListMatches(ifNoneMatch, etag, true)) {
    const { 'Content-Length': _length, 'Content-Type': _type, ...rest } = response.headers;
    return { status: 304, headers: rest, body: undefined };
  }
  return isHead ? withoutBody(response) : response;
}
