/**
 * The webhook deliverer: a background worker that sends the change log to the registered endpoints, off the
 * request path. The log is the queue: an endpoint is a cursor over it, so a change committed is delivered
 * even when the process dies before sending it (the next process, or another instance, finds it after the
 * cursor).
 *
 * - A round claims due endpoints one at a time, each with a lease (repository.ts), `concurrency` at once, each
 *   endpoint once a round. For a claimed endpoint it reads a batch of changes after its cursor and sends them
 *   one by one, in log order: a 2xx moves the cursor past the change; a change of a type the endpoint does not
 *   want moves it without a request; a failure records the attempt, keeps the cursor (the endpoint's later
 *   changes wait behind it, other endpoints go on) and sets the next attempt from the retry schedule, or
 *   later when `Retry-After` asks. `410 Gone` disables the endpoint; so does a failure of the last attempt the
 *   schedule allows. Re-enabling it (status active, no attempts, no next attempt) resumes at its cursor.
 * - Delivery is at least once: a process killed between a receiver's 2xx and the cursor's move sends that
 *   change again, with the same `webhook-id`.
 * - It runs after each write of this process (`wake`) and polls for those of other instances and programs,
 *   while it knows an active endpoint; knowing none, it only looks every `idlePollMs` and when an endpoint is
 *   added, changed or replayed through this process. Its timer is unref'd; `stop` lets the request under way
 *   finish.
 */
import { randomUUID } from 'node:crypto';
import { formatUtc } from '../../../dates/format.js';
import type { CalendarDatabase } from '../../../db/database.js';
import type { Logger } from '../../../logger.js';
import { readChangePage, readPrunedPosition } from '../../changes/repository.js';
import { changeOf } from '../../changes/service.js';
import { type ChangePosition, comparePositions } from '../../changes/token.js';
import { onEndpointsChanged } from '../endpoint-signal.js';
import { postWebhook } from './http-post.js';
import { messageBody, messageHeaders, messageId, parseTypes, signingSecrets, wants } from './message.js';
import {
  advanceCursor,
  type ClaimedEndpoint,
  claimEndpoint,
  disableEndpoint,
  hasActiveEndpoint,
  pruneDeliveries,
  recordFailure,
  recordSuccess,
  releaseEndpoint,
} from './repository.js';

export interface WebhookDelivererOptions {
  /** How often it looks for changes written by other instances and programs (default 1000 ms). */
  pollMs?: number;
  /**
   * The waits after each failed attempt, in milliseconds; the first attempt is immediate and one more attempt
   * than waits is made before the endpoint is disabled. Default Standard Webhooks' schedule: 5 s, 5 min,
   * 30 min, 2 h, 5 h, 10 h, 10 h.
   */
  retrySchedule?: readonly number[];
  /** The time limit of one request, connection included (default 10 s). */
  timeoutMs?: number;
  /** How much of an answer is read before the rest is dropped (default 64 KiB). */
  maxResponseBytes?: number;
  /** Endpoints served at once (default 4). */
  concurrency?: number;
  /**
   * How often it looks while it knows no active endpoint (default 30 s): then it neither looks after each
   * write nor every `pollMs`; an endpoint added, changed or replayed through this process wakes it at once.
   */
  idlePollMs?: number;
}

export interface DeliveryRound {
  /** Endpoints claimed. */
  endpoints: number;
  delivered: number;
  failed: number;
  /** Changes the endpoints did not want, passed over. */
  passedOver: number;
  /** Endpoints disabled in this round. */
  disabled: number[];
  /** Whether an endpoint has more waiting than one round sends it (the next round follows at once). */
  more: boolean;
}

export interface WebhookDeliverer {
  readonly running: boolean;
  /** Arms its timer: a round at once, then one every `pollMs` and after each write. Idempotent. */
  start(): void;
  /** Disarms the timer and lets the delivery under way finish; the round ends there. */
  stop(): Promise<void>;
  /** Runs one round now, after the one under way if any. Never rejects (a failure is logged). */
  runRound(): Promise<DeliveryRound>;
  /** A write of this process committed: a round soon, rather than at the next poll. */
  wake(): void;
}

const SECOND = 1000;
export const STANDARD_RETRY_SCHEDULE: readonly number[] = [
  5 * SECOND,
  5 * 60 * SECOND,
  30 * 60 * SECOND,
  2 * 3600 * SECOND,
  5 * 3600 * SECOND,
  10 * 3600 * SECOND,
  10 * 3600 * SECOND,
];
/** The longest wait a `Retry-After` may impose: beyond it, the schedule's own wait applies. */
const MAX_RETRY_AFTER_MS = 24 * 3600 * SECOND;
/** Changes read after an endpoint's cursor per claim. */
const CHANGES_PER_CLAIM = 100;
/** Far longer than the statements between two renewals of the lease; a killed holder's lapses after it. */
const MIN_LEASE_MS = 10 * SECOND;
const MAX_TIMER_MS = 2_147_483_647;
const ALL = { kind: 'all' } as const;

