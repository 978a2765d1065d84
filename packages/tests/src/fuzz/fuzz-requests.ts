/**
 * Test support for the fuzzer (fuzz.test.ts): requests to any route of the route table with hostile query
 * strings, form, multipart and JSON bodies and path values, as `core.handle` takes them, and the check of
 * an answer against SPEC §5.
 */

import { type CoreRequest, type CoreResponse, type RouteDefinition, textOf } from '@calendar-events/core';
import type { HttpMethod, ParamSpec } from '@calendar-events/core/internal';
import fc from 'fast-check';

/**
 * A JSON value written by hand, so that keys such as `__proto__` stay the keys of the text; `deep` is a value
 * nested that many levels (kept flat here, so that fast-check can print it).
 */
type Json =
  | string
  | number
  | boolean
  | null
  | Json[]
  | { entries: Array<[string, Json]> }
  | { deep: number; lists: boolean };

function jsonText(value: Json): string {
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    if ('deep' in value)
      return value.lists
        ? `${'['.repeat(value.deep)}1${']'.repeat(value.deep)}`
        : `${'{"a":'.repeat(value.deep)}1${'}'.repeat(value.deep)}`;
    return `{${value.entries.map(([k, v]) => `${JSON.stringify(k)}:${jsonText(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const PROTOTYPE_WORDS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];

const GLOBAL_PARAMS = ['_fields', '_envelope', '_method', 'multilang_language', 'password', 'context'];

/** Strings a client should never be able to hurt the service with. */
const hostileString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1',
    '2',
    '3',
    'true',
    'false',
    'null',
    '99999999999999999999',
    '2147483648',
    '1e309',
    'NaN',
    '\u0000',
    'a\u0000b',
    '%00',
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    'javascript:alert(1)',
    '2026-04-01 10:00',
    '0000-00-00',
    '@-99999999999',
    'publish,draft,trash',
    'Europe/Berlin',
    // Plausible values, so that requests also get past validation: seeded records, words the API knows.
    'edit',
    'view',
    'de',
    'pw',
    'Hall',
    'Music',
    'rock',
    'seeded-event',
    'id,title,venue.city',
    'https://cdn.example.com/a.png',
    'a@b.example',
    '\uD800',
    '𝒜𝒷𝒸 ü é 中文 🎉',
    "' or 1=1 --",
    '%',
    '_',
    '\\',
    ...PROTOTYPE_WORDS,
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.integer({ min: 1, max: 20 }).map(String),
  // Long texts and long lists: words, ids, and comma-separated ids past every limit.
  fc.integer({ min: 1, max: 3 }).map((n) => 'x'.repeat(400 * n ** 3)),
  fc.integer({ min: 2, max: 700 }).map((n) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ')),
  fc.integer({ min: 10, max: 3000 }).map((n) => Array.from({ length: n }, (_, i) => i + 1).join(',')),
);

const jsonValue: fc.Arbitrary<Json> = fc.letrec<{ value: Json }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc
      .array(
        fc.tuple(fc.oneof(fc.constantFrom(...PROTOTYPE_WORDS), fc.string({ maxLength: 8 })), tie('value')),
        {
          maxLength: 4,
        },
      )
      .map((entries) => ({ entries })),
  ),
})).value;

/** JSON nested `levels` deep, in lists or objects. */
const deepJson = fc
  .tuple(fc.integer({ min: 8, max: 5000 }), fc.boolean())
  .map(([deep, lists]): Json => ({ deep, lists }));

export interface FuzzRequest {
  method: string;
  path: string;
  query: Array<[string, string]>;
  body:
    | { kind: 'none' }
    | { kind: 'form' | 'multipart'; pairs: Array<[string, string]> }
    | { kind: 'json'; entries: Array<[string, Json]> }
    | { kind: 'text'; text: string; type: string };
  admin: boolean;
}

/** A value a parameter of this kind could well take, so that many requests pass validation and write. */
function plausibleValue(name: string, spec: ParamSpec): fc.Arbitrary<string> {
  if (name.endsWith('_date') || name === 'date')
    return fc.constantFrom('2026-04-01 10:00', 'tomorrow 8pm', '2026-04-01');
  switch (spec.kind) {
    case 'integer':
      return fc.integer({ min: 0, max: 8 }).map(String);
    case 'number':
      return fc.constantFrom('1.5', '52.5', '-13');
    case 'boolean':
      return fc.constantFrom('true', 'false', '1', '0');
    case 'list':
      return spec.itemEnum
        ? fc.constantFrom(...spec.itemEnum)
        : fc.constantFrom('1', '1,2', 'music', 'rock,3');
    default:
      return spec.enum
        ? fc.constantFrom(...spec.enum)
        : fc.oneof(
            fc.constantFrom('Hall', 'Music', 'rock', 'pw', '$10 - $20', '1', ''),
            fc.string({ maxLength: 12 }),
          );
  }
}

/** The route's parameters with plausible values, one in five hostile. */
function plausiblePairs(route: RouteDefinition): fc.Arbitrary<Array<[string, string]>> {
  const entries = Object.entries(route.params).map(([name, spec]) =>
    fc.tuple(
      fc.constant(name),
      fc.oneof(
        { weight: 12, arbitrary: plausibleValue(name, spec) },
        { weight: 1, arbitrary: hostileString },
      ),
    ),
  );
  return entries.length === 0 ? fc.constant([]) : fc.subarray(entries).chain((chosen) => fc.tuple(...chosen));
}

