/**
 * Cross-origin access (SPEC §4: "CORS, where enabled, exposes all of these"), decided in core: every binding
 * sends the same headers, and both adapters the same bytes.
 */
import { request as httpRequest } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { BINDINGS, describeContract, type TestResponse, type TestService } from '../index.js';

/** `Vary` of an answer that depends on the origin; a large one varies by `Accept-Encoding` too (compression). */
const ORIGIN_VARY = /^Origin(, Accept-Encoding)?$/;

const APP = 'https://app.example';
const EXPOSED =
  'X-TEC-Total, X-TEC-TotalPages, X-WP-Total, X-WP-TotalPages, Link, ETag, Location, Allow, Retry-After, RateLimit, RateLimit-Policy, Sync-Token, Sync-Removed, Calendar-Data-Version';

const corsHeaders = (res: TestResponse) =>
  Object.fromEntries(Object.entries(res.headers).filter(([name]) => name.startsWith('access-control-')));

const preflight = (
  service: TestService,
  path: string,
  origin: string,
  headers: Record<string, string> = {},
) =>
  service.request('OPTIONS', path, {
    headers: { origin, 'access-control-request-method': 'POST', ...headers },
  });

/**
 * The header lines of an answer, to compare the adapters. Header names are compared in lower case (Fastify
 * writes them so), and the connection's own headers are left out, as are the values that hold the server's
 * port (the body's absolute URLs).
 */
function rawHeaders(url: string, method: string, headers: Record<string, string>): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      res.resume();
      res.on('end', () => {
        const lines: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i]!.toLowerCase();
          if (/^(date|connection|keep-alive)$/.test(name)) continue;
          lines.push(`${name}: ${/^(etag|content-length)$/.test(name) ? '…' : res.rawHeaders[i + 1]}`);
        }
        resolve([`${res.statusCode}`, ...lines]);
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** What each binding answered to the same requests, compared across adapters at the end. */
const answers = new Map<string, string[][]>();

