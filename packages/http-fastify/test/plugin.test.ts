import type { AddressInfo } from 'node:net';
import {
  type CalendarCore,
  createCalendarCore,
  createSqliteDatabase,
  createUser,
} from '@calendar-events/core';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarPlugin } from '../src/index.js';
import { createEchoCore, type EchoedRequest, send } from './support.js';

async function start(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

describe('calendarPlugin', () => {
  const echo = createEchoCore();
  const app = Fastify();
  let url: string;

  beforeAll(async () => {
    // An existing app with its own routes, registering both addresses under /api.
    app.get('/', async () => 'hello');
    app.post('/api/echo', async (request) => ({ received: request.body }));
    await app.register(calendarPlugin, { prefix: '/api', core: echo });
    await app.register(calendarPlugin, { prefix: '/api', core: echo, language: 'de' });
    await app.register(
      async (outer) => {
        await outer.register(calendarPlugin, { prefix: '/inner', core: echo });
      },
      { prefix: '/outer' },
    );
    url = await start(app);
  });

  afterAll(() => app.close());

  const echoed = async (path: string, init?: Parameters<typeof send>[1]): Promise<EchoedRequest> => {
    const res = await send(`${url}${path}`, init);
    expect(res.status, res.text).toBe(200);
    return JSON.parse(res.text) as EchoedRequest;
  };

  it('hands core the URL as received, the prefix as mount path and no language on the default address', async () => {
    expect(await echoed('/api/calendar/events/v1/events?page=2&tags[]=a')).toMatchObject({
      method: 'GET',
      url: '/api/calendar/events/v1/events?page=2&tags[]=a',
      mountPath: '/api',
      language: null,
      encrypted: false,
      body: { kind: 'raw', text: '' },
    });
  });

  it('serves the second address with its language, and the bare namespace with and without a slash', async () => {
    expect(await echoed('/api/de/calendar/events/v1/')).toMatchObject({ mountPath: '/api', language: 'de' });
    expect(await echoed('/api/calendar/events/v1')).toMatchObject({
      url: '/api/calendar/events/v1',
      language: null,
    });
  });

  it('reports the full prefix when registered inside another prefixed plugin', async () => {
    expect(await echoed('/outer/inner/calendar/events/v1/venues')).toMatchObject({
      mountPath: '/outer/inner',
    });
  });

  it("leaves the host's routes, parsers and 404 as Fastify's defaults", async () => {
    expect((await send(`${url}/`)).text).toBe('hello');
    const posted = await send(`${url}/api/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":1}',
    });
    expect(JSON.parse(posted.text)).toEqual({ received: { a: 1 } });
    const form = await send(`${url}/api/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=1',
    });
    expect(form.status).toBe(415);
    for (const path of ['/api/Calendar/events/v1', '/api/calendar/events/v1x', '/api/calendar/events']) {
      const res = await send(`${url}${path}`);
      expect(res.status, path).toBe(404);
      expect(JSON.parse(res.text), path).toMatchObject({ error: 'Not Found', statusCode: 404 });
    }
  });

  it('passes every method, HEAD and OPTIONS included, to core', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
      expect((await echoed('/api/calendar/events/v1/events/1', { method })).method).toBe(method);
    }
    const head = await send(`${url}/api/calendar/events/v1`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
  });

  it('streams every body to core unparsed, whatever its media type, even on GET', async () => {
    const cases: [string, string, string][] = [
      ['POST', 'application/json', '{"title":"Jazz"}'],
      ['PUT', 'application/x-www-form-urlencoded', 'venue[venue]=Hall&venue[city]=K%C3%B6ln'],
      ['POST', 'text/plain', 'hi'],
      ['POST', 'not a media type', 'x'],
      // Fastify itself rejects this one (no `/`) with its own 415; the plugin lets core answer instead.
      ['PATCH', 'text', 'x'],
      ['DELETE', 'application/json', '{"force":true}'],
      ['GET', 'application/json', '{"page":2}'],
    ];
    for (const [method, contentType, body] of cases) {
      const request = await echoed('/api/calendar/events/v1/events/1', {
        method,
        headers: { 'content-type': contentType },
        body,
      });
      expect(request.body, `${method} ${contentType}`).toEqual({ kind: 'raw', text: body });
    }
    const untyped = await echoed('/api/calendar/events/v1/events', { method: 'POST', body: 'abc' });
    expect(untyped.body).toEqual({ kind: 'raw', text: 'abc' });
  });

  it("leaves the body limit to core: Fastify's own 1 MiB limit does not apply", async () => {
    const big = 'x'.repeat(3 * 1024 * 1024);
    const request = await echoed('/api/calendar/events/v1/events', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: big,
    });
    expect(request.body).toEqual({ kind: 'raw', text: big });
  });
});

