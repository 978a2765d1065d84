import { describe, expect, it } from 'vitest';
import { clientKey, resolveRateLimit, TokenBuckets } from './rate-limit.js';

describe('TokenBuckets', () => {
  it('lets a client burst to its limit, then refills at limit per window', () => {
    const buckets = new TokenBuckets('address', 3, 60, 100);
    expect([1, 2, 3, 4].map(() => buckets.take('a', 0))).toEqual([true, true, true, false]);
    expect(buckets.secondsUntilToken('a', 0)).toBe(20);
    expect(buckets.take('a', 19_999)).toBe(false);
    expect(buckets.take('a', 20_000)).toBe(true);
    expect(buckets.secondsUntilFull('a', 20_000)).toBe(60);
    // Another client has its own bucket.
    expect(buckets.take('b', 20_000)).toBe(true);
  });

  it('remembers at most maxClients, forgetting the least recently seen', () => {
    const buckets = new TokenBuckets('address', 1, 60, 1000);
    for (let i = 0; i < 50_000; i++) buckets.take(`10.0.${i >> 8}.${i & 255}`, 0);
    expect(buckets.size).toBe(1000);
  });

  it('does not drain a bucket when the clock goes back', () => {
    const buckets = new TokenBuckets('address', 2, 60, 10);
    buckets.take('a', 100_000);
    expect(buckets.remaining('a', 0)).toBe(1);
  });
});

describe('clientKey', () => {
  it('keys IPv6 clients by their /64 and IPv4-mapped ones as IPv4', () => {
    expect(clientKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:2::9')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0DB8:0001:0002:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(clientKey('192.0.2.7')).toBe('192.0.2.7');
    expect(clientKey(undefined)).toBe('unknown');
  });
});

describe('resolveRateLimit', () => {
  it('is off unless asked, and refuses limits that are no positive integers', () => {
    expect(resolveRateLimit(undefined)).toBeUndefined();
    expect(resolveRateLimit(false)).toBeUndefined();
    expect(resolveRateLimit(true)).toMatchObject({ perAddress: 600, perKey: 1200, failures: 10 });
    expect(() => resolveRateLimit({ perAddress: 0 })).toThrow(RangeError);
    expect(() => resolveRateLimit({ failures: 1.5 })).toThrow(RangeError);
  });
});
