/**
 * Statements that stop when their request is given up (its client went away): the request runs inside
 * `whileWanted(signal, …)`, and a driver that can cancel a statement (PostgreSQL) asks `givenUpSignal()` which
 * request a connection is taken for. The signal travels with the request's own promises (AsyncLocalStorage),
 * so nothing between the request pipeline and the driver passes it along.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const wanted = new AsyncLocalStorage<AbortSignal>();

/**
 * Runs `run` so that the statements it starts are cancelled once `signal` fires. Only databases that can
 * cancel a statement offer it (`CalendarDatabase.whileWanted`): on Node 20 the first use of an
 * AsyncLocalStorage makes every promise of the process a little dearer.
 */
export function whileWanted<T>(signal: AbortSignal, run: () => Promise<T>): Promise<T> {
  return wanted.run(signal, run);
}

/**
 * Runs `run` for no request in particular: work whose result several requests share (the data version read
 * once per event-loop turn) must not be cancelled because the request that happened to start it was given up,
 * or every request sharing it fails with that request's cancellation.
 */
export function forEveryRequest<T>(run: () => T): T {
  return wanted.exit(run);
}

/** The signal of the request whose work is running now, if it has one. */
export function givenUpSignal(): AbortSignal | undefined {
  return wanted.getStore();
}

/** Thrown instead of starting a statement for a request that was given up. */
export class RequestGivenUpError extends Error {
  readonly code = 'REQUEST_GIVEN_UP';
  constructor() {
    super('The client went away before the answer: its statements were cancelled.');
  }
}

/** Whether an error is the cancellation of a request that was given up (ours, or PostgreSQL's answer to it). */
export function isGivenUp(error: unknown, signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true && (error instanceof RequestGivenUpError || isCancelledStatement(error));
}

/** PostgreSQL's `query_canceled` (57014): a statement timeout or a cancel request. */
function isCancelledStatement(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '57014';
}

/** Whether an error is a statement that ran longer than the connection's `statement_timeout`. */
export function isStatementTimeout(error: unknown): boolean {
  if (!isCancelledStatement(error)) return false;
  const { message } = error as { message?: unknown };
  return typeof message === 'string' && message.includes('statement timeout');
}
