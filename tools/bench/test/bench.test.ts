/**
 * The benchmark end to end, small: 500 events on SQLite, one adapter with its response cache on and off,
 * every scenario for a second (creating a daily series once, with the cache on, for two), through the CLI as
 * `pnpm bench` runs it (with wrk where it is installed). Checks the JSON it writes, that every answer had the
 * expected status (304 for the conditional GET, 201 for creation), and that the created events (and series, with
 * their occurrences) were removed afterwards.
 * And that a benchmark killed in the middle of a run leaves no server of its own running.
 */
import { execFile, spawn } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { connectDatabase } from '@calendar-events/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/paths.js';
import { SCENARIOS } from '../src/scenarios.js';

const run = promisify(execFile);
const BENCH_CLI = ['--conditions=@calendar-events/source', '--import', 'tsx', 'tools/bench/src/cli.ts'];
// Beside CI's other files (two PostgreSQL clusters of the standby tests, several servers) a run of a few seconds
// of load per scenario took over four minutes: the figures are not what this checks, the run ending is.
const SMALL_BENCH_TIMEOUT_MS = 470_000;
/**
 * The scenarios of the run with the cache on and off. Creating a daily series (seconds of its own, and ~730
 * events to remove per creation) does not depend on the response cache: it runs once, in the `miss` run.
 */
const BOTH_WAYS = SCENARIOS.filter((scenario) => scenario !== 'create-daily-series');

function tail(text: string | undefined, lines = 25): string {
  return (text ?? '').trimEnd().split('\n').slice(-lines).join('\n') || '(nothing)';
}

/** `pnpm bench` through its CLI, small: 500 events, SQLite, Fastify, a second per scenario, JSON in `dataDir`. */
async function runSmallBench(dataDir: string, options: string[]) {
  const args = [
    ...BENCH_CLI,
    ...['--events', '500', '--databases', 'sqlite', '--adapters', 'fastify'],
    ...['--duration', '1', '--warmup', '0.2', '--connections', '4'],
    ...['--data-dir', dataDir, '--json', join(dataDir, 'results.json'), ...options],
  ];
  try {
    // The first run in a fresh clone also builds the server (turbo): the timeout leaves room for it.
    return await run(process.execPath, args, {
      cwd: REPO_ROOT,
      timeout: SMALL_BENCH_TIMEOUT_MS,
      env: { ...process.env, LOG_LEVEL: 'warn' },
    });
  } catch (error) {
    // execFile's own message is "Command failed: <command>", even when it was its timeout that killed it.
    const failed = error as {
      killed?: boolean;
      signal?: string | null;
      code?: unknown;
      stdout?: string;
      stderr?: string;
    };
    const what = failed.killed
      ? `did not finish within ${SMALL_BENCH_TIMEOUT_MS / 1000} s and was stopped (SIGTERM: it exits 143 then)`
      : failed.signal
        ? `was killed by ${failed.signal}`
        : `exited with code ${String(failed.code)}`;
    throw new Error(
      `pnpm bench ${options.join(' ')} ${what}.\n--- its stderr (end) ---\n${tail(failed.stderr)}\n--- its stdout (end) ---\n${tail(failed.stdout)}`,
    );
  }
}

