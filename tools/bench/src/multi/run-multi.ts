/**
 * Several instances of the service on one PostgreSQL database behind a loopback balancer, for each N asked:
 * N `calendar-events serve` processes (built, response cache on) on the benchmark's calendar, the balancer in
 * front (balancer.ts), then through it the cached reads (one event by id, the default list) and event
 * creation under the load generator; then the writes checked (read-after-write.ts): every acknowledged
 * creation readable through every instance, and, from two instances on, rounds of a write through one
 * instance and a read through another and through the balancer, counting stale answers. Every process it
 * starts is stopped at the end of its N, and with the benchmark however that ends (targets/children.ts).
 */
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { assertPostgresReachable, type Dataset, prepareDataset, restoreDataset } from '../dataset/store.js';
import { postgresCpuMs } from '../inprocess/cpu.js';
import { type LoadGenerator, type LoadOptions, measureLoad, UNIQUE_TOKEN } from '../load/load.js';
import type { ProgressOutput } from '../progress.js';
import type { BenchResult } from '../report.js';
import { buildScenarios, EVENTS_PATH, type ScenarioName } from '../scenarios.js';
import { startCpuMeter } from '../targets/cpu.js';
import { buildServer, type ServerProcess, startServiceProcess } from '../targets/processes.js';
import { type Balancer, type BalancerKind, startBalancer } from './balancer.js';
import { checkWrites, percentile, readAfterWrite, type WriteTarget } from './read-after-write.js';
import { askEveryPathAt } from './warm-caches.js';

/** The scenarios driven through the balancer: the cached reads, then creation. */
export const MULTI_SCENARIOS = ['single-by-id', 'default-list', 'create'] as const satisfies ScenarioName[];

export interface MultiOptions {
  instances: number[];
  adapter: 'fastify' | 'express';
  balancer: BalancerKind;
  events: number;
  load: LoadOptions;
  loadGenerator: LoadGenerator;
  /** Events created and read back through every instance. */
  checkedWrites: number;
  /** Rounds of a write through one instance and a read through another; at most `readAfterWriteSeconds`. */
  readAfterWriteRounds: number;
  readAfterWriteSeconds: number;
  postgresUrl: string;
  dataDir: string;
  fresh: boolean;
  /** Instances started with `--pushed-version`. */
  pushedVersion: boolean;
  output: ProgressOutput;
}

export interface InstancesReport {
  instances: number;
  load_average_at_start: number;
  results: BenchResult[];
  /** CPU of the balancer per answer, per scenario (µs), beside the instances' in the results. */
  balancer_cpu_us_per_request: Record<string, number | null>;
  /**
   * PostgreSQL's side per answer, per scenario: its backends' CPU for the benchmark database (µs), and the
   * transactions committed (a statement outside a transaction is one), from `pg_stat_database`.
   */
  postgres_per_request: Record<string, { cpu_us: number | null; transactions: number | null }>;
  writes: { created_by_load: number; acknowledged_by_load: number; checked: number; problems: string[] };
  read_after_write: {
    rounds: number;
    stale_direct: number;
    stale_balancer: number;
    examples: string[];
  } | null;
}

const perRequest = (cpu: number | undefined, requests: number) =>
  cpu === undefined || requests === 0 ? null : (cpu * 1e6) / requests;

function row(scenario: string, target: string, events: number, fields: Partial<BenchResult>): BenchResult {
  return {
    scenario,
    adapter: target,
    database: 'postgres',
    response_cache: true,
    new_urls: false,
    events,
    rps: 0,
    p50_ms: Number.NaN,
    p99_ms: Number.NaN,
    ceiling_ratio: null,
    rss_mb: null,
    cpu_us_per_request: null,
    requests: 0,
    unexpected: 0,
    ...fields,
  };
}

/** The default list's total through `url`. */
async function listTotal(url: string): Promise<number> {
  const response = await fetch(`${url}${EVENTS_PATH}`, { signal: AbortSignal.timeout(15_000) });
  await response.arrayBuffer();
  return Number(response.headers.get('x-wp-total'));
}

/**
 * The default list's total once no write is under way any more: requests the balancer had queued when the
 * load generator stopped still reach an instance and are written afterwards (within SETTLE_TIMEOUT_MS).
 */
async function settledListTotal(url: string): Promise<number> {
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  let total = await listTotal(url);
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const again = await listTotal(url);
    if (again === total) return total;
    total = again;
  }
  throw new Error(`Events were still being created ${SETTLE_TIMEOUT_MS / 1000} s after the load stopped.`);
}

const SETTLE_TIMEOUT_MS = 30_000;

