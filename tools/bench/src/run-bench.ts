/**
 * The benchmark from start to end: load (or reuse) the calendar in each database, then for each database
 * and adapter start the service in a child process, check that it answers a generated event correctly,
 * and drive every scenario with the same load; the ceiling is measured once, with the bytes of the
 * service's own default list.
 */
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import {
  assertPostgresReachable,
  type DatabaseKind,
  type Dataset,
  prepareDataset,
  restoreDataset,
} from './dataset/store.js';
import { postgresCpuMs } from './inprocess/cpu.js';
import {
  type LoadGenerator,
  type LoadOptions,
  type LoadRequest,
  type Measurement,
  measureLoad,
  UNIQUE_TOKEN,
} from './load/load.js';
import { REPO_ROOT } from './paths.js';
import type { ProgressOutput } from './progress.js';
import type { BenchReport, BenchResult } from './report.js';
import { askedAtNewUrls, buildScenarios, EVENTS_PATH, type ScenarioName } from './scenarios.js';
import { type CpuMeter, startCpuMeter } from './targets/cpu.js';
import { startPeakMemoryMeter } from './targets/memory.js';
import {
  buildServer,
  type ServerProcess,
  startCeilingProcess,
  startServiceProcess,
} from './targets/processes.js';
import { recordResponse } from './targets/recorded-response.js';

export type AdapterName = 'fastify' | 'express';
export type ResponseCacheMode = 'on' | 'off' | 'miss' | 'both';
/** How one target runs: the service's response cache on or off, or on with every GET at a new address. */
type CacheSetting = 'on' | 'off' | 'miss';

export interface BenchOptions {
  events: number;
  warmupSeconds: number;
  durationSeconds: number;
  connections: number;
  databases: DatabaseKind[];
  adapters: AdapterName[];
  scenarios: ScenarioName[];
  /** Drives every target, the ceiling included. */
  loadGenerator: LoadGenerator;
  /**
   * Run each target with the service's response cache on, off, both (one after the other), or on while every
   * GET asks an address never asked before (`miss`: no answer is reused).
   */
  responseCache: ResponseCacheMode;
  fresh: boolean;
  dataDir: string;
  /** The benchmark database on the PostgreSQL server (dropped and created when loading). */
  postgresUrl: string;
  /** The share of the generated events that are occurrences of weekly series (0: none). */
  seriesShare: number;
  /** Write a CPU profile of each service process into this folder. */
  cpuProfileDir?: string | undefined;
  /** PostgreSQL targets start with `--pushed-version` (no version read per cached answer). */
  pushedVersion?: boolean | undefined;
  /** Where progress and notes go (stderr for the CLI). */
  output: ProgressOutput;
}

const MB = 1024 * 1024;

/** The commit measured, marked `+changes` when the work tree differs from it (figures depend on both). */
function revision(): string {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
    return `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', '--untracked-files=no') ? '+changes' : ''}`;
  } catch {
    return 'unknown';
  }
}

function describeStatuses(statuses: Record<string, number>): string {
  return Object.entries(statuses)
    .map(([status, count]) => `${count} × ${status}`)
    .join(', ');
}

/** The service answers a generated event by id in the shape clients expect, and lists the default window. */
async function smokeCheck(server: ServerProcess, dataset: Dataset): Promise<void> {
  const label = `${server.database}/${server.adapter}`;
  const sample = dataset.facts.sampleEvents[0];
  if (!sample) throw new Error(`${label}: the generated calendar has no event to read.`);
  const response = await fetch(`${server.url}${EVENTS_PATH}/${sample.id}`);
  const event = (await response.json()) as Record<string, unknown>;
  const problems: string[] = [];
  if (response.status !== 200) problems.push(`status ${response.status}`);
  if (event.id !== sample.id) problems.push(`id ${String(event.id)} instead of ${sample.id}`);
  if (event.slug !== sample.slug) problems.push(`slug ${String(event.slug)} instead of ${sample.slug}`);
  if (typeof event.title !== 'string' || event.title === '') problems.push('no title');
  if (typeof event.description !== 'string' || !event.description.includes('<p>'))
    problems.push('no description');
  for (const field of ['start_date', 'end_date', 'utc_start_date', 'utc_end_date'])
    if (typeof event[field] !== 'string' || !/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(event[field] as string))
      problems.push(`${field} ${String(event[field])}`);
  if (!Array.isArray(event.categories) || event.categories.length === 0) problems.push('no categories');
  if (!Array.isArray(event.organizer) || event.organizer.length === 0) problems.push('no organizer');
  if (!(Array.isArray(event.venue) || (typeof event.venue === 'object' && event.venue !== null)))
    problems.push('venue is neither an object nor []');
  if (typeof event.json_ld !== 'object') problems.push('no json_ld');
  if (problems.length > 0)
    throw new Error(`${label}: GET ${EVENTS_PATH}/${sample.id} is wrong: ${problems.join('; ')}.`);

  const list = await fetch(`${server.url}${EVENTS_PATH}`);
  const body = (await list.json()) as { events?: unknown[]; total?: number };
  if (list.status !== 200 || !Array.isArray(body.events) || body.events.length === 0)
    throw new Error(`${label}: the default events list is empty (status ${list.status}).`);
}

