/**
 * Rate limiting and the brake on guessing: 429 `rest_too_many_requests` in the error
 * envelope with `Retry-After` and the RateLimit fields (draft-ietf-httpapi-ratelimit-headers-10), per
 * address, per API key, and per address for failed authentications and wrong event passwords. Off by default
 * when mounted.
 */
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { describeContract } from '../index.js';

describeContract(
  'rate limiting per address and per key',
  (service) => {
    let now = 0;
    // The first checked answer fetches the address's /doc, which is a request too: done before the counting.
    beforeAll(async () => {
      service().setNow(new Date(Date.UTC(2026, 2, 10)));
      await service().request('GET', '/tags');
    });
    beforeEach(() => {
      // A new minute for every test: the buckets have refilled.
      now += 3_600_000;
      service().setNow(new Date(Date.UTC(2026, 2, 10) + now));
    });

    it('answers 429 in the envelope with Retry-After once an address has used its requests', async () => {
      const answers = [];
      for (let i = 0; i < 6; i++) answers.push(await service().request('GET', '/tags'));
      expect(answers.slice(0, 5).map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      expect(answers[0]!.headers['ratelimit-policy']).toBe(
        '"address";q=5;w=60, "key";q=8;w=60, "failures";q=3;w=60',
      );
      expect(answers[0]!.headers.ratelimit).toBe('"address";r=4;t=12');
      const refused = answers[5]!;
      expect(refused.status).toBe(429);
      expect(refused.json).toEqual({
        code: 'rest_too_many_requests',
        message: 'Too many requests: try again in 12 seconds.',
        data: { status: 429 },
      });
      expect(refused.headers['retry-after']).toBe('12');
      expect(refused.headers.ratelimit).toBe('"address";r=0;t=60');
      // HEAD is refused too, without a body.
      const head = await service().request('HEAD', '/tags');
      expect(head.status).toBe(429);
      expect(head.text).toBe('');
      // One token comes back every 12 s.
      service().setNow(new Date(Date.UTC(2026, 2, 10) + now + 12_000));
      expect((await service().request('GET', '/tags')).status).toBe(200);
      expect((await service().request('GET', '/tags')).status).toBe(429);
    });

    it('limits an API key on its own bucket as well', async () => {
      const statuses = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await service().request('GET', '/tags', { as: 'admin' })).status);
      // Four from this address so far; the key has 8.
      expect(statuses).toEqual([200, 200, 200, 200]);
      const res = await service().request('GET', '/tags', { as: 'admin' });
      expect(res.status).toBe(200);
      expect(res.headers.ratelimit).toBe('"address";r=0;t=60, "key";r=3;t=38');
    });

    it('takes the client from the last X-Forwarded-For entry only behind a trusted proxy', async () => {
      // trustProxy is off here: a forged header does not give a fresh bucket.
      const statuses = [];
      for (let i = 0; i < 6; i++)
        statuses.push(
          (await service().request('GET', '/tags', { headers: { 'x-forwarded-for': `10.0.0.${i}` } })).status,
        );
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    });
  },
  { rateLimit: { perAddress: 5, perKey: 8, failures: 3, windowSeconds: 60 } },
);

describeContract(
  'rate limiting behind a trusted proxy',
  (service) => {
    it('gives each forwarded client its own bucket', async () => {
      const forwarded = (client: string) =>
        service().request('GET', '/tags', { headers: { 'x-forwarded-for': `203.0.113.9, ${client}` } });
      expect((await forwarded('10.0.0.1')).status).toBe(200);
      expect((await forwarded('10.0.0.1')).status).toBe(200);
      expect((await forwarded('10.0.0.1')).status).toBe(429);
      expect((await forwarded('10.0.0.2')).status).toBe(200);
    });
  },
  { rateLimit: { perAddress: 2 }, trustProxy: true },
);

describeContract(
  'the brake on guessing',
  (service) => {
    let now = 0;
    beforeEach(async () => {
      now += 3_600_000;
      service().setNow(new Date(Date.UTC(2026, 2, 10) + now));
    });

    it('slows an address that sends bad API keys', async () => {
      const statuses = [];
      for (let i = 0; i < 7; i++) {
        const res = await service().request('GET', '/tags', {
          headers: { authorization: `Bearer guess-${i}` },
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
      // The address waits for everything now, a good key included, until a failure token is back.
      const good = await service().request('GET', '/tags', { as: 'admin' });
      expect(good.status).toBe(429);
      expect(Number(good.headers['retry-after'])).toBe(12);
      service().setNow(new Date(Date.UTC(2026, 2, 10) + now + 12_000));
      expect((await service().request('GET', '/tags', { as: 'admin' })).status).toBe(200);
    });

    it('does not count good keys, however many run at once', async () => {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => service().request('GET', '/tags', { as: 'editor' })),
      );
      // A key unknown yet is one guess however many requests carry it; once accepted, it is no guess.
      expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
      const later = await Promise.all(
        Array.from({ length: 20 }, () => service().request('GET', '/tags', { as: 'author' })),
      );
      expect(later.map((r) => r.status)).toEqual(Array(20).fill(200));
    });

    it('stops event-password guesses sent all at once', async () => {
      const created = await service().request('POST', '/events', {
        json: {
          title: 'Members only',
          password: 'opensesame',
          start_date: '2026-04-01 20:00',
          end_date: '2026-04-01 22:00',
        },
        as: 'admin',
      });
      expect(created.status).toBe(201);
      const id = created.json.id as number;
      const guesses = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          service().request('GET', `/events/${id}`, { query: { password: `guess${i}` } }),
        ),
      );
      const statuses = guesses.map((r) => r.status);
      expect(statuses.filter((s) => s === 403).length).toBe(5);
      expect(statuses.filter((s) => s === 429).length).toBe(95);
      // Right or wrong, the next guess waits; HEAD is no way around it.
      const right = await service().request('GET', `/events/${id}`, { query: { password: 'opensesame' } });
      expect(right.status).toBe(429);
      expect((await service().request('HEAD', `/events/${id}`, { query: { password: 'x' } })).status).toBe(
        429,
      );
      service().setNow(new Date(Date.UTC(2026, 2, 10) + now + 12_000));
      const later = await service().request('GET', `/events/${id}`, { query: { password: 'opensesame' } });
      expect(later.status).toBe(200);
      expect(later.json.title).toBe('Members only');
    });

    it('counts wrong passwords sent with HEAD', async () => {
      const created = await service().request('POST', '/events', {
        json: {
          title: 'Closed',
          password: 'pw',
          start_date: '2026-04-01 20:00',
          end_date: '2026-04-01 22:00',
        },
        as: 'admin',
      });
      const id = created.json.id as number;
      const statuses = [];
      for (let i = 0; i < 6; i++)
        statuses.push(
          (await service().request('HEAD', `/events/${id}`, { query: { password: `no${i}` } })).status,
        );
      expect(statuses).toEqual([403, 403, 403, 403, 403, 429]);
    });
  },
  { rateLimit: { perAddress: false, perKey: false, failures: 5, windowSeconds: 60 } },
);

describeContract('rate limiting, off by default when mounted', (service) => {
  it('never answers 429 nor sends RateLimit fields', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        service().request('GET', '/tags', { headers: { authorization: `Bearer wrong-${i}` } }),
      ),
    );
    expect(answers.every((r) => r.status === 401)).toBe(true);
    expect(answers[0]!.headers.ratelimit).toBeUndefined();
    expect(answers[0]!.headers['ratelimit-policy']).toBeUndefined();
  });
});
