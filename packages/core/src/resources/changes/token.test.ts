import { describe, expect, it } from 'vitest';
import { comparePositions, decodeChangeToken, encodeChangeToken, laterPosition } from './token.js';

describe('sync tokens', () => {
  it('name the same position after a round trip, large versions included', () => {
    for (const position of [
      { version: 0, id: 0 },
      { version: 1, id: 7 },
      { version: 123_456_789, id: 9_007_199_254_740_991 },
    ])
      expect(decodeChangeToken(encodeChangeToken(position))).toEqual(position);
  });

  it('are opaque: no digits of the position show', () => {
    const token = encodeChangeToken({ version: 42, id: 7 });
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(token).not.toContain('42');
  });

  it('refuse what this service did not write', () => {
    const refused = [
      '',
      'abc',
      'not a token!',
      Buffer.from('c1.1').toString('base64url'),
      Buffer.from('c1.01.2').toString('base64url'),
      Buffer.from('c1.-1.2').toString('base64url'),
      Buffer.from('c2.1.2').toString('base64url'),
      Buffer.from('c1.1.2.3').toString('base64url'),
      Buffer.from('c1.99999999999999999.2').toString('base64url'),
      `${encodeChangeToken({ version: 1, id: 2 })}=`,
      'x'.repeat(100),
    ];
    for (const token of refused) expect(decodeChangeToken(token), token).toBeUndefined();
  });

  it('order by version, then by row', () => {
    expect(comparePositions({ version: 2, id: 1 }, { version: 1, id: 9 })).toBeGreaterThan(0);
    expect(comparePositions({ version: 2, id: 1 }, { version: 2, id: 3 })).toBeLessThan(0);
    expect(laterPosition({ version: 2, id: 1 }, { version: 2, id: 3 })).toEqual({ version: 2, id: 3 });
  });
});