/** One request before the load, to fail early with a readable message and to show what a list returns. */
async function preflight(server: ServerProcess, scenario: ScenarioName, request: LoadRequest) {
  const path = request.paths[0]!.replaceAll(UNIQUE_TOKEN, `preflight-${Date.now()}`);
  const response = await fetch(`${server.url}${path}`, {
    method: request.method,
    ...(request.headers ? { headers: request.headers } : {}),
    ...(request.body !== undefined
      ? { body: request.body.replaceAll(UNIQUE_TOKEN, `preflight ${Date.now()}`) }
      : {}),
  });
  const text = await response.text();
  if (response.status !== request.expectedStatus)
    throw new Error(
      `${server.database}/${server.adapter} ${scenario}: ${request.method} ${path} answered ${response.status}, not ${request.expectedStatus}: ${text.slice(0, 300)}`,
    );
  return response.headers.get('x-wp-total');
}

function resultOf(
  scenario: string,
  server: ServerProcess,
  cache: CacheSetting | null,
  events: number,
  measurement: Measurement,
  rssBytes: number | undefined,
  cpuSeconds: number | undefined,
  postgresCpuMilliseconds?: number | undefined,
): BenchResult {
  return {
    scenario,
    adapter: server.adapter,
    database: server.database,
    response_cache: cache === null ? null : cache !== 'off',
    new_urls: cache === 'miss',
    events,
    rps: measurement.requestsPerSecond,
    p50_ms: measurement.p50Ms,
    p99_ms: measurement.p99Ms,
    ceiling_ratio: null,
    rss_mb: rssBytes === undefined ? null : rssBytes / MB,
    cpu_us_per_request:
      cpuSeconds === undefined || measurement.requests === 0
        ? null
        : (cpuSeconds * 1e6) / measurement.requests,
    postgres_cpu_us_per_request:
      postgresCpuMilliseconds === undefined || measurement.requests === 0
        ? null
        : (postgresCpuMilliseconds * 1e3) / measurement.requests,
    requests: measurement.requests,
    unexpected: measurement.unexpected,
  };
}

/**
 * One scenario against one process: the load (warm-up, then the measured run), the peak memory of the process
 * over both, and its CPU over the measured run only.
 */
async function measureScenario(
  scenario: string,
  server: ServerProcess,
  cache: CacheSetting | null,
  events: number,
  generator: LoadGenerator,
  request: LoadRequest,
  load: LoadOptions,
  postgresDatabase?: string,
): Promise<{ result: BenchResult; measurement: Measurement }> {
  const memory = startPeakMemoryMeter(server.pid);
  let cpu: CpuMeter | undefined;
  // PostgreSQL's backends of the benchmark database: the database's share of an answer, beside the server's.
  let postgresBefore: number | undefined;
  const measurement = await measureLoad(generator, server.url, request, load, () => {
    cpu = startCpuMeter(server.pid);
    if (postgresDatabase !== undefined) postgresBefore = postgresCpuMs(postgresDatabase);
  });
  const postgresAfter = postgresDatabase !== undefined ? postgresCpuMs(postgresDatabase) : undefined;
  const result = resultOf(
    scenario,
    server,
    cache,
    events,
    measurement,
    memory.stop(),
    cpu?.stop(),
    postgresBefore !== undefined && postgresAfter !== undefined ? postgresAfter - postgresBefore : undefined,
  );
  return { result, measurement };
}

async function measureCeiling(
  server: ServerProcess,
  dataDir: string,
  events: number,
  generator: LoadGenerator,
  load: LoadOptions,
  output: ProgressOutput,
): Promise<BenchResult> {
  const responseFile = join(dataDir, 'ceiling-response.data');
  await writeFile(responseFile, JSON.stringify(await recordResponse(`${server.url}${EVENTS_PATH}`)));
  const ceiling = await startCeilingProcess(responseFile, join(dataDir, 'logs'));
  try {
    const request: LoadRequest = { method: 'GET', paths: [EVENTS_PATH], expectedStatus: 200 };
    const { result } = await measureScenario('default-list', ceiling, null, events, generator, request, load);
    output.write(
      `ceiling (node:http, same bytes): ${Math.round(result.rps).toLocaleString('en-US')} req/s\n`,
    );
    return result;
  } finally {
    await ceiling.stop();
  }
}

const CACHE_LABELS: Record<CacheSetting, string> = {
  on: '',
  off: ' (no response cache)',
  miss: ' (every URL new)',
};

