/**
 * `pnpm --filter @calendar-events/bench feeds-cpu`: what the iCalendar list feed (`GET /events/ical`) costs
 * inside core, uncached, on a calendar of daily series, where a feed that walked the occurrences would grow with
 * the calendar and a deep page would walk every occurrence. The calendar is made fresh through `core.handle`: the
 * daily series (each materialized up to the default horizon of 24 months) and some events on their own. Per
 * request: the elapsed time, the statements it ran (`onQuery`) and the longest stretch it held the event loop
 * (the longest gap between two turns of the loop); then several feeds at once while a timer stands for
 * `/healthz`: how late it fired.
 *
 *   pnpm --filter @calendar-events/bench feeds-cpu --databases sqlite --series 40 --singles 200
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type CalendarDatabase,
  createApiKey,
  createCalendarCore,
  createUser,
  textOf,
} from '@calendar-events/core';
import { createPostgresDatabase } from '@calendar-events/core/postgres';
import { createSqliteDatabase } from '@calendar-events/core/sqlite';
import { Option } from 'commander';
import { sql } from 'kysely';
import pg from 'pg';
import type { DatabaseKind } from '../dataset/store.js';
import { finish, inProcessCommand, median, parseOptions } from './tool.js';

const FEED = '/calendar/events/v1/events/ical';

/** The feeds asked, and the status each must answer. */
const REQUESTS: Array<{ name: string; query: string; status: number }> = [
  { name: 'first page', query: '', status: 200 },
  { name: 'per_page=1000', query: '?per_page=1000', status: 200 },
  { name: 'search=Daily', query: '?search=Daily', status: 200 },
  { name: 'page=9 (past the end)', query: '?page=9&per_page=1000', status: 404 },
  { name: 'page=1000', query: '?page=1000', status: -1 },
];

export interface FeedCostResult {
  database: DatabaseKind;
  series: number;
  singles: number;
  events: number;
  request: string;
  status: number;
  median_ms: number;
  statements: number;
  /** The longest the event loop was held during one request, median over the rounds. */
  max_block_ms: number;
  bytes: number;
}

/** Watches the event loop turn by turn; the stop function gives the longest stretch it was held, in ms. */
function watchLoop(): () => Promise<number> {
  let last = performance.now();
  let longest = 0;
  let running = true;
  const turn = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    if (running) setImmediate(turn);
  };
  setImmediate(turn);
  return async () => {
    // One more turn, to close the stretch the last request ended in.
    await new Promise((resolve) => setImmediate(resolve));
    running = false;
    return longest;
  };
}

async function openDatabase(
  kind: DatabaseKind,
  postgresUrl: string,
  onQuery: (sql: string, parameters: readonly unknown[], ms: number) => void,
): Promise<{ database: CalendarDatabase; dispose(): Promise<void> }> {
  if (kind === 'sqlite') {
    const folder = await mkdtemp(join(tmpdir(), 'feeds-bench-'));
    const database = createSqliteDatabase(join(folder, 'calendar.db'), { onQuery });
    return { database, dispose: () => rm(folder, { recursive: true, force: true }) };
  }
  const schema = `feeds_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create schema "${schema}"`);
  const database = createPostgresDatabase({ connectionString: postgresUrl, schema, onQuery });
  return {
    database,
    async dispose() {
      await admin.query(`drop schema "${schema}" cascade`);
      await admin.end();
    },
  };
}

