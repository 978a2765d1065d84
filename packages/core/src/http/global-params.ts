/**
 * WordPress's global parameters that reshape any answer (ref §9.2): `_fields` keeps only the named fields,
 * `_envelope` wraps the answer in `{body, status, headers}` with status 200 for clients that cannot read
 * statuses or headers. (`_jsonp` is not served: executable responses are a cross-site risk.)
 */

import type { CorsConfig } from '../config.js';
import type { ParamValue } from '../route-table/params.js';
import { toList } from '../route-table/params.js';
import { withCorsHeaders } from './cors.js';
import { textOf } from './respond.js';
import type { CoreRequest, CoreResponse } from './types.js';

type FieldTree = { [name: string]: FieldTree | true };

/** `id,title,venue.city` as the tree `{id: true, title: true, venue: {city: true}}` (WordPress's rules). */
function fieldTree(fields: string[]): FieldTree {
  // Without prototypes: `_fields=__proto__.status` names a field nobody has, not `Object.prototype.status`.
  const tree: FieldTree = Object.create(null);
  for (const field of fields) {
    const parts = field.split('.');
    let node = tree;
    let covered = false;
    while (parts.length > 1) {
      const next = parts.shift()!;
      const child = node[next];
      // A parent already kept whole keeps all of its sub-fields.
      if (child === true) {
        covered = true;
        break;
      }
      node[next] = child ?? Object.create(null);
      node = node[next] as FieldTree;
    }
    if (!covered) node[parts[0]!] = true;
  }
  return tree;
}

function pick(value: unknown, tree: FieldTree): unknown {
  // Lists are filtered item by item (WordPress would empty a nested list; keeping its items is what a
  // client asking for `events.id` means).
  if (Array.isArray(value)) return value.map((item) => pick(item, tree));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    const wanted = tree[key];
    if (wanted === undefined) continue;
    out[key] = wanted === true ? child : pick(child, wanted);
  }
  return out;
}

/** The body limited to `_fields`; the body itself when `_fields` is absent or empty. */
export function limitToFields(body: unknown, fieldsParam: ParamValue | undefined): unknown {
  if (fieldsParam === undefined) return body;
  const fields = toList(fieldsParam).filter((field): field is string => typeof field === 'string');
  if (fields.length === 0) return body;
  return pick(body, fieldTree(fields));
}

/** A header of an answer whatever the case of its name (core writes `Content-Type`, a host may not). */
function headerOf(headers: Record<string, string>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === wanted) return value;
  return undefined;
}

/**
 * What `_envelope` carries as `body`, read from the answer's own headers (which the envelope carries too): a
 * JSON answer as its value, a text answer (`text/*`: the iCalendar feeds) as its text, any other body (bytes
 * of another media type, or a body already content-coded) as the base64 of its bytes; no body as `null`
 * (a 304, a HEAD).
 */
function envelopeBody(response: CoreResponse): unknown {
  const { body } = response;
  if (body === undefined || body.length === 0) return null;
  const type = (headerOf(response.headers, 'Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  const coded = (headerOf(response.headers, 'Content-Encoding') ?? 'identity').toLowerCase() !== 'identity';
  if (!coded && (type === 'application/json' || type.endsWith('+json'))) return JSON.parse(textOf(response)!);
  if (!coded && type.startsWith('text/')) return textOf(response);
  const bytes =
    typeof body === 'string' ? Buffer.from(body) : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  return bytes.toString('base64');
}

/**
 * `_envelope`: the answer as `{body, status, headers}` inside a 200 JSON answer (WordPress's
 * `envelope_response`), whatever the route answers (`envelopeBody` says how a non-JSON body travels); its own
 * headers travel in the body only.
 */
export function envelope(response: CoreResponse): CoreResponse {
  const { 'Content-Length': _length, ...headers } = response.headers;
  const text = JSON.stringify({ body: envelopeBody(response), status: response.status, headers });
  return {
    status: 200,
    headers: {
      'Content-Type': 'application/json; charset=UTF-8',
      'X-Content-Type-Options': 'nosniff',
      // What it holds depends on the request's validators (an enveloped 304 holds no body), which no cache
      // keys on: a stored one could answer another client's request.
      'Cache-Control': 'no-store',
      'Content-Length': String(Buffer.byteLength(text)),
    },
    body: text,
  };
}

/** `?_envelope` (any value, even empty) asks for the enveloped answer (ref §9.2). */
function wantsEnvelope(url: string): boolean {
  return url.includes('_envelope') && new URL(url, 'http://placeholder').searchParams.has('_envelope');
}

/**
 * An answer as the request asked for it: enveloped for `?_envelope`, and with the CORS headers of an allowed
 * origin (SPEC §4), errors and refusals included.
 */
export function asRequested(
  cors: CorsConfig | undefined,
  request: CoreRequest,
  response: CoreResponse,
): CoreResponse {
  if (!wantsEnvelope(request.url)) return withCorsHeaders(cors, request, response);
  const enveloped = envelope(response);
  // HEAD: the envelope's headers, no body (the dispatcher gave none to wrap either).
  if (request.method.toUpperCase() === 'HEAD') enveloped.body = undefined;
  return withCorsHeaders(cors, request, enveloped);
}
