import { describe, expect, it } from 'vitest';
import { processCpuSeconds, startCpuMeter } from './cpu.js';

const onLinux = process.platform === 'linux';

describe.runIf(onLinux)('CPU time from /proc', () => {
  it("reads a process's user and system time as Node itself counts it", () => {
    const fromProc = processCpuSeconds(process.pid)!;
    const { user, system } = process.cpuUsage();
    // /proc counts in hundredths of a second; Node in microseconds.
    expect(fromProc).toBeGreaterThan(0);
    expect(Math.abs(fromProc - (user + system) / 1e6)).toBeLessThan(0.05);
  });

  it('measures the CPU spent between start and stop', () => {
    const meter = startCpuMeter(process.pid);
    const before = process.cpuUsage();
    const until = performance.now() + 200;
    let spin = 0;
    while (performance.now() < until) spin++;
    expect(spin).toBeGreaterThan(0);
    const { user, system } = process.cpuUsage(before);
    // A busy loop of 200 ms (less CPU than that when the machine is busy), counted in 10 ms ticks.
    const measured = meter.stop()!;
    expect(measured).toBeGreaterThan(0);
    expect(Math.abs(measured - (user + system) / 1e6)).toBeLessThan(0.03);
  });

  it('gives undefined for a process that does not exist', () => {
    expect(processCpuSeconds(2 ** 22 + 1)).toBeUndefined();
    expect(startCpuMeter(2 ** 22 + 1).stop()).toBeUndefined();
  });
});
