/**
 * Whether an error says that the database cannot be reached right now (a restart, a failover, a network
 * cut, a connection a proxy closed) rather than that the request or the code is wrong: the service then
 * answers 503 with `Retry-After`, and the pool connects again for the next request.
 */

import { setTimeout as sleep } from 'node:timers/promises';

/** Socket errors of a connection that could not be made or was cut. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs of a server going away or not taking connections: class 08 (connection exception),
 * 57P01–57P03 (administrator or crash shutdown, cannot connect now), 53300 (too many connections); and
 * SQLite's busy database (another process held its lock longer than the busy timeout).
 */
const DATABASE_CODES = new Set(['57P01', '57P02', '57P03', '53300', 'SQLITE_BUSY']);

/** Messages of node-postgres that come without a code, of a connection cut in use (`isConnectionCut`). */
const CUT_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error',
  'Connection ended unexpectedly',
];

/** Those, and the one of a connection that could not be made. */
const DRIVER_MESSAGES = [...CUT_MESSAGES, 'timeout exceeded when trying to connect'];

/** An error's `code` and `message`, when it has them. */
function codeAndMessage(error: unknown): { code?: unknown; message?: unknown } {
  return typeof error === 'object' && error !== null ? (error as { code?: unknown; message?: unknown }) : {};
}

export function isDatabaseUnavailable(error: unknown): boolean {
  const { code, message } = codeAndMessage(error);
  if (
    typeof code === 'string' &&
    (NETWORK_CODES.has(code) || DATABASE_CODES.has(code) || code.startsWith('08'))
  )
    return true;
  return typeof message === 'string' && DRIVER_MESSAGES.some((text) => message.includes(text));
}

/** Of those, the errors of a connection that was made and then cut (not of one that could not be made). */
const CUT_CODES = new Set(['ECONNRESET', 'EPIPE', '57P01', '57P02', '08000', '08003', '08006']);

/**
 * Whether `error` says that a connection in use was cut (its backend terminated, a restart, a proxy or the
 * network closing it): work it was doing may be run again on another connection, which the pool makes
 * without delay. Not a connection that could not be made (refused, timed out, too many): trying again at
 * once would meet the same.
 */
export function isConnectionCut(error: unknown): boolean {
  const { code, message } = codeAndMessage(error);
  if (typeof code === 'string') return CUT_CODES.has(code);
  return (
    typeof message === 'string' &&
    !message.includes('trying to connect') &&
    CUT_MESSAGES.some((text) => message.includes(text))
  );
}

/** The pause before work whose connection was cut is run again, times the attempt: long enough for the pool
 * to drop the other connections the same cut ended (a restart ends them all). */
export const CUT_PAUSE_MS = 20;

/** How many times in all a read whose connection was cut is asked (`readAgainIfCut`). */
export const READ_ATTEMPTS = 3;

/**
 * Runs `read` again, on another connection, when its connection was cut (`isConnectionCut`): a read changes
 * nothing, so asking it again is safe. Any other failure, and the last attempt's, is thrown.
 */
export async function readAgainIfCut<T>(read: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await read();
    } catch (error) {
      if (attempt >= READ_ATTEMPTS || !isConnectionCut(error)) throw error;
      await sleep(CUT_PAUSE_MS * attempt);
    }
  }
}