export async function runBench(options: BenchOptions): Promise<BenchReport> {
  const { output, loadGenerator } = options;
  const dataDir = resolve(options.dataDir);
  const load: LoadOptions = {
    connections: options.connections,
    warmupSeconds: options.warmupSeconds,
    durationSeconds: options.durationSeconds,
  };
  const loadAverage = loadavg()[0]!;
  const warnings: string[] = [];
  const errors: string[] = [];
  if (loadAverage > 0.5 * cpus().length)
    warnings.push(
      `The machine was busy when the benchmark started (load average ${loadAverage.toFixed(1)} on ${cpus().length} cores): figures are lower and noisier than on an idle machine.`,
    );
  for (const warning of warnings) output.write(`warning: ${warning}\n`);
  // Before anything is built or loaded: a missing server should not cost the wait for the SQLite calendar.
  if (options.databases.includes('postgres')) await assertPostgresReachable(options.postgresUrl);

  output.write('building the server (turbo run build, cached once built)…\n');
  await buildServer();

  const datasets: Dataset[] = [];
  for (const kind of options.databases) {
    datasets.push(
      await prepareDataset({
        kind,
        events: options.events,
        fresh: options.fresh,
        dataDir,
        postgresUrl: options.postgresUrl,
        seriesShare: options.seriesShare,
        output,
      }),
    );
  }

  const results: BenchResult[] = [];
  let ceiling: BenchResult | undefined;
  const cacheSettings: CacheSetting[] =
    options.responseCache === 'both' ? ['on', 'off'] : [options.responseCache];
  const targets = options.adapters.flatMap((adapter) => cacheSettings.map((cache) => ({ adapter, cache })));
  for (const dataset of datasets) {
    const scenarios = buildScenarios(dataset.facts, dataset.administratorKey).filter((s) =>
      options.scenarios.includes(s.name),
    );
    for (const { adapter, cache } of targets) {
      const label = `${dataset.kind}/${adapter}${CACHE_LABELS[cache]}`;
      let server: ServerProcess | undefined;
      let wrote = false;
      try {
        server = await startServiceProcess({
          adapter,
          database: dataset.kind,
          databaseUrl: dataset.url,
          logDir: join(dataDir, 'logs'),
          cpuProfileDir: options.cpuProfileDir,
          responseCache: cache !== 'off',
          pushedVersion: options.pushedVersion === true && dataset.kind === 'postgres',
        });
        await smokeCheck(server, dataset);
        ceiling ??= await measureCeiling(server, dataDir, options.events, loadGenerator, load, output);
        for (const scenario of scenarios) {
          const prepared = await scenario.prepare(server.url);
          const request = cache === 'miss' ? askedAtNewUrls(prepared) : prepared;
          wrote ||= request.method === 'POST';
          const total = await preflight(server, scenario.name, request);
          const { result, measurement } = await measureScenario(
            scenario.name,
            server,
            cache,
            options.events,
            loadGenerator,
            request,
            load,
            dataset.kind === 'postgres'
              ? decodeURIComponent(new URL(dataset.url).pathname.slice(1))
              : undefined,
          );
          results.push(result);
          output.write(
            `${label} ${scenario.name}: ${Math.round(result.rps).toLocaleString('en-US')} req/s, p50 ${result.p50_ms.toFixed(2)} ms, p99 ${result.p99_ms.toFixed(2)} ms${total !== null ? ` (${total} matching events)` : ''}\n`,
          );
          if (result.unexpected > 0)
            warnings.push(
              `${label} ${scenario.name}: ${result.unexpected} of ${result.requests} answers were not ${request.expectedStatus} or failed (${describeStatuses(measurement.statuses)}).`,
            );
        }
      } catch (error) {
        // One broken target should not cost the figures of the others: note it, go on, fail at the end.
        const message = `${label}: ${error instanceof Error ? error.message : String(error)}`;
        errors.push(message);
        output.write(`error: ${message}${server ? `\nserver log (end):\n${server.logTail()}` : ''}\n`);
      } finally {
        await server?.stop();
        // Leave the calendar as generated for the next target and the next run.
        if (wrote) await restoreDataset(dataset);
      }
    }
  }

  const all = ceiling ? [ceiling, ...results] : results;
  for (const result of all) result.ceiling_ratio = ceiling ? result.rps / ceiling.rps : null;
  return {
    results: all,
    datasets: datasets.map((d) => ({
      database: d.kind,
      events: d.facts.shape.events,
      series_share: d.facts.series?.share ?? 0,
      series_events: d.facts.series?.events ?? 0,
      load_seconds: Math.round(d.loadSeconds * 10) / 10,
      reused: d.reused,
      generated_at: d.facts.generatedAt,
    })),
    settings: {
      load_generator: loadGenerator.description,
      response_cache: options.responseCache,
      pushed_version: options.pushedVersion === true,
      connections: load.connections,
      warmup_s: load.warmupSeconds,
      duration_s: load.durationSeconds,
    },
    machine: {
      cpus: cpus().length,
      load_average_at_start: Math.round(loadAverage * 100) / 100,
      node: process.version,
    },
    revision: revision(),
    warnings,
    errors,
  };
}
