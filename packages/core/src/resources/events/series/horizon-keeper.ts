/**
 * The horizon keeper: a background worker that extends recurring series as the clock moves (horizon.ts has the
 * steps), never inside a request, so that no request waits for it; reads go on meanwhile.
 *
 * - A round walks the due series, furthest behind first, in slices of a few series. Each series moves by a
 *   step: a transaction of its own adding at most `OCCURRENCES_PER_STEP` occurrences; one with further to go
 *   is met again later in the walk, so that all advance together. The keeper gives up its turn of the event
 *   loop after each step: on SQLite, whose one connection a transaction holds and whose statements run at
 *   once, requests queued meanwhile run between two steps.
 * - Only the instance holding the `horizon-keeper` lease (db/leases.ts) extends; it renews the lease after each
 *   slice and gives it up at the end of the round. A holder that died leaves a lease that expires, and the
 *   next round of another instance takes over. Looking for due series is a read, so an instance with nothing
 *   to do takes no lease.
 * - A series that cannot be extended (`refusalOf`) is logged once with its id and why, and recorded so that
 *   later rounds skip it until it is edited; a series that failed for a passing reason is retried next round,
 *   and the round goes on with the others either way.
 *
 * The core starts it (option `horizonKeeper`, default on) and `core.close()` stops it. Its timers are unref'd:
 * they never keep a process alive that has nothing else to do.
 */

import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { CalendarConfig } from '../../../config.js';
import type { CalendarDatabase } from '../../../db/database.js';
import { type Lease, releaseLease, renewLease, takeLease } from '../../../db/leases.js';
import type { Logger } from '../../../logger.js';
import {
  type DueCursor,
  type DueSeries,
  dueSeries,
  extendSeriesStep,
  type HorizonTarget,
  horizonTarget,
  recordRefusal,
  refusalOf,
} from './horizon.js';

export interface HorizonKeeperOptions {
  /** How long between two rounds (default 15 minutes); the first round starts as soon as the keeper does. */
  intervalMs?: number;
}

/** What one round did. */
export interface HorizonRound {
  /**
   * `done`: every due series was tried; `nothing due`; `held elsewhere`: another instance holds the lease;
   * `lease lost`: it expired under this round (a slice took longer than the lease), which stopped;
   * `stopped`: the keeper was stopped between two slices; `failed`: the database failed the round itself.
   */
  outcome: 'done' | 'nothing due' | 'held elsewhere' | 'lease lost' | 'stopped' | 'failed';
  /** Series extended to the horizon. */
  extended: number;
  /** Transactions that added occurrences (`OCCURRENCES_PER_STEP` at most each): a long way takes several. */
  steps: number;
  /** Series found unable to be extended, now recorded and skipped until edited. */
  refused: number[];
  /** Series that failed for a passing reason: the next round tries them again. */
  failed: number[];
  /** Slices run. */
  slices: number;
}

export interface HorizonKeeper {
  /** Whether its timer is armed: started and not stopped. */
  readonly running: boolean;
  /** Arms its timer: a round at once, then one every `intervalMs`. Idempotent. */
  start(): void;
  /** Disarms the timer, lets the step under way finish (the round ends there) and gives up the lease. */
  stop(): Promise<void>;
  /**
   * Runs one round now, after the one under way if any: for hosts that schedule the keeper themselves
   * (`horizonKeeper: false`), and for tests. Never rejects: a failed round says so in its `outcome`.
   */
  runRound(): Promise<HorizonRound>;
}

export const DEFAULT_HORIZON_INTERVAL_MS = 15 * 60_000;
/** Series per slice: each is a transaction of its own, of at most the occurrence limit's rows. */
export const SERIES_PER_SLICE = 4;
/** How long the lease lasts unrenewed: far longer than a slice, short enough for a dead holder's to lapse soon. */
export const HORIZON_LEASE_MS = 2 * 60_000;
export const HORIZON_LEASE_NAME = 'horizon-keeper';
const MAX_TIMER_MS = 2_147_483_647;

export interface HorizonKeeperDependencies {
  database: CalendarDatabase;
  config: CalendarConfig;
  logger: Logger;
  clock: () => Date;
  /** Told after each committed extension: this process's caches forget what they kept. */
  afterWrite: () => unknown;
  options?: HorizonKeeperOptions | undefined;
}

