/**
 * What every adapter (the Express router, the Fastify plugin) must do alike, written once: hand core the
 * request as received (URL, mount path, language, method), write core's answer back exactly, and serve the real
 * core under its mount path with the host's authenticate hook. Each adapter binds it with a `mount` that builds
 * a host app of its framework (`express.test.ts`, `express4.test.ts`, `fastify.test.ts`); what only one
 * framework has (Express's host body parsers, Fastify's parsers and hooks) stays in the adapter's own tests.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { type CalendarCore, createCalendarCore, createUser, type Principal } from '@calendar-events/core';
import { createSqliteDatabase } from '@calendar-events/core/sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEchoCore, type EchoedRequest, send } from './echo-core.js';

/** One mount of the API in the host app. */
export interface ApiMount {
  /** The path it is mounted at (`/api`; `''` for the root). */
  path: string;
  /** A path of the host's own router or plugin that the mount sits in (`/outer`): the mount path is both. */
  within?: string;
  /** The address's language (`de`); the default address when absent. */
  language?: string;
  /** The host's own authentication, from the request headers, instead of API keys. */
  authenticate?: (headers: IncomingHttpHeaders) => Principal | null;
}

export interface MountedApi {
  /** `http://127.0.0.1:PORT` of the host app. */
  url: string;
  close(): Promise<void>;
}

/** Starts a host app of the adapter's framework on 127.0.0.1 with `core` at each of `options.mounts`. */
export type MountApi = (core: CalendarCore, options: { mounts: readonly ApiMount[] }) => Promise<MountedApi>;

/**
 * The cases common to every adapter, for the adapter `name` (the describe blocks' title). `getBodies: false`
 * for a host that drops a GET's body (the Fetch API's `Request` cannot carry one: @hono/node-server, Bun, Deno
 * hand the fetch handler a GET without it); there a bad body is sent with a POST.
 */
export function describeAdapterTranslation(
  name: string,
  mount: MountApi,
  { getBodies = true }: { getBodies?: boolean } = {},
): void {
  describe(name, () => {
    let app: MountedApi;

    beforeAll(async () => {
      // Both addresses at /api, and one mount nested in a router (a plugin) of the host's own.
      app = await mount(createEchoCore(), {
        mounts: [{ path: '/api' }, { path: '/api', language: 'de' }, { path: '/inner', within: '/outer' }],
      });
    });

    afterAll(() => app.close());

    const echoed = async (path: string, init?: Parameters<typeof send>[1]): Promise<EchoedRequest> => {
      const res = await send(`${app.url}${path}`, init);
      expect(res.status, res.text).toBe(200);
      return JSON.parse(res.text) as EchoedRequest;
    };

    it('hands core the URL as received, the mount path and no language on the default address', async () => {
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
      expect(await echoed('/api/de/calendar/events/v1/')).toMatchObject({
        url: '/api/de/calendar/events/v1/',
        mountPath: '/api',
        language: 'de',
      });
      expect(await echoed('/api/calendar/events/v1')).toMatchObject({
        url: '/api/calendar/events/v1',
        language: null,
      });
    });

    it('reports the full mount path when nested in a router or plugin of the host', async () => {
      expect(await echoed('/outer/inner/calendar/events/v1/venues')).toMatchObject({
        url: '/outer/inner/calendar/events/v1/venues',
        mountPath: '/outer/inner',
      });
    });

    it('passes every method, HEAD and OPTIONS included, to core', async () => {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
        expect((await echoed('/api/calendar/events/v1/events/1', { method })).method).toBe(method);
      }
      const head = await send(`${app.url}/api/calendar/events/v1`, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.text).toBe('');
    });
  });

  describe(`${name}: writing core's answer`, () => {
    const coreHeaders = {
      'Content-Type': 'application/json; charset=UTF-8',
      'Content-Length': '11',
      ETag: '"abc"',
      Location: 'http://api.test/calendar/events/v1/events/7',
      'X-TEC-Total': '1',
      Link: '<http://api.test/calendar/events/v1/events?page=2>; rel="next"',
    };
    const apps: MountedApi[] = [];
    let created: string;
    let unchanged: string;
    let failing: string;

    beforeAll(async () => {
      const start = async (core: CalendarCore, path: string) => {
        const started = await mount(core, { mounts: [{ path }] });
        apps.push(started);
        return `${started.url}${path}`;
      };
      created = await start(
        createEchoCore({ response: { status: 201, headers: coreHeaders, body: '{"id":7}   ' } }),
        '/created',
      );
      unchanged = await start(
        createEchoCore({ response: { status: 304, headers: { ETag: '"abc"' }, body: undefined } }),
        '/unchanged',
      );
      failing = await start(createEchoCore({ fail: true }), '/failing');
    });

    afterAll(async () => {
      for (const started of apps) await started.close();
    });

    it('writes status, headers and body exactly, adding no ETag or content type of its own', async () => {
      const res = await send(`${created}/calendar/events/v1/events`, { method: 'POST', body: '' });
      expect(res.status).toBe(201);
      expect(res.text).toBe('{"id":7}   ');
      const { date, connection, 'keep-alive': keepAlive, ...rest } = res.headers;
      expect(rest).toEqual(
        Object.fromEntries(Object.entries(coreHeaders).map(([k, v]) => [k.toLowerCase(), v])),
      );
    });

    it('writes a bodiless 304', async () => {
      const res = await send(`${unchanged}/calendar/events/v1`);
      expect(res.status).toBe(304);
      expect(res.text).toBe('');
      expect(res.headers.etag).toBe('"abc"');
    });

    it('answers 500 with no body of its own if core ever rejects', async () => {
      const res = await send(`${failing}/calendar/events/v1`);
      expect(res.status).toBe(500);
      expect(res.text).toBe('');
    });
  });

  describe(`${name} with the real core`, () => {
    let core: CalendarCore;
    let app: MountedApi;
    let url: string;

    beforeAll(async () => {
      const database = createSqliteDatabase(':memory:');
      await database.migrate();
      core = createCalendarCore({ database });
      const editor = await createUser(database.kysely, { login: 'session-editor', role: 'editor' });
      app = await mount(core, {
        mounts: [
          { path: '/api' },
          { path: '/api', language: 'de' },
          // A host with its own sessions: its authenticate hook replaces API keys for this mount.
          {
            path: '/hooked',
            authenticate: (headers) =>
              headers['x-session'] === 'editor-session' ? { userId: editor.id, role: 'editor' } : null,
          },
        ],
      });
      url = app.url;
    });

    afterAll(async () => {
      await app.close();
      await core.close();
    });

    it("serves the namespace index with URLs under the mount path, and core's ETag and 304", async () => {
      const res = await fetch(`${url}/api/calendar/events/v1`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain(`${url}/api/calendar/events/v1`);
      const etag = res.headers.get('etag')!;
      expect(etag).toMatch(/^"[^"]+"$/);
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

    it("answers core's errors: rest_invalid_json for a bad body, rest_no_route on both addresses", async () => {
      const invalid = await send(`${url}/api/calendar/events/v1${getBodies ? '' : '/tags'}`, {
        method: getBodies ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{bad',
      });
      expect(invalid.status).toBe(400);
      expect(JSON.parse(invalid.text).code).toBe('rest_invalid_json');
      for (const path of ['/api/calendar/events/v1/nope', '/api/de/calendar/events/v1/nope']) {
        const res = await fetch(`${url}${path}`);
        expect(res.status, path).toBe(404);
        expect(((await res.json()) as { code: string }).code, path).toBe('rest_no_route');
      }
    });
  });
}
