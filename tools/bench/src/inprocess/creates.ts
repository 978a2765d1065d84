/**
 * `pnpm --filter @calendar-events/bench creates-cpu`: what the benchmark's create costs inside core, without
 * HTTP: `--concurrency` creates at a time through `core.handle` (the `create` scenario's request), in rounds,
 * with the creates per second, the CPU per create (this process, which SQLite runs in, and PostgreSQL's
 * backends of the database) and the statements per create. The calendar is the one `pnpm bench` keeps; what a
 * round created is removed after it (not timed), so every round meets the same calendar.
 *
 *   pnpm --filter @calendar-events/bench creates-cpu --databases sqlite,postgres --events 10000 --rounds 3
 *
 * Under `node --cpu-prof`, the measured rounds are the windows printed at the end (V8's clock, microseconds).
 */
import { loadavg } from 'node:os';
import { type CalendarDatabase, createCalendarCore, textOf } from '@calendar-events/core';
import { createPostgresDatabase } from '@calendar-events/core/postgres';
import { createSqliteDatabase } from '@calendar-events/core/sqlite';
import { Option } from 'commander';
import { sql } from 'kysely';
import { removeAddedRecords } from '../dataset/load.js';
import { type DatabaseKind, prepareDataset } from '../dataset/store.js';
import { UNIQUE_TOKEN } from '../load/load.js';
import { stderrOutput } from '../progress.js';
import { buildScenarios } from '../scenarios.js';
import { postgresCpuMs, processCpuMs } from './cpu.js';
import { addStatementDeltas, readStatementCounters, type StatementTimes } from './pg-statements.js';
import { finish, inProcessCommand, median, parseOptions, shapeOf } from './tool.js';

export interface CreatesCpuResult {
  database: DatabaseKind;
  events: number;
  concurrency: number;
  creates_per_round: number;
  /** Per measured round, in order. */
  creates_per_second: number[];
  cpu_ms_per_create: number[];
  postgres_cpu_ms_per_create: number[] | null;
  statements_per_create: number;
  /** Rounds in V8's clock (µs), to cut a `--cpu-prof` profile to what was measured. */
  windows_us: Array<[number, number]>;
  load_average: [number, number];
  /** Statements grouped by their SQL, most time per create first (Kysely's duration, send to result). */
  by_statement: Array<{ sql: string; per_create: number; us_per_create: number }>;
  /**
   * PostgreSQL's own time per create by statement (`pg_stat_statements`, when loaded): execution (wall time
   * inside the server, lock and WAL waits included) and planning, most first; `nested` for statements run by
   * triggers and functions, whose time is also inside their caller's.
   */
  postgres_by_statement: Array<{
    sql: string;
    nested: boolean;
    per_create: number;
    exec_us_per_create: number;
    plan_us_per_create: number;
    plans_per_call: number;
  }> | null;
}

