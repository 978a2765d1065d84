/**
 * `pnpm --filter @calendar-events/bench lists-cpu`: what the benchmark's reads cost inside core, without
 * HTTP and without the response cache (every request runs its queries and its serialization; with
 * `--response-cache miss`, the caches on and every URL new, as `pnpm bench --response-cache miss`), on the
 * calendar without series and on the one with a share of weekly series, one after the other. Measured as
 * CPU time (this process, and PostgreSQL's backends of the database), which a machine whose cores are shared
 * with other work changes far less than it changes elapsed time. Reads only: the calendars are those
 * `pnpm bench` keeps (loaded first when missing).
 *
 *   pnpm --filter @calendar-events/bench lists-cpu --databases sqlite --rounds 7 --requests 200
 */
import { loadavg } from 'node:os';
import { createCalendarCore, textOf } from '@calendar-events/core';
import { createPostgresDatabase } from '@calendar-events/core/postgres';
import { createSqliteDatabase } from '@calendar-events/core/sqlite';
import { Option } from 'commander';
import { type DatabaseKind, prepareDataset } from '../dataset/store.js';
import { UNIQUE_TOKEN } from '../load/load.js';
import { stderrOutput } from '../progress.js';
import { askedAtNewUrls, buildScenarios, type ScenarioName } from '../scenarios.js';
import { postgresCpuMs, processCpuMs } from './cpu.js';
import { finish, inProcessCommand, median, parseOptions } from './tool.js';

const READS: ScenarioName[] = ['default-list', 'filtered-list', 'search', 'geolocation', 'single-by-id'];

export interface ListCpuResult {
  database: DatabaseKind;
  series_share: number;
  response_cache: 'off' | 'miss';
  scenario: ScenarioName;
  /** Medians over the rounds, per request. */
  wall_us: number;
  cpu_us: number;
  postgres_cpu_us: number | null;
  total: string | null;
  load_average: number;
}

async function measure(
  kind: DatabaseKind,
  seriesShare: number,
  options: {
    events: number;
    rounds: number;
    requests: number;
    dataDir: string;
    postgresUrl: string;
    reads: readonly ScenarioName[];
    responseCache: 'off' | 'miss';
  },
): Promise<ListCpuResult[]> {
  const dataset = await prepareDataset({
    kind,
    events: options.events,
    fresh: false,
    dataDir: options.dataDir,
    postgresUrl: options.postgresUrl,
    seriesShare,
    output: stderrOutput(),
  });
  const database =
    kind === 'sqlite'
      ? createSqliteDatabase(dataset.url.replace(/^sqlite:/, ''))
      : createPostgresDatabase({ connectionString: dataset.url });
  const miss = options.responseCache === 'miss';
  const core = createCalendarCore({ database, geolocation: true, ...(miss ? {} : { cache: false }) });
  const postgresName = kind === 'postgres' ? decodeURIComponent(new URL(dataset.url).pathname.slice(1)) : '';
  const results: ListCpuResult[] = [];
  try {
    for (const scenario of buildScenarios(dataset.facts, dataset.administratorKey)) {
      if (!options.reads.includes(scenario.name)) continue;
      const prepared = await scenario.prepare('http://unused.invalid');
      const { paths } = miss ? askedAtNewUrls(prepared) : prepared;
      let next = 0;
      let asked = 0;
      let total: string | null = null;
      const ask = async () => {
        const path = paths[next++ % paths.length]!.replaceAll(UNIQUE_TOKEN, String(++asked));
        const response = await core.handle({
          method: 'GET',
          url: path,
          mountPath: '',
          headers: { host: 'bench.invalid' },
        });
        if (response.status !== 200)
          throw new Error(`GET ${path} answered ${response.status}: ${textOf(response)?.slice(0, 200)}`);
        total = String(response.headers['X-WP-Total'] ?? total);
      };
      // Every path once, then rounds of requests, one at a time.
      for (let i = 0; i < Math.min(paths.length, 1000); i++) await ask();
      const walls: number[] = [];
      const cpus: number[] = [];
      const postgresCpus: number[] = [];
      for (let round = 0; round < options.rounds; round++) {
        const postgresBefore = kind === 'postgres' ? postgresCpuMs(postgresName) : undefined;
        const cpuBefore = processCpuMs();
        const started = performance.now();
        for (let i = 0; i < options.requests; i++) await ask();
        walls.push(((performance.now() - started) * 1000) / options.requests);
        cpus.push(((processCpuMs() - cpuBefore) * 1000) / options.requests);
        const postgresAfter = kind === 'postgres' ? postgresCpuMs(postgresName) : undefined;
        if (postgresBefore !== undefined && postgresAfter !== undefined)
          postgresCpus.push(((postgresAfter - postgresBefore) * 1000) / options.requests);
      }
      const result: ListCpuResult = {
        database: kind,
        series_share: seriesShare,
        response_cache: options.responseCache,
        scenario: scenario.name,
        wall_us: median(walls),
        cpu_us: median(cpus),
        postgres_cpu_us: postgresCpus.length > 0 ? median(postgresCpus) : null,
        total,
        load_average: Math.round(loadavg()[0]! * 100) / 100,
      };
      results.push(result);
      process.stdout.write(
        `${kind.padEnd(8)}  series ${String(Math.round(seriesShare * 100)).padStart(2)} %  ${miss ? 'miss ' : ''}${scenario.name.padEnd(13)}  ${(result.wall_us / 1000).toFixed(2).padStart(7)} ms  CPU ${(result.cpu_us / 1000).toFixed(2).padStart(6)} ms${result.postgres_cpu_us !== null ? ` + PostgreSQL ${(result.postgres_cpu_us / 1000).toFixed(2).padStart(6)} ms` : ''}  (total ${total}; load ${result.load_average})\n`,
      );
    }
  } finally {
    await core.close();
  }
  return results;
}

function readsOf(list: string): ScenarioName[] {
  const names = list.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !READS.includes(name as ScenarioName));
  if (unknown.length > 0) throw new Error(`--scenarios: not a read of this tool: ${unknown.join(', ')}`);
  return names as ScenarioName[];
}

const options = parseOptions(
  inProcessCommand(
    'lists-cpu',
    "The CPU the benchmark's reads cost inside core, uncached, with and without weekly series.",
  )
    .addOption(new Option('--series-shares <list>', 'calendars to compare').default('0,0.2'))
    .addOption(new Option('--rounds <n>', 'rounds per read (the median is kept)').default('7'))
    .addOption(new Option('--requests <n>', 'requests per round').default('100'))
    .addOption(new Option('--scenarios <list>', 'the reads to measure').default(READS.join(',')))
    .addOption(
      new Option(
        '--response-cache <mode>',
        "off: no cache, every request runs its queries; miss: the service's caches on and every URL new (no answer reused; list totals and linked records kept per data version are, as in `pnpm bench --response-cache miss`)",
      )
        .choices(['off', 'miss'])
        .default('off'),
    ),
);
const results: ListCpuResult[] = [];
for (const kind of options.databases)
  for (const share of options.own.seriesShares!.split(',').map(Number))
    results.push(
      ...(await measure(kind, share, {
        events: options.events,
        rounds: Number(options.own.rounds),
        requests: Number(options.own.requests),
        dataDir: options.dataDir,
        postgresUrl: options.postgresUrl,
        reads: readsOf(options.own.scenarios!),
        responseCache: options.own.responseCache as 'off' | 'miss',
      })),
    );
await finish(options, results);
