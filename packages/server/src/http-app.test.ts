/**
 * The objects each request and response of the standalone server are: with Express as with Fastify, objects of
 * fast properties (hidden classes, not a hash table each), whose prototype never changes while they are
 * answered. A response in dictionary mode cost Express's answers a third more allocation than Fastify's
 * (RESULTS.md, "Express against Fastify").
 */
import { IncomingMessage, ServerResponse } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer } from './server.js';

setFlagsFromString('--allow-natives-syntax');
const hasFastProperties = new Function('object', 'return %HasFastProperties(object)') as (
  object: object,
) => boolean;

describe.each(['express', 'fastify'] as const)('the objects of a request on %s', (adapter) => {
  const end = ServerResponse.prototype.end;
  afterEach(() => {
    ServerResponse.prototype.end = end;
  });

  it('are of fast properties, and keep the prototype they were born with', async () => {
    const server = await startServer({ adapter, port: 0, database: 'sqlite::memory:', rateLimit: false });
    const seen: Array<{ response: ServerResponse; prototype: object; fast: boolean; requestFast: boolean }> =
      [];
    ServerResponse.prototype.end = function (this: ServerResponse, ...args: unknown[]) {
      seen.push({
        response: this,
        prototype: Object.getPrototypeOf(this) as object,
        fast: hasFastProperties(this),
        requestFast: hasFastProperties(this.req),
      });
      return (end as (...a: unknown[]) => ServerResponse).apply(this, args);
    } as typeof end;
    try {
      for (const path of ['/calendar/events/v1/events', '/calendar/events/v1/events/1', '/healthz'])
        expect((await fetch(`${server.url}${path}`)).status).toBeLessThan(500);
    } finally {
      ServerResponse.prototype.end = end;
      await server.close();
    }
    expect(seen).toHaveLength(3);
    for (const { response, prototype, fast, requestFast } of seen) {
      expect({ fast, requestFast }).toEqual({ fast: true, requestFast: true });
      // Born with the prototype it is answered with, its class's (Express's per-request `setPrototypeOf` then
      // changes nothing), for the request too.
      expect(prototype).toBe(response.constructor.prototype);
      expect(Object.getPrototypeOf(response.req)).toBe(response.req.constructor.prototype);
      expect(response.req).toBeInstanceOf(IncomingMessage);
    }
  });
});