describe('pnpm bench', () => {
  let dataDir: string;
  let stdout: string;
  let report: {
    results: Array<Record<string, unknown>>;
    datasets: Array<{ database: string; events: number; load_seconds: number }>;
    settings: { load_generator: string };
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'calendar-bench-'));
    const jsonFile = join(dataDir, 'results.json');
    ({ stdout } = await runSmallBench(dataDir, [
      ...['--response-cache', 'both'],
      ...['--scenarios', BOTH_WAYS.join(',')],
    ]));
    report = JSON.parse(await readFile(jsonFile, 'utf8'));
  }, SMALL_BENCH_TIMEOUT_MS + 10_000);

  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('writes a row per scenario, plus the ceiling, with every figure', () => {
    expect(report.results.map((r) => `${r.scenario} ${r.adapter} ${r.database} ${r.response_cache}`)).toEqual(
      [
        'default-list node:http none null',
        ...BOTH_WAYS.map((scenario) => `${scenario} fastify sqlite true`),
        ...BOTH_WAYS.map((scenario) => `${scenario} fastify sqlite false`),
      ],
    );
    for (const result of report.results) {
      expect(Object.keys(result)).toEqual(
        expect.arrayContaining([
          'scenario',
          'adapter',
          'database',
          'events',
          'rps',
          'p50_ms',
          'p99_ms',
          'ceiling_ratio',
          'rss_mb',
          'cpu_us_per_request',
        ]),
      );
      expect(result.events).toBe(500);
      expect(result.rps).toBeGreaterThan(0);
      expect(result.p99_ms).toBeGreaterThanOrEqual(result.p50_ms as number);
      expect(result.ceiling_ratio).toBeGreaterThan(0);
      expect(result.rss_mb).toBeGreaterThan(10);
      // Some CPU for every answer, and not absurdly much (a second of CPU per answer would be a unit error).
      expect(result.cpu_us_per_request).toBeGreaterThan(0);
      expect(result.cpu_us_per_request).toBeLessThan(1_000_000);
      // Every answer had the scenario's status: 200, 304 for the conditional GET, 201 for creation.
      expect(result.unexpected, `${result.scenario}`).toBe(0);
    }
    expect(report.results[0]!.ceiling_ratio).toBe(1);
    expect(report.datasets).toEqual([expect.objectContaining({ database: 'sqlite', events: 500 })]);
    // wrk where it is installed (CI installs it), autocannon elsewhere.
    expect(report.settings.load_generator).toMatch(process.env.CI ? /^wrk \d/ : /^(wrk|autocannon) \d/);
  });

  it('prints the table', () => {
    expect(stdout).toMatch(
      /scenario\s+adapter\s+database\s+cache\s+events\s+req\/s\s+p50 ms\s+p99 ms\s+ceiling ratio\s+RSS MB\s+CPU µs\/req/,
    );
    expect(stdout).toMatch(/conditional-get\s+fastify\s+sqlite\s+on\s+500/);
    expect(stdout).toMatch(/conditional-get\s+fastify\s+sqlite\s+off\s+500/);
  });

  it('leaves the calendar as generated', async () => {
    expect(await postsAddedAfterGeneration(dataDir)).toBe(0);
  });
});

describe('pnpm bench --response-cache miss', () => {
  it(
    'asks every GET at a new address, with the cache on, and marks the rows',
    async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'calendar-bench-miss-'));
      try {
        const jsonFile = join(dataDir, 'results.json');
        const { stdout } = await runSmallBench(dataDir, [
          ...['--scenarios', 'filtered-list,single-by-id,conditional-get,create-daily-series'],
          ...['--response-cache', 'miss'],
        ]);
        const { results } = JSON.parse(await readFile(jsonFile, 'utf8')) as {
          results: Array<Record<string, unknown>>;
        };
        expect(results.map((r) => `${r.scenario} ${r.response_cache} ${r.new_urls} ${r.unexpected}`)).toEqual(
          [
            'default-list null false 0',
            'filtered-list true true 0',
            'single-by-id true true 0',
            'conditional-get true true 0',
            // A POST, sent as it is whatever the mode (the row is marked as the run's).
            'create-daily-series true true 0',
          ],
        );
        expect(results.at(-1)!.requests, 'daily series created').toBeGreaterThan(0);
        // The series and their occurrences were removed afterwards.
        expect(await postsAddedAfterGeneration(dataDir)).toBe(0);
        expect(stdout).toMatch(/single-by-id\s+fastify\s+sqlite\s+miss\s+500/);
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    SMALL_BENCH_TIMEOUT_MS + 10_000,
  );
});

/** How many posts the small bench's calendar (500 events) holds beyond those it was generated with. */
async function postsAddedAfterGeneration(dataDir: string): Promise<number> {
  const manifest = JSON.parse(await readFile(join(dataDir, 'calendar-500.manifest'), 'utf8'));
  const database = await connectDatabase(`sqlite:${join(dataDir, 'calendar-500.db')}`);
  try {
    const added = await database.kysely
      .selectFrom('posts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('id', '>', manifest.facts.lastGeneratedPostId)
      .executeTakeFirstOrThrow();
    return Number(added.n);
  } finally {
    await database.destroy();
  }
}

/** The processes whose parent is `pid`, with their command lines (Linux /proc). */
function childrenOf(pid: number): Array<{ pid: number; command: string }> {
  const children: Array<{ pid: number; command: string }> = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name (in parentheses, which may hold spaces): state, then the parent's pid.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== pid) continue;
      children.push({
        pid: Number(entry),
        command: readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ').trim(),
      });
    } catch {
      // Gone meanwhile.
    }
  }
  return children;
}

