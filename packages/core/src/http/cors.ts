/**
 * Cross-origin access for browsers (SPEC §4), decided here so that both adapters send the same bytes. Off unless
 * the host passes the `cors` option. An allowed origin gets `Access-Control-Allow-Origin` (and the exposed
 * headers) on every answer, and preflight requests (`OPTIONS` with `Access-Control-Request-Method`) get 204
 * with the route's methods. A disallowed origin gets no CORS headers, so the browser keeps the answer from the
 * page.
 */
import { type CorsConfig, normalizeOrigin } from '../config.js';
import { EXPOSED_HEADERS, withHeaders } from './respond.js';
import type { CoreRequest, CoreResponse } from './types.js';

/** Request headers every preflight allows: what the API reads. */
const ALLOWED_HEADERS = [
  'Authorization',
  'Content-Type',
  'If-Match',
  'If-None-Match',
  'Calendar-Min-Data-Version',
];
/** Within reason: other requested header names are allowed too (the API ignores them), up to this many. */
const MAX_REQUESTED_HEADERS = 20;
const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,64}$/;

function header(request: CoreRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The `Access-Control-Allow-Origin` value for this request, or undefined when the origin is not allowed. */
function allowedOrigin(cors: CorsConfig, origin: string | undefined): string | undefined {
  if (cors.origins === '*') {
    if (!cors.credentials) return '*';
    return origin !== undefined && normalizeOrigin(origin) === origin ? origin : undefined;
  }
  return origin !== undefined && cors.origins.has(origin) ? origin : undefined;
}

/** Whether the answer depends on `Origin` (then caches must keep one answer per origin). */
function variesByOrigin(cors: CorsConfig): boolean {
  return cors.origins !== '*' || cors.credentials;
}

/** A browser's preflight: `OPTIONS` with `Origin` and `Access-Control-Request-Method`. */
export function isPreflight(request: CoreRequest): boolean {
  return (
    request.method.toUpperCase() === 'OPTIONS' &&
    header(request, 'origin') !== undefined &&
    header(request, 'access-control-request-method') !== undefined
  );
}

/** The requested header names to allow: valid tokens not already allowed, lower case, at most a few. */
function requestedHeaders(request: CoreRequest): string[] {
  const requested = header(request, 'access-control-request-headers');
  if (!requested) return [];
  const known = new Set(ALLOWED_HEADERS.map((name) => name.toLowerCase()));
  const extra: string[] = [];
  for (const raw of requested.split(',')) {
    const name = raw.trim().toLowerCase();
    if (!HEADER_NAME.test(name) || known.has(name)) continue;
    known.add(name);
    extra.push(name);
    if (extra.length === MAX_REQUESTED_HEADERS) break;
  }
  return extra;
}

/**
 * The answer to a preflight for a route with these methods, or undefined when this is no preflight from an
 * allowed origin (then the `OPTIONS` request is answered as any other: 200 with the route's description).
 */
export function preflightResponse(
  cors: CorsConfig | undefined,
  request: CoreRequest,
  methods: readonly string[],
): CoreResponse | undefined {
  if (!cors || !isPreflight(request) || !allowedOrigin(cors, header(request, 'origin'))) return undefined;
  const headers: Record<string, string> = {
    Allow: methods.join(', '),
    'Access-Control-Allow-Methods': methods.join(', '),
    'Access-Control-Allow-Headers': [...ALLOWED_HEADERS, ...requestedHeaders(request)].join(', '),
    'Access-Control-Max-Age': String(cors.maxAge),
  };
  return { status: 204, headers, body: undefined };
}

/**
 * Adds the CORS headers of an allowed origin to any answer (a copy: cached answers are shared between
 * origins). `Vary: Origin` goes on every answer when the allowed origin is echoed, so that a shared cache
 * never hands one origin's answer to another.
 */
export function withCorsHeaders(
  cors: CorsConfig | undefined,
  request: CoreRequest,
  response: CoreResponse,
): CoreResponse {
  if (!cors) return response;
  const headers = { ...response.headers };
  const origin = allowedOrigin(cors, header(request, 'origin'));
  if (origin !== undefined) {
    headers['Access-Control-Allow-Origin'] = origin;
    if (cors.credentials) headers['Access-Control-Allow-Credentials'] = 'true';
    if (!isPreflight(request)) headers['Access-Control-Expose-Headers'] = EXPOSED_HEADERS;
  }
  const vary = [
    ...(variesByOrigin(cors) ? ['Origin'] : []),
    ...(origin !== undefined && isPreflight(request) ? ['Access-Control-Request-Headers'] : []),
  ];
  if (vary.length > 0) {
    const existing = headers.Vary ? headers.Vary.split(',').map((v) => v.trim()) : [];
    const lower = new Set(existing.map((v) => v.toLowerCase()));
    headers.Vary = [...existing, ...vary.filter((v) => !lower.has(v.toLowerCase()))].join(', ');
  }
  return withHeaders(response, headers);
}
