import type { AddressInfo } from 'node:net';
import { type CalendarCore, connectDatabase, createCalendarCore } from '@calendar-events/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHostApp } from './app.js';

let core: CalendarCore;
let app: FastifyInstance;
let url: string;

beforeAll(async () => {
  const database = await connectDatabase('sqlite::memory:');
  await database.migrate();
  core = createCalendarCore({ database, siteUrl: 'https://example.org' });
  app = await createHostApp(core);
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await app.close();
  await core.close();
});

it("keeps the host app's own routes and Fastify's defaults", async () => {
  expect(await (await fetch(`${url}/`)).text()).toBe('hello');
  expect(await (await fetch(`${url}/api/status`)).json()).toEqual({ status: 'ok' });
  const missing = await fetch(`${url}/api/nothing-here`);
  expect(missing.status).toBe(404);
  expect(await missing.json()).toMatchObject({ error: 'Not Found' });
});

it('serves the API under /api, in both addresses', async () => {
  const index = await fetch(`${url}/api/calendar/events/v1`);
  expect(index.status).toBe(200);
  const body = (await index.json()) as { namespace: string };
  expect(body.namespace).toBe('calendar/events/v1');
  expect(JSON.stringify(body)).toContain(`${url}/api/calendar/events/v1/events`);
  expect((await fetch(`${url}/api/de/calendar/events/v1`)).status).toBe(200);
  const events = await fetch(`${url}/api/calendar/events/v1/events`);
  expect(events.status).toBe(200);
  expect(((await events.json()) as { events: unknown[] }).events).toEqual([]);
});
