/**
 * `pnpm --filter @calendar-events/bench tec-move`: how long `calendar-events import tec` takes to move a
 * calendar of 10,000 events (the target: under a minute). The source is this service serving the
 * benchmark's generated calendar (reused or loaded as `pnpm bench` does) under the plugin's namespace
 * `tribe/events/v1` on loopback, read with the benchmark administrator's key as the application password (so
 * every status is read); each target is an empty database (a new SQLite file, a PostgreSQL database dropped and
 * created), migrated, with one administrator. Each run is timed from the first request to the report; the
 * source and the importer share this process and the machine's cores.
 *
 *   pnpm --filter @calendar-events/bench tec-move --events 10000 --databases sqlite,postgres
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectDatabase, createUser } from '@calendar-events/core';
import { importTec, startServer } from '@calendar-events/server';
import { Command, Option } from 'commander';
import pg from 'pg';
import { ADMINISTRATOR_LOGIN } from '../dataset/load.js';
import { type DatabaseKind, prepareDataset } from '../dataset/store.js';
import { DEFAULT_DATA_DIR } from '../paths.js';
import { stderrOutput } from '../progress.js';

const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/calendar_bench';
/** The PostgreSQL database the import writes into (dropped and created for each run). */
const TARGET_DATABASE = 'calendar_bench_import';

interface ImportRun {
  target: DatabaseKind;
  run: number;
  seconds: number;
  /** Until the writer reported its first progress: discovery and reading (unknown when it wrote nothing). */
  readSeconds?: number;
  read: Record<string, number>;
  created: number;
  unchanged: number;
  requests: number;
}

async function emptyPostgres(baseUrl: string): Promise<string> {
  const maintenance = new URL(baseUrl);
  maintenance.pathname = '/postgres';
  const client = new pg.Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists ${TARGET_DATABASE} with (force)`);
    await client.query(`create database ${TARGET_DATABASE}`);
  } finally {
    await client.end();
  }
  const target = new URL(baseUrl);
  target.pathname = `/${TARGET_DATABASE}`;
  return target.toString();
}

async function main(): Promise<void> {
  const program = new Command('tec-move')
    .addOption(new Option('--events <n>', 'events in the source calendar').default(10_000).argParser(Number))
    .addOption(
      new Option('--databases <list>', 'targets: sqlite, postgres or both').default('sqlite,postgres'),
    )
    .addOption(new Option('--postgres-url <url>').env('BENCH_POSTGRES_URL').default(DEFAULT_POSTGRES_URL))
    .addOption(new Option('--data-dir <dir>').default(DEFAULT_DATA_DIR))
    .addOption(new Option('--concurrency <n>', 'requests at once').default(4).argParser(Number))
    .option('--again', 'import a second time into the same database (everything unchanged)')
    .parse(process.argv.filter((argument) => argument !== '--'));
  const options = program.opts<{
    events: number;
    databases: string;
    postgresUrl: string;
    dataDir: string;
    concurrency: number;
    again?: boolean;
  }>();
  const output = stderrOutput();
  const dataset = await prepareDataset({
    kind: 'sqlite',
    events: options.events,
    fresh: false,
    dataDir: options.dataDir,
    postgresUrl: options.postgresUrl,
    output,
  });
  const source = await startServer({
    database: dataset.url,
    port: 0,
    namespace: 'tribe/events/v1',
    rateLimit: false,
  });
  const scratch = await mkdtemp(join(tmpdir(), 'tec-move-bench-'));
  const runs: ImportRun[] = [];
  try {
    for (const target of options.databases.split(',').map((name) => name.trim()) as DatabaseKind[]) {
      const url =
        target === 'sqlite'
          ? `sqlite:${join(scratch, 'target.db')}`
          : await emptyPostgres(options.postgresUrl);
      const database = await connectDatabase(url);
      try {
        await database.migrate();
        await createUser(database.kysely, { login: 'owner', role: 'administrator' });
        for (let run = 1; run <= (options.again ? 2 : 1); run++) {
          let json = '';
          let writing: number | undefined;
          const started = performance.now();
          await importTec(
            database,
            source.url,
            {
              database: url,
              user: ADMINISTRATOR_LOGIN,
              passwordEnv: 'BENCH_TEC_PASSWORD',
              concurrency: options.concurrency,
              timeout: 60,
              attempts: 3,
              stateDir: join(scratch, 'state'),
              json: true,
            },
            {
              stdout: (text) => {
                json += text;
              },
              stderr: (text) => {
                // The first line of the writer's progress ends the reading.
                if (writing === undefined && text.includes('writing ')) writing = performance.now();
                output.write(text);
              },
              stderrIsTTY: output.isTTY,
            },
            { BENCH_TEC_PASSWORD: dataset.administratorKey },
          );
          const seconds = (performance.now() - started) / 1000;
          const report = JSON.parse(json) as {
            read: Record<string, number>;
            created: number;
            unchanged: number;
            requests: number;
          };
          runs.push({
            target,
            run,
            seconds,
            ...(writing !== undefined ? { readSeconds: (writing - started) / 1000 } : {}),
            ...report,
          });
          output.write(`${target} run ${run}: ${seconds.toFixed(1)} s\n`);
        }
      } finally {
        await database.destroy();
      }
    }
  } finally {
    await source.close();
    await rm(scratch, { recursive: true, force: true });
  }
  console.log(
    'target    run  seconds  reading  events  venues  organizers  categories  tags  created  unchanged  requests',
  );
  for (const run of runs)
    console.log(
      `${run.target.padEnd(9)} ${String(run.run).padStart(3)}  ${run.seconds.toFixed(1).padStart(7)}  ${(run.readSeconds?.toFixed(1) ?? '–').padStart(7)}  ${String(run.read.events).padStart(6)}  ${String(run.read.venues).padStart(6)}  ${String(run.read.organizers).padStart(10)}  ${String(run.read.categories).padStart(10)}  ${String(run.read.tags).padStart(4)}  ${String(run.created).padStart(7)}  ${String(run.unchanged).padStart(9)}  ${String(run.requests).padStart(8)}`,
    );
}

await main();
