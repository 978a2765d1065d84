/**
 * `pnpm --filter @calendar-events/bench series-create`: how long creating a daily series takes inside core,
 * without HTTP, and which statements the time goes to. On the benchmark's calendar (reused or loaded as
 * `pnpm bench` does, by default 100,000 events of which a fifth are in weekly series), each round POSTs the
 * same event every day from tomorrow on (at a time of day of its own), without end, through `core.handle` (so
 * its occurrences are materialized up to the default horizon of 24 months, about 730 events), then removes it
 * again (not timed), so that every round meets the same calendar. Every statement is observed (`onQuery`, Kysely's duration from
 * send to result); the table groups them by their SQL.
 *
 *   pnpm --filter @calendar-events/bench series-create --databases sqlite,postgres --rounds 20
 */
import { loadavg } from 'node:os';
import { type CalendarDatabase, createCalendarCore, textOf } from '@calendar-events/core';
import { createPostgresDatabase } from '@calendar-events/core/postgres';
import { createSqliteDatabase } from '@calendar-events/core/sqlite';
import { Option } from 'commander';
import { sql } from 'kysely';
import { removeAddedRecords } from '../dataset/load.js';
import { type DatabaseKind, prepareDataset } from '../dataset/store.js';
import { stderrOutput } from '../progress.js';
import { postgresCpuMs, processCpuMs } from './cpu.js';
import { finish, inProcessCommand, median, parseOptions, shapeOf } from './tool.js';

interface Statement {
  sql: string;
  ms: number;
  /** CPU of this process since the previous statement ended: the statement and the JavaScript that built it. */
  cpuMs: number;
}

/** The create scenario's description (scenarios.ts). */
const SHORT_DESCRIPTION =
  '<p>Created by the benchmark, request 1.</p><p>Seats are limited, so please arrive early.</p>';

export interface SeriesCreateResult {
  database: DatabaseKind;
  /** Which description the series had, and its length. */
  description: 'short' | 'generated';
  description_chars: number;
  events: number;
  series_share: number;
  occurrences: number;
  rounds: number;
  median_ms: number;
  min_ms: number;
  max_ms: number;
  /**
   * CPU per creation, median: of this process (core, and SQLite, which runs in it), and of PostgreSQL's
   * server processes for this database. On a machine whose cores are shared, steadier than the elapsed time.
   */
  median_cpu_ms: number;
  median_postgres_cpu_ms: number | null;
  /**
   * When each measured round ran, in microseconds of the monotonic clock that V8's CPU profiles use (run with
   * `node --cpu-prof`, then keep the samples within these windows).
   */
  windows_us: Array<[number, number]>;
  /** The machine's load average (1 min) when the rounds began and ended. */
  load_average: [number, number];
  /** Per round, averaged over the measured rounds. */
  statements: number;
  statement_ms: number;
  /** The statements grouped by their SQL, most time first: per round, averaged. */
  by_statement: Array<{ sql: string; count: number; ms: number; cpu_ms: number }>;
}

/** Series created by this process so far (each gets a time of day of its own). */
let seriesCreated = 0;

