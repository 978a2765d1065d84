import { describe, expect, it } from 'vitest';
import { negotiateCoding } from './compression.js';

describe('negotiateCoding', () => {
  it('picks the acceptable coding of highest q-value, brotli on a tie', () => {
    expect(negotiateCoding(undefined)).toBeUndefined();
    expect(negotiateCoding('')).toBeUndefined();
    expect(negotiateCoding('gzip')).toBe('gzip');
    expect(negotiateCoding('x-gzip')).toBe('gzip');
    expect(negotiateCoding('GZIP, BR')).toBe('br');
    expect(negotiateCoding('gzip;q=1.0, br;q=0.8')).toBe('gzip');
    expect(negotiateCoding('gzip ; q=0.2 , br ; q=0.3')).toBe('br');
    expect(negotiateCoding('deflate, identity')).toBeUndefined();
    expect(negotiateCoding('*;q=0.5, gzip;q=0')).toBe('br');
    expect(negotiateCoding('*;q=0')).toBeUndefined();
    expect(negotiateCoding('gzip;q=nonsense')).toBeUndefined();
  });
});
