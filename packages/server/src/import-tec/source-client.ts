/**
 * The HTTP side of reading a site of the plugin: every request to the source goes through `SourceClient.get`,
 * which sends the credentials, bounds how many requests run at once, gives each a time limit, and retries what
 * a busy or restarting site answers (429 with its `Retry-After`, 5xx, time-outs, dropped connections) with
 * exponential backoff and jitter, a bounded number of times, before it gives up with one clear line. Once it
 * has given up, nothing queued is sent any more: the import has failed, and a gone site is not hammered.
 *
 * p-limit and p-retry (Node ≥ 20, no native parts) do the queueing and the backoff: small, well-kept, and
 * their behaviour is documented; undici's RetryAgent would honour `Retry-After` too, but its current major
 * needs Node ≥ 22.19 and mixing it with Node's bundled fetch is fragile.
 */
import pLimit, { type LimitFunction } from 'p-limit';
import pRetry from 'p-retry';

/** A failure reading the source: one line, shown as it is. */
export class SourceError extends Error {
  override name = 'SourceError';
}

/** A retryable answer (429, 5xx): retried, and if it is the last attempt, reported as this line. */
class RetryableAnswer extends Error {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

export interface SourceAnswer {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or `undefined` when the body is not JSON (see `text`). */
  json: unknown;
  text: string;
  /** The URL that answered (after redirects). */
  url: string;
}

export interface SourceClientOptions {
  /** WordPress login and application password, sent as HTTP Basic. */
  credentials?: { user: string; password: string };
  /** Requests at once (default 4). */
  concurrency?: number;
  /** Time limit of one request, in milliseconds (default 30 s). */
  timeoutMs?: number;
  /** Attempts of one request before giving up (default 5). */
  attempts?: number;
  /** The first backoff, in milliseconds (default 500; doubled each attempt, with jitter). */
  backoffMs?: number;
  /** The longest `Retry-After` honoured, in milliseconds (default 120 s): a longer one is waited this long. */
  maxRetryAfterMs?: number;
  /** Called before each retry (for a note on the progress output). */
  onRetry?(detail: { url: string; attempt: number; reason: string; waitMs?: number }): void;
  /** The `fetch` to use (default: Node's global fetch). */
  fetch?: typeof fetch;
}

export const DEFAULT_CONCURRENCY = 4;

/** `Retry-After` in milliseconds: delta-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The URL without credentials or query, for messages. */
function shown(url: string): string {
  const parsed = new URL(url);
  parsed.username = '';
  parsed.password = '';
  return parsed.toString();
}

function describeFailure(error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return 'no answer in time';
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if (cause?.code) return `connection failed (${cause.code})`;
  return error instanceof Error ? error.message : String(error);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class SourceClient {
  readonly #limit: LimitFunction;
  readonly #options: SourceClientOptions;
  readonly #authorization: string | undefined;
  /** Requests sent, retries included (for the report). */
  requests = 0;
  /** Set once a request has used all its attempts: the site is gone, and what is queued is not sent. */
  #gaveUp: SourceError | undefined;

  constructor(options: SourceClientOptions = {}) {
    this.#options = options;
    this.#limit = pLimit(options.concurrency ?? DEFAULT_CONCURRENCY);
    const credentials = options.credentials;
    this.#authorization = credentials
      ? `Basic ${Buffer.from(`${credentials.user}:${credentials.password}`).toString('base64')}`
      : undefined;
  }

  get authenticated(): boolean {
    return this.#authorization !== undefined;
  }

  /**
   * GETs `url` (or HEADs it) and answers whatever status the source gave, except what is worth retrying
   * (429, 5xx, time-outs, dropped connections): those are retried, and after the last attempt they throw a
   * `SourceError`. Callers judge the other statuses (a 404 past the last page is not a failure).
   */
  get(url: string, init: { method?: 'GET' | 'HEAD'; accept?: string } = {}): Promise<SourceAnswer> {
    return this.#limit(() => {
      if (this.#gaveUp) throw this.#gaveUp;
      return this.#withRetries(url, init);
    });
  }

  async #withRetries(url: string, init: { method?: 'GET' | 'HEAD'; accept?: string }) {
    const attempts = this.#options.attempts ?? 5;
    const maxRetryAfter = this.#options.maxRetryAfterMs ?? 120_000;
    try {
      return await pRetry(() => this.#once(url, init), {
        retries: attempts - 1,
        minTimeout: this.#options.backoffMs ?? 500,
        factor: 2,
        maxTimeout: 30_000,
        randomize: true,
        onFailedAttempt: async ({ error, attemptNumber, retriesLeft }) => {
          if (retriesLeft === 0) return;
          const waitMs =
            error instanceof RetryableAnswer && error.retryAfterMs !== undefined
              ? Math.min(error.retryAfterMs, maxRetryAfter)
              : undefined;
          this.#options.onRetry?.({
            url: shown(url),
            attempt: attemptNumber,
            reason: describeFailure(error),
            ...(waitMs !== undefined ? { waitMs } : {}),
          });
          // The site asked for this pause; p-retry's own backoff (with jitter) comes on top of it.
          if (waitMs) await sleep(waitMs);
        },
      });
    } catch (error) {
      this.#gaveUp ??= new SourceError(
        `${shown(url)}: ${describeFailure(error)}, ${attempts} attempt${attempts === 1 ? '' : 's'}: giving up`,
      );
      throw this.#gaveUp;
    }
  }

  async #once(url: string, init: { method?: 'GET' | 'HEAD'; accept?: string }): Promise<SourceAnswer> {
    this.requests++;
    const headers: Record<string, string> = {
      accept: init.accept ?? 'application/json',
      'user-agent': 'calendar-events-import-tec/1',
    };
    if (this.#authorization) headers.authorization = this.#authorization;
    const response = await (this.#options.fetch ?? fetch)(url, {
      method: init.method ?? 'GET',
      headers,
      redirect: 'follow',
      signal: AbortSignal.timeout(this.#options.timeoutMs ?? 30_000),
    });
    // The body is read inside the attempt: a connection that dies mid-body is retried like one that never answered.
    const text = (await response.text()).replace(/^\uFEFF/, '');
    if (response.status === 429 || response.status >= 500) {
      throw new RetryableAnswer(
        `the site answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`,
        retryAfterMs(response.headers.get('retry-after')),
      );
    }
    let json: unknown;
    const type = response.headers.get('content-type') ?? '';
    if (text !== '' && (type.includes('json') || /^\s*[[{]/.test(text))) {
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
    }
    return { status: response.status, headers: response.headers, json, text, url: response.url || url };
  }
}
