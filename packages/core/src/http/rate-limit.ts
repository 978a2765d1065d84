/**
 * Rate limiting, decided in core so that every adapter answers alike: token buckets per client address and
 * per API key, and a stricter bucket of failures per address (a rejected API key, a wrong event password)
 * that brakes guessing. A bucket holds `limit` tokens and refills at `limit / window` per second, so a
 * client may burst up to its limit and then goes on at the sustained rate. Over the limit: 429
 * `rest_too_many_requests` with `Retry-After`. Every answer of a limited request carries the `RateLimit`
 * and `RateLimit-Policy` fields of draft-ietf-httpapi-ratelimit-headers-10 (structured fields:
 * `RateLimit-Policy: "address";q=600;w=60`, `RateLimit: "address";r=599;t=1`).
 *
 * The state lives in this process (no store): each instance of a multi-instance deployment limits on its
 * own. Memory is bounded: at most `maxClients` buckets of each kind, the least recently seen forgotten first,
 * and IPv6 clients share the bucket of their /64 (an attacker holds a whole /64, not one address).
 */
import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import type { ApiError } from '../errors/api-error.js';
import { apiError } from '../errors/catalog.js';
import { textOf, withHeaders } from './respond.js';
import type { CoreRequest, CoreResponse } from './types.js';

export interface RateLimitOptions {
  /** Requests one client address may make per window (default 600); `false`: no limit per address. */
  perAddress?: number | false;
  /** Requests one API key (one `Authorization` value) may make per window (default 1200); `false`: none. */
  perKey?: number | false;
  /**
   * Failed authentications (401 `rest_invalid_credentials`) and wrong event passwords one address may make
   * per window (default 10); beyond, every request from it answers 429 until the bucket refills.
   */
  failures?: number | false;
  /** The window of the limits above, in seconds (default 60). */
  windowSeconds?: number;
  /** Most clients remembered per kind of bucket (default 10,000). */
  maxClients?: number;
}

export interface RateLimitConfig {
  perAddress: number | false;
  perKey: number | false;
  failures: number | false;
  windowSeconds: number;
  maxClients: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitConfig = {
  perAddress: 600,
  perKey: 1200,
  failures: 10,
  windowSeconds: 60,
  maxClients: 10_000,
};

/** `true` takes the defaults; an object overrides some of them; `false`/undefined: no limiting. */
export function resolveRateLimit(
  option: boolean | RateLimitOptions | undefined,
): RateLimitConfig | undefined {
  if (!option) return undefined;
  const config = { ...DEFAULT_RATE_LIMIT, ...(option === true ? {} : option) };
  for (const name of ['perAddress', 'perKey', 'failures'] as const) {
    const value = config[name];
    if (value !== false && !(Number.isInteger(value) && value > 0))
      throw new RangeError(`rateLimit.${name} must be a positive integer or false, not ${String(value)}`);
  }
  if (!(config.windowSeconds > 0)) throw new RangeError('rateLimit.windowSeconds must be positive');
  if (!(Number.isInteger(config.maxClients) && config.maxClients > 0))
    throw new RangeError('rateLimit.maxClients must be a positive integer');
  return config;
}

interface Bucket {
  tokens: number;
  /** When `tokens` was last brought up to date, in milliseconds. */
  at: number;
}

/** Buckets of one kind, by client, least recently used first (a Map keeps insertion order). */
export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();
  private readonly perMs: number;

  constructor(
    readonly name: string,
    readonly limit: number,
    readonly windowSeconds: number,
    private readonly maxClients: number,
  ) {
    this.perMs = limit / (windowSeconds * 1000);
  }

  /** The client's bucket, refilled up to now and moved to the most recent end. */
  private bucket(client: string, now: number): Bucket {
    let bucket = this.buckets.get(client);
    if (bucket) {
      this.buckets.delete(client);
      // A clock set back (NTP) refills nothing rather than draining the bucket.
      if (now > bucket.at) {
        bucket.tokens = Math.min(this.limit, bucket.tokens + (now - bucket.at) * this.perMs);
        bucket.at = now;
      }
    } else {
      bucket = { tokens: this.limit, at: now };
      if (this.buckets.size >= this.maxClients) {
        const oldest = this.buckets.keys().next().value;
        if (oldest !== undefined) this.buckets.delete(oldest);
      }
    }
    this.buckets.set(client, bucket);
    return bucket;
  }

