/**
 * Resident memory of a server process, from Linux's /proc. The peak of each scenario is VmHWM after the
 * high-water mark was reset to the current size (`clear_refs` 5) at the scenario's start; where that reset
 * is not allowed, the largest VmRSS sampled during the scenario stands in for it.
 */
import { readFileSync, writeFileSync } from 'node:fs';

const SAMPLE_INTERVAL_MS = 100;

function statusField(pid: number, field: 'VmRSS' | 'VmHWM'): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

export interface PeakMemoryMeter {
  /** Bytes: the largest resident size since the meter started. */
  stop(): number | undefined;
}

export function startPeakMemoryMeter(pid: number): PeakMemoryMeter {
  let highWaterMarkReset = false;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    highWaterMarkReset = true;
  } catch {
    // Not our process, or a kernel without it: fall back on sampling.
  }
  let sampledPeak = statusField(pid, 'VmRSS') ?? 0;
  const sampler = setInterval(() => {
    sampledPeak = Math.max(sampledPeak, statusField(pid, 'VmRSS') ?? 0);
  }, SAMPLE_INTERVAL_MS);
  return {
    stop() {
      clearInterval(sampler);
      const last = statusField(pid, 'VmRSS') ?? 0;
      const highWaterMark = highWaterMarkReset ? (statusField(pid, 'VmHWM') ?? 0) : 0;
      const peak = Math.max(sampledPeak, last, highWaterMark);
      return peak > 0 ? peak : undefined;
    },
  };
}
