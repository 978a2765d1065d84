/**
 * CPU time a server process spent, from Linux's /proc: user and system time of all its threads (the main
 * thread, libuv's pool, V8's garbage collector), and the kernel's work for its sockets. Divided by the answers
 * of a measured run it gives the CPU each answer cost, a figure far steadier than req/s on a machine whose
 * cores the load generator and the database share with the server (between runs of the same code, req/s
 * moves several times as much as CPU per answer; see RESULTS.md).
 */
import { readFileSync } from 'node:fs';

/** /proc counts in USER_HZ, 100 a second on every Linux architecture the kernel's ABI fixes it for. */
const TICKS_PER_SECOND = 100;

/** Seconds of CPU the process has used, or undefined where /proc is missing. */
export function processCpuSeconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count fields after its end.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 (utime) and 15 (stime) of proc(5); the first one here is field 3.
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks / TICKS_PER_SECOND : undefined;
  } catch {
    return undefined;
  }
}

export interface CpuMeter {
  /** CPU seconds used since the meter started, or undefined where /proc is missing. */
  stop(): number | undefined;
}

export function startCpuMeter(pid: number): CpuMeter {
  const start = processCpuSeconds(pid);
  return {
    stop() {
      const end = processCpuSeconds(pid);
      return start === undefined || end === undefined ? undefined : end - start;
    },
  };
}