function whole(name: string, value: number, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max)
    throw new RangeError(
      `webhookDeliverer.${name} must be a whole number from ${min} to ${max}, not ${value}`,
    );
  return value;
}

/** A time as the schema writes it, rounded up to the second: never before `ms`. */
function utcNotBefore(ms: number): string {
  return formatUtc(new Date(Math.ceil(ms / SECOND) * SECOND));
}

export function createWebhookDeliverer(deps: {
  database: CalendarDatabase;
  logger: Logger;
  clock: () => Date;
  allowPrivate: boolean;
  options?: WebhookDelivererOptions | undefined;
}): WebhookDeliverer {
  const { database, logger, clock } = deps;
  const options = deps.options ?? {};
  const pollMs = whole('pollMs', options.pollMs ?? SECOND, 1, MAX_TIMER_MS);
  const timeoutMs = whole('timeoutMs', options.timeoutMs ?? 10 * SECOND, 1, 10 * 60 * SECOND);
  const maxResponseBytes = whole('maxResponseBytes', options.maxResponseBytes ?? 64 * 1024, 0, 2 ** 30);
  const concurrency = whole('concurrency', options.concurrency ?? 4, 1, 64);
  const idlePollMs = whole('idlePollMs', options.idlePollMs ?? 30 * SECOND, 1, MAX_TIMER_MS);
  const schedule = options.retrySchedule ?? STANDARD_RETRY_SCHEDULE;
  for (const wait of schedule) whole('retrySchedule[]', wait, 0, MAX_RETRY_AFTER_MS);
  // A request never outlasts the lease it runs under.
  const leaseMs = Math.max(MIN_LEASE_MS, 3 * timeoutMs);
  const holder = randomUUID();
  const post = { timeoutMs, maxResponseBytes, allowPrivate: deps.allowPrivate };
  let running = false;
  let stopping = false;
  let again = false;
  let failing = false;
  let timer: NodeJS.Timeout | undefined;
  // Whether an active endpoint exists, as the last round saw (or an endpoint changed through this process).
  let knowsEndpoints = false;
  let unsubscribe: (() => void) | undefined;
  let current: Promise<DeliveryRound> | undefined;

  const leaseUntil = () => formatUtc(new Date(clock().getTime() + leaseMs));

  /** Sends one change; resolves with whether the endpoint goes on to its next change. */
  async function attempt(
    endpoint: ClaimedEndpoint,
    position: ChangePosition,
    change: ReturnType<typeof changeOf>,
    round: DeliveryRound,
  ): Promise<boolean> {
    const now = clock();
    const id = messageId(endpoint.id, change);
    const body = messageBody(change);
    const secrets = signingSecrets(endpoint, formatUtc(now));
    const headers = messageHeaders(secrets, id, Math.floor(now.getTime() / SECOND), body);
    const outcome = await postWebhook(endpoint.url, headers, body, post);
    const record = {
      changeVersion: position.version,
      changeId: position.id,
      messageId: id,
      attempt: endpoint.attempts + 1,
      attemptedUtc: formatUtc(now),
      status: outcome.status ?? null,
      durationMs: outcome.durationMs,
      error: outcome.error ?? null,
    };
    const status = outcome.status;
    if (status !== undefined && status >= 200 && status < 300) {
      round.delivered++;
      return recordSuccess(database, endpoint, holder, record, leaseUntil());
    }
    round.failed++;
    let disabledReason: string | undefined;
    if (status === 410) disabledReason = 'the endpoint answered 410 Gone';
    else if (record.attempt > schedule.length)
      disabledReason = `no delivery succeeded in ${record.attempt} attempts`;
    if (disabledReason !== undefined) {
      record.error = [record.error, `endpoint disabled: ${disabledReason}`].filter(Boolean).join('; ');
      await recordFailure(database, endpoint, holder, record, { disabledReason });
      round.disabled.push(endpoint.id);
      logger.warn(
        { webhookId: endpoint.id, url: endpoint.url, change: change.token, reason: disabledReason },
        'webhook endpoint disabled; replaying it resumes its deliveries',
      );
      return false;
    }
    const wait = schedule[record.attempt - 1] ?? 0;
    const asked = Math.min(outcome.retryAfterMs ?? 0, MAX_RETRY_AFTER_MS);
    const nextAttemptUtc = utcNotBefore(clock().getTime() + Math.max(wait, asked));
    await recordFailure(database, endpoint, holder, record, { nextAttemptUtc });
    return false;
  }

  /** Sends a claimed endpoint what waits after its cursor, a batch at most, until one fails. */
  async function serve(endpoint: ClaimedEndpoint, round: DeliveryRound): Promise<void> {
    const db = database.kysely;
    const types = parseTypes(endpoint.types);
    const rows = await readChangePage(db, endpoint.cursor, ALL, CHANGES_PER_CLAIM);
    // Read after the page: a retention that passed the cursor meanwhile removed changes it never sent.
    if (comparePositions(endpoint.cursor, await readPrunedPosition(db)) < 0) {
      const reason = 'changes after its position were removed by the retention before they were sent';
      await disableEndpoint(db, endpoint, holder, reason);
      round.disabled.push(endpoint.id);
      logger.warn(
        { webhookId: endpoint.id, reason },
        'webhook endpoint disabled; replaying it resumes its deliveries',
      );
      return;
    }
    let passed: ChangePosition | undefined;
    let complete = true;
    for (const row of rows) {
      if (stopping) {
        complete = false;
        break;
      }
      const change = changeOf(row, ALL);
      const position = { version: row.version, id: row.id };
      if (!wants(types, change)) {
        passed = position;
        round.passedOver++;
        continue;
      }
      if (passed && !(await advanceCursor(db, endpoint, holder, passed, leaseUntil()))) return;
      passed = undefined;
      if (!(await attempt(endpoint, position, change, round))) {
        complete = false;
        break;
      }
    }
    if (passed) await advanceCursor(db, endpoint, holder, passed, leaseUntil());
    if (complete && rows.length === CHANGES_PER_CLAIM) round.more = true;
  }

  async function worker(round: DeliveryRound, handled: number[]): Promise<void> {
    while (!stopping) {
      const now = clock().getTime();
      const endpoint = await claimEndpoint(database, holder, formatUtc(new Date(now)), leaseUntil(), handled);
      if (!endpoint) return;
      handled.push(endpoint.id);
      round.endpoints++;
      try {
        await serve(endpoint, round);
        await pruneDeliveries(database.kysely, endpoint.id);
      } catch (error) {
        logger.warn(
          { err: error, webhookId: endpoint.id },
          'webhook deliveries stopped; the next round goes on',
        );
      } finally {
        await releaseEndpoint(database.kysely, endpoint.id, holder).catch((error: unknown) =>
          logger.warn(
            { err: error, webhookId: endpoint.id },
            'webhook lease not given up; it lapses on its own',
          ),
        );
      }
    }
  }

  async function round(): Promise<DeliveryRound> {
    const result: DeliveryRound = {
      endpoints: 0,
      delivered: 0,
      failed: 0,
      passedOver: 0,
      disabled: [],
      more: false,
    };
    const handled: number[] = [];
    try {
      await Promise.all(Array.from({ length: concurrency }, () => worker(result, handled)));
      knowsEndpoints = result.endpoints > 0 || (await hasActiveEndpoint(database.kysely));
      failing = false;
    } catch (error) {
      // Said once while it lasts (a database down, or not migrated), not at every poll.
      if (!failing) logger.warn({ err: error }, 'webhook delivery round failed; the next round tries again');
      failing = true;
    }
    return result;
  }

  function runRound(): Promise<DeliveryRound> {
    const next = (current ?? Promise.resolve()).then(round);
    current = next;
    void next.then(() => {
      if (current === next) current = undefined;
    });
    return next;
  }

  function arm(delayMs: number): void {
    timer = setTimeout(() => {
      timer = undefined;
      again = false;
      void runRound().then((result) => {
        if (running && timer === undefined)
          arm(result.more || again ? 0 : knowsEndpoints ? pollMs : idlePollMs);
      });
    }, delayMs);
    timer.unref();
  }

  function wake(): void {
    if (!running || !knowsEndpoints) return;
    if (timer === undefined) {
      again = true;
      return;
    }
    clearTimeout(timer);
    arm(0);
  }

  return {
    get running() {
      return running;
    },
    start() {
      if (running) return;
      running = true;
      unsubscribe = onEndpointsChanged(database, () => {
        knowsEndpoints = true;
        wake();
      });
      arm(0);
    },
    async stop() {
      running = false;
      unsubscribe?.();
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      stopping = true;
      try {
        while (current) await current;
      } finally {
        stopping = false;
      }
    },
    runRound,
    wake,
  };
}
