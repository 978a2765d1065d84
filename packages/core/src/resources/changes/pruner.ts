/**
 * The change log's retention: a background worker that removes the changes older than the retention window
 * (`changeRetentionDays`), never inside a request, in bounded batches (each a short transaction, the event
 * loop given up between them). Instances may prune at once: each removes a prefix of the log in order and the
 * recorded position only moves forward. Its timer is unref'd, as the horizon keeper's.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { formatUtc } from '../../dates/format.js';
import type { CalendarDatabase } from '../../db/database.js';
import type { Logger } from '../../logger.js';
import { pruneChangeBatch } from './repository.js';

export interface ChangePrunerOptions {
  /** How long between two rounds (default an hour); the first round starts as soon as the pruner does. */
  intervalMs?: number;
}

export interface ChangePruner {
  readonly running: boolean;
  /** Arms its timer: a round at once, then one every `intervalMs`. Idempotent. */
  start(): void;
  /** Disarms the timer and lets the batch under way finish. */
  stop(): Promise<void>;
  /** Runs one round now; resolves with how many changes it removed. Never rejects (a failure is logged). */
  runRound(): Promise<number>;
}

export const DEFAULT_CHANGE_PRUNE_INTERVAL_MS = 60 * 60_000;
/** Changes per batch: one statement of that many rows. */
export const CHANGES_PER_PRUNE_BATCH = 1000;
/** Batches per round, so that a round ends; the next round goes on. */
const BATCHES_PER_ROUND = 100;
const MAX_TIMER_MS = 2_147_483_647;
const DAY_MS = 86_400_000;

export function createChangePruner(deps: {
  database: CalendarDatabase;
  logger: Logger;
  clock: () => Date;
  retentionDays: number;
  options?: ChangePrunerOptions | undefined;
}): ChangePruner {
  const intervalMs = deps.options?.intervalMs ?? DEFAULT_CHANGE_PRUNE_INTERVAL_MS;
  if (!Number.isInteger(intervalMs) || intervalMs < 1 || intervalMs > MAX_TIMER_MS)
    throw new RangeError(
      `changePruner.intervalMs must be a whole number of milliseconds from 1 to ${MAX_TIMER_MS}, not ${intervalMs}`,
    );
  let running = false;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<number> | undefined;

  async function round(): Promise<number> {
    const cutoff = formatUtc(new Date(deps.clock().getTime() - deps.retentionDays * DAY_MS));
    let removed = 0;
    try {
      for (let batch = 0; batch < BATCHES_PER_ROUND && !stopping; batch++) {
        const count = await pruneChangeBatch(deps.database, cutoff, CHANGES_PER_PRUNE_BATCH);
        removed += count;
        if (count < CHANGES_PER_PRUNE_BATCH) break;
        await nextTurn();
      }
    } catch (error) {
      deps.logger.warn({ err: error }, 'old changes not pruned; the next round tries again');
    }
    return removed;
  }

  function runRound(): Promise<number> {
    const next = (current ?? Promise.resolve(0)).then(round);
    current = next;
    return next;
  }

  function arm(delay: number) {
    timer = setTimeout(() => {
      void runRound().finally(() => {
        if (running) arm(intervalMs);
      });
    }, delay);
    timer.unref();
  }

  return {
    get running() {
      return running;
    },
    start() {
      if (running) return;
      running = true;
      stopping = false;
      arm(0);
    },
    async stop() {
      running = false;
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await current;
      stopping = false;
    },
    runRound,
  };
}
