import { describe, expect, it } from 'vitest';
import { isApiError } from '../errors/api-error.js';
import { INPUT_LIMITS } from '../route-table/input-limits.js';
import { mergeParams, parseFormEncoded, plainParams } from './parse-params.js';

const prototypeKeys = () => Object.getOwnPropertyNames(Object.prototype).sort();

function refusal(run: () => unknown): { status: number; params: Record<string, string> } {
  try {
    run();
  } catch (error) {
    if (!isApiError(error)) throw error;
    return { status: error.status, params: { ...(error.data.params as Record<string, string>) } };
  }
  throw new Error('expected a refusal');
}

describe('parseFormEncoded', () => {
  it('refuses keys with a __proto__, constructor or prototype segment, and leaves Object.prototype alone', () => {
    const before = prototypeKeys();
    for (const key of [
      '__proto__[status]',
      '__proto__',
      'constructor[prototype][x]',
      'a[b][__proto__][c]',
      'prototype',
    ]) {
      const { status, params } = refusal(() => parseFormEncoded(`ok=1&${key}=x`));
      expect(status, key).toBe(400);
      expect(Object.keys(params)).toEqual([key]);
    }
    expect(prototypeKeys()).toEqual(before);
  });

  it('builds objects without a prototype, so inherited names are plain keys', () => {
    const bag = parseFormEncoded('toString=x&venue[hasOwnProperty]=y');
    expect(Object.getPrototypeOf(bag)).toBeNull();
    expect(bag.toString).toBe('x');
    expect(Object.getPrototypeOf(bag.venue)).toBeNull();
    expect(Object.getPrototypeOf(mergeParams({ query: bag, path: {} }))).toBeNull();
  });

  it(`accepts ${INPUT_LIMITS.nestingDepth} levels of brackets and refuses one more, and 4,000`, () => {
    const key = (levels: number) => `a${'[b]'.repeat(levels)}`;
    expect(parseFormEncoded(`${key(INPUT_LIMITS.nestingDepth)}=1`).a).toBeTruthy();
    expect(refusal(() => parseFormEncoded(`${key(INPUT_LIMITS.nestingDepth + 1)}=1`)).status).toBe(400);
    expect(refusal(() => parseFormEncoded(`${key(4000)}=1`)).params).toEqual({
      [key(4000)]: `Parameters may be nested at most ${INPUT_LIMITS.nestingDepth} levels deep.`,
    });
  });

  it('appends 100,000 `a[][x]` items in linear time', () => {
    // Ten times the items take about ten times as long (a hundred if appending were quadratic). Compared with
    // each other, the better of two runs each, not with a wall-clock bound that other processes can break.
    const timeOf = (items: number) => {
      const body = Array.from({ length: items }, (_, i) => `a[][x]=${i}`).join('&');
      let best = Number.POSITIVE_INFINITY;
      for (let run = 0; run < 2; run++) {
        const started = performance.now();
        const bag = parseFormEncoded(body);
        best = Math.min(best, performance.now() - started);
        expect((bag.a as unknown[]).length).toBe(items);
      }
      return best;
    };
    const small = timeOf(10_000);
    expect(timeOf(100_000)).toBeLessThan(40 * Math.max(small, 1));
  });
});

describe('plainParams', () => {
  it('refuses JSON keys naming a prototype at any depth', () => {
    const before = prototypeKeys();
    for (const text of [
      '{"__proto__":{"status":"draft"}}',
      '{"venue":{"constructor":{"prototype":{"x":1}}}}',
      '{"a":[{"prototype":1}]}',
    ]) {
      expect(refusal(() => plainParams(JSON.parse(text))).status, text).toBe(400);
    }
    expect(prototypeKeys()).toEqual(before);
  });

  it('copies into objects without a prototype and refuses nesting deeper than the limit', () => {
    const copy = plainParams({ a: { b: [1, { c: 'd' }] } });
    expect(copy).toEqual({ a: { b: [1, { c: 'd' }] } });
    expect(Object.getPrototypeOf(copy.a)).toBeNull();
    const deep = (levels: number) => JSON.parse(`{"a":${'['.repeat(levels)}${']'.repeat(levels)}}`);
    expect(plainParams(deep(INPUT_LIMITS.nestingDepth)).a).toBeTruthy();
    expect(refusal(() => plainParams(deep(INPUT_LIMITS.nestingDepth + 1))).params).toHaveProperty('a');
    expect(refusal(() => plainParams(deep(100_000))).status).toBe(400);
  });
});