export function createHorizonKeeper(deps: HorizonKeeperDependencies): HorizonKeeper {
  const { database, config, logger, clock } = deps;
  const intervalMs = deps.options?.intervalMs ?? DEFAULT_HORIZON_INTERVAL_MS;
  // setTimeout takes at most 2^31 - 1 ms, and runs a longer delay after 1 ms: every turn, for ever.
  if (!Number.isInteger(intervalMs) || intervalMs < 1 || intervalMs > MAX_TIMER_MS)
    throw new RangeError(
      `horizonKeeper.intervalMs must be a whole number of milliseconds from 1 to ${MAX_TIMER_MS}, not ${intervalMs}`,
    );
  const db = database.kysely;
  const lease: Lease = { name: HORIZON_LEASE_NAME, holder: randomUUID(), durationMs: HORIZON_LEASE_MS };
  let running = false;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<HorizonRound> | undefined;

  /** Moves one series a step towards the target, or records why it cannot be extended; tallies the round. */
  async function stepOne(series: DueSeries, target: HorizonTarget, round: HorizonRound) {
    try {
      const reached = await extendSeriesStep(database, config, clock(), series.eventId, target);
      if (reached === undefined) return;
      round.steps++;
      if (reached === target.horizonUtc) round.extended++;
      deps.afterWrite();
    } catch (error) {
      const reason = refusalOf(error);
      if (reason === undefined) {
        round.failed.push(series.eventId);
        logger.warn(
          { err: error, seriesId: series.eventId },
          'recurring event not extended to the horizon; the next round tries again',
        );
        return;
      }
      try {
        await recordRefusal(db, series, target.horizonUtc, reason, clock());
      } catch (recordError) {
        // Deleted meanwhile (nothing to record), or the database failed: either way the next round decides.
        round.failed.push(series.eventId);
        logger.warn({ err: recordError, seriesId: series.eventId }, 'could not record a refused extension');
        return;
      }
      round.refused.push(series.eventId);
      logger.warn(
        { seriesId: series.eventId, horizonUtc: series.horizonUtc, wantedUtc: target.horizonUtc, reason },
        'recurring event cannot be extended to the horizon: its occurrences stop where they are until it is edited',
      );
    }
  }

  async function round(): Promise<HorizonRound> {
    const result: HorizonRound = {
      outcome: 'done',
      extended: 0,
      steps: 0,
      refused: [],
      failed: [],
      slices: 0,
    };
    const target = horizonTarget(config, clock());
    if ((await dueSeries(db, target.dueBeforeUtc, undefined, 1)).length === 0)
      return { ...result, outcome: 'nothing due' };
    if (!(await takeLease(db, lease, clock()))) return { ...result, outcome: 'held elsewhere' };
    try {
      let cursor: DueCursor | undefined;
      for (;;) {
        if (stopping) {
          result.outcome = 'stopped';
          break;
        }
        const slice = await dueSeries(db, target.dueBeforeUtc, cursor, SERIES_PER_SLICE);
        if (slice.length === 0) break;
        result.slices++;
        for (const series of slice) {
          if (stopping) break;
          await stepOne(series, target, result);
          // On SQLite every statement runs at once: without a turn given up here, nothing else would run
          // until the slice ends.
          await nextTurn();
        }
        // A series a step moved part of the way is ahead of the cursor now: the walk meets it again.
        cursor = slice[slice.length - 1];
        if (!(await renewLease(db, lease, clock()))) {
          result.outcome = 'lease lost';
          break;
        }
      }
    } finally {
      await releaseLease(db, lease).catch((error: unknown) =>
        logger.warn({ err: error }, 'horizon keeper could not give up its lease; it expires on its own'),
      );
    }
    if (result.extended > 0 || result.refused.length > 0)
      logger.info(
        { extended: result.extended, refused: result.refused.length, failed: result.failed.length },
        'recurring events extended to the horizon',
      );
    return result;
  }

  async function guardedRound(): Promise<HorizonRound> {
    try {
      return await round();
    } catch (error) {
      logger.warn({ err: error }, 'horizon keeper round failed; the next round tries again');
      return { outcome: 'failed', extended: 0, steps: 0, refused: [], failed: [], slices: 0 };
    }
  }

  function runRound(): Promise<HorizonRound> {
    const previous = current;
    const next = (previous ?? Promise.resolve()).then(guardedRound);
    current = next;
    void next.then(() => {
      if (current === next) current = undefined;
    });
    return next;
  }

  function schedule(delayMs: number): void {
    timer = setTimeout(() => {
      timer = undefined;
      void runRound().then(() => {
        if (running && timer === undefined) schedule(intervalMs);
      });
    }, delayMs);
    timer.unref();
  }

  return {
    get running() {
      return running;
    },
    start() {
      if (running) return;
      running = true;
      schedule(0);
    },
    async stop() {
      running = false;
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
  };
}
