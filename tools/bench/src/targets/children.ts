/**
 * The processes the benchmark starts (the servers under load, the ceiling, wrk, the build) stop with it:
 *
 * - SIGINT, SIGTERM or SIGHUP to the benchmark: each child gets SIGTERM (a server shuts down gracefully and
 *   writes its CPU profile), SIGKILL after STOP_GRACE_MS, then the benchmark exits 128 + the signal's number.
 * - The benchmark exits any other way (an error, process.exit): whatever is still running gets SIGKILL.
 * - The benchmark is killed outright (SIGKILL, a crash of its parent taking it down): no handler can run here,
 *   so each server also watches its parent itself (exit-with-parent.mjs, preloaded into it): its stdin is a pipe
 *   this process holds and never writes to, and the kernel closes it when this process is gone.
 */
import type { ChildProcess } from 'node:child_process';
import { constants } from 'node:os';
import { fileURLToPath } from 'node:url';

const STOP_GRACE_MS = 5_000;
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** `--import` this into a child started with stdin as a pipe, and it ends when its parent does. */
export const EXIT_WITH_PARENT = fileURLToPath(new URL('./exit-with-parent.mjs', import.meta.url));

const running = new Set<ChildProcess>();
let handlersInstalled = false;
/** The signal being handled: from then on the benchmark ends with 128 + its number, whatever else happens. */
let stopSignal: (typeof SIGNALS)[number] | undefined;

function signalAll(signal: NodeJS.Signals): void {
  for (const child of running) {
    try {
      child.kill(signal);
    } catch {
      // Already gone.
    }
  }
}

async function stopAllAndExit(signal: (typeof SIGNALS)[number]): Promise<void> {
  stopSignal = signal;
  process.stderr.write(`\n${signal}: stopping the ${running.size} process(es) the benchmark started\n`);
  signalAll('SIGTERM');
  const deadline = Date.now() + STOP_GRACE_MS;
  while (running.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  signalAll('SIGKILL');
  process.exit(128 + constants.signals[signal]);
}

function installHandlers(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  for (const signal of SIGNALS) process.once(signal, () => void stopAllAndExit(signal));
  process.once('exit', () => {
    signalAll('SIGKILL');
    if (stopSignal) process.exitCode = 128 + constants.signals[stopSignal];
  });
}

/**
 * Resolves at once unless a signal is being handled; then never (its handler ends the process once the
 * children are gone), so a run whose servers just died of that signal does not exit before them.
 */
export function unlessStopping(): Promise<void> {
  return stopSignal ? new Promise(() => {}) : Promise.resolve();
}

/** Keeps `child` on the list of processes to stop with the benchmark until it exits. */
export function stopsWithBenchmark<T extends ChildProcess>(child: T): T {
  installHandlers();
  if (child.exitCode === null && child.signalCode === null) {
    running.add(child);
    child.once('exit', () => running.delete(child));
  }
  return child;
}

/** The processes started and still running (for tests). */
export function runningChildren(): number[] {
  return [...running].map((child) => child.pid!).filter((pid) => pid !== undefined);
}