async function measure(
  kind: DatabaseKind,
  options: { series: number; singles: number; rounds: number; postgresUrl: string; slow: number | undefined },
): Promise<FeedCostResult[]> {
  let statements = 0;
  let measuring = false;
  const { database, dispose } = await openDatabase(kind, options.postgresUrl, (text, _, ms) => {
    statements++;
    if (measuring && options.slow !== undefined && ms >= options.slow)
      process.stderr.write(`  ${ms.toFixed(1)} ms: ${text.replace(/\s+/g, ' ').slice(0, 600)}\n`);
  });
  const results: FeedCostResult[] = [];
  const core = createCalendarCore({ database, cache: false, timezone: 'Europe/Berlin' });
  try {
    await database.migrate();
    await createUser(database.kysely, { login: 'bench', role: 'administrator' });
    const key = await createApiKey(database.kysely, 'bench');
    const ask = (method: string, url: string, body?: unknown) =>
      core.handle({
        method,
        url,
        mountPath: '',
        headers: {
          host: 'bench.invalid',
          authorization: `Bearer ${key}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: { kind: 'raw' as const, data: JSON.stringify(body) } } : {}),
      });
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    for (let i = 0; i < options.series; i++) {
      const hour = String(6 + (i % 14)).padStart(2, '0');
      const created = await ask('POST', '/calendar/events/v1/events', {
        title: `Daily ${i}`,
        description: '<p>Every day, the same place.</p>',
        start_date: `${day(-(i % 5))} ${hour}:00:00`,
        end_date: `${day(-(i % 5))} ${hour}:45:00`,
        recurrence: ['RRULE:FREQ=DAILY'],
        status: 'publish',
      });
      if (created.status !== 201) throw new Error(`series: ${created.status} ${textOf(created)}`);
    }
    for (let i = 0; i < options.singles; i++) {
      const created = await ask('POST', '/calendar/events/v1/events', {
        title: `Concert ${i}`,
        start_date: `${day(1 + (i % 300))} 20:00:00`,
        end_date: `${day(1 + (i % 300))} 22:00:00`,
        status: 'publish',
      });
      if (created.status !== 201) throw new Error(`single: ${created.status} ${textOf(created)}`);
    }
    const events = Number(
      (await sql<{ n: number }>`select count(*) as n from events`.execute(database.kysely)).rows[0]!.n,
    );
    process.stderr.write(
      `${kind}: ${options.series} daily series, ${options.singles} events, ${events} rows\n`,
    );

    measuring = true;
    // Anonymous, as a calendar app subscribes.
    const feed = (query: string) =>
      core.handle({
        method: 'GET',
        url: `${FEED}${query}`,
        mountPath: '',
        headers: { host: 'bench.invalid' },
      });
    for (const request of REQUESTS) {
      const times: number[] = [];
      const blocks: number[] = [];
      let status = 0;
      let bytes = 0;
      let counted = 0;
      for (let round = 0; round < options.rounds; round++) {
        const stop = watchLoop();
        statements = 0;
        const started = performance.now();
        const response = await feed(request.query);
        times.push(performance.now() - started);
        blocks.push(await stop());
        counted = statements;
        status = response.status;
        bytes = textOf(response)?.length ?? 0;
        if (request.status !== -1 && status !== request.status)
          throw new Error(`${request.name}: ${status} ${textOf(response)?.slice(0, 300)}`);
      }
      const result: FeedCostResult = {
        database: kind,
        series: options.series,
        singles: options.singles,
        events,
        request: request.name,
        status,
        median_ms: median(times),
        statements: counted,
        max_block_ms: median(blocks),
        bytes,
      };
      results.push(result);
      process.stdout.write(
        `${kind.padEnd(8)}  ${request.name.padEnd(22)}  ${status}  ${result.median_ms.toFixed(1).padStart(8)} ms  ${String(counted).padStart(4)} statements  longest block ${result.max_block_ms.toFixed(1).padStart(7)} ms  ${bytes} chars\n`,
      );
    }

    // Three deep pages and a first page at once, and a timer that should fire after 1 ms: a /healthz.
    const lateness: number[] = [];
    for (let round = 0; round < options.rounds; round++) {
      const asked = performance.now();
      const timer = new Promise<number>((resolve) => setTimeout(() => resolve(performance.now() - asked), 1));
      const [late] = await Promise.all([
        timer,
        feed('?page=1000'),
        feed('?page=1000&per_page=99'),
        feed('?page=1000&per_page=98'),
        feed(''),
      ]);
      lateness.push(late);
    }
    const healthz = median(lateness);
    process.stdout.write(
      `${kind.padEnd(8)}  a timer beside four feeds at once fired after ${healthz.toFixed(1)} ms\n`,
    );
    results.push({
      database: kind,
      series: options.series,
      singles: options.singles,
      events,
      request: 'timer beside 4 feeds',
      status: 0,
      median_ms: healthz,
      statements: 0,
      max_block_ms: 0,
      bytes: 0,
    });
  } finally {
    await core.close();
    await dispose();
  }
  return results;
}

const options = parseOptions(
  inProcessCommand(
    'feeds-cpu',
    'What the iCalendar list feed costs inside core, uncached, over daily series.',
  )
    .addOption(new Option('--series <n>', 'daily series (each about 730 events)').default('40'))
    .addOption(new Option('--singles <n>', 'events on their own').default('200'))
    .addOption(new Option('--rounds <n>', 'rounds per request (the median is kept)').default('3'))
    .addOption(new Option('--slow <ms>', 'print the statements of the feeds that take this long or longer')),
);
const results: FeedCostResult[] = [];
for (const kind of options.databases)
  results.push(
    ...(await measure(kind, {
      series: Number(options.own.series),
      singles: Number(options.own.singles),
      rounds: Number(options.own.rounds),
      postgresUrl: options.postgresUrl,
      slow: options.own.slow === undefined ? undefined : Number(options.own.slow),
    })),
  );
await finish(options, results);