export function requestFor(route: RouteDefinition): fc.Arbitrary<FuzzRequest> {
  // The route's own parameters, and the global ones every route reads (ref §9.2, SPEC §3).
  const names = [...Object.keys(route.params), ...GLOBAL_PARAMS];
  const name =
    names.length > 0
      ? fc.oneof(fc.constantFrom(...names), fc.constantFrom(...PROTOTYPE_WORDS))
      : fc.constantFrom(...PROTOTYPE_WORDS);
  const segment = fc.oneof(
    fc.constant(''),
    fc.constantFrom(...PROTOTYPE_WORDS),
    fc.constantFrom(...names, '0', '1', 'id', 'venue', 'organizer'),
    fc.string({ maxLength: 5 }),
  );
  const key = fc.oneof(
    { weight: 4, arbitrary: name },
    {
      weight: 2,
      arbitrary: fc
        .tuple(name, fc.array(segment, { minLength: 1, maxLength: 4 }))
        .map(([n, s]) => `${n}${s.map((p) => `[${p}]`).join('')}`),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(name, fc.integer({ min: 9, max: 5000 })).map(([n, d]) => `${n}${'[a]'.repeat(d)}`),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  );
  const pairs = fc.oneof(
    { weight: 2, arbitrary: fc.array(fc.tuple(key, hostileString), { maxLength: 6 }) },
    { weight: 3, arbitrary: plausiblePairs(route) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(plausiblePairs(route), fc.array(fc.tuple(key, hostileString), { maxLength: 2 }))
        .map(([a, b]) => [...a, ...b]),
    },
  );
  const pathValue = (placeholder: string) =>
    placeholder === '{id}'
      ? fc.oneof(
          fc.integer({ min: 1, max: 6 }).map(String),
          fc.constantFrom('0', '2147483648', '99999999999999999999', '007'),
        )
      : fc.oneof(
          fc.constantFrom('seeded-event', 'hall', 'org', 'a%00b', '%E2%80%AE', '..', '%25'),
          fc.string({ maxLength: 12 }).map(encodeURIComponent),
        );
  const placeholders = route.path.match(/\{\w+\}/g) ?? [];
  const path = fc.tuple(...placeholders.map(pathValue)).map((values) => {
    let filled = route.path;
    for (const [i, placeholder] of placeholders.entries())
      filled = filled.replace(placeholder, values[i] ?? '');
    return filled;
  });
  const jsonEntry = fc.tuple(
    name,
    fc.oneof({ weight: 6, arbitrary: jsonValue }, { weight: 1, arbitrary: deepJson }),
  );
  const body = fc.oneof(
    { weight: 3, arbitrary: fc.constant({ kind: 'none' as const }) },
    pairs.map((p) => ({ kind: 'form' as const, pairs: p })),
    pairs.map((p) => ({ kind: 'multipart' as const, pairs: p })),
    fc.array(jsonEntry, { maxLength: 6 }).map((entries) => ({ kind: 'json' as const, entries })),
    plausiblePairs(route).map((entries) => ({
      kind: 'json' as const,
      entries: entries as Array<[string, Json]>,
    })),
    fc
      .tuple(
        fc.string({ maxLength: 30 }),
        fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'),
      )
      .map(([text, type]) => ({ kind: 'text' as const, text, type })),
  );
  const methods: HttpMethod[] = [...route.methods];
  return fc.record({
    method: fc.oneof(
      { weight: 9, arbitrary: fc.constantFrom(...methods) },
      { weight: 1, arbitrary: fc.constantFrom('HEAD', 'OPTIONS', 'TRACE') },
    ),
    path,
    query: pairs,
    body,
    admin: fc.boolean(),
  });
}

export function coreRequest(request: FuzzRequest, key: string): CoreRequest {
  const query = new URLSearchParams(request.query).toString();
  const headers: Record<string, string> = { host: 'x' };
  if (request.admin) headers.authorization = `Bearer ${key}`;
  let data: string | undefined;
  const { body } = request;
  if (body.kind === 'form') {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    data = new URLSearchParams(body.pairs).toString();
  } else if (body.kind === 'multipart') {
    headers['content-type'] = 'multipart/form-data; boundary=fuzz';
    data = `${body.pairs.map(([k, v]) => `--fuzz\r\nContent-Disposition: form-data; name="${k.replace(/["\r\n]/g, '')}"\r\n\r\n${v}\r\n`).join('')}--fuzz--\r\n`;
  } else if (body.kind === 'json') {
    headers['content-type'] = 'application/json';
    data = jsonText({ entries: body.entries });
  } else if (body.kind === 'text') {
    headers['content-type'] = body.type;
    data = body.text;
  }
  return {
    method: request.method,
    url: `/calendar/events/v1${request.path}${query ? `?${query}` : ''}`,
    mountPath: '',
    headers,
    ...(data !== undefined ? { body: { kind: 'raw' as const, data } } : {}),
  };
}

/** Why an answer breaks the contract, or undefined. */
export function problemOf(request: FuzzRequest, response: CoreResponse): string | undefined {
  if (response.status >= 500) return `status ${response.status}: ${response.body}`;
  if (response.status < 400 || request.method === 'HEAD') return undefined;
  let body: { code?: unknown; message?: unknown; data?: { status?: unknown } };
  try {
    body = JSON.parse(textOf(response) ?? '');
  } catch {
    return `error body is not JSON: ${response.body}`;
  }
  if (
    typeof body.code !== 'string' ||
    typeof body.message !== 'string' ||
    body.data?.status !== response.status
  )
    return `error body is not the envelope: ${response.body}`;
  return undefined;
}
