import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type CalendarCore,
  createCalendarCore,
  createSqliteDatabase,
  createUser,
} from '@calendar-events/core';
import type { Express, Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCalendarRouter } from '../src/index.js';
import { createEchoCore, type EchoedRequest, send } from './support.js';

/** The host-app surface both Express majors share, for the tests. */
interface ExpressModule {
  (): Express;
  Router(): Router;
  json(): unknown;
  text(): unknown;
}

async function start(app: Express): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The adapter's behaviour, run once per Express major (the host app and the router come from the same one). */
export function describeExpressAdapter(label: string, express: ExpressModule): void {
  describe(`createCalendarRouter on ${label}`, () => {
    const echo = createEchoCore();
    let plain: { url: string; close: () => Promise<void> };
    let withParser: { url: string; close: () => Promise<void> };

    beforeAll(async () => {
      // An existing app with its own routes, mounting both addresses at /api.
      const app = express();
      app.disable('x-powered-by');
      app.get('/', (_req, res) => {
        res.send('hello');
      });
      app.get('/api/status', (_req, res) => {
        res.json({ ok: true });
      });
      app.use('/api', createCalendarRouter({ core: echo }));
      app.use('/api', createCalendarRouter({ core: echo, language: 'de' }));
      const outer = express.Router();
      outer.use('/inner', createCalendarRouter({ core: echo }));
      app.use('/outer', outer);
      plain = await start(app);

      // A host that parses JSON bodies itself, and keeps text as text, before the router.
      const parsing = express();
      parsing.use(express.json() as Parameters<Express['use']>[0]);
      parsing.use(express.text() as Parameters<Express['use']>[0]);
      parsing.use(createCalendarRouter({ core: echo }));
      withParser = await start(parsing);
    });

    afterAll(async () => {
      await plain.close();
      await withParser.close();
    });

    const echoed = async (url: string, init?: Parameters<typeof send>[1]): Promise<EchoedRequest> => {
      const res = await send(url, init);
      expect(res.status).toBe(200);
      return JSON.parse(res.text) as EchoedRequest;
    };

    it('hands core the URL as received, the mount path and no language on the default address', async () => {
      const request = await echoed(`${plain.url}/api/calendar/events/v1/events?page=2&tags[]=a`);
      expect(request).toMatchObject({
        method: 'GET',
        url: '/api/calendar/events/v1/events?page=2&tags[]=a',
        mountPath: '/api',
        language: null,
        encrypted: false,
        body: { kind: 'raw', text: '' },
      });
    });

    it('serves the second address with its language, and the bare namespace with a trailing slash', async () => {
      expect(await echoed(`${plain.url}/api/de/calendar/events/v1/`)).toMatchObject({
        url: '/api/de/calendar/events/v1/',
        mountPath: '/api',
        language: 'de',
      });
      expect((await echoed(`${plain.url}/api/calendar/events/v1`)).language).toBeNull();
    });

    it('reports the full mount path when nested in another router', async () => {
      expect(await echoed(`${plain.url}/outer/inner/calendar/events/v1/venues`)).toMatchObject({
        url: '/outer/inner/calendar/events/v1/venues',
        mountPath: '/outer/inner',
      });
    });

    it('leaves every other path to the host app, including other spellings of the namespace', async () => {
      expect((await send(`${plain.url}/`)).text).toBe('hello');
      expect(JSON.parse((await send(`${plain.url}/api/status`)).text)).toEqual({ ok: true });
      for (const path of [
        '/api/Calendar/events/v1',
        '/api/calendar/events/v1x',
        '/api/calendar/events',
        '/calendar/events/v1',
      ]) {
        const res = await send(`${plain.url}${path}`);
        expect(res.status, path).toBe(404);
        expect(res.headers['content-type'], path).toMatch(/^text\/html/);
      }
    });

    it('passes every method, HEAD and OPTIONS included, to core', async () => {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
        expect((await echoed(`${plain.url}/api/calendar/events/v1/events/1`, { method })).method).toBe(
          method,
        );
      }
      const head = await send(`${plain.url}/api/calendar/events/v1`, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.text).toBe('');
    });

    it('streams an unparsed body to core as raw bytes', async () => {
      const body = 'venue[venue]=Hall&venue[city]=K%C3%B6ln';
      const request = await echoed(`${plain.url}/api/calendar/events/v1/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
      expect(request.body).toEqual({ kind: 'raw', text: body });
      expect(request.contentType).toBe('application/x-www-form-urlencoded');
    });

    it("takes the host's parsed body when its parser consumed the stream", async () => {
      const request = await echoed(`${withParser.url}/calendar/events/v1/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"title":"Jazz"}',
      });
      expect(request.body).toEqual({ kind: 'parsed', value: { title: 'Jazz' } });
      expect(request.mountPath).toBe('');
    });

    it("hands core the bytes when the host's parser kept them as text", async () => {
      const request = await echoed(`${withParser.url}/calendar/events/v1/events`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: 'title=Jazz',
      });
      expect(request.body).toEqual({ kind: 'raw', text: 'title=Jazz' });
    });

    it("still streams a body the host's parser skipped (another media type)", async () => {
      const request = await echoed(`${withParser.url}/calendar/events/v1/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'title=Jazz',
      });
      expect(request.body).toEqual({ kind: 'raw', text: 'title=Jazz' });
    });
  });

  describe(`createCalendarRouter on ${label}: writing core's answer`, () => {
    const coreHeaders = {
      'Content-Type': 'application/json; charset=UTF-8',
      'Content-Length': '11',
      ETag: '"abc"',
      Location: 'http://api.test/calendar/events/v1/events/7',
      'X-TEC-Total': '1',
      Link: '<http://api.test/calendar/events/v1/events?page=2>; rel="next"',
    };
    let server: { url: string; close: () => Promise<void> };

    beforeAll(async () => {
      const app = express();
      app.disable('x-powered-by');
      app.use(
        '/created',
        createCalendarRouter({
          core: createEchoCore({ response: { status: 201, headers: coreHeaders, body: '{"id":7}   ' } }),
        }),
      );
      app.use(
        '/unchanged',
        createCalendarRouter({
          core: createEchoCore({ response: { status: 304, headers: { ETag: '"abc"' }, body: undefined } }),
        }),
      );
      app.use('/failing', createCalendarRouter({ core: createEchoCore({ fail: true }) }));
      server = await start(app);
    });

    afterAll(() => server.close());

    it('writes status, headers and body exactly, adding no ETag or content type of its own', async () => {
      const res = await send(`${server.url}/created/calendar/events/v1/events`, { method: 'POST', body: '' });
      expect(res.status).toBe(201);
      expect(res.text).toBe('{"id":7}   ');
      const { date, connection, 'keep-alive': keepAlive, ...rest } = res.headers;
      expect(rest).toEqual(
        Object.fromEntries(Object.entries(coreHeaders).map(([k, v]) => [k.toLowerCase(), v])),
      );
    });

    it('writes a bodiless 304', async () => {
      const res = await send(`${server.url}/unchanged/calendar/events/v1`);
      expect(res.status).toBe(304);
      expect(res.text).toBe('');
      expect(res.headers.etag).toBe('"abc"');
    });

    it('answers 500 with no body of its own if core ever rejects', async () => {
      const res = await send(`${server.url}/failing/calendar/events/v1`);
      expect(res.status).toBe(500);
      expect(res.text).toBe('');
    });
  });

  describe(`createCalendarRouter on ${label} with the real core`, () => {
    let core: CalendarCore;
    let server: { url: string; close: () => Promise<void> };

    beforeAll(async () => {
      const database = createSqliteDatabase(':memory:');
      await database.migrate();
      core = createCalendarCore({ database });
      const editor = await createUser(database.kysely, { login: 'session-editor', role: 'editor' });
      const app = express();
      // A host with its own sessions: its authenticate hook replaces API keys for this mount.
      app.use(
        '/hooked',
        createCalendarRouter({
          core,
          authenticate: (req) =>
            req.headers['x-session'] === 'editor-session' ? { userId: editor.id, role: 'editor' } : null,
        }),
      );
      app.use('/api', createCalendarRouter({ core }));
      app.use('/api', createCalendarRouter({ core, language: 'de' }));
      server = await start(app);
    });

    afterAll(async () => {
      await server.close();
      await core.close();
    });

    it("serves the namespace index with URLs under the mount path, and core's ETag and 304", async () => {
      const res = await fetch(`${server.url}/api/calendar/events/v1`);
      expect(res.status).toBe(200);
      const body = await res.text();
      expect(body).toContain(`${server.url}/api/calendar/events/v1`);
      const etag = res.headers.get('etag')!;
      expect(etag).toMatch(/^"[^"]+"$/);
      const again = await fetch(`${server.url}/api/calendar/events/v1`, {
        headers: { 'if-none-match': etag },
      });
      expect(again.status).toBe(304);
    });

    it("uses the host's authenticate hook instead of API keys", async () => {
      const init = (headers: Record<string, string>) => ({
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ name: `hooked ${Object.keys(headers).length}` }),
      });
      const anonymous = await fetch(`${server.url}/hooked/calendar/events/v1/tags`, init({}));
      expect(anonymous.status).toBe(401);
      const session = await fetch(
        `${server.url}/hooked/calendar/events/v1/tags`,
        init({ 'x-session': 'editor-session' }),
      );
      expect(session.status).toBe(201);
    });

    it("answers core's rest_no_route under the namespace, on both addresses", async () => {
      for (const path of ['/api/calendar/events/v1/nope', '/api/de/calendar/events/v1/nope']) {
        const res = await fetch(`${server.url}${path}`);
        expect(res.status).toBe(404);
        expect(((await res.json()) as { code: string }).code).toBe('rest_no_route');
      }
    });
  });
}
