import type { AddressInfo } from 'node:net';
import {
  type CalendarCore,
  connectDatabase,
  createApiKey,
  createCalendarCore,
  createUser,
} from '@calendar-events/core';
import { type ServerType, serve } from '@hono/node-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHostApp } from './app.js';

let core: CalendarCore;
let key: string;
let server: ServerType;
let url: string;

beforeAll(async () => {
  const database = await connectDatabase('sqlite::memory:');
  await database.migrate();
  await createUser(database.kysely, { login: 'ada', role: 'editor' });
  key = await createApiKey(database.kysely, 'ada');
  core = createCalendarCore({ database, siteUrl: 'https://example.org' });
  server = await new Promise((resolve) => {
    const listening = serve({ fetch: createHostApp(core).fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(listening),
    );
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await core.close();
});

it("keeps the host app's own routes", async () => {
  expect(await (await fetch(`${url}/`)).text()).toBe('hello');
  expect(await (await fetch(`${url}/api/status`)).json()).toEqual({ status: 'ok' });
});

it('serves the API under /api, in both addresses, writes included', async () => {
  const index = await fetch(`${url}/api/calendar/events/v1`);
  expect(index.status).toBe(200);
  expect(await index.text()).toContain(`${url}/api/calendar/events/v1/events`);
  expect((await fetch(`${url}/api/de/calendar/events/v1`)).status).toBe(200);
  const created = await fetch(`${url}/api/calendar/events/v1/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({
      title: 'Hono Night',
      start_date: '2027-05-01 20:00',
      end_date: '2027-05-01 23:00',
    }),
  });
  expect(created.status).toBe(201);
  expect(created.headers.get('location')).toMatch(new RegExp(`^${url}/api/calendar/events/v1/events/\\d+$`));
  const list = (await (await fetch(`${url}/api/calendar/events/v1/events`)).json()) as {
    events: { title: string }[];
  };
  expect(list.events.map((event) => event.title)).toEqual(['Hono Night']);
});

it("answers core's 404 under the namespace and Hono's own elsewhere", async () => {
  const missing = await fetch(`${url}/api/calendar/events/v1/nope`);
  expect(missing.status).toBe(404);
  expect(((await missing.json()) as { code: string }).code).toBe('rest_no_route');
  expect((await fetch(`${url}/elsewhere`)).status).toBe(404);
});
