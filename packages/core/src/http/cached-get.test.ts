import { describe, expect, it, vi } from 'vitest';
import { createResponseCache } from '../cache/response-cache.js';
import { cacheKeyOf, canonicalQuery, createCachedGet } from './cached-get.js';
import { finishGet } from './etag.js';
import { jsonResponse } from './respond.js';
import type { CoreResponse } from './types.js';

function setup(version: number | undefined) {
  const responses = createResponseCache();
  const cachedGet = createCachedGet({ responses, version: { read: () => version, forget() {} } });
  let runs = 0;
  const compute = async (status = 200): Promise<CoreResponse> => {
    runs++;
    return jsonResponse(status, { run: runs });
  };
  const finish = (response: CoreResponse) => finishGet(response, undefined, false);
  return { cachedGet, compute, finish, runs: () => runs };
}

describe('createCachedGet', () => {
  it('computes a GET answer once per key and data version, and serves it with its ETag', async () => {
    const { cachedGet, compute, finish, runs } = setup(1);
    const request = { key: 'k', second: 10, clockDependent: false };
    const first = await cachedGet(request, () => compute(), finish);
    const second = await cachedGet({ ...request, second: 11 }, () => compute(), finish);
    expect(runs()).toBe(1);
    expect(second.headers.ETag).toBe(first.headers.ETag);
  });

  it("sends the answers of a version at hand at the turn's end, also with a host's timers faked", async () => {
    const { cachedGet, compute, finish } = setup(1);
    const request = { key: 'k', second: 10, clockDependent: false };
    await cachedGet(request, () => compute(), finish);
    vi.useFakeTimers();
    try {
      const order: string[] = [];
      const answers = [1, 2].map((n) =>
        cachedGet(request, () => compute(), finish).then(() => order.push(`answer ${n}`)),
      );
      // Whatever else the turn runs (here ten hops of promises) comes before the kept answers.
      void (async () => {
        for (let hop = 0; hop < 10; hop++) await Promise.resolve();
        order.push('the rest of the turn');
      })();
      await Promise.all(answers);
      expect(order).toEqual(['the rest of the turn', 'answer 1', 'answer 2']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('computes once for requests asking at the same time', async () => {
    const { cachedGet, compute, finish, runs } = setup(1);
    const request = { key: 'k', second: 10, clockDependent: false };
    const answers = await Promise.all([1, 2, 3].map(() => cachedGet(request, () => compute(), finish)));
    expect(runs()).toBe(1);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
  });

  it('keeps a clock-dependent answer within its second only, and keeps no error', async () => {
    const { cachedGet, compute, finish, runs } = setup(1);
    const request = { key: 'k', second: 10, clockDependent: true };
    await cachedGet(request, () => compute(), finish);
    await cachedGet(request, () => compute(), finish);
    await cachedGet({ ...request, second: 11 }, () => compute(), finish);
    expect(runs()).toBe(2);
    const failing = { key: 'e', second: 10, clockDependent: false };
    await cachedGet(failing, () => compute(500), finish);
    await cachedGet(failing, () => compute(500), finish);
    expect(runs()).toBe(4);
  });

  it('computes every time without a key or without a data version', async () => {
    const withoutKey = setup(1);
    for (let i = 0; i < 2; i++)
      await withoutKey.cachedGet(
        { key: undefined, second: 1, clockDependent: false },
        () => withoutKey.compute(),
        withoutKey.finish,
      );
    expect(withoutKey.runs()).toBe(2);
    const withoutVersion = setup(undefined);
    for (let i = 0; i < 2; i++)
      await withoutVersion.cachedGet(
        { key: 'k', second: 1, clockDependent: false },
        () => withoutVersion.compute(),
        withoutVersion.finish,
      );
    expect(withoutVersion.runs()).toBe(2);
  });
});

describe('cacheKeyOf', () => {
  const key = (query: string) => cacheKeyOf('/api', 'en', new URL(`http://x.test/events/ical${query}`), null);

  it('gives the same key whatever the order of distinct parameters, and without empty pairs', () => {
    expect(key('?search=jazz&per_page=5&page=2')).toBe(key('?page=2&per_page=5&search=jazz'));
    expect(key('?search=jazz&&page=2&')).toBe(key('?page=2&search=jazz'));
    expect(key('?')).toBe(key(''));
  });

  it('keeps apart what changes the answer: values, and the order of one name’s values', () => {
    expect(key('?page=2')).not.toBe(key('?page=3'));
    expect(key('?categories[]=a&categories[]=b')).not.toBe(key('?categories[]=b&categories[]=a'));
    expect(canonicalQuery('?b=1&a[]=2&c&a[]=1')).toBe('?a[]=2&a[]=1&b=1&c');
  });

  it('keeps apart callers and addresses', () => {
    const url = new URL('http://x.test/events/ical');
    expect(cacheKeyOf('/api', 'en', url, { userId: 1, role: 'editor' })).not.toBe(
      cacheKeyOf('/api', 'en', url, null),
    );
    expect(cacheKeyOf('/api', 'de', url, null)).not.toBe(cacheKeyOf('/api', 'en', url, null));
  });
});