describe("calendarPlugin: writing core's answer", () => {
  const coreHeaders = {
    'Content-Type': 'application/json; charset=UTF-8',
    'Content-Length': '11',
    ETag: '"abc"',
    Location: 'http://api.test/calendar/events/v1/events/7',
    'X-TEC-Total': '1',
    Link: '<http://api.test/calendar/events/v1/events?page=2>; rel="next"',
  };
  const app = Fastify();
  let url: string;

  beforeAll(async () => {
    const created = createEchoCore({ response: { status: 201, headers: coreHeaders, body: '{"id":7}   ' } });
    const unchanged = createEchoCore({
      response: { status: 304, headers: { ETag: '"abc"' }, body: undefined },
    });
    await app.register(calendarPlugin, { prefix: '/created', core: created });
    await app.register(calendarPlugin, { prefix: '/unchanged', core: unchanged });
    await app.register(calendarPlugin, { prefix: '/failing', core: createEchoCore({ fail: true }) });
    url = await start(app);
  });

  afterAll(() => app.close());

  it('writes status, headers and body exactly', async () => {
    const res = await send(`${url}/created/calendar/events/v1/events`, { method: 'POST', body: '' });
    expect(res.status).toBe(201);
    expect(res.text).toBe('{"id":7}   ');
    const { date, connection, 'keep-alive': keepAlive, ...rest } = res.headers;
    expect(rest).toEqual(
      Object.fromEntries(Object.entries(coreHeaders).map(([k, v]) => [k.toLowerCase(), v])),
    );
  });

  it('writes a bodiless 304', async () => {
    const res = await send(`${url}/unchanged/calendar/events/v1`);
    expect(res.status).toBe(304);
    expect(res.text).toBe('');
    expect(res.headers.etag).toBe('"abc"');
  });

  it('answers 500 with no body of its own if core ever rejects', async () => {
    const res = await send(`${url}/failing/calendar/events/v1`);
    expect(res.status).toBe(500);
    expect(res.text).toBe('');
  });
});

describe('calendarPlugin with the real core', () => {
  let core: CalendarCore;
  const app = Fastify();
  let url: string;

  beforeAll(async () => {
    const database = createSqliteDatabase(':memory:');
    await database.migrate();
    core = createCalendarCore({ database });
    const editor = await createUser(database.kysely, { login: 'session-editor', role: 'editor' });
    await app.register(calendarPlugin, { prefix: '/api', core });
    await app.register(calendarPlugin, { prefix: '/api', core, language: 'de' });
    // A host with its own sessions: its authenticate hook replaces API keys under this prefix.
    await app.register(calendarPlugin, {
      prefix: '/hooked',
      core,
      authenticate: (request) =>
        request.headers['x-session'] === 'editor-session' ? { userId: editor.id, role: 'editor' } : null,
    });
    url = await start(app);
  });

  afterAll(async () => {
    await app.close();
    await core.close();
  });

  it("serves the namespace index with URLs under the prefix, and core's ETag and 304", async () => {
    const res = await fetch(`${url}/api/calendar/events/v1`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`${url}/api/calendar/events/v1`);
    const etag = res.headers.get('etag')!;
    const again = await fetch(`${url}/api/calendar/events/v1`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it("uses the host's authenticate hook instead of API keys", async () => {
    const init = (headers: Record<string, string>) => ({
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ name: `hooked ${Object.keys(headers).length}` }),
    });
    expect((await fetch(`${url}/hooked/calendar/events/v1/tags`, init({}))).status).toBe(401);
    const session = await fetch(
      `${url}/hooked/calendar/events/v1/tags`,
      init({ 'x-session': 'editor-session' }),
    );
    expect(session.status).toBe(201);
  });

  it("answers core's errors for a bad body and an unknown path", async () => {
    const invalid = await send(`${url}/api/calendar/events/v1`, {
      headers: { 'content-type': 'application/json' },
      body: '{bad',
    });
    expect(invalid.status).toBe(400);
    expect(JSON.parse(invalid.text).code).toBe('rest_invalid_json');
    const missing = await fetch(`${url}/api/de/calendar/events/v1/nope`);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { code: string }).code).toBe('rest_no_route');
  });
});
