/**
 * The fetch handler with Node's own `Request` and `Response` (no HTTP server), over a real core on SQLite: links
 * under the mount path, a write, the body limit counted while the stream is read, the live stream as a
 * `ReadableStream` that the client's going away ends, and a Hono app mounting it. The HTTP contract suites run
 * through it too (the tests package's `fetch-sqlite` and `fetch-postgres` bindings).
 */
import { type CalendarCore, createApiKey, createCalendarCore, createUser } from '@calendar-events/core';
import { createSqliteDatabase } from '@calendar-events/core/sqlite';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFetchHandler, type FetchHandler } from '../src/index.js';

const API = 'https://calendar.example/api/calendar/events/v1';

describe('createFetchHandler', () => {
  let core: CalendarCore;
  let handle: FetchHandler;
  let key: string;

  beforeAll(async () => {
    const database = createSqliteDatabase(':memory:');
    await database.migrate();
    await createUser(database.kysely, { login: 'ada', role: 'editor' });
    key = await createApiKey(database.kysely, 'ada');
    core = createCalendarCore({ database, bodyLimit: 1000, siteUrl: 'https://calendar.example' });
    handle = createFetchHandler({ core, mountPath: '/api' });
  });

  afterAll(() => core.close());

  const write = (body: string | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
    handle(
      new Request(`${API}/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, ...headers },
        body,
        // A stream body needs it (Node's fetch: RequestInit.duplex).
        duplex: 'half',
      } as RequestInit),
    );

  it('answers a list with links under the mount path, on the scheme and host of the URL', async () => {
    const response = await handle(new Request(`${API}/events?per_page=5`));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('etag')).toMatch(/^"/);
    const list = (await response.json()) as { events: unknown[]; rest_url: string };
    expect(list.events).toEqual([]);
    expect(list.rest_url).toMatch(/^https:\/\/calendar\.example\/api\/calendar\/events\/v1\/events\//);
  });

  it('writes with an API key, and reads the event back', async () => {
    const created = await write(
      JSON.stringify({ title: 'Jazz Night', start_date: '2027-07-04 19:30', end_date: '2027-07-04 23:00' }),
    );
    expect(created.status, await created.clone().text()).toBe(201);
    const location = created.headers.get('location')!;
    expect(location).toMatch(/^https:\/\/calendar\.example\/api\/calendar\/events\/v1\/events\/\d+$/);
    const read = await handle(new Request(location));
    expect(((await read.json()) as { title: string }).title).toBe('Jazz Night');
  });

  it("refuses a streamed body over core's bodyLimit with 413 rest_request_too_large, changing nothing", async () => {
    const before = ((await (await handle(new Request(`${API}/events`))).json()) as { total: number }).total;
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        // 10 chunks of 200 bytes, with no Content-Length: only counting while reading can tell.
        if (pulled++ === 10) return controller.close();
        controller.enqueue(new TextEncoder().encode(' '.repeat(200)));
      },
    });
    const refused = await write(stream);
    expect(refused.status).toBe(413);
    expect(((await refused.json()) as { code: string }).code).toBe('rest_request_too_large');
    const after = ((await (await handle(new Request(`${API}/events`))).json()) as { total: number }).total;
    expect(after).toBe(before);
  });

  it('answers 404 rest_no_route outside its address, and HEAD without a body', async () => {
    const outside = await handle(new Request('https://calendar.example/elsewhere'));
    expect(outside.status).toBe(404);
    expect(((await outside.json()) as { code: string }).code).toBe('rest_no_route');
    const head = await handle(new Request(`${API}/events`, { method: 'HEAD' }));
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('streams the live changes as they come, and ends the stream when the client goes away', async () => {
    const client = new AbortController();
    const response = await handle(
      new Request(`${API}/changes/stream`, {
        headers: { accept: 'text/event-stream', authorization: `Bearer ${key}` },
        signal: client.signal,
      }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const readUntil = async (pattern: RegExp) => {
      while (!pattern.test(text)) {
        const { done, value } = await reader.read();
        if (done) throw new Error(`stream ended before ${pattern}: ${text}`);
        text += decoder.decode(value, { stream: true });
      }
    };
    await readUntil(/event: position/);
    expect(core.changeStreams.open).toBe(1);
    // A write after the stream opened arrives on it.
    expect(
      (
        await write(
          JSON.stringify({ title: 'Live', start_date: '2027-08-01 10:00', end_date: '2027-08-01 11:00' }),
        )
      ).status,
    ).toBe(201);
    await readUntil(/"action":"created"/);
    client.abort();
    for (let waited = 0; core.changeStreams.open > 0 && waited < 5000; waited += 20)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(core.changeStreams.open).toBe(0);
    await expect(reader.read()).resolves.toMatchObject({ done: true });
  });

  it('mounts in a Hono app beside its own routes', async () => {
    const app = new Hono();
    app.get('/', (c) => c.text('my own app'));
    const calendar = createFetchHandler({ core, mountPath: '/api' });
    app.all('/api/calendar/events/v1', (c) => calendar(c.req.raw));
    app.all('/api/calendar/events/v1/*', (c) => calendar(c.req.raw));
    expect(await (await app.request('/')).text()).toBe('my own app');
    const list = await app.request('http://calendar.example/api/calendar/events/v1/events');
    expect(list.status).toBe(200);
    const { events, rest_url } = (await list.json()) as { events: { title: string }[]; rest_url: string };
    expect(events.map((event) => event.title)).toContain('Jazz Night');
    expect(rest_url).toMatch(/^http:\/\/calendar\.example\/api\/calendar\/events\/v1\/events\//);
  });
});
