/**
 * `pnpm bench`: the load benchmark of the service (see the README's "Benchmark" section).
 * The table goes to stdout; progress and notes to stderr. Exit codes: 0 ok, 1 failure, 2 usage error.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import type { DatabaseKind } from './dataset/store.js';
import { chooseLoadGenerator, LOAD_GENERATORS, type LoadGeneratorChoice } from './load/choose.js';
import { DEFAULT_DATA_DIR } from './paths.js';
import { stderrOutput } from './progress.js';
import { formatTable, roundResult } from './report.js';
import { type AdapterName, type ResponseCacheMode, runBench } from './run-bench.js';
import { SCENARIOS, type ScenarioName } from './scenarios.js';
import { unlessStopping } from './targets/children.js';

const QUICK = { events: 10_000, durationSeconds: 3, warmupSeconds: 1 };
const FULL = { events: 100_000, durationSeconds: 10, warmupSeconds: 2 };
const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/calendar_bench';

/** What the figures measure, printed under the table. */
const CACHE_NOTE: Record<ResponseCacheMode, string> = {
  on: "Response cache on (the service's default): a repeated GET of a URL is answered from memory while the data is unchanged (lists: within the same second), so after the warm-up most reads here are cache hits. Run with --response-cache miss (every URL new, as a real mix of URLs) or off (no cache) to measure the queries.",
  off: 'Response cache off: every request ran its queries and serialization.',
  miss: 'Response cache on, every GET at an address not asked before (a parameter the service ignores, new each time): no answer was reused; list totals, venues and organizers kept per data version were, as with a real mix of URLs.',
  both: "Rows with cache 'on' were mostly answered from the service's response cache; rows with 'off' ran their queries every time.",
};

function positiveInteger(value: string): number {
  if (!/^\d+$/.test(value.trim()) || Number(value) < 1)
    throw new InvalidArgumentError('It must be a positive integer.');
  return Number(value);
}

function share(value: string): number {
  const parsed = Number(value);
  if (value.trim() === '' || !Number.isFinite(parsed) || parsed < 0 || parsed >= 1)
    throw new InvalidArgumentError('It must be a number from 0 to below 1 (0.2: a fifth).');
  return parsed;
}

function seconds(value: string): number {
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0)
    throw new InvalidArgumentError('It must be a number of seconds.');
  return parsed;
}

function listOf<T extends string>(allowed: readonly T[]) {
  return (value: string): T[] => {
    const items = value
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '');
    const unknown = items.filter((item) => !(allowed as readonly string[]).includes(item));
    if (items.length === 0 || unknown.length > 0)
      throw new InvalidArgumentError(`Use a comma-separated list of: ${allowed.join(', ')}.`);
    return [...new Set(items)] as T[];
  };
}

interface CliOptions {
  events?: number;
  quick?: boolean;
  duration?: number;
  warmup?: number;
  connections: number;
  loadGenerator: LoadGeneratorChoice;
  threads: number;
  databases: DatabaseKind[];
  adapters: AdapterName[];
  scenarios: ScenarioName[];
  responseCache: ResponseCacheMode | false;
  json?: string;
  fresh?: boolean;
  postgresUrl: string;
  dataDir: string;
  cpuProf?: string;
  seriesShare: number;
  pushedVersion?: boolean;
}

