/**
 * A fuzzer over the whole route table: for every route, with each of its methods and parameters,
 * hostile query strings, form, multipart and JSON bodies and path values (keys naming prototypes at any
 * depth, deep nesting, NUL characters, huge lists, long strings, wrong types, unicode), sent to core
 * directly, anonymously and as an administrator, on SQLite and PostgreSQL. Every answer must be below 500,
 * every error the SPEC §5 envelope, and `Object.prototype` must keep its keys.
 *
 * The seed is fixed so that a failure reproduces; `FUZZ_SEED` and `FUZZ_RUNS` explore further by hand.
 * The test run sends 150 random requests per database; `LONG_TESTS=1` sends 500, as before a release.
 */

import {
  type CalendarCore,
  createApiKey,
  createCalendarCore,
  createUser,
  textOf,
} from '@calendar-events/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDialect, testDialects } from '../databases.js';
import { coreRequest, type FuzzRequest, problemOf, requestFor } from './fuzz-requests.js';

const SEED = Number(process.env.FUZZ_SEED ?? 1515);
const RUNS = Number(process.env.FUZZ_RUNS ?? (process.env.LONG_TESTS ? 500 : 150));

const prototypeKeys = () => Object.getOwnPropertyNames(Object.prototype).sort();

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

    it('answers 400 naming the parameter to an object inside a list and to an id past 32 bits', async () => {
      const found: Array<[FuzzRequest, string]> = [
        // An object inside a list (`String()` of a prototype-less object throws: no validator may call it).
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
        expect(JSON.parse(textOf(response)!).data.params).toHaveProperty(param);
      }
    });

    it(`answers every hostile request below 500, in the envelope, leaving Object.prototype alone (${RUNS} runs, seed ${SEED})`, async () => {
      const before = prototypeKeys();
      const request = fc.oneof(...core.routes.map(requestFor));
      let sent = 0;
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(fc.array(request, { minLength: 1, maxLength: 4 }), async (requests) => {
          for (const fuzz of requests) {
            sent++;
            const response = await core.handle(coreRequest(fuzz, key));
            statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
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
      const counts = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`);
      console.info(
        `fuzz [${dialect.name}]: ${RUNS} runs, ${sent} requests (${counts.join(', ')}), none 500 or more`,
      );
    }, 120_000);
  },
);
