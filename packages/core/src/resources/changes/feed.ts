/**
 * The live streams' follower: one per core. While streams wait, it reads where the log stands (the data
 * version: every change moves it, a write of another instance or program too) every `pollMs`, and at once
 * after a write of this process, and wakes the streams when it moved. It only says when to look: each stream
 * then reads its own page of the log, as its caller may see it, so the log stays the one truth and a lost wake
 * costs at most one poll. Its timer is unref'd and runs only while a stream waits.
 */
import { sql } from 'kysely';
import type { CalendarDatabase } from '../../db/database.js';
import type { Logger } from '../../logger.js';

export interface ChangeStreamOptions {
  /** How often a waiting stream's follower looks at the log (default 500 ms). */
  pollMs?: number;
  /** A comment line after this long without a change, so that proxies keep the connection (default 15 s). */
  heartbeatMs?: number;
  /** Open streams at most; more answer 503 `rest_too_many_streams` (default 1,000). */
  maxStreams?: number;
  /**
   * A stream ends after this long (default 30 min); EventSource connects again at once with `Last-Event-ID`,
   * and the caller's credentials and rights are checked anew.
   */
  maxDurationMs?: number;
  /** The `retry:` a stream tells EventSource to wait before connecting again (default 2 s). */
  retryMs?: number;
}

export type ChangeFeedSettings = Required<ChangeStreamOptions>;

export type WaitOutcome = 'moved' | 'quiet' | 'ended';

export interface ChangeFeed {
  readonly settings: ChangeFeedSettings;
  /** Takes a stream's place: its release, or undefined when `maxStreams` are open or the feed is closed. */
  admit(): (() => void) | undefined;
  /** Open streams. */
  readonly open: number;
  /**
   * Resolves `moved` once the data version is past `known`, `quiet` after `ms` without, `ended` when `signal`
   * aborts or the feed closes.
   */
  waitPast(known: number, ms: number, signal: AbortSignal): Promise<WaitOutcome>;
  /** A write of this process committed: look now rather than at the next poll. */
  wake(): void;
  /**
   * Ends every stream (their waits resolve `ended`); no stream is admitted after. Resolves once every stream
   * has let go of its place (at most `CLOSE_WAIT_MS`).
   */
  close(): Promise<void>;
  readonly closed: boolean;
}

const DEFAULTS: ChangeFeedSettings = {
  pollMs: 500,
  heartbeatMs: 15_000,
  maxStreams: 1000,
  maxDurationMs: 30 * 60_000,
  retryMs: 2000,
};
const MAX_TIMER_MS = 2_147_483_647;
/** Streams woken per turn of the event loop after the log moved. */
const WAKES_PER_TURN = 32;
/** How long `close()` waits for the streams to end (each ends after the read under way). */
const CLOSE_WAIT_MS = 2000;

function resolveSettings(options: ChangeStreamOptions | undefined): ChangeFeedSettings {
  const settings = { ...DEFAULTS, ...options };
  for (const [name, value] of Object.entries(settings))
    if (!Number.isInteger(value) || value < 1 || value > MAX_TIMER_MS)
      throw new RangeError(
        `changeStream.${name} must be a whole number from 1 to ${MAX_TIMER_MS}, not ${value}`,
      );
  return settings;
}

interface Waiter {
  known: number;
  settle(outcome: WaitOutcome): void;
}

export function createChangeFeed(deps: {
  database: Pick<CalendarDatabase, 'kysely'>;
  logger: Logger;
  options?: ChangeStreamOptions | undefined;
}): ChangeFeed {
  const settings = resolveSettings(deps.options);
  const waiters = new Set<Waiter>();
  let version = -1;
  let open = 0;
  let closed = false;
  let polling = false;
  let lookAgain = false;
  let failing = false;
  let timer: NodeJS.Timeout | undefined;
  const drained = new Set<() => void>();

  /**
   * Wakes the streams the move concerns, a few per turn of the event loop: each then reads its page, and on
   * SQLite those reads run without yielding, so a thousand streams woken at once would hold the loop.
   */
  function settleMoved() {
    wakeInTurns([...waiters].filter((waiter) => version > waiter.known));
  }
  function wakeInTurns(due: Waiter[]) {
    for (const waiter of due.splice(0, WAKES_PER_TURN)) waiter.settle('moved');
    if (due.length > 0) setImmediate(() => wakeInTurns(due));
  }

  async function poll(): Promise<void> {
    if (polling) {
      lookAgain = true;
      return;
    }
    polling = true;
    try {
      do {
        lookAgain = false;
        const { rows } = await sql<{
          version: number | string;
        }>`select version from data_version where id = 1`.execute(deps.database.kysely);
        failing = false;
        const read = Number(rows[0]?.version ?? 0);
        if (read > version) {
          version = read;
          settleMoved();
        }
      } while (lookAgain && !closed);
    } catch (error) {
      // Once per outage: the streams wait and heartbeat meanwhile, and follow again once it answers.
      if (!failing) deps.logger.warn({ err: error }, 'live streams cannot read the change log; retrying');
      failing = true;
    } finally {
      polling = false;
      schedule();
    }
  }

  function schedule() {
    if (closed || waiters.size === 0 || timer || polling) return;
    timer = setTimeout(() => {
      timer = undefined;
      void poll();
    }, settings.pollMs);
    timer.unref();
  }

  return {
    settings,
    get open() {
      return open;
    },
    get closed() {
      return closed;
    },
    admit() {
      if (closed || open >= settings.maxStreams) return undefined;
      open++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        open--;
        if (open === 0) for (const resolve of drained) resolve();
      };
    },
    waitPast(known, ms, signal) {
      if (closed || signal.aborted) return Promise.resolve('ended');
      if (version > known) return Promise.resolve('moved');
      return new Promise<WaitOutcome>((resolve) => {
        const waiter: Waiter = {
          known,
          settle(outcome) {
            waiters.delete(waiter);
            clearTimeout(quiet);
            signal.removeEventListener('abort', ended);
            resolve(outcome);
          },
        };
        const ended = () => waiter.settle('ended');
        const quiet = setTimeout(() => waiter.settle('quiet'), ms);
        quiet.unref();
        signal.addEventListener('abort', ended, { once: true });
        waiters.add(waiter);
        schedule();
      });
    },
    wake() {
      if (waiters.size > 0 && !closed) void poll();
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      for (const waiter of waiters) waiter.settle('ended');
      if (open === 0) return;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(limit);
          drained.delete(done);
          resolve();
        };
        const limit = setTimeout(done, CLOSE_WAIT_MS);
        limit.unref();
        drained.add(done);
      });
    },
  };
}