describeContract(
  'CORS for listed origins',
  (service, binding) => {
    let eventId: number;

    beforeAll(async () => {
      await service().reset();
      service().setNow('2026-03-10T12:00:00Z');
      const created = await service().request('POST', '/events', {
        json: { title: 'Concert', start_date: '2026-04-01 20:00', end_date: '2026-04-01 22:00' },
        as: 'admin',
      });
      expect(created.status).toBe(201);
      eventId = created.json.id;
    });

    it('lets an allowed origin read a list and all its headers', async () => {
      const res = await service().request('GET', '/events', { headers: { origin: APP } });
      expect(res.status).toBe(200);
      expect(corsHeaders(res)).toEqual({
        'access-control-allow-origin': APP,
        'access-control-expose-headers': EXPOSED,
      });
      expect(res.headers.vary).toMatch(ORIGIN_VARY);
      // Everything exposed is there to read.
      expect(res.headers['x-tec-total']).toBe('1');
      expect(res.headers.etag).toBeDefined();
    });

    it('gives a disallowed origin, or none, no CORS headers, yet tells caches the answer varies', async () => {
      for (const headers of [{ origin: 'https://evil.example' }, { origin: 'null' }, {}]) {
        const res = await service().request('GET', '/events', { headers });
        expect(res.status).toBe(200);
        expect(corsHeaders(res)).toEqual({});
        expect(res.headers.vary).toMatch(ORIGIN_VARY);
      }
      // Origins compare exactly: scheme, host and port.
      for (const origin of ['http://app.example', 'https://app.example:8443', 'https://APP.example.org']) {
        expect(corsHeaders(await service().request('GET', '/events', { headers: { origin } }))).toEqual({});
      }
    });

    it('answers a preflight with 204, the route methods, the allowed headers and the max age', async () => {
      const res = await preflight(service(), '/events', APP, {
        'access-control-request-headers': 'content-type, authorization, x-requested-with',
      });
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      expect(corsHeaders(res)).toEqual({
        'access-control-allow-origin': APP,
        'access-control-allow-methods': 'GET, POST',
        'access-control-allow-headers':
          'Authorization, Content-Type, If-Match, If-None-Match, Calendar-Min-Data-Version, x-requested-with',
        'access-control-max-age': '300',
      });
      expect(res.headers.allow).toBe('GET, POST');
      expect(res.headers.vary).toBe('Origin, Access-Control-Request-Headers');
      expect(res.headers['content-type']).toBeUndefined();

      const single = await preflight(service(), `/events/${eventId}`, APP);
      // A preflight names every method of the route (it carries no credentials); a plain OPTIONS only the
      // caller's (SPEC §14), which for an administrator is every method.
      const plain = await service().request('OPTIONS', `/events/${eventId}`, { as: 'admin' });
      expect(single.status).toBe(204);
      expect(single.headers['access-control-allow-methods']).toBe(plain.headers.allow);
      expect(single.headers['access-control-allow-methods']).toContain('DELETE');
      expect(single.headers['access-control-allow-headers']).toBe(
        'Authorization, Content-Type, If-Match, If-None-Match, Calendar-Min-Data-Version',
      );
    });

    it('allows requested headers only within reason', async () => {
      const many = Array.from({ length: 30 }, (_, i) => `x-h${i}`);
      const res = await preflight(service(), '/events', APP, {
        'access-control-request-headers': ['Authorization', 'bad header', 'x:y', 'X-Trace', ...many].join(
          ',',
        ),
      });
      const allowed = res.headers['access-control-allow-headers']!.split(', ');
      expect(allowed.slice(0, 6)).toEqual([
        'Authorization',
        'Content-Type',
        'If-Match',
        'If-None-Match',
        'Calendar-Min-Data-Version',
        'x-trace',
      ]);
      expect(allowed).toHaveLength(5 + 20);
      expect(allowed).not.toContain('bad header');
    });

    it('answers a preflight from a disallowed origin as a plain OPTIONS, without CORS headers', async () => {
      const res = await preflight(service(), '/events', 'https://evil.example');
      expect(res.status).toBe(200);
      expect(res.json.methods).toEqual(['GET', 'POST']);
      expect(corsHeaders(res)).toEqual({});
    });

    it('puts the CORS headers on errors, 304s, HEAD, plain OPTIONS and the language address too', async () => {
      const notFound = await service().request('GET', '/nothing-here', { headers: { origin: APP } });
      expect(notFound.status).toBe(404);
      expect(notFound.json.code).toBe('rest_no_route');
      const unauthorized = await service().request('DELETE', `/events/${eventId}`, {
        headers: { origin: APP },
      });
      expect(unauthorized.status).toBe(401);
      const first = await service().request('GET', `/events/${eventId}`, { headers: { origin: APP } });
      const notModified = await service().request('GET', `/events/${eventId}`, {
        headers: { origin: APP, 'if-none-match': first.headers.etag! },
      });
      expect(notModified.status).toBe(304);
      const head = await service().request('HEAD', '/events', { headers: { origin: APP } });
      const options = await service().request('OPTIONS', '/events', { headers: { origin: APP } });
      expect(options.status).toBe(200);
      const german = await service().request('GET', '/de/calendar/events/v1/events', {
        headers: { origin: APP },
      });
      for (const res of [notFound, unauthorized, first, notModified, head, options, german]) {
        expect(corsHeaders(res)).toEqual({
          'access-control-allow-origin': APP,
          'access-control-expose-headers': EXPOSED,
        });
        expect(res.headers.vary).toMatch(ORIGIN_VARY);
      }
      // A preflight to a path that is no route fails, as the browser should then.
      const missing = await preflight(service(), '/nothing-here', APP);
      expect(missing.status).toBe(404);
      expect(missing.headers['access-control-allow-methods']).toBeUndefined();
    });

    it('records its answers for the adapter comparison', async () => {
      const base = `${service().baseUrl}/calendar/events/v1`;
      const recorded = await Promise.all([
        rawHeaders(`${base}/events`, 'GET', { origin: APP }),
        rawHeaders(`${base}/events`, 'OPTIONS', {
          origin: APP,
          'access-control-request-method': 'PUT',
          'access-control-request-headers': 'if-match, x-client',
        }),
        rawHeaders(`${base}/events/${eventId}`, 'GET', { origin: 'https://evil.example' }),
        rawHeaders(`${base}/nothing`, 'GET', { origin: APP }),
      ]);
      answers.set(binding.name, recorded);
    });
  },
  { cors: { origins: [APP, 'https://other.example/'], maxAge: 300 } },
);

