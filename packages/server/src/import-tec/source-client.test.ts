import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type FakeTecServer, startFakeTec } from '@calendar-events/tests';
import { afterEach, describe, expect, it } from 'vitest';
import { retryAfterMs, SourceClient, SourceError } from './source-client.js';

describe('SourceClient', { timeout: 20_000 }, () => {
  let site: FakeTecServer | undefined;
  afterEach(async () => {
    await site?.close();
    site = undefined;
  });
  const namespace = () => `${site!.restRoot}tribe/events/v1`;

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:10 GMT', Date.parse('2026-01-01T00:00:00Z'))).toBe(10_000);
    expect(retryAfterMs(null)).toBeUndefined();
    expect(retryAfterMs('soon')).toBeUndefined();
  });

  it('waits as long as a 429 asks before it retries', async () => {
    site = await startFakeTec({ faults: { tooManyRequests: { count: 2, retryAfterSeconds: 1 } } });
    const retries: { attempt: number; waitMs?: number; reason: string }[] = [];
    const client = new SourceClient({ backoffMs: 10, onRetry: (retry) => retries.push(retry) });
    const started = performance.now();
    const answer = await client.get(namespace());
    expect(answer.status).toBe(200);
    expect((answer.json as { namespace: string }).namespace).toBe('tribe/events/v1');
    expect(retries.map(({ attempt, waitMs, reason }) => ({ attempt, waitMs, reason }))).toEqual([
      { attempt: 1, waitMs: 1000, reason: 'the site answered 429 Too Many Requests' },
      { attempt: 2, waitMs: 1000, reason: 'the site answered 429 Too Many Requests' },
    ]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(2000);
    expect(client.requests).toBe(3);
  });

  it('retries 5xx answers, time-outs and dropped connections', async () => {
    site = await startFakeTec({ faults: { serverErrors: { count: 2, status: 502 } } });
    const client = new SourceClient({ backoffMs: 5, timeoutMs: 5000 });
    expect((await client.get(namespace())).status).toBe(200);
    expect(client.requests).toBe(3);

    site.faults = { slow: { count: 1, delayMs: 4000 } };
    const slow = new SourceClient({ backoffMs: 5, timeoutMs: 1000 });
    expect((await slow.get(namespace())).status).toBe(200);
    expect(slow.requests).toBe(2);
  });

  it('gives up after the last attempt with one line', async () => {
    site = await startFakeTec({ faults: { dieAfterRequests: 0 } });
    const client = new SourceClient({ backoffMs: 5, attempts: 3 });
    const failure = await client.get(namespace()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SourceError);
    expect((failure as Error).message).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/wp-json\/tribe\/events\/v1: connection failed \(\w+\), 3 attempts: giving up$/,
    );
    expect(site.requests).toHaveLength(3);
    // What comes after is not sent: the site is gone.
    await expect(client.get(namespace())).rejects.toBe(failure);
    expect(site.requests).toHaveLength(3);

    site.faults = { serverErrors: { count: 10 } };
    const busy = new SourceClient({ backoffMs: 5, attempts: 2 });
    await expect(busy.get(namespace())).rejects.toThrow(
      /: the site answered 503 Service Unavailable, 2 attempts: giving up$/,
    );
  });

  it('runs no more requests at once than its concurrency', async () => {
    site = await startFakeTec({ faults: { slow: { count: 100, delayMs: 100 } } });
    const client = new SourceClient({ concurrency: 2 });
    const started = performance.now();
    await Promise.all(Array.from({ length: 6 }, () => client.get(namespace())));
    // Six requests of 100 ms, two at a time: three rounds.
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('sends credentials as HTTP Basic', async () => {
    site = await startFakeTec({ password: 'abcd efgh' });
    const good = new SourceClient({ credentials: { user: 'admin', password: 'abcd efgh' } });
    expect((await good.get(namespace())).status).toBe(200);
    const bad = new SourceClient({ credentials: { user: 'admin', password: 'wrong' } });
    const refused = await bad.get(namespace());
    expect(refused.status).toBe(401);
    expect((refused.json as { code: string }).code).toBe('incorrect_password');
  });

  it('refuses a redirect loop at once, without retrying it', async () => {
    site = await startFakeTec({ faults: { redirectLoop: true } });
    const retries: unknown[] = [];
    const client = new SourceClient({ backoffMs: 5, attempts: 5, onRetry: (retry) => retries.push(retry) });
    const failure = await client.get(namespace()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SourceError);
    expect((failure as Error).message).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/wp-json\/tribe\/events\/v1 redirects in a loop \(\S+ → \S+redirect-loop\S+ → \S+\/v1\): not followed further$/,
    );
    expect(retries).toEqual([]);
    expect(site.requests).toHaveLength(2);
    expect(client.requests).toBe(2);
  });

  it('refuses an answer larger than a page may be, as it streams, without retrying it', async () => {
    site = await startFakeTec({ faults: { giganticPage: { events: 100_000 } } });
    const client = new SourceClient({ backoffMs: 5, attempts: 3, maxAnswerBytes: 1024 * 1024 });
    await expect(client.get(`${namespace()}/events?per_page=50`)).rejects.toThrow(
      /\/events\?per_page=50 answered more than 1 MiB: not a page of the API \(a page of records is far smaller\); not read$/,
    );
    expect(site.requests).toHaveLength(1);
  });
});