async function measure(
  kind: DatabaseKind,
  options: {
    events: number;
    rounds: number;
    creates: number;
    concurrency: number;
    dataDir: string;
    postgresUrl: string;
  },
): Promise<CreatesCpuResult> {
  const output = stderrOutput();
  const dataset = await prepareDataset({
    kind,
    events: options.events,
    fresh: false,
    dataDir: options.dataDir,
    postgresUrl: options.postgresUrl,
    seriesShare: 0,
    output,
  });
  let statements = 0;
  // Time per statement shape over the measured rounds (Kysely's duration, send to result).
  const byShape = new Map<string, { count: number; ms: number }>();
  let measuring = false;
  const onQuery = (sqlText: string, _parameters: readonly unknown[], ms: number) => {
    statements++;
    if (!measuring) return;
    const shape = shapeOf(sqlText);
    const group = byShape.get(shape) ?? { count: 0, ms: 0 };
    group.count++;
    group.ms += ms;
    byShape.set(shape, group);
  };
  const database: CalendarDatabase =
    kind === 'sqlite'
      ? createSqliteDatabase(dataset.url.replace(/^sqlite:/, ''), { onQuery })
      : createPostgresDatabase({ connectionString: dataset.url, onQuery });
  const core = createCalendarCore({ database });
  const postgresName = kind === 'postgres' ? decodeURIComponent(new URL(dataset.url).pathname.slice(1)) : '';
  const create = buildScenarios(dataset.facts, dataset.administratorKey).find(
    (scenario) => scenario.name === 'create',
  )!;
  const request = await create.prepare('http://unused.invalid');
  let made = 0;
  const createOne = async () => {
    const response = await core.handle({
      method: 'POST',
      url: request.paths[0]!,
      mountPath: '',
      headers: { host: 'bench.invalid', ...request.headers },
      body: { kind: 'raw', data: request.body!.replaceAll(UNIQUE_TOKEN, `in-process-${made++}`) },
    });
    if (response.status !== 201)
      throw new Error(`POST answered ${response.status}: ${textOf(response)?.slice(0, 300)}`);
  };
  const result: CreatesCpuResult = {
    database: kind,
    events: options.events,
    concurrency: options.concurrency,
    creates_per_round: options.creates,
    creates_per_second: [],
    cpu_ms_per_create: [],
    postgres_cpu_ms_per_create: kind === 'postgres' ? [] : null,
    statements_per_create: 0,
    windows_us: [],
    load_average: [loadavg()[0]!, 0],
    by_statement: [],
    postgres_by_statement: null,
  };
  const serverStatements = new Map<string, StatementTimes>();
  let serverStatementsRead = false;
  const statementCounts: number[] = [];
  try {
    // One round of warm-up: statements prepared, code optimized.
    for (let round = -1; round < options.rounds; round++) {
      if (kind === 'postgres') await sql`vacuum analyze`.execute(database.kysely);
      let left = options.creates;
      const worker = async () => {
        while (left-- > 0) await createOne();
      };
      statements = 0;
      const countersBefore =
        kind === 'postgres' && round >= 0
          ? await readStatementCounters(database.kysely, postgresName)
          : undefined;
      const postgresBefore = kind === 'postgres' ? postgresCpuMs(postgresName) : undefined;
      const cpuBefore = processCpuMs();
      const startedUs = Number(process.hrtime.bigint() / 1000n);
      const started = performance.now();
      measuring = round >= 0;
      await Promise.all(Array.from({ length: options.concurrency }, worker));
      measuring = false;
      const seconds = (performance.now() - started) / 1000;
      const endedUs = Number(process.hrtime.bigint() / 1000n);
      const cpuMs = processCpuMs() - cpuBefore;
      const postgresAfter = kind === 'postgres' ? postgresCpuMs(postgresName) : undefined;
      const counted = statements;
      if (countersBefore) {
        const countersAfter = await readStatementCounters(database.kysely, postgresName);
        if (countersAfter) {
          addStatementDeltas(serverStatements, countersBefore, countersAfter);
          serverStatementsRead = true;
        }
      }
      await removeAddedRecords(database, dataset.facts.lastGeneratedPostId, dataset.administratorKey);
      if (round < 0) continue;
      result.windows_us.push([startedUs, endedUs]);
      result.creates_per_second.push(Math.round(options.creates / seconds));
      result.cpu_ms_per_create.push(Math.round((cpuMs / options.creates) * 100) / 100);
      if (postgresBefore !== undefined && postgresAfter !== undefined)
        result.postgres_cpu_ms_per_create!.push(
          Math.round(((postgresAfter - postgresBefore) / options.creates) * 100) / 100,
        );
      statementCounts.push(counted / options.creates);
      output.write(
        `${kind}: round ${round + 1}: ${result.creates_per_second.at(-1)} creates/s, CPU ${result.cpu_ms_per_create.at(-1)} ms/create${kind === 'postgres' ? `, PostgreSQL ${result.postgres_cpu_ms_per_create!.at(-1)} ms/create` : ''}, ${(counted / options.creates).toFixed(1)} statements/create\n`,
      );
    }
  } finally {
    await core.close();
  }
  result.statements_per_create = median(statementCounts);
  const measured = options.creates * options.rounds;
  result.by_statement = [...byShape]
    .map(([sqlText, group]) => ({
      sql: sqlText,
      per_create: Math.round((group.count / measured) * 100) / 100,
      us_per_create: Math.round((group.ms * 1000) / measured),
    }))
    .sort((a, b) => b.us_per_create - a.us_per_create);
  if (serverStatementsRead)
    result.postgres_by_statement = [...serverStatements.values()]
      .map((times) => ({
        sql: times.query,
        nested: !times.toplevel,
        per_create: Math.round((times.calls / measured) * 100) / 100,
        exec_us_per_create: Math.round((times.exec_ms * 1000) / measured),
        plan_us_per_create: Math.round((times.plan_ms * 1000) / measured),
        plans_per_call: Math.round((times.plans / times.calls) * 100) / 100,
      }))
      .sort(
        (a, b) => b.exec_us_per_create + b.plan_us_per_create - (a.exec_us_per_create + a.plan_us_per_create),
      );
  result.load_average[1] = loadavg()[0]!;
  return result;
}

const options = parseOptions(
  inProcessCommand(
    'creates-cpu',
    "The benchmark's create inside core: creates per second and CPU per create.",
  )
    .addOption(new Option('--rounds <n>', 'measured rounds').default('3'))
    .addOption(new Option('--creates <n>', 'creates per round').default('400'))
    .addOption(new Option('--concurrency <n>', 'creates at a time').default('10'))
    .addOption(new Option('--statements <n>', 'statement shapes to print, most time first').default('15')),
);
const results: CreatesCpuResult[] = [];
for (const kind of options.databases) {
  const result = await measure(kind, {
    events: options.events,
    rounds: Number(options.own.rounds),
    creates: Number(options.own.creates),
    concurrency: Number(options.own.concurrency),
    dataDir: options.dataDir,
    postgresUrl: options.postgresUrl,
  });
  results.push(result);
  for (const statement of result.by_statement.slice(0, Number(options.own.statements)))
    process.stdout.write(
      `${String(statement.us_per_create).padStart(6)} µs  ${String(statement.per_create).padStart(5)}×  ${statement.sql.slice(0, 160)}\n`,
    );
  if (result.postgres_by_statement) {
    process.stdout.write('PostgreSQL (pg_stat_statements): exec µs, plan µs, per create, plans per call\n');
    for (const statement of result.postgres_by_statement.slice(0, Number(options.own.statements)))
      process.stdout.write(
        `${String(statement.exec_us_per_create).padStart(6)} ${String(statement.plan_us_per_create).padStart(6)}  ${String(statement.per_create).padStart(5)}× ${String(statement.plans_per_call).padStart(4)} ${statement.nested ? '  (nested) ' : ''}${statement.sql.slice(0, 150)}\n`,
      );
  }
  process.stdout.write(
    `${kind.padEnd(8)} ${result.creates_per_second.join(', ')} creates/s; CPU ${result.cpu_ms_per_create.join(', ')} ms/create${result.postgres_cpu_ms_per_create ? `; PostgreSQL ${result.postgres_cpu_ms_per_create.join(', ')} ms/create` : ''}; ${result.statements_per_create} statements/create; windows ${JSON.stringify(result.windows_us)}\n`,
  );
}
await finish(options, results);
