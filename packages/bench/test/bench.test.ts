/**
 * The benchmark end to end, small: 500 events on SQLite, one adapter with its response cache on and off,
 * every scenario for a second, through the CLI as `pnpm bench` runs it (with wrk where it is installed). Checks the JSON it writes, that every answer had the expected status
 * (304 for the conditional GET, 201 for creation), and that the created events were removed afterwards.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { connectDatabase } from '@calendar-events/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/paths.js';
import { SCENARIOS } from '../src/scenarios.js';

const run = promisify(execFile);

/** `pnpm bench` through its CLI, small: 500 events, SQLite, Fastify, a second per scenario, JSON in `dataDir`. */
function runSmallBench(dataDir: string, options: string[]) {
  return run(
    process.execPath,
    [
      '--conditions=@calendar-events/source',
      '--import',
      'tsx',
      'packages/bench/src/cli.ts',
      ...['--events', '500', '--databases', 'sqlite', '--adapters', 'fastify'],
      ...['--duration', '1', '--warmup', '0.2', '--connections', '4'],
      ...['--data-dir', dataDir, '--json', join(dataDir, 'results.json'), ...options],
    ],
    // The first run in a fresh clone also builds the server (turbo, about 25 s on two cores).
    { cwd: REPO_ROOT, timeout: 230_000, env: { ...process.env, LOG_LEVEL: 'warn' } },
  );
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
    ({ stdout } = await runSmallBench(dataDir, ['--response-cache', 'both']));
    report = JSON.parse(await readFile(jsonFile, 'utf8'));
  }, 240_000);

  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('writes a row per scenario, plus the ceiling, with every figure', () => {
    expect(report.results.map((r) => `${r.scenario} ${r.adapter} ${r.database} ${r.response_cache}`)).toEqual(
      [
        'default-list node:http none null',
        ...SCENARIOS.map((scenario) => `${scenario} fastify sqlite true`),
        ...SCENARIOS.map((scenario) => `${scenario} fastify sqlite false`),
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
    const manifest = JSON.parse(await readFile(join(dataDir, 'calendar-500.manifest'), 'utf8'));
    const database = await connectDatabase(`sqlite:${join(dataDir, 'calendar-500.db')}`);
    try {
      const added = await database.kysely
        .selectFrom('posts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('id', '>', manifest.facts.lastGeneratedPostId)
        .executeTakeFirstOrThrow();
      expect(Number(added.n)).toBe(0);
    } finally {
      await database.destroy();
    }
  });
});

describe('pnpm bench --response-cache miss', () => {
  it('asks every GET at a new address, with the cache on, and marks the rows', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'calendar-bench-miss-'));
    try {
      const jsonFile = join(dataDir, 'results.json');
      const { stdout } = await runSmallBench(dataDir, [
        ...['--scenarios', 'filtered-list,single-by-id,conditional-get'],
        ...['--response-cache', 'miss'],
      ]);
      const { results } = JSON.parse(await readFile(jsonFile, 'utf8')) as {
        results: Array<Record<string, unknown>>;
      };
      expect(results.map((r) => `${r.scenario} ${r.response_cache} ${r.new_urls} ${r.unexpected}`)).toEqual([
        'default-list null false 0',
        'filtered-list true true 0',
        'single-by-id true true 0',
        'conditional-get true true 0',
      ]);
      expect(stdout).toMatch(/single-by-id\s+fastify\s+sqlite\s+miss\s+500/);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
