/**
 * One delivery's request: a POST through `node:http(s)`, connected only to an allowed address (the target
 * guard checks an IP literal before and every resolved name while connecting), never following a redirect,
 * within a time limit for the whole exchange, reading at most a few KiB of the answer (its status is what
 * counts; the rest is dropped).
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import ipaddr from 'ipaddr.js';
import { guardedLookup, refusedAddress } from '../target-guard.js';

export interface PostOptions {
  timeoutMs: number;
  maxResponseBytes: number;
  allowPrivate: boolean;
}

export interface PostOutcome {
  /** The HTTP status answered; undefined when none came. */
  status?: number;
  /** What `Retry-After` asked for, in milliseconds from now. */
  retryAfterMs?: number;
  /** Why it failed without a status, or what was wrong with the answer (a redirect). */
  error?: string;
  durationMs: number;
}

/** `Retry-After` as seconds or as an HTTP date, in milliseconds from `now`; undefined when unreadable. */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: PostOptions,
): Promise<PostOutcome> {
  const started = Date.now();
  const elapsed = () => Date.now() - started;
  const target = new URL(url);
  const host = target.hostname.startsWith('[') ? target.hostname.slice(1, -1) : target.hostname;
  if (ipaddr.isValid(host)) {
    const refused = refusedAddress(host, options.allowPrivate);
    if (refused !== undefined) return Promise.resolve({ error: `refused: ${refused}`, durationMs: 0 });
  }
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<PostOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...outcome, durationMs: elapsed() });
    };
    const request = send(target, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      lookup: guardedLookup(options.allowPrivate),
      // One connection per delivery: a kept-alive socket would skip the lookup's check next time.
      agent: false,
    });
    const timer = setTimeout(() => {
      request.destroy(new Error(`no answer within ${options.timeoutMs} ms`));
    }, options.timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) => {
      const text = error.code === 'EWEBHOOKTARGET' ? `refused: ${error.message}` : error.message;
      finish({ error: text || error.code || 'request failed' });
    });
    request.on('response', (response: IncomingMessage) => {
      const status = response.statusCode ?? 0;
      const retryAfterMs = parseRetryAfter(headerText(response.headers['retry-after']), Date.now());
      const outcome: Omit<PostOutcome, 'durationMs'> = {
        status,
        ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
        ...(status >= 300 && status < 400 ? { error: 'redirect not followed' } : {}),
      };
      let read = 0;
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > options.maxResponseBytes) {
          // Enough: the status is known, and a receiver's long answer should not hold the deliverer.
          finish(outcome);
          response.destroy();
        }
      });
      response.on('end', () => finish(outcome));
      response.on('error', () => finish(outcome));
      response.on('close', () => finish(outcome));
    });
    request.end(body);
  });
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