function buildProgram(): Command {
  return new Command('bench')
    .description('Load benchmark of the Calendar Events service against a node:http ceiling.')
    .option(
      '--events <n>',
      `events to generate (default ${FULL.events.toLocaleString('en-US')})`,
      positiveInteger,
    )
    .option(
      '--quick',
      `a short run: ${QUICK.events.toLocaleString('en-US')} events, ${QUICK.warmupSeconds} s warm-up and ${QUICK.durationSeconds} s per scenario`,
    )
    .option('--duration <s>', `measured seconds per scenario (default ${FULL.durationSeconds})`, seconds)
    .option('--warmup <s>', `warm-up seconds before each scenario (default ${FULL.warmupSeconds})`, seconds)
    .addOption(
      new Option('--connections <n>', 'concurrent connections').default(10).argParser(positiveInteger),
    )
    .addOption(
      new Option(
        '--load-generator <name>',
        'wrk, autocannon, or auto: wrk where it is installed, else autocannon',
      )
        .choices(LOAD_GENERATORS)
        .default('auto'),
    )
    .addOption(
      new Option('--threads <n>', "wrk's threads (the connections are spread over them)")
        .default(2)
        .argParser(positiveInteger),
    )
    .addOption(
      new Option('--databases <list>', 'sqlite, postgres')
        .default(['sqlite', 'postgres'])
        .argParser(listOf<DatabaseKind>(['sqlite', 'postgres'])),
    )
    .addOption(
      new Option('--adapters <list>', 'fastify, express')
        .default(['fastify', 'express'])
        .argParser(listOf<AdapterName>(['fastify', 'express'])),
    )
    .addOption(
      new Option('--scenarios <list>', SCENARIOS.join(', '))
        .default([...SCENARIOS])
        .argParser(listOf(SCENARIOS)),
    )
    .addOption(
      new Option(
        '--response-cache <mode>',
        "the service's response cache: on (its default: repeated GETs of a URL are answered from memory), off (every request runs its queries), miss (on, but every GET asks a new URL, so no answer is reused), or both (on, then off)",
      )
        .choices(['on', 'off', 'miss', 'both'])
        .default('on'),
    )
    .option('--no-response-cache', 'the same as --response-cache off')
    .option(
      '--pushed-version',
      'start the PostgreSQL targets with --pushed-version (no version read per cached answer)',
    )
    .option('--json <file>', 'also write the results as JSON')
    .addOption(
      new Option(
        '--series-share <share>',
        'the share of generated events that are occurrences of weekly series (0.2: a fifth; each series with its occurrences as events, as the service writes them); 0 keeps the calendar of the earlier figures',
      )
        .default(0)
        .argParser(share),
    )
    .option('--fresh', 'generate the calendar again even if a matching one is cached')
    .addOption(
      new Option('--postgres-url <url>', 'the benchmark database (dropped and created)')
        .env('BENCH_POSTGRES_URL')
        .default(DEFAULT_POSTGRES_URL),
    )
    .addOption(
      new Option('--data-dir <dir>', 'where calendars, manifests and server logs are kept').default(
        DEFAULT_DATA_DIR,
      ),
    )
    .option('--cpu-prof <dir>', 'write a V8 CPU profile of each server process into this folder')
    .exitOverride()
    .showSuggestionAfterError();
}

export async function main(argv: string[]): Promise<number> {
  let options: CliOptions;
  try {
    options = buildProgram().parse(argv).opts<CliOptions>();
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    throw error;
  }
  const preset = options.quick ? QUICK : FULL;
  try {
    const output = stderrOutput();
    const loadGenerator = await chooseLoadGenerator(options.loadGenerator, options.threads, (text) =>
      output.write(`note: ${text}\n`),
    );
    output.write(`load generator: ${loadGenerator.description}\n`);
    const report = await runBench({
      events: options.events ?? preset.events,
      durationSeconds: options.duration ?? preset.durationSeconds,
      warmupSeconds: options.warmup ?? preset.warmupSeconds,
      connections: options.connections,
      loadGenerator,
      databases: options.databases,
      adapters: options.adapters,
      scenarios: options.scenarios,
      responseCache: options.responseCache === false ? 'off' : options.responseCache,
      fresh: options.fresh === true,
      dataDir: options.dataDir,
      postgresUrl: options.postgresUrl,
      seriesShare: options.seriesShare,
      cpuProfileDir: options.cpuProf ? resolve(options.cpuProf) : undefined,
      pushedVersion: options.pushedVersion === true,
      output,
    });
    const loads = report.datasets
      .map(
        (d) =>
          `${d.database}: ${d.events.toLocaleString('en-US')} events${d.series_share > 0 ? ` (${d.series_events.toLocaleString('en-US')} of them in weekly series)` : ''} loaded in ${d.load_seconds.toFixed(1)} s${d.reused ? ' (cached)' : ''}`,
      )
      .join('; ');
    process.stdout.write(
      `\n${formatTable(report.results)}\n\n${report.settings.load_generator}, ${report.settings.connections} connections, ${report.settings.warmup_s} s warm-up, ${report.settings.duration_s} s measured per scenario; ${loads}\n${CACHE_NOTE[report.settings.response_cache]}${report.settings.pushed_version ? ' PostgreSQL targets: --pushed-version.' : ''}\n`,
    );
    for (const warning of report.warnings) process.stdout.write(`! ${warning}\n`);
    for (const error of report.errors) process.stdout.write(`! failed: ${error.split('\n')[0]}\n`);
    if (options.json) {
      const file = resolve(options.json);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(
        file,
        `${JSON.stringify({ ...report, results: report.results.map(roundResult) }, null, 2)}\n`,
      );
      process.stderr.write(`results written to ${file}\n`);
    }
    return report.errors.length > 0 ? 1 : 0;
  } catch (error) {
    process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

process.exitCode = await main(process.argv);
// Stopped by a signal: its handler exits once the servers are gone (targets/children.ts).
await unlessStopping();
// Nothing may keep a finished run alive (a pool's timer, a keep-alive socket of fetch).
process.exit();
