/**
 * What is Fastify's own in the plugin's behaviour: the host's routes, parsers and 404 around it, and bodies
 * Fastify's parsers and body limit would otherwise handle. What both adapters do alike (the request handed to
 * core, core's answer written back, the real core) is the tests package's `describeAdapterTranslation`,
 * bound to the plugin in packages/tests/src/adapter/fastify.test.ts.
 */
import type { AddressInfo } from 'node:net';
// The echo core is the tests package's, reached through the root's dev dependency (that package depends on
// this one, so this one cannot declare it).
import { createEchoCore, type EchoedRequest, send } from '@calendar-events/tests/echo-core';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarPlugin } from '../src/index.js';

async function start(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

describe("calendarPlugin: the host's routes, parsers and body limit", () => {
  const echo = createEchoCore();
  const app = Fastify();
  let url: string;

  beforeAll(async () => {
    // An existing app with its own routes, registering both addresses under /api.
    app.get('/', async () => 'hello');
    app.post('/api/echo', async (request) => ({ received: request.body }));
    await app.register(calendarPlugin, { prefix: '/api', core: echo });
    await app.register(calendarPlugin, { prefix: '/api', core: echo, language: 'de' });
    url = await start(app);
  });

  afterAll(() => app.close());

  const echoed = async (path: string, init?: Parameters<typeof send>[1]): Promise<EchoedRequest> => {
    const res = await send(`${url}${path}`, init);
    expect(res.status, res.text).toBe(200);
    return JSON.parse(res.text) as EchoedRequest;
  };

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
