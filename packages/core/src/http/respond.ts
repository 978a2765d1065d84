import { type ApiError, toErrorBody } from '../errors/api-error.js';
import type { Failure } from '../errors/to-api-error.js';
import type { Logger } from '../logger.js';
import type { OperationResult } from '../route-table/route.js';
import { jsonBytes } from './json-bytes.js';
import type { CoreRequest, CoreResponse } from './types.js';

const BASE_HEADERS = {
  'Content-Type': 'application/json; charset=UTF-8',
  'X-Content-Type-Options': 'nosniff',
};

/** Headers a browser may read cross-origin, when the operator enables CORS (SPEC §4). */
export const EXPOSED_HEADERS =
  'X-TEC-Total, X-TEC-TotalPages, X-WP-Total, X-WP-TotalPages, Link, ETag, Location, Allow, Retry-After, RateLimit, RateLimit-Policy, Sync-Token, Sync-Removed, Calendar-Data-Version';

/**
 * An answer's body as text (UTF-8), for library callers that want to read it; undefined without a body. Not
 * for a compressed answer (`Content-Encoding`, given only to callers that set `writesBytes`).
 */
export function textOf(response: CoreResponse): string | undefined {
  const body = response.body;
  if (body === undefined || typeof body === 'string') return body;
  return Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8');
}

/** A copy of an answer with other headers and the same body. */
export function withHeaders(response: CoreResponse, headers: Record<string, string>): CoreResponse {
  return { ...response, headers };
}

/**
 * A JSON answer. Its body is held as the UTF-8 bytes, encoded once here: they give its length, its ETag, what
 * the response cache keeps and what the adapters write. Node would encode a string on each of those, and for
 * a page of 50 events each pass is a noticeable share of a cached answer's time. `jsonBytes` makes them by
 * parts: far cheaper than one `JSON.stringify` for a page whose texts go beyond Latin-1.
 */
export function jsonResponse(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): CoreResponse {
  const bytes = jsonBytes(body);
  return {
    status,
    headers: { ...BASE_HEADERS, ...headers, 'Content-Length': String(bytes.length) },
    body: bytes,
  };
}

/**
 * An operation's answer: JSON, or the text of another media type when the operation names one (the
 * iCalendar feeds), with the same base headers.
 */
export function operationResponse(result: OperationResult): CoreResponse {
  if (!result.contentType) return jsonResponse(result.status ?? 200, result.body, result.headers);
  if (result.stream)
    return {
      status: result.status ?? 200,
      headers: { ...BASE_HEADERS, 'Content-Type': result.contentType, ...result.headers },
      body: undefined,
      stream: result.stream,
    };
  const bytes = Buffer.from(String(result.body));
  return {
    status: result.status ?? 200,
    headers: {
      ...BASE_HEADERS,
      'Content-Type': result.contentType,
      ...result.headers,
      'Content-Length': String(bytes.length),
    },
    body: bytes,
  };
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
