import { describe, expect, it } from 'vitest';
import { parseSearch } from './search.js';

describe('parseSearch', () => {
  it('splits words, keeps quoted phrases and exclusions', () => {
    expect(parseSearch('foo bar')).toEqual({ include: ['foo', 'bar'], exclude: [] });
    expect(parseSearch('"jazz night" -cancelled')).toEqual({
      include: ['jazz night'],
      exclude: ['cancelled'],
    });
    expect(parseSearch('a,b+c')).toEqual({ include: ['a', 'b', 'c'], exclude: [] });
    expect(parseSearch('"unterminated phrase')).toEqual({ include: ['unterminated phrase'], exclude: [] });
    expect(parseSearch('-')).toEqual({ include: ['-'], exclude: [] });
  });
});
