/**
 * `pnpm --filter @calendar-events/bench horizon-keeper`: what a restart with a longer horizon costs the requests.
 * On a fresh calendar of `--series` daily series written under `--from-months`, a core
 * restarted with `--to-months` runs one round of the horizon keeper in the background while `GET /events`
 * pages are asked one after another (each after a turn of the event loop, as requests arriving by I/O are).
 * It reports the round's time (what the first request of the hour would wait for if the keeper ran inside
 * it), the requests' times during the round against the same requests before it, and the stalls of the
 * event loop (a 5 ms timer's lateness): the longest, the 99th percentile, how many passed 50 ms.
 *
 *   pnpm --filter @calendar-events/bench horizon-keeper --databases sqlite,postgres --series 40
 */
import { rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type CalendarDatabase,
  type CoreRequest,
  createApiKey,
  createCalendarCore,
  createUser,
  textOf,
} from '@calendar-events/core';
import { createPostgresDatabase } from '@calendar-events/core/postgres';
import { createSqliteDatabase } from '@calendar-events/core/sqlite';
import { Option } from 'commander';
import pg from 'pg';
import { finish, inProcessCommand, parseOptions } from './tool.js';

const SCHEMA = 'horizon_keeper_bench';
const NOW = new Date('2026-11-25T12:00:00Z');

const command = inProcessCommand(
  'horizon-keeper',
  'a restart with a longer horizon: the keeper and the requests',
)
  .addOption(new Option('--series <n>', 'daily series').default('40'))
  .addOption(new Option('--from-months <n>', 'the horizon they were written under').default('24'))
  .addOption(new Option('--to-months <n>', 'the horizon of the restart').default('60'));
const options = parseOptions(command);
const series = Number(options.own.series);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const round1 = (value: number) => Math.round(value * 10) / 10;
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

async function opener(kind: string): Promise<() => CalendarDatabase> {
  if (kind === 'sqlite') {
    const file = join(await mkdtemp(join(tmpdir(), 'horizon-keeper-bench-')), 'calendar.db');
    process.on('exit', () => rmSync(file, { force: true }));
    return () => createSqliteDatabase(file);
  }
  const client = new pg.Client({ connectionString: options.postgresUrl });
  await client.connect();
  await client.query(`drop schema if exists ${SCHEMA} cascade`);
  await client.query(`create schema ${SCHEMA}`);
  await client.end();
  return () => createPostgresDatabase({ connectionString: options.postgresUrl, schema: SCHEMA });
}

const results = [];
for (const kind of options.databases) {
  const open = await opener(kind);
  let database = open();
  await database.migrate();
  await createUser(database.kysely, { login: 'admin', role: 'administrator' });
  const key = await createApiKey(database.kysely, 'admin');
  const request = (method: string, path: string, body?: unknown): CoreRequest => ({
    method,
    url: `/calendar/events/v1${path}`,
    mountPath: '',
    headers: { host: 'x', authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    ...(body ? { body: { kind: 'raw' as const, data: JSON.stringify(body) } } : {}),
  });
  const writer = createCalendarCore({
    database,
    clock: () => NOW,
    horizonKeeper: false,
    recurrenceHorizonMonths: Number(options.own.fromMonths),
  });
  for (let index = 0; index < series; index++) {
    const created = await writer.handle(
      request('POST', '/events', {
        title: `Daily ${index}`,
        start_date: '2026-12-01 19:00:00',
        end_date: '2026-12-01 20:00:00',
        recurrence: 'RRULE:FREQ=DAILY',
      }),
    );
    if (created.status !== 201) throw new Error(textOf(created));
  }
  await writer.close();

  // The restart. Uncached, so that each request reads the database as the first one after a write does.
  database = open();
  const core = createCalendarCore({
    database,
    clock: () => NOW,
    horizonKeeper: false,
    recurrenceHorizonMonths: Number(options.own.toMonths),
    cache: false,
  });
  const page = async (index: number) => {
    const started = performance.now();
    const response = await core.handle(request('GET', `/events?per_page=50&page=${1 + (index % 5)}`));
    if (response.status !== 200) throw new Error(textOf(response));
    return performance.now() - started;
  };
  const before: number[] = [];
  for (let index = 0; index < 6; index++) before.push(await page(index));
  const stalls: number[] = [];
  let last = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    stalls.push(now - last - 5);
    last = now;
  }, 5);
  const started = performance.now();
  let over = false;
  const round = core.horizonKeeper.runRound().finally(() => {
    over = true;
  });
  const during: number[] = [];
  while (!over) {
    during.push(await page(during.length));
    await nextTurn();
  }
  const outcome = await round;
  const roundMs = performance.now() - started;
  clearInterval(ticker);
  await core.close();
  const result = {
    database: kind,
    series,
    outcome: outcome.outcome,
    extended: outcome.extended,
    steps: outcome.steps,
    round_ms: Math.round(roundMs),
    get_before_median_ms: round1(median(before)),
    gets_during: during.length,
    get_during_median_ms: round1(median(during)),
    get_during_max_ms: round1(Math.max(...during)),
    event_loop_max_stall_ms: round1(Math.max(...stalls)),
    event_loop_stalls_over_50_ms: stalls.filter((stall) => stall > 50).length,
    event_loop_stall_p99_ms: round1([...stalls].sort((a, b) => a - b)[Math.floor(stalls.length * 0.99)] ?? 0),
  };
  console.log(JSON.stringify(result));
  results.push(result);
  if (kind === 'postgres') {
    const client = new pg.Client({ connectionString: options.postgresUrl });
    await client.connect();
    await client.query(`drop schema if exists ${SCHEMA} cascade`);
    await client.end();
  }
}
await finish(options, results);