  /** Whole tokens left, without taking any. */
  remaining(client: string, now: number): number {
    return Math.floor(this.bucket(client, now).tokens);
  }

  /** Takes `count` tokens (one by default) if there are that many; whether there were. */
  take(client: string, now: number, count = 1): boolean {
    const bucket = this.bucket(client, now);
    if (bucket.tokens < count) return false;
    bucket.tokens -= count;
    return true;
  }

  /** Gives back tokens taken for a request that turned out not to count. */
  giveBack(client: string, now: number, count = 1): void {
    const bucket = this.bucket(client, now);
    bucket.tokens = Math.min(this.limit, bucket.tokens + count);
  }

  /** Seconds until the client has `count` whole tokens (one by default) again (0 if it has them). */
  secondsUntilToken(client: string, now: number, count = 1): number {
    const { tokens } = this.bucket(client, now);
    return tokens >= count ? 0 : Math.ceil((count - tokens) / this.perMs / 1000);
  }

  /** Seconds until the client's bucket is full again. */
  secondsUntilFull(client: string, now: number): number {
    const { tokens } = this.bucket(client, now);
    return Math.ceil((this.limit - tokens) / this.perMs / 1000);
  }

  get size(): number {
    return this.buckets.size;
  }
}

function header(request: CoreRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The bucket key of an address: itself, or its /64 for IPv6 (IPv4-mapped IPv6 addresses as IPv4). */
export function clientKey(address: string | undefined): string {
  if (!address) return 'unknown';
  if (address.startsWith('::ffff:') && address.includes('.')) return address.slice(7);
  if (!isIPv6(address)) return address;
  const [head = '', tail] = address.split('::');
  const groups = head === '' ? [] : head.split(':');
  // `a:b::c` leaves out zero groups: the first four groups are the head's, then zeros, then the tail's.
  if (tail !== undefined) {
    const tailGroups = tail === '' ? [] : tail.split(':');
    while (groups.length + tailGroups.length < 8) groups.push('0');
    groups.push(...tailGroups);
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** A fixed-size key for an `Authorization` value: the value itself could be kilobytes long. */
function credentialKey(authorization: string): string {
  return createHash('sha256').update(authorization).digest('base64url');
}

/** Whether a request could be a guess at a password: it names one in its query, or a read carries a body. */
function mayGuessPassword(request: CoreRequest): boolean {
  const query = request.url.indexOf('?');
  if (query !== -1 && /[?&]password(?:=|&|$|%5B|\[)/i.test(request.url.slice(query))) return true;
  const readsWithBody =
    (request.method === 'GET' || request.method === 'HEAD') &&
    (request.headers['content-length'] ?? '0') !== '0';
  return readsWithBody || request.headers['transfer-encoding'] !== undefined;
}

/** The error codes of the answers that count as a failed guess. */
function isFailedGuess(response: CoreResponse): boolean {
  if (response.status !== 401 && response.status !== 403) return false;
  // The identity answer (edge.ts counts before compressing); an error body is small.
  const body = textOf(response);
  return (
    body !== undefined &&
    (body.includes('"code":"rest_invalid_credentials"') || body.includes('"code":"event-password-protected"'))
  );
}

export interface RateLimitDecision {
  /** The 429 to answer instead of handling the request, if over a limit. */
  refusal?: CoreResponse;
  /** Adds the `RateLimit` fields to the answer, and counts it if it was a failed guess. */
  finish(response: CoreResponse): CoreResponse;
}

export interface RateLimiter {
  /** `address`: the client's, as the connection or a trusted proxy tells it. */
  check(request: CoreRequest, address: string | undefined): RateLimitDecision;
}

export interface RateLimitEvents {
  /** A client went over a limit (once per 429). */
  limited(detail: { bucket: string; client: string; retryAfter: number }): void;
}

/** The limiter of one core. `clock` in milliseconds; tests move it. */
export function createRateLimiter(
  config: RateLimitConfig,
  events: RateLimitEvents,
  clock: () => number = Date.now,
  tooMany: (retryAfter: number, headers: Record<string, string>) => CoreResponse,
): RateLimiter {
  const { windowSeconds, maxClients } = config;
  const addresses =
    config.perAddress === false
      ? undefined
      : new TokenBuckets('address', config.perAddress, windowSeconds, maxClients);
  const keys =
    config.perKey === false ? undefined : new TokenBuckets('key', config.perKey, windowSeconds, maxClients);
  const failures =
    config.failures === false
      ? undefined
      : new TokenBuckets('failures', config.failures, windowSeconds, maxClients);
  // Credentials that have been accepted: a request carrying them is no guess at a key.
  const goodOnes = new Set<string>();
  // Unknown keys of requests in flight (as many as requests in flight at most).
  const pendingKeys = new Set<string>();
  const policy = [addresses, keys, failures]
    .filter((b) => b !== undefined)
    .map((b) => `"${b.name}";q=${b.limit};w=${windowSeconds}`)
    .join(', ');

  function fields(charged: [TokenBuckets, string][], now: number): Record<string, string> {
    const limit = charged
      .map(([b, client]) => `"${b.name}";r=${b.remaining(client, now)};t=${b.secondsUntilFull(client, now)}`)
      .join(', ');
    return limit === '' ? { 'RateLimit-Policy': policy } : { 'RateLimit-Policy': policy, RateLimit: limit };
  }

  function refuse(bucket: TokenBuckets, client: string, charged: [TokenBuckets, string][], now: number) {
    const retryAfter = Math.max(1, bucket.secondsUntilToken(client, now));
    events.limited({ bucket: bucket.name, client, retryAfter });
    return tooMany(retryAfter, { ...fields(charged, now), 'Retry-After': String(retryAfter) });
  }

  return {
    check(request, remoteAddress) {
      const now = clock();
      const address = clientKey(remoteAddress);
      const authorization = header(request, 'authorization');
      const credential = authorization ? credentialKey(authorization) : undefined;
      const charged: [TokenBuckets, string][] = [];
      if (addresses) charged.push([addresses, address]);
      if (keys && credential) charged.push([keys, credential]);
      // An address out of failures waits, whatever it asks: its next request may be the next guess.
      if (failures && failures.remaining(address, now) < 1)
        return { refusal: refuse(failures, address, [[failures, address]], now), finish: (r) => r };
      for (const [bucket, client] of charged) {
        if (!bucket.take(client, now))
          return { refusal: refuse(bucket, client, charged, now), finish: (r) => r };
      }
      // A request that may be a guess takes a failure token before it runs, so that guesses sent all at once
      // cannot all pass before the first is counted; a request that was no failed guess gives it back.
      // A key already being tried by a request in flight is the same guess, not another one.
      const newKey = credential !== undefined && !goodOnes.has(credential) && !pendingKeys.has(credential);
      const guess = failures !== undefined && (newKey || mayGuessPassword(request));
      if (guess) failures.take(address, now);
      if (newKey) pendingKeys.add(credential);
      return {
        finish(response) {
          const later = clock();
          if (newKey) pendingKeys.delete(credential);
          const failed = isFailedGuess(response);
          if (guess && !failed) failures.giveBack(address, later);
          if (failures && failed) {
            if (!guess) failures.take(address, later);
            charged.push([failures, address]);
          }
          if (credential !== undefined && response.status < 400) remember(credential);
          return withHeaders(response, { ...response.headers, ...fields(charged, later) });
        },
      };
    },
  };

  /** Accepted credentials, at most `maxClients` of them, the oldest forgotten first. */
  function remember(credential: string): void {
    if (goodOnes.has(credential)) return;
    if (goodOnes.size >= maxClients) {
      const oldest = goodOnes.values().next().value;
      if (oldest !== undefined) goodOnes.delete(oldest);
    }
    goodOnes.add(credential);
  }
}

export function tooManyRequests(retryAfter: number): ApiError {
  return apiError('rest_too_many_requests', {
    message: `Too many requests: try again in ${retryAfter} second${retryAfter === 1 ? '' : 's'}.`,
  });
}
