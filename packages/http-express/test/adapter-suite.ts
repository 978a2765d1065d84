/**
 * What is Express's own in the router's behaviour, run once per Express major: the host app's routes and 404
 * around the router, and the host's body parsers before it. What both adapters do alike (the request handed to
 * core, core's answer written back, the real core) is the tests package's `describeAdapterTranslation`,
 * bound to Express 5 and 4 in packages/tests/src/adapter/express.test.ts and express4.test.ts.
 */

// The echo core is the tests package's, reached through the root's dev dependency (that package depends on
// this one, so this one cannot declare it).
import { createEchoCore, type EchoedRequest, listenLocally, send } from '@calendar-events/tests/echo-core';
import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCalendarRouter } from '../src/index.js';

/** The host-app surface both Express majors share, for the tests. */
interface ExpressModule {
  (): Express;
  json(): unknown;
  text(): unknown;
}

/** The Express-specific behaviour, run once per Express major (the host app and the router come from the same one). */
export function describeExpressAdapter(label: string, express: ExpressModule): void {
  describe(`createCalendarRouter on ${label}: the host app's routes and body parsers`, () => {
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
      plain = await listenLocally(app);

      // A host that parses JSON bodies itself, and keeps text as text, before the router.
      const parsing = express();
      parsing.use(express.json() as Parameters<Express['use']>[0]);
      parsing.use(express.text() as Parameters<Express['use']>[0]);
      parsing.use(createCalendarRouter({ core: echo }));
      withParser = await listenLocally(parsing);
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
}
