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

/**
 * `_envelope`: the answer as `{body, status, headers}` inside a 200 (WordPress's `envelope_response`); its
 * own headers travel in the body only.
 */
export function envelope(response: CoreResponse): CoreResponse {
  const { 'Content-Length': _length, ...headers } = response.headers;
  const body = textOf(response);
  const text = JSON.stringify({
    body: body === undefined || body === '' ? null : JSON.parse(body),
    status: response.status,
    headers,
  });
  return {
    status: 200,
    headers: {
      'Content-Type': 'application/json; charset=UTF-8',
      'X-Content-Type-Options': 'nosniff',
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
  return withCorsHeaders(cors, request, wantsEnvelope(request.url) ? envelope(response) : response);
}