/** The TCP ports `pid` listens on (its socket inodes, looked up in /proc/net/tcp and tcp6). */
function listeningPorts(pid: number): number[] {
  const inodes = new Set<string>();
  try {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`, 'utf8') || '');
      if (match) inodes.add(match[1]!);
    }
  } catch {
    return [];
  }
  const ports: number[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let lines: string[];
    try {
      lines = readFileSync(table, 'utf8').trim().split('\n').slice(1);
    } catch {
      continue;
    }
    for (const line of lines) {
      const fields = line.trim().split(/\s+/);
      // local_address is ADDRESS:PORT in hex; state 0A is LISTEN; the inode is the tenth field.
      if (fields[3] === '0A' && inodes.has(fields[9]!))
        ports.push(Number.parseInt(fields[1]!.split(':')[1]!, 16));
    }
  }
  return ports;
}

/** Whether something accepts connections on 127.0.0.1:`port`. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Whether `pid` is still a process (a zombie, dead but not yet reaped, counts as gone). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

async function waitFor<T>(
  what: string,
  timeoutMs: number,
  check: () => T | undefined,
  log: () => string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline)
      throw new Error(
        `${what} did not happen within ${timeoutMs / 1000} s.\n--- the benchmark's output (end) ---\n${tail(log())}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.runIf(process.platform === 'linux')('a killed benchmark', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'calendar-bench-kill-'));
  });

  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /**
   * Starts a long benchmark, waits until its service and its ceiling both run (the ceiling is measured while the
   * service is up), kills the benchmark with `signal`, and gives the pids of its servers and what remained.
   */
  async function killDuringRun(signal: NodeJS.Signals, loadGenerator: string) {
    const bench = spawn(
      process.execPath,
      [
        ...BENCH_CLI,
        ...[
          '--events',
          '500',
          '--databases',
          'sqlite',
          '--adapters',
          'fastify',
          '--scenarios',
          'default-list',
        ],
        ...['--duration', '120', '--warmup', '0', '--connections', '2', '--load-generator', loadGenerator],
        ...['--data-dir', dataDir],
      ],
      { cwd: REPO_ROOT, env: { ...process.env, LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    bench.stdout.on('data', (chunk) => (output += chunk));
    bench.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      bench.once('exit', (code, exitSignal) => resolve({ code, signal: exitSignal })),
    );
    let servers: Array<{ pid: number; command: string; ports: number[] }> = [];
    try {
      servers = await waitFor(
        'the service and the ceiling both listening',
        150_000,
        () => {
          if (bench.exitCode !== null || bench.signalCode !== null)
            throw new Error(
              `the benchmark ended (${bench.exitCode ?? bench.signalCode}) before its servers ran:\n${tail(output)}`,
            );
          const children = childrenOf(bench.pid!).map((child) => ({
            ...child,
            ports: listeningPorts(child.pid),
          }));
          const service = children.find(
            (child) => /cli\.js serve/.test(child.command) && child.ports.length > 0,
          );
          const ceiling = children.find(
            (child) => /ceiling-server\.ts/.test(child.command) && child.ports.length > 0,
          );
          // wrk starts only after both servers answer, some time after they listen: with wrk as the load
          // generator, the moment to kill is once it runs too.
          const loadRuns =
            !/load generator: wrk/.test(output) || children.some((child) => /^wrk /.test(child.command));
          return service && ceiling && loadRuns ? [service, ceiling] : undefined;
        },
        () => output,
      );
      // Everything it runs at that moment: the service, the ceiling, and wrk when wrk is the load generator.
      const children = childrenOf(bench.pid!);
      bench.kill(signal);
      const exit = await exited;
      await waitFor(
        `the servers (${servers.map((s) => s.pid).join(', ')}) stopping after the benchmark got ${signal}`,
        20_000,
        () => (servers.every((server) => !alive(server.pid)) ? true : undefined),
        () => output,
      );
      // Nothing answers on their ports any more.
      const ports = servers.flatMap((server) => server.ports);
      const stillAccepting = [];
      for (const port of ports) if (await accepts(port)) stillAccepting.push(port);
      expect(stillAccepting, `ports ${ports.join(', ')}`).toEqual([]);
      return { servers, children, exit, output };
    } finally {
      if (bench.exitCode === null && bench.signalCode === null) bench.kill('SIGKILL');
      // When the test fails, it leaves nothing running either.
      for (const server of servers) if (alive(server.pid)) process.kill(server.pid, 'SIGKILL');
    }
  }

  it('stops its servers (and wrk), waits for them, then exits 143, on SIGTERM', async () => {
    // wrk where it is installed (CI installs it): then it is one of the processes to stop.
    const { children, exit, output } = await killDuringRun('SIGTERM', 'auto');
    expect(exit, output).toEqual({ code: 143, signal: null });
    expect(output).toMatch(/SIGTERM: stopping the \d+ process\(es\) the benchmark started/);
    if (/load generator: wrk/.test(output))
      expect(children.map((child) => child.command).join('\n')).toMatch(/^wrk /m);
    // The benchmark waited for them before it exited.
    expect(children.filter((child) => alive(child.pid))).toEqual([]);
  }, 200_000);

  it('stops its servers when it is killed outright (SIGKILL: no handler runs, the servers watch for it)', async () => {
    const { servers, exit } = await killDuringRun('SIGKILL', 'autocannon');
    expect(exit.signal).toBe('SIGKILL');
    expect(servers.filter((server) => alive(server.pid))).toEqual([]);
  }, 200_000);
});
