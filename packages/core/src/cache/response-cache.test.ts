import { describe, expect, it } from 'vitest';
import { etagOf, finishGet } from '../http/etag.js';
import { textOf, withHeaders } from '../http/respond.js';
import type { CoreResponse } from '../http/types.js';
import { createResponseCache } from './response-cache.js';

const answer = (body: string, headers: Record<string, string> = {}): CoreResponse => ({
  status: 200,
  headers: { 'Content-Type': 'application/json; charset=UTF-8', ...headers },
  body,
});
const text = (response: CoreResponse | undefined) => (response ? textOf(response) : undefined);

describe('createResponseCache', () => {
  it('answers while the data version (and, when bound, the second) is the same, with the ETag it was given', () => {
    const cache = createResponseCache();
    cache.set('a', 1, undefined, answer('{"a":1}', { ETag: etagOf('{"a":1}') }));
    cache.set('clock', 1, 100, answer('{"b":2}'));
    expect(cache.get('a', 1, 5)).toEqual({
      status: 200,
      headers: { 'Content-Type': 'application/json; charset=UTF-8', ETag: etagOf('{"a":1}') },
      body: Buffer.from('{"a":1}'),
    });
    expect(text(cache.get('clock', 1, 100))).toBe('{"b":2}');
    expect(cache.get('clock', 1, 101)).toBeUndefined();
    expect(cache.get('a', 2, 5)).toBeUndefined();
  });

  it('drops every answer once the data changes, and keeps none computed before the change', () => {
    const cache = createResponseCache();
    cache.set('a', 1, undefined, answer('{"a":1}'));
    cache.set('b', 1, undefined, answer('{"b":1}'));
    // A request that read the new version drops the old answers, all of them (their memory with them).
    expect(cache.get('a', 2, 0)).toBeUndefined();
    cache.set('a', 2, undefined, answer('{"a":2}'));
    // A request still computing with the old version: its answer is not kept.
    cache.set('b', 1, undefined, answer('{"b":1}'));
    expect(cache.get('b', 2, 0)).toBeUndefined();
    expect(text(cache.get('a', 2, 0))).toBe('{"a":2}');
    // A write of this instance forgets everything at once.
    cache.clear();
    expect(cache.get('a', 2, 0)).toBeUndefined();
    // After a restore, an older version is the data's version: a request reads it, and its answer is kept.
    expect(cache.get('a', 1, 0)).toBeUndefined();
    cache.set('a', 1, undefined, answer('{"a":1}'));
    expect(text(cache.get('a', 1, 0))).toBe('{"a":1}');
  });

  it('hands out copies: headers added to a hit do not change the entry', () => {
    const cache = createResponseCache();
    cache.set('a', 1, undefined, answer('{}'));
    cache.get('a', 1, 0)!.headers.Allow = 'GET';
    expect(cache.get('a', 1, 0)!.headers.Allow).toBeUndefined();
  });

  it('keeps within its number of entries and its size, forgetting the least recently used first', () => {
    const byCount = createResponseCache({ entries: 2 });
    byCount.set('a', 1, undefined, answer('a'));
    byCount.set('b', 1, undefined, answer('b'));
    byCount.get('a', 1, 0);
    byCount.set('c', 1, undefined, answer('c'));
    expect(['a', 'b', 'c'].map((key) => text(byCount.get(key, 1, 0)))).toEqual(['a', undefined, 'c']);

    const bySize = createResponseCache({ size: 12_000 });
    for (const key of ['a', 'b', 'c', 'd', 'e']) bySize.set(key, 1, undefined, answer(key.repeat(2000)));
    // Each entry counts its 2,000 bytes of body (the text is not kept), its key and a fixed overhead: four fit.
    expect(['a', 'b', 'c', 'd', 'e'].map((key) => bySize.get(key, 1, 0) !== undefined)).toEqual([
      false,
      true,
      true,
      true,
      true,
    ]);
    // An answer larger than a quarter of the cache is not kept at all.
    bySize.set('huge', 1, undefined, answer('x'.repeat(5000)));
    expect(bySize.get('huge', 1, 0)).toBeUndefined();
    expect(bySize.get('e', 1, 0)).toBeDefined();
  });

  it('hands out the same UTF-8 bytes on every hit, through copies with other headers too', () => {
    const cache = createResponseCache();
    const body = '{"title":"Köln – Weihnachtsmarkt"}';
    cache.set('a', 1, undefined, answer(body));
    const hit = cache.get('a', 1, 0)!;
    expect(hit.body).toEqual(Buffer.from(body));
    // The entry keeps the bytes only, the same object every time (their compressed forms are kept by them).
    expect(cache.get('a', 1, 0)!.body).toBe(hit.body);
    expect(textOf(hit)).toBe(body);
    // Other headers (CORS) keep the same bytes; HEAD and 304 drop the body.
    const withCors = withHeaders(hit, { ...hit.headers, Vary: 'Origin' });
    expect(withCors.body).toBe(hit.body);
    expect(withCors).toMatchObject({ status: 200, headers: { Vary: 'Origin' } });
    const tagged = finishGet(cache.get('a', 1, 0)!, undefined, true);
    expect(tagged).toEqual({ status: 200, headers: { ...hit.headers, ETag: etagOf(body) }, body: undefined });
    expect(finishGet(cache.get('a', 1, 0)!, etagOf(body), false)).toMatchObject({
      status: 304,
      body: undefined,
    });
  });
});
