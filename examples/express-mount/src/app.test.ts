import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CalendarCore, connectDatabase, createCalendarCore } from '@calendar-events/core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHostApp } from './app.js';

let core: CalendarCore;
let server: Server;
let url: string;

beforeAll(async () => {
  const database = await connectDatabase('sqlite::memory:');
  await database.migrate();
  core = createCalendarCore({ database, siteUrl: 'https://example.org' });
  server = await new Promise((resolve) => {
    const listening = createHostApp(core).listen(0, '127.0.0.1', () => resolve(listening));
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

it('serves the API under /api, in both addresses', async () => {
  const index = await fetch(`${url}/api/calendar/events/v1`);
  expect(index.status).toBe(200);
  const body = (await index.json()) as { namespace: string; routes: Record<string, unknown> };
  expect(body.namespace).toBe('calendar/events/v1');
  expect(JSON.stringify(body)).toContain(`${url}/api/calendar/events/v1/events`);
  expect((await fetch(`${url}/api/de/calendar/events/v1`)).status).toBe(200);
  const events = await fetch(`${url}/api/calendar/events/v1/events`);
  expect(events.status).toBe(200);
  expect(((await events.json()) as { events: unknown[] }).events).toEqual([]);
});