/** Transactions committed in the database so far (`pg_stat_database`), or undefined when it cannot be read. */
async function committedTransactions(url: string): Promise<number | undefined> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    // The statistics of this transaction's own snapshot would stay the same: read them fresh.
    await client.query('select pg_stat_clear_snapshot()');
    const result = await client.query<{ n: string }>(
      'select xact_commit::text as n from pg_stat_database where datname = current_database()',
    );
    return Number(result.rows[0]!.n);
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}

async function runInstances(
  n: number,
  dataset: Dataset,
  options: MultiOptions,
  logDir: string,
): Promise<InstancesReport> {
  const { output, load, loadGenerator: generator } = options;
  const target = `${options.adapter} ×${n} (${options.balancer})`;
  const databaseName = decodeURIComponent(new URL(dataset.url).pathname.slice(1));
  const report: InstancesReport = {
    instances: n,
    load_average_at_start: Math.round(loadavg()[0]! * 100) / 100,
    results: [],
    balancer_cpu_us_per_request: {},
    postgres_per_request: {},
    writes: { created_by_load: 0, acknowledged_by_load: 0, checked: 0, problems: [] },
    read_after_write: null,
  };
  const servers: ServerProcess[] = [];
  let balancer: Balancer | undefined;
  try {
    const started = await Promise.allSettled(
      Array.from({ length: n }, (_, i) =>
        startServiceProcess({
          adapter: options.adapter,
          database: 'postgres',
          databaseUrl: dataset.url,
          logDir,
          responseCache: true,
          instance: i + 1,
          pushedVersion: options.pushedVersion,
        }),
      ),
    );
    for (const outcome of started) if (outcome.status === 'fulfilled') servers.push(outcome.value);
    const failed = started.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
    balancer = await startBalancer(
      options.balancer,
      servers.map((server) => server.url),
      logDir,
    );
    const scenarios = buildScenarios(dataset.facts, dataset.administratorKey);
    for (const name of MULTI_SCENARIOS) {
      const request = await scenarios.find((s) => s.name === name)!.prepare(balancer.url);
      if (request.method === 'GET' && request.paths.length > 1 && load.warmupSeconds > 0) {
        const host = new URL(balancer.url).host;
        await Promise.all(
          servers.map((server) => askEveryPathAt(server.url, host, request.paths, load.connections)),
        );
      }
      const totalBefore = name === 'create' ? await settledListTotal(servers[0]!.url) : 0;
      let warmUpAcknowledged = 0;
      if (name === 'create' && load.warmupSeconds > 0) {
        // Run here rather than inside measureLoad, so that its acknowledged creations are counted too.
        const warmUp = await generator.run(balancer.url, request, load.connections, load.warmupSeconds);
        warmUpAcknowledged = warmUp.statuses['201'] ?? 0;
      }
      let stopMeters:
        | (() => {
            instances: number | undefined;
            balancer: number | undefined;
            postgres: number | undefined;
          })
        | undefined;
      let transactionsBefore: Promise<number | undefined> = Promise.resolve(undefined);
      const measurement = await measureLoad(
        generator,
        balancer.url,
        request,
        name === 'create' ? { ...load, warmupSeconds: 0 } : load,
        () => {
          const instanceMeters = servers.map((server) => startCpuMeter(server.pid));
          const balancerMeter = startCpuMeter(balancer!.pid);
          const postgresBefore = postgresCpuMs(databaseName);
          transactionsBefore = committedTransactions(dataset.url);
          stopMeters = () => {
            const postgresAfter = postgresCpuMs(databaseName);
            const seconds = instanceMeters.map((meter) => meter.stop());
            return {
              instances: seconds.some((s) => s === undefined)
                ? undefined
                : seconds.reduce((sum: number, s) => sum + s!, 0),
              balancer: balancerMeter.stop(),
              postgres:
                postgresBefore === undefined || postgresAfter === undefined
                  ? undefined
                  : (postgresAfter - postgresBefore) / 1000,
            };
          };
        },
      );
      const cpu = stopMeters!();
      const transactionsAfter = await committedTransactions(dataset.url);
      const before = await transactionsBefore;
      report.balancer_cpu_us_per_request[name] = perRequest(cpu.balancer, measurement.requests);
      report.postgres_per_request[name] = {
        cpu_us: perRequest(cpu.postgres, measurement.requests),
        // Backends report their counts at most once a second: ± a second's worth over a short run.
        transactions:
          before === undefined || transactionsAfter === undefined || measurement.requests === 0
            ? null
            : (transactionsAfter - before) / measurement.requests,
      };
      report.results.push(
        row(name, target, options.events, {
          rps: measurement.requestsPerSecond,
          p50_ms: measurement.p50Ms,
          p99_ms: measurement.p99Ms,
          cpu_us_per_request: perRequest(cpu.instances, measurement.requests),
          requests: measurement.requests,
          unexpected: measurement.unexpected,
        }),
      );
      const postgresSide = report.postgres_per_request[name]!;
      output.write(
        `${target} ${name}: ${Math.round(measurement.requestsPerSecond).toLocaleString('en-US')} req/s, p50 ${measurement.p50Ms.toFixed(2)} ms, p99 ${measurement.p99Ms.toFixed(2)} ms${measurement.unexpected > 0 ? `, ${measurement.unexpected} unexpected answers` : ''}; per answer: instances ${cpu.instances === undefined ? '-' : Math.round((cpu.instances * 1e6) / Math.max(1, measurement.requests))} µs, PostgreSQL ${postgresSide.cpu_us === null ? '-' : Math.round(postgresSide.cpu_us)} µs and ${postgresSide.transactions === null ? '-' : postgresSide.transactions.toFixed(2)} transactions\n`,
      );
      if (name === 'create') {
        // Creations answered after the generator stopped counting are stored but not acknowledged: at most
        // one per connection and run.
        const stored = (await settledListTotal(servers[0]!.url)) - totalBefore;
        const acknowledged = warmUpAcknowledged + (measurement.statuses['201'] ?? 0);
        report.writes.created_by_load = stored;
        report.writes.acknowledged_by_load = acknowledged;
        if (stored < acknowledged || stored > acknowledged + 2 * load.connections)
          report.writes.problems.push(`${acknowledged} creations acknowledged under load, ${stored} stored`);
      }
    }

    const scenarioBody = (await scenarios.find((s) => s.name === 'create')!.prepare(balancer.url)).body!;
    const writeTarget: WriteTarget = {
      instances: servers.map((server) => server.url),
      balancer: balancer.url,
      administratorKey: dataset.administratorKey,
      eventBody: (title) =>
        JSON.stringify({ ...JSON.parse(scenarioBody.replaceAll(UNIQUE_TOKEN, 'checked')), title }),
    };
    const checked = await checkWrites(writeTarget, options.checkedWrites, load.connections);
    report.writes.checked = checked.created;
    report.writes.problems.push(...checked.problems);
    output.write(
      `${target} writes: ${report.writes.acknowledged_by_load} acknowledged under load, ${report.writes.created_by_load} stored; ${checked.created} created and read back through every instance${report.writes.problems.length > 0 ? `; PROBLEMS: ${report.writes.problems.join('; ')}` : ', all there'}\n`,
    );

    if (n >= 2) {
      const rounds = await readAfterWrite(
        writeTarget,
        options.readAfterWriteRounds,
        options.readAfterWriteSeconds,
      );
      report.read_after_write = {
        rounds: rounds.rounds,
        stale_direct: rounds.stale.direct,
        stale_balancer: rounds.stale.balancer,
        examples: rounds.examples,
      };
      for (const reader of ['direct', 'balancer'] as const) {
        const latencies = rounds.latencies[reader];
        report.results.push(
          row(
            `read-after-write (${reader === 'direct' ? 'other instance' : 'balancer'})`,
            target,
            options.events,
            {
              rps: latencies.length / rounds.seconds,
              p50_ms: percentile(latencies, 50),
              p99_ms: percentile(latencies, 99),
              requests: latencies.length,
              unexpected: rounds.stale[reader],
            },
          ),
        );
      }
      output.write(
        `${target} read after write: ${rounds.rounds} rounds, stale answers ${rounds.stale.direct} through another instance, ${rounds.stale.balancer} through the balancer\n`,
      );
    }
    return report;
  } catch (error) {
    output.write(`error (${target}): ${error instanceof Error ? error.message : String(error)}\n`);
    for (const server of servers) output.write(`server log (end):\n${server.logTail()}\n`);
    throw error;
  } finally {
    await balancer?.stop();
    await Promise.all(servers.map((server) => server.stop()));
    // Leave the calendar as generated for the next N and the next run.
    await restoreDataset(dataset);
  }
}

export async function runMulti(
  options: MultiOptions,
): Promise<{ dataset: Dataset; reports: InstancesReport[] }> {
  const { output } = options;
  await assertPostgresReachable(options.postgresUrl);
  output.write('building the server (turbo run build, cached once built)…\n');
  await buildServer();
  const dataDir = resolve(options.dataDir);
  const dataset = await prepareDataset({
    kind: 'postgres',
    events: options.events,
    fresh: options.fresh,
    dataDir,
    postgresUrl: options.postgresUrl,
    output,
  });
  const reports: InstancesReport[] = [];
  for (const n of options.instances)
    reports.push(await runInstances(n, dataset, options, join(dataDir, 'logs', 'multi')));
  return { dataset, reports };
}