async function measure(
  kind: DatabaseKind,
  options: {
    events: number;
    seriesShare: number;
    rounds: number;
    warmup: number;
    dataDir: string;
    postgresUrl: string;
    description: 'short' | 'generated';
  },
): Promise<SeriesCreateResult> {
  const output = stderrOutput();
  const dataset = await prepareDataset({
    kind,
    events: options.events,
    fresh: false,
    dataDir: options.dataDir,
    postgresUrl: options.postgresUrl,
    seriesShare: options.seriesShare,
    output,
  });
  let recording: Statement[] | undefined;
  let cpuMark = 0;
  const onQuery = (sqlText: string, _parameters: readonly unknown[], ms: number) => {
    if (!recording) return;
    const cpu = processCpuMs();
    recording.push({ sql: sqlText, ms, cpuMs: cpu - cpuMark });
    cpuMark = cpu;
  };
  const postgresName = kind === 'postgres' ? decodeURIComponent(new URL(dataset.url).pathname.slice(1)) : '';
  const database: CalendarDatabase =
    kind === 'sqlite'
      ? createSqliteDatabase(dataset.url.replace(/^sqlite:/, ''), { onQuery })
      : createPostgresDatabase({ connectionString: dataset.url, onQuery });
  const core = createCalendarCore({ database });
  const { facts, administratorKey } = dataset;
  const start = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  // The description decides how much text each occurrence's search rows hold (and the full-text index takes):
  // the create scenario's two sentences, or that of a generated event, as long as the calendar's are.
  const description =
    options.description === 'short'
      ? SHORT_DESCRIPTION
      : ((
          await database.kysely
            .selectFrom('post_texts')
            .select('description')
            .where('post_id', '=', facts.sampleEvents[0]!.id)
            .where('language', '=', 'en')
            .executeTakeFirst()
        )?.description ?? SHORT_DESCRIPTION);
  const rounds: Array<{
    ms: number;
    cpuMs: number;
    postgresCpuMs: number | undefined;
    statements: Statement[];
    occurrences: number;
    window: [number, number];
  }> = [];
  // Statistics as autovacuum keeps them in a deployment (it is off on this machine kind's PostgreSQL), whatever
  // earlier runs of this tool created and removed.
  if (kind === 'postgres') await sql`vacuum analyze`.execute(database.kysely);
  const loadStart = loadavg()[0]!;
  try {
    for (let round = 0; round < options.warmup + options.rounds; round++) {
      const statements: Statement[] = [];
      const postgresBefore = kind === 'postgres' ? postgresCpuMs(postgresName) : undefined;
      cpuMark = processCpuMs();
      const cpuBefore = cpuMark;
      recording = statements;
      // A time of day of its own each series (19:00, 19:01, …, for up to 60): every round's wall times are new to
      // the process. Their conversions to UTC are remembered, and a round repeating the last one's would not pay
      // them, as a series at a new time of day does.
      const minute = String(seriesCreated++ % 60).padStart(2, '0');
      const clock = `19:${minute}:00`;
      const endClock = `21:${minute}:00`;
      const startedUs = Number(process.hrtime.bigint() / 1000n);
      const started = performance.now();
      const response = await core.handle({
        method: 'POST',
        url: '/calendar/events/v1/events',
        mountPath: '',
        headers: {
          host: 'bench.invalid',
          authorization: `Bearer ${administratorKey}`,
          'content-type': 'application/json',
        },
        body: {
          kind: 'raw',
          data: JSON.stringify({
            title: `In-process Daily Reading ${round}`,
            description,
            start_date: `${start} ${clock}`,
            end_date: `${start} ${endClock}`,
            timezone: facts.create.timezone,
            venue: facts.create.venue,
            organizer: facts.create.organizers,
            categories: facts.create.categories,
            tags: facts.create.tags,
            status: 'publish',
            recurrence: ['RRULE:FREQ=DAILY'],
          }),
        },
      });
      const ms = performance.now() - started;
      const window: [number, number] = [startedUs, Number(process.hrtime.bigint() / 1000n)];
      recording = undefined;
      const cpuMs = processCpuMs() - cpuBefore;
      const postgresAfter = kind === 'postgres' ? postgresCpuMs(postgresName) : undefined;
      const postgresCpu =
        postgresBefore !== undefined && postgresAfter !== undefined
          ? postgresAfter - postgresBefore
          : undefined;
      if (response.status !== 201)
        throw new Error(`POST answered ${response.status}: ${textOf(response)?.slice(0, 300)}`);
      const id = JSON.parse(textOf(response)!).id as number;
      const occurrences = Number(
        (
          await database.kysely
            .selectFrom('events')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('series_id', '=', id)
            .executeTakeFirstOrThrow()
        ).n,
      );
      // The removed rows leave dead entries in the indexes the next round inserts into, in the same key ranges
      // (its dates, its series); PostgreSQL's inserts then visit them, one round after another faster than
      // autovacuum comes by. A service creates series far less often: each round starts vacuumed (the removal
      // vacuums).
      await removeAddedRecords(database, facts.lastGeneratedPostId, administratorKey);
      if (round >= options.warmup)
        rounds.push({ ms, cpuMs, postgresCpuMs: postgresCpu, statements, occurrences, window });
      output.write(
        `${kind}: round ${round + 1}: ${ms.toFixed(1)} ms (CPU ${cpuMs.toFixed(1)} ms${postgresCpu !== undefined ? `, PostgreSQL ${postgresCpu.toFixed(0)} ms` : ''}), ${statements.length} statements, ${occurrences} occurrences${round < options.warmup ? ' (warm-up)' : ''}\n`,
      );
    }
  } finally {
    await core.close();
  }
  const loadEnd = loadavg()[0]!;
  const groups = new Map<string, { count: number; ms: number; cpuMs: number }>();
  for (const round of rounds)
    for (const statement of round.statements) {
      const shape = shapeOf(statement.sql);
      const group = groups.get(shape) ?? { count: 0, ms: 0, cpuMs: 0 };
      group.count++;
      group.ms += statement.ms;
      group.cpuMs += statement.cpuMs;
      groups.set(shape, group);
    }
  const postgresCpu = rounds.flatMap((round) =>
    round.postgresCpuMs === undefined ? [] : [round.postgresCpuMs],
  );
  const n = rounds.length;
  const times = rounds.map((round) => round.ms);
  return {
    database: kind,
    description: options.description,
    description_chars: description.length,
    events: options.events,
    series_share: options.seriesShare,
    occurrences: median(rounds.map((round) => round.occurrences)),
    rounds: n,
    median_ms: median(times),
    min_ms: Math.min(...times),
    max_ms: Math.max(...times),
    median_cpu_ms: median(rounds.map((round) => round.cpuMs)),
    median_postgres_cpu_ms: postgresCpu.length > 0 ? median(postgresCpu) : null,
    windows_us: rounds.map((round) => round.window),
    load_average: [Math.round(loadStart * 100) / 100, Math.round(loadEnd * 100) / 100],
    statements: rounds.reduce((sum, round) => sum + round.statements.length, 0) / n,
    statement_ms: rounds.reduce((sum, round) => sum + round.statements.reduce((s, x) => s + x.ms, 0), 0) / n,
    by_statement: [...groups.entries()]
      .map(([sqlText, group]) => ({
        sql: sqlText,
        count: group.count / n,
        ms: group.ms / n,
        cpu_ms: group.cpuMs / n,
      }))
      .sort((a, b) => b.ms - a.ms),
  };
}

