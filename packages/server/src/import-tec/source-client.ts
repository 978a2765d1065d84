/**
 * The HTTP side of reading a site of the plugin: every request to the source goes through `SourceClient.get`,
 * which sends the credentials, bounds how many requests run at once, gives each a time limit, and retries what
 * a busy or restarting site answers (429 with its `Retry-After`, 5xx, time-outs, dropped connections) with
 * exponential backoff and jitter, a bounded number of times, before it gives up with one clear line. Once it
 * has given up, nothing queued is sent any more: the import has failed, and a gone site is not hammered.
 * What no retry can mend fails at once: a redirect loop (or more than `MAX_REDIRECTS` redirects), and an
 * answer larger than `maxAnswerBytes`, which is not read further (memory follows what a page may hold).
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

/**
 * The source answered what no site of the plugin answers (a redirect loop, a page too large, ids this service
 * cannot keep, a list that does not end): not retried, and the pages kept of it are not reused.
 */
export class SourceRefusal extends SourceError {
  override name = 'SourceRefusal';
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
  /** The largest answer read, in bytes (default `MAX_ANSWER_BYTES`). */
  maxAnswerBytes?: number;
  /** Called before each retry (for a note on the progress output). */
  onRetry?(detail: { url: string; attempt: number; reason: string; waitMs?: number }): void;
  /** The `fetch` to use (default: Node's global fetch). */
  fetch?: typeof fetch;
}

export const DEFAULT_CONCURRENCY = 4;

/**
 * The largest answer read: a page of 50 records of the plugin, long descriptions and all, is a few MiB; an
 * answer beyond this is not a page of the API (a site that ignores `per_page`, or worse), and is refused.
 */
export const MAX_ANSWER_BYTES = 32 * 1024 * 1024;

/** Redirects followed for one request (a site moved to https and to `www.` takes two). */
export const MAX_REDIRECTS = 10;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

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

/**
 * A request that failed at the end of redirects: the failure is named with the redirect that led there (a
 * site moved to an address that does not answer is not "fetch failed").
 */
class RedirectedFailure extends Error {
  constructor(hops: readonly string[], failure: unknown) {
    const [first, ...rest] = hops.map(shown);
    super(
      `${describeFailure(failure)} at ${rest.at(-1)}, where ${first} redirects${rest.length > 1 ? ` (${[first, ...rest].join(' → ')})` : ''}`,
    );
  }
}

function describeFailure(error: unknown): string {
  if (error instanceof RedirectedFailure) return error.message;
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return 'no answer in time';
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if (cause?.code) return `connection failed (${cause.code})`;
  // Node's fetch says only "fetch failed"; its cause says why (a blocked port, an unknown scheme).
  if (cause?.message) return `connection failed (${cause.message})`;
  return error instanceof Error ? error.message : String(error);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function mebibytes(bytes: number): string {
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`;
}

/** The body as text, refused (`SourceError`, not retried) once it is longer than `limit` bytes. */
async function boundedText(response: Response, url: string, limit: number): Promise<string> {
  const tooLarge = () =>
    new SourceRefusal(
      `${shown(url)} answered more than ${mebibytes(limit)}: not a page of the API (a page of records is far smaller); not read`,
    );
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > limit) {
    await response.body?.cancel();
    throw tooLarge();
  }
  if (!response.body) return '';
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let length = 0;
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    length += chunk.byteLength;
    if (length > limit) {
      await response.body.cancel().catch(() => {});
      throw tooLarge();
    }
    parts.push(decoder.decode(chunk, { stream: true }));
  }
  parts.push(decoder.decode());
  return parts.join('');
}

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
        // A redirect loop or an answer too large is the same on every attempt.
        shouldRetry: ({ error }) => !(error instanceof SourceError),
        onFailedAttempt: async ({ error, attemptNumber, retriesLeft }) => {
          if (retriesLeft === 0 || error instanceof SourceError) return;
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
      if (error instanceof SourceError) {
        this.#gaveUp ??= error;
        throw this.#gaveUp;
      }
      this.#gaveUp ??= new SourceError(
        `${shown(url)}: ${describeFailure(error)}, ${attempts} attempt${attempts === 1 ? '' : 's'}: giving up`,
      );
      throw this.#gaveUp;
    }
  }

  /**
   * Sends the request and follows its redirects by hand, so that a loop is seen for what it is (fetch's own
   * limit of 20 ends in a bare "fetch failed", which would be retried), and credentials go only to the origin
   * they were given for.
   */
  async #follow(url: string, init: { method?: 'GET' | 'HEAD'; accept?: string }, signal: AbortSignal) {
    const visited = [url];
    let current = url;
    for (;;) {
      this.requests++;
      const headers: Record<string, string> = {
        accept: init.accept ?? 'application/json',
        'user-agent': 'calendar-events-import-tec/1',
      };
      if (this.#authorization && new URL(current).origin === new URL(url).origin)
        headers.authorization = this.#authorization;
      let response: Response;
      try {
        response = await (this.#options.fetch ?? fetch)(current, {
          method: init.method ?? 'GET',
          headers,
          redirect: 'manual',
          signal,
        });
      } catch (error) {
        throw visited.length > 1 ? new RedirectedFailure(visited, error) : error;
      }
      const location = response.headers.get('location');
      if (!REDIRECTS.has(response.status) || location === null) return { response, finalUrl: current };
      await response.body?.cancel();
      const next = new URL(location, current).toString();
      const loopStart = visited.indexOf(next);
      if (loopStart >= 0)
        throw new SourceRefusal(
          `${shown(url)} redirects in a loop (${[...visited.slice(loopStart), next].map(shown).join(' → ')}): not followed further`,
        );
      if (visited.length > MAX_REDIRECTS)
        throw new SourceError(
          `${shown(url)} redirects more than ${MAX_REDIRECTS} times (${shown(visited[1]!)} → … → ${shown(next)}): not followed further`,
        );
      visited.push(next);
      current = next;
    }
  }

  async #once(url: string, init: { method?: 'GET' | 'HEAD'; accept?: string }): Promise<SourceAnswer> {
    const { response, finalUrl } = await this.#follow(
      url,
      init,
      AbortSignal.timeout(this.#options.timeoutMs ?? 30_000),
    );
    // The body is read inside the attempt: a connection that dies mid-body is retried like one that never answered.
    const text = (
      await boundedText(response, finalUrl, this.#options.maxAnswerBytes ?? MAX_ANSWER_BYTES)
    ).replace(/^\uFEFF/, '');
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
    return { status: response.status, headers: response.headers, json, text, url: finalUrl };
  }
}
