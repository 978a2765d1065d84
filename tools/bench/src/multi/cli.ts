/**
 * `pnpm --filter @calendar-events/bench multi-instance`: N instances of the service on one PostgreSQL database
 * behind a loopback balancer (run-multi.ts), for each N asked. The table goes to stdout in the benchmark's
 * format (one row per scenario and N; `CPU µs/req` is the instances' CPU together), then per N the machine's
 * load, the balancer's CPU, and what the write checks found. Exit codes: 0 ok, 1 a failure or a stale or
 * missing write, 2 usage error.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { dirname, resolve } from 'node:path';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { chooseLoadGenerator } from '../load/choose.js';
import { DEFAULT_DATA_DIR } from '../paths.js';
import { stderrOutput } from '../progress.js';
import { formatTable, roundResult } from '../report.js';
import { unlessStopping } from '../targets/children.js';
import { BALANCERS, type BalancerChoice, balancerVersion, resolveBalancer } from './balancer.js';
import { runMulti } from './run-multi.js';

const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/calendar_bench';

function positiveInteger(value: string): number {
  if (!/^\d+$/.test(value.trim()) || Number(value) < 1)
    throw new InvalidArgumentError('It must be a positive integer.');
  return Number(value);
}

function seconds(value: string): number {
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0)
    throw new InvalidArgumentError('It must be a number of seconds.');
  return parsed;
}

function instanceCounts(value: string): number[] {
  const counts = value.split(',').map((item) => item.trim());
  if (
    counts.length === 0 ||
    counts.some((item) => !/^\d+$/.test(item) || Number(item) < 1 || Number(item) > 8)
  )
    throw new InvalidArgumentError('Use a comma-separated list of instance counts from 1 to 8 (1,2,3).');
  return [...new Set(counts.map(Number))];
}

interface CliOptions {
  instances: number[];
  adapter: 'fastify' | 'express';
  balancer: BalancerChoice;
  quick?: boolean;
  events?: number;
  duration?: number;
  warmup?: number;
  connections: number;
  threads: number;
  checkedWrites: number;
  rounds: number;
  postgresUrl: string;
  dataDir: string;
  fresh?: boolean;
  pushedVersion?: boolean;
  json?: string;
}

function buildProgram(): Command {
  return new Command('multi-instance')
    .description('N instances of the service on one PostgreSQL database behind a loopback balancer.')
    .addOption(
      new Option('--instances <list>', 'instance counts to run, in turn')
        .default([1, 2])
        .argParser(instanceCounts),
    )
    .addOption(
      new Option('--adapter <name>', 'the HTTP framework of every instance')
        .choices(['fastify', 'express'])
        .default('fastify'),
    )
    .addOption(
      new Option('--balancer <name>', 'haproxy, nginx, node (ours), or auto: the first of them installed')
        .choices(BALANCERS)
        .default('auto'),
    )
    .option('--quick', '10,000 events, 1 s warm-up and 3 s per scenario')
    .option('--events <n>', 'events in the calendar (default 100,000)', positiveInteger)
    .option('--duration <s>', 'measured seconds per scenario (default 10)', seconds)
    .option('--warmup <s>', 'warm-up seconds before each scenario (default 2)', seconds)
    .addOption(
      new Option('--connections <n>', 'concurrent connections').default(10).argParser(positiveInteger),
    )
    .addOption(new Option('--threads <n>', "wrk's threads").default(2).argParser(positiveInteger))
    .addOption(
      new Option(
        '--checked-writes <n>',
        'events created through the balancer, then read back through every instance',
      )
        .default(200)
        .argParser(positiveInteger),
    )
    .addOption(
      new Option(
        '--rounds <n>',
        'rounds of a write through one instance and a read through another (at most 60 s)',
      )
        .default(100)
        .argParser(positiveInteger),
    )
    .addOption(
      new Option('--postgres-url <url>', 'the benchmark database (dropped and created when loading)')
        .env('BENCH_POSTGRES_URL')
        .default(DEFAULT_POSTGRES_URL),
    )
    .addOption(
      new Option('--data-dir <dir>', 'where manifests and server logs are kept').default(DEFAULT_DATA_DIR),
    )
    .option('--fresh', 'generate the calendar again even if a matching one is cached')
    .option(
      '--pushed-version',
      'start the instances with --pushed-version (no version read per cached answer)',
    )
    .option('--json <file>', 'also write the results as JSON')
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
  const output = stderrOutput();
  try {
    const balancer = resolveBalancer(options.balancer);
    const loadGenerator = await chooseLoadGenerator('auto', options.threads, (text) =>
      output.write(`note: ${text}\n`),
    );
    const load = {
      connections: options.connections,
      warmupSeconds: options.warmup ?? (options.quick ? 1 : 2),
      durationSeconds: options.duration ?? (options.quick ? 3 : 10),
    };
    const events = options.events ?? (options.quick ? 10_000 : 100_000);
    output.write(`load generator: ${loadGenerator.description}; balancer: ${balancerVersion(balancer)}\n`);
    const { reports } = await runMulti({
      instances: options.instances,
      adapter: options.adapter,
      balancer,
      events,
      load,
      loadGenerator,
      checkedWrites: options.checkedWrites,
      readAfterWriteRounds: options.rounds,
      readAfterWriteSeconds: 60,
      postgresUrl: options.postgresUrl,
      dataDir: options.dataDir,
      fresh: options.fresh === true,
      pushedVersion: options.pushedVersion === true,
      output,
    });
    const lines = [
      formatTable(reports.flatMap((report) => report.results)),
      '',
      `${loadGenerator.description}, ${load.connections} connections, ${load.warmupSeconds} s warm-up, ${load.durationSeconds} s measured per scenario; balancer ${balancerVersion(balancer)}; ${events.toLocaleString('en-US')} events on PostgreSQL; ${cpus().length} cores shared by the load generator, the balancer, the instances and PostgreSQL. Response cache on${options.pushedVersion ? ', version pushed' : ''}. CPU µs/req: the instances together.`,
    ];
    let failed = false;
    for (const report of reports) {
      const cpu = Object.entries(report.balancer_cpu_us_per_request)
        .map(([name, us]) => `${name} ${us === null ? '-' : us.toFixed(1)}`)
        .join(', ');
      const raw = report.read_after_write;
      lines.push(
        `${report.instances} instance(s): load average ${report.load_average_at_start} at the start; balancer CPU µs/req: ${cpu}; writes: ${report.writes.acknowledged_by_load} acknowledged under load, ${report.writes.created_by_load} stored, ${report.writes.checked} created and read back through every instance${raw ? `; read after write: ${raw.rounds} rounds, ${raw.stale_direct} stale through another instance, ${raw.stale_balancer} through the balancer` : ''}`,
      );
      for (const problem of report.writes.problems) lines.push(`! writes: ${problem}`);
      for (const example of raw?.examples ?? []) lines.push(`! stale: ${example}`);
      failed ||=
        report.writes.problems.length > 0 ||
        (raw !== null && raw.stale_direct + raw.stale_balancer > 0) ||
        report.results.some((result) => result.unexpected > 0);
    }
    process.stdout.write(`\n${lines.join('\n')}\n`);
    if (options.json) {
      const file = resolve(options.json);
      await mkdir(dirname(file), { recursive: true });
      const json = reports.map((report) => ({ ...report, results: report.results.map(roundResult) }));
      await writeFile(
        file,
        `${JSON.stringify({ balancer: balancerVersion(balancer), load, events, reports: json }, null, 2)}\n`,
      );
    }
    return failed ? 1 : 0;
  } catch (error) {
    output.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

process.exitCode = await main(process.argv);
await unlessStopping();
process.exit();
