/**
 * The route module called as Next.js calls it: each method's export with a web `Request` and the route's
 * context (`{ params }`, a promise since Next.js 15). Its types are checked by `tsc` against the shape Next.js
 * checks route exports with (`RouteExports` below), not against the `next` package itself, which this example
 * does not install (about 100 MB with its compiler binaries).
 */
import { mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { createApiKey, createUser } from '@calendar-events/core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as route from './app/api/calendar/events/v1/[[...path]]/route.js';
import { calendarHandler, closeCalendar } from './lib/calendar.js';

/** What Next.js accepts as a route module's method export (its generated route types check the same). */
type RouteContext = { params: Promise<{ path?: string[] }> };
type RouteMethod = (request: Request, context: RouteContext) => Response | Promise<Response>;
type RouteExports = Record<'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS', RouteMethod> & {
  runtime: 'nodejs' | 'edge';
  dynamic: 'auto' | 'force-dynamic' | 'error' | 'force-static';
};
route satisfies RouteExports;

const DATABASE = `${import.meta.dirname}/../test-output/nextjs-route.db`;
const context = (path: string[]): RouteContext => ({ params: Promise.resolve({ path }) });
let key: string;

beforeAll(async () => {
  mkdirSync(dirname(DATABASE), { recursive: true });
  rmSync(DATABASE, { force: true });
  process.env.CALENDAR_DATABASE_URL = `sqlite:${DATABASE}`;
  process.env.SITE_URL = 'https://example.org';
  await calendarHandler();
  // A user with a key, in the same database file the route's core uses.
  const { connectDatabase } = await import('@calendar-events/core');
  const database = await connectDatabase(`sqlite:${DATABASE}`);
  await createUser(database.kysely, { login: 'ada', role: 'editor' });
  key = await createApiKey(database.kysely, 'ada');
  await database.destroy();
});

afterAll(async () => {
  await closeCalendar();
  rmSync(DATABASE, { force: true });
});

it('answers the namespace and a list at /api/calendar/events/v1', async () => {
  const index = await route.GET(new Request('http://localhost:3000/api/calendar/events/v1'), context([]));
  expect(index.status).toBe(200);
  expect(await index.text()).toContain('http://localhost:3000/api/calendar/events/v1/events');
  const list = await route.GET(
    new Request('http://localhost:3000/api/calendar/events/v1/events'),
    context(['events']),
  );
  expect(((await list.json()) as { events: unknown[] }).events).toEqual([]);
});

it('creates an event with a POST and reads it back', async () => {
  const created = await route.POST(
    new Request('http://localhost:3000/api/calendar/events/v1/events', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({
        title: 'Next Night',
        start_date: '2027-06-01 19:00',
        end_date: '2027-06-01 22:00',
      }),
    }),
    context(['events']),
  );
  expect(created.status).toBe(201);
  const location = created.headers.get('location')!;
  const read = await route.GET(new Request(location), context(['events', location.split('/').pop()!]));
  expect(((await read.json()) as { title: string }).title).toBe('Next Night');
});