function format(result: SeriesCreateResult, top: number): string {
  const lines = [
    `${result.database}, description of ${result.description_chars} characters (${result.description}), ${result.events.toLocaleString('en-US')} events (${Math.round(result.series_share * 100)} % in weekly series): a daily series with ${result.occurrences} occurrences created in ${result.median_ms.toFixed(1)} ms (median of ${result.rounds}; ${result.min_ms.toFixed(1)}–${result.max_ms.toFixed(1)} ms)`,
    `  CPU per creation (median): ${result.median_cpu_ms.toFixed(1)} ms in this process${result.median_postgres_cpu_ms !== null ? `, ${result.median_postgres_cpu_ms.toFixed(0)} ms in PostgreSQL` : ''}; load average ${result.load_average[0]} → ${result.load_average[1]}`,
    `  ${result.statements.toFixed(0)} statements, ${result.statement_ms.toFixed(1)} ms in them (mean per round); the rest in JavaScript`,
    '  wall ms   CPU ms   count  statement (CPU: this process, since the previous statement ended)',
  ];
  for (const group of result.by_statement.slice(0, top))
    lines.push(
      `  ${group.ms.toFixed(2).padStart(7)}  ${group.cpu_ms.toFixed(2).padStart(7)}  ${group.count.toFixed(1).padStart(6)}  ${group.sql.length > 140 ? `${group.sql.slice(0, 140)}…` : group.sql}`,
    );
  return lines.join('\n');
}

const options = parseOptions(
  inProcessCommand(
    'series-create',
    'The time of creating a daily series inside core, and the statements it runs.',
  )
    .addOption(new Option('--series-share <share>', 'share of events in weekly series').default('0.2'))
    .addOption(new Option('--rounds <n>', 'measured rounds').default('20'))
    .addOption(new Option('--warmup <n>', 'rounds before those measured').default('3'))
    .addOption(new Option('--top <n>', 'statements listed').default('15'))
    .addOption(
      new Option(
        '--descriptions <list>',
        "the series' description: short (the create scenario's two sentences), generated (a generated event's)",
      ).default('short,generated'),
    ),
);
const { own } = options;
const results: SeriesCreateResult[] = [];
for (const kind of options.databases)
  for (const description of own.descriptions!.split(',') as Array<'short' | 'generated'>) {
    const result = await measure(kind, {
      description,
      events: options.events,
      seriesShare: Number(own.seriesShare),
      rounds: Number(own.rounds),
      warmup: Number(own.warmup),
      dataDir: options.dataDir,
      postgresUrl: options.postgresUrl,
    });
    results.push(result);
    process.stdout.write(`${format(result, Number(own.top))}\n\n`);
  }
await finish(options, results);
