/**
 * A fuzzer over the whole route table (issue 15): for every route, with each of its methods and parameters,
 * hostile query strings, form, multipart and JSON bodies and path values (keys naming prototypes at any
 * depth, deep nesting, NUL characters, huge lists, long strings, wrong types, unicode), sent to core
 * directly, anonymously and as an administrator, on SQLite and PostgreSQL. Every answer must be below 500,
 * every error the SPEC §5 envelope, and `Object.prototype` must keep its keys.
 *
 * The seed is fixed so that a failure reproduces; `FUZZ_SEED` and `FUZZ_RUNS` explore further by hand.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CalendarCore, createCalendarCore } from '../core.js';
import { type TestDialect, testDialects } from '../db/test-databases.js';
import { createApiKey, createUser } from '../resources/users/repository.js';
import type { HttpMethod, RouteDefinition } from './route.js';
import type { CoreRequest, CoreResponse } from './types.js';

const SEED = Number(process.env.FUZZ_SEED ?? 1515);
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);

const prototypeKeys = () => Object.getOwnPropertyNames(Object.prototype).sort();

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

interface FuzzRequest {
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

function requestFor(route: RouteDefinition): fc.Arbitrary<FuzzRequest> {
  const names = Object.keys(route.params);
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
  const pairs = fc.array(fc.tuple(key, hostileString), { maxLength: 6 });
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
    fc.constant({ kind: 'none' as const }),
    pairs.map((p) => ({ kind: 'form' as const, pairs: p })),
    pairs.map((p) => ({ kind: 'multipart' as const, pairs: p })),
    fc.array(jsonEntry, { maxLength: 6 }).map((entries) => ({ kind: 'json' as const, entries })),
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

function coreRequest(request: FuzzRequest, key: string): CoreRequest {
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
function problemOf(request: FuzzRequest, response: CoreResponse): string | undefined {
  if (response.status >= 500) return `status ${response.status}: ${response.body}`;
  if (response.status < 400 || request.method === 'HEAD') return undefined;
  let body: { code?: unknown; message?: unknown; data?: { status?: unknown } };
  try {
    body = JSON.parse(response.body ?? '');
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

async function seed(core: CalendarCore, key: string): Promise<void> {
  const send = (method: string, path: string, body: unknown) =>
    core.handle({
      method,
      url: `/calendar/events/v1${path}`,
      mountPath: '',
      headers: { host: 'x', authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: { kind: 'raw', data: JSON.stringify(body) },
    });
  const event = await send('POST', '/events', {
    title: 'Seeded event',
    slug: 'seeded-event',
    start_date: '2026-04-01 10:00',
    end_date: '2026-04-01 11:00',
    venue: { venue: 'Hall' },
    organizer: [{ organizer: 'Org' }],
    categories: ['Music'],
    tags: ['rock'],
  });
  expect(event.status).toBe(201);
  await send('POST', '/events', {
    title: 'Protected',
    start_date: '2026-04-02 10:00',
    end_date: '2026-04-02 11:00',
    password: 'pw',
  });
}

const dialects = await testDialects();

describe.each(dialects.map((dialect) => [dialect.name, dialect] as [string, TestDialect]))(
  'fuzzing every route [%s]',
  (_name, dialect) => {
    let core: CalendarCore;
    let key: string;
    let close: () => Promise<void>;
    let lastError: unknown;

    beforeAll(async () => {
      const opened = await dialect.open();
      close = opened.close;
      await createUser(opened.database.kysely, { login: 'admin', role: 'administrator' });
      key = await createApiKey(opened.database.kysely, 'admin');
      core = createCalendarCore({
        database: opened.database,
        clock: () => new Date('2026-03-10T12:00:00Z'),
        geolocation: true,
        // The cause of a 500 goes into the failure message.
        logger: {
          debug() {},
          info() {},
          warn() {},
          error: (detail) => {
            lastError = detail;
          },
        },
      });
      await seed(core, key);
    });

    afterAll(async () => {
      await close?.();
    });

    it('answers the requests fuzzing found 500s for with 400', async () => {
      const found: Array<[FuzzRequest, string]> = [
        // An object inside a list (`String()` of a prototype-less object threw in the status validator).
        [
          {
            method: 'GET',
            path: '/organizers',
            query: [['status[][phone]', '20']],
            body: { kind: 'none' },
            admin: true,
          },
          'status',
        ],
        [
          {
            method: 'GET',
            path: '/events',
            query: [['include[0][x]', '1']],
            body: { kind: 'none' },
            admin: false,
          },
          'include',
        ],
        // An image id past the 32-bit ids the databases store (PostgreSQL: "out of range for type integer").
        [
          {
            method: 'POST',
            path: '/organizers',
            query: [
              ['organizer', 'O'],
              ['image', '2147483648'],
            ],
            body: { kind: 'none' },
            admin: true,
          },
          'image',
        ],
      ];
      for (const [fuzz, param] of found) {
        const response = await core.handle(coreRequest(fuzz, key));
        expect(response.status, `${fuzz.method} ${fuzz.path}`).toBe(400);
        expect(JSON.parse(response.body!).data.params).toHaveProperty(param);
      }
    });

    it(`answers every hostile request below 500, in the envelope, leaving Object.prototype alone (${RUNS} runs, seed ${SEED})`, async () => {
      const before = prototypeKeys();
      const request = fc.oneof(...core.routes.map(requestFor));
      let sent = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(request, { minLength: 1, maxLength: 4 }), async (requests) => {
          for (const fuzz of requests) {
            sent++;
            const response = await core.handle(coreRequest(fuzz, key));
            const problem = problemOf(fuzz, response);
            if (problem) {
              const cause = (lastError as { err?: Error } | undefined)?.err?.stack ?? '';
              throw new Error(`${fuzz.method} ${coreRequest(fuzz, key).url}: ${problem}\n${cause}`);
            }
            expect(prototypeKeys()).toEqual(before);
          }
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
      console.info(`fuzz [${dialect.name}]: ${RUNS} runs, ${sent} requests, 0 answers of 500 or more`);
    }, 120_000);
  },
);