describe('CORS answers of the adapters', () => {
  // Every adapter's answers on one database, each compared with the first's (Express's, when selected).
  const groups = (['sqlite', 'postgres'] as const).flatMap((database) => {
    const [first, ...others] = BINDINGS.filter((b) => b.database === database);
    return first && others.length > 0 ? [{ database, first, others }] : [];
  });
  if (groups.length === 0) it.skip('needs two adapters on one database (BINDINGS)', () => {});
  for (const { database, first, others } of groups) {
    for (const other of others)
      it(`are the same bytes on ${database}: ${other.adapter} as ${first.adapter}`, () => {
        const [a, b] = [answers.get(first.name), answers.get(other.name)];
        // A binding skipped for want of PostgreSQL has recorded nothing (and warned).
        if (!a || !b) return;
        expect(b).toEqual(a);
      });
  }
});

describeContract(
  'CORS for any origin',
  (service) => {
    it('answers * without Vary, and preflights for any origin', async () => {
      const res = await service().request('GET', '/events', { headers: { origin: 'https://any.example' } });
      expect(corsHeaders(res)).toEqual({
        'access-control-allow-origin': '*',
        'access-control-expose-headers': EXPOSED,
      });
      expect(res.headers.vary).toBeUndefined();
      // Without Origin too, so a shared cache may hand the same answer to every page.
      expect((await service().request('GET', '/events')).headers['access-control-allow-origin']).toBe('*');
      const pre = await preflight(service(), '/events', 'https://any.example');
      expect(pre.status).toBe(204);
      expect(pre.headers['access-control-allow-origin']).toBe('*');
      expect(pre.headers['access-control-max-age']).toBe('600');
      expect(pre.headers['access-control-allow-credentials']).toBeUndefined();
    });
  },
  { cors: { origins: '*' } },
);

describeContract(
  'CORS for any origin, with credentials',
  (service) => {
    it('echoes the origin, since browsers refuse * with credentials', async () => {
      const res = await service().request('GET', '/events', { headers: { origin: 'https://any.example' } });
      expect(corsHeaders(res)).toEqual({
        'access-control-allow-origin': 'https://any.example',
        'access-control-allow-credentials': 'true',
        'access-control-expose-headers': EXPOSED,
      });
      expect(res.headers.vary).toMatch(ORIGIN_VARY);
      const pre = await preflight(service(), '/events', 'https://any.example');
      expect(pre.headers['access-control-allow-credentials']).toBe('true');
      const opaque = await service().request('GET', '/events', { headers: { origin: 'null' } });
      expect(corsHeaders(opaque)).toEqual({});
    });
  },
  { cors: { origins: '*', credentials: true } },
);

describeContract('CORS, off by default', (service) => {
  it('sends no CORS headers and answers a preflight as a plain OPTIONS', async () => {
    const res = await service().request('GET', '/events', { headers: { origin: APP } });
    expect(corsHeaders(res)).toEqual({});
    expect(res.headers.vary).toBeUndefined();
    const pre = await preflight(service(), '/events', APP);
    expect(pre.status).toBe(200);
    expect(corsHeaders(pre)).toEqual({});
  });
});

describe('the cors option', () => {
  it('rejects what is not an origin', async () => {
    const { createCalendarCore, connectDatabase } = await import('@calendar-events/core');
    const database = await connectDatabase('sqlite::memory:');
    try {
      for (const origins of [['app.example'], ['https://app.example/path'], ['ftp://app.example'], ['*']]) {
        expect(() => createCalendarCore({ database, cors: { origins } }), origins.join()).toThrow(TypeError);
      }
      expect(() => createCalendarCore({ database, cors: { origins: '*', maxAge: -1 } })).toThrow(TypeError);
    } finally {
      await database.destroy();
    }
  });
});