describe('SourceClient redirects', () => {
  const servers: Server[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
  /** A server answering with `handle`; resolves with its origin. */
  async function serve(
    handle: (path: string, headers: IncomingHttpHeaders) => { status: number; location?: string },
  ): Promise<string> {
    const server = createServer((req, res) => {
      const answer = handle(req.url ?? '/', req.headers);
      res.writeHead(answer.status, {
        'content-type': 'application/json',
        ...(answer.location ? { location: answer.location } : {}),
      });
      res.end('{"ok":true}');
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it('follows redirects, and sends credentials only to the origin they were given for', async () => {
    const seen: (string | undefined)[] = [];
    const elsewhere = await serve((_, headers) => {
      seen.push(headers.authorization);
      return { status: 200 };
    });
    const home = await serve((path, headers) => {
      seen.push(headers.authorization);
      return path === '/moved'
        ? { status: 301, location: '/here' }
        : { status: 302, location: `${elsewhere}/there` };
    });
    const client = new SourceClient({ credentials: { user: 'admin', password: 'secret' } });
    const answer = await client.get(`${home}/moved`);
    expect(answer).toMatchObject({ status: 200, json: { ok: true }, url: `${elsewhere}/there` });
    const basic = `Basic ${Buffer.from('admin:secret').toString('base64')}`;
    expect(seen).toEqual([basic, basic, undefined]);
    expect(client.requests).toBe(3);
  });

  it('refuses more than ten redirects that never come back', async () => {
    const origin = await serve((path) => ({
      status: 302,
      location: `/hop/${Number(path.split('/')[2] ?? 0) + 1}`,
    }));
    const client = new SourceClient({ attempts: 3 });
    await expect(client.get(`${origin}/hop/0`)).rejects.toThrow(
      `${origin}/hop/0 redirects more than 10 times (${origin}/hop/1 → … → ${origin}/hop/11): not followed further`,
    );
    expect(client.requests).toBe(11);
  });

  it('names a loop between two names of one site (a WordPress address that disagrees with its home)', async () => {
    let port = 0;
    const origin = await serve((path, headers) => ({
      status: 301,
      location: `http://${headers.host?.startsWith('localhost') ? '127.0.0.1' : 'localhost'}:${port}${path}`,
    }));
    port = Number(new URL(origin).port);
    const client = new SourceClient({ attempts: 3 });
    await expect(client.get(`${origin}/wp-json/`)).rejects.toThrow(
      `${origin}/wp-json/ redirects in a loop (${origin}/wp-json/ → http://localhost:${port}/wp-json/ → ${origin}/wp-json/): not followed further`,
    );
    expect(client.requests).toBe(2);
  });

  it('names the redirect and its target when the target cannot be fetched, not "fetch failed"', async () => {
    // Port 1 is one fetch refuses to connect to ("bad port"): the site moved somewhere no request can go.
    const origin = await serve(() => ({ status: 301, location: 'http://127.0.0.1:1/wp-json/' }));
    const client = new SourceClient({ attempts: 2, backoffMs: 1 });
    const failure = client.get(`${origin}/wp-json/`);
    await expect(failure).rejects.toThrow(
      `${origin}/wp-json/: connection failed (bad port) at http://127.0.0.1:1/wp-json/, where ${origin}/wp-json/ redirects, 2 attempts: giving up`,
    );
  });
});
