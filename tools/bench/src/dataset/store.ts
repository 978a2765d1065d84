/**
 * Where the generated calendars live and when they can be reused. SQLite: a file per N under the data
 * folder. PostgreSQL: one database (`calendar_bench`), dropped and created again for each new load. Either
 * is reused when N and the generator are unchanged (the cache key) and it is less than a month old (its three
 * years stay centred on today); `--fresh` always loads anew. A calendar made before new migrations were
 * added is migrated forward, as a deployment would be, rather than loaded again (a million events take
 * minutes to load), and one made by the migrations the baseline replaced moves onto it as a deployment's
 * does; one made with migrations that no longer exist otherwise (renamed, removed) is loaded again.
 * The manifest beside it holds what the scenarios need and the administrator's key (JSON, named
 * `.manifest` so that the repository's linter, which checks every `.json` file, leaves it alone).
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { type CalendarDatabase, connectDatabase } from '@calendar-events/core';
import { BASELINE_MIGRATION, OLD_CHAIN } from '@calendar-events/core/internal';
import { sql } from 'kysely';
import pg from 'pg';
import type { ProgressOutput } from '../progress.js';
import { loadCalendar, removeAddedRecords } from './load.js';
import type { DatasetFacts } from './shape.js';

/** Bump when the generator changes what it writes, so that cached calendars are made again. */
const GENERATOR_VERSION = 6;
const MAX_AGE_DAYS = 30;

export type DatabaseKind = 'sqlite' | 'postgres';

export interface Dataset {
  kind: DatabaseKind;
  /** The `--database` URL for the server. */
  url: string;
  facts: DatasetFacts;
  administratorKey: string;
  /** Seconds the load took; when reused, the time of the load that made it. */
  loadSeconds: number;
  reused: boolean;
}

interface Manifest {
  cacheKey: string;
  /** The migrations the calendar's schema has had applied, in order. */
  migrations: string[];
  /** Ties a PostgreSQL database to the manifest written for it (kept in the database's comment). */
  loadId: string;
  facts: DatasetFacts;
  administratorKey: string;
  loadSeconds: number;
}

export interface DatasetOptions {
  kind: DatabaseKind;
  events: number;
  fresh: boolean;
  dataDir: string;
  /** PostgreSQL: the URL of the benchmark database (it is dropped and created). */
  postgresUrl: string;
  /** The share of events that are occurrences of weekly series (0: none, the calendar of the earlier figures). */
  seriesShare?: number;
  output: ProgressOutput;
}

/** The migrations a calendar has had, the old ones the baseline replaced counted as the baseline (core moves them). */
export function onBaseline(applied: readonly string[] | undefined): readonly string[] | undefined {
  const old = new Set<string>(OLD_CHAIN);
  if (!Array.isArray(applied) || !OLD_CHAIN.every((name) => applied.includes(name))) return applied;
  return [BASELINE_MIGRATION, ...applied.filter((name) => !old.has(name))];
}

/** The migrations the schema has today: a new one changes the cache key. */
async function migrationNames(): Promise<string[]> {
  const probe = await connectDatabase('sqlite::memory:');
  try {
    return await probe.migrate();
  } finally {
    await probe.destroy();
  }
}

function cacheKeyFor(events: number, seriesShare: number): string {
  // Without series the key is the one of calendars generated before series existed: they stay valid.
  const key = JSON.stringify({
    generator: GENERATOR_VERSION,
    events,
    ...(seriesShare > 0 ? { seriesShare } : {}),
  });
  return createHash('sha256').update(key).digest('hex').slice(0, 16);
}

/** Whether `applied` is where `current` started: the same names in the same order, maybe fewer. */
function isPrefix(applied: readonly string[] | undefined, current: readonly string[]): boolean {
  return (
    Array.isArray(applied) &&
    applied.length <= current.length &&
    applied.every((name, index) => name === current[index])
  );
}

async function readManifest(file: string): Promise<Manifest | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
}

function isFresh(manifest: Manifest): boolean {
  const age = Date.now() - Date.parse(manifest.facts.generatedAt);
  return age >= 0 && age < MAX_AGE_DAYS * 86_400_000;
}

/** The database name of a PostgreSQL URL, checked so it can be written into SQL as an identifier. */
function postgresDatabaseName(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  if (!/^[a-z_][a-z0-9_]*$/.test(name))
    throw new Error(`The PostgreSQL benchmark database must have a plain name (got "${name}").`);
  return name;
}

/** The PostgreSQL URL of the calendar variant: `calendar_bench` → `calendar_bench_series20`. */
function withDatabaseSuffix(url: string, variant: string): string {
  if (variant === '') return url;
  const parsed = new URL(url);
  parsed.pathname = `${parsed.pathname.replace(/\/$/, '')}${variant.replace('-', '_')}`;
  return parsed.toString();
}

/** Runs `work` on the server's maintenance database (to drop, create and inspect the benchmark one). */
async function withMaintenanceConnection<T>(
  url: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const client = new pg.Client({ connectionString: maintenance.toString() });
  try {
    await client.connect();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `PostgreSQL is not reachable at ${maintenance.host} (${reason}): start it, give its address with --postgres-url (or BENCH_POSTGRES_URL), or run with --databases sqlite.`,
    );
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Fails with a message that says what to do when the PostgreSQL server of `url` does not answer. */
export async function assertPostgresReachable(url: string): Promise<void> {
  await withMaintenanceConnection(url, (client) => client.query('select 1'));
}

async function postgresComment(url: string): Promise<string | undefined> {
  const name = postgresDatabaseName(url);
  return withMaintenanceConnection(url, async (client) => {
    const result = await client.query<{ comment: string | null }>(
      `select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1`,
      [name],
    );
    return result.rows[0]?.comment ?? undefined;
  });
}

async function withDatabase<T>(url: string, work: (database: CalendarDatabase) => Promise<T>): Promise<T> {
  // No statement timeout: building the indexes and search rows of a large calendar on a busy machine may
  // take longer than the service's 30 s (a 100,000-event load was cancelled so, beside other work).
  const database = await connectDatabase(url, { statementTimeoutMs: 0 });
  try {
    return await work(database);
  } finally {
    await database.destroy();
  }
}

/** A loaded calendar of `events` events in the database of `kind`, reused from an earlier run if it can be. */
export async function prepareDataset(options: DatasetOptions): Promise<Dataset> {
  const { kind, events, output } = options;
  const seriesShare = options.seriesShare ?? 0;
  const dataDir = resolve(options.dataDir);
  await mkdir(dataDir, { recursive: true });
  const cacheKey = cacheKeyFor(events, seriesShare);
  const migrations = await migrationNames();
  // A calendar with series is kept beside the one without (its own file, its own PostgreSQL database), so
  // that runs of either shape reuse theirs.
  const variant = seriesShare > 0 ? `-series${Math.round(seriesShare * 100)}` : '';
  const sqliteFile = join(dataDir, `calendar-${events}${variant}.db`);
  const url = kind === 'sqlite' ? `sqlite:${sqliteFile}` : withDatabaseSuffix(options.postgresUrl, variant);
  const manifestFile =
    kind === 'sqlite'
      ? join(dataDir, `calendar-${events}${variant}.manifest`)
      : join(dataDir, `postgres-${postgresDatabaseName(url)}.manifest`);
  const label = `${kind} (${events.toLocaleString('en-US')} events${seriesShare > 0 ? `, ${Math.round(seriesShare * 100)} % in weekly series` : ''})`;

  const manifest = options.fresh ? undefined : await readManifest(manifestFile);
  if (
    manifest &&
    manifest.cacheKey === cacheKey &&
    isPrefix(onBaseline(manifest.migrations), migrations) &&
    manifest.facts.shape.events === events &&
    (manifest.facts.series?.share ?? 0) === seriesShare &&
    isFresh(manifest)
  ) {
    const present =
      kind === 'sqlite'
        ? existsSync(sqliteFile)
        : (await postgresComment(url)) === `${manifest.cacheKey}:${manifest.loadId}`;
    if (present) {
      const migrating = performance.now();
      const { removed, applied } = await withDatabase(url, async (database) => {
        const applied = await database.migrate();
        if (applied.length > 0 && kind === 'postgres') await sql`analyze`.execute(database.kysely);
        // A run that was interrupted may have left created events behind.
        const removed = await removeAddedRecords(
          database,
          manifest.facts.lastGeneratedPostId,
          manifest.administratorKey,
        );
        return { removed, applied };
      });
      if (applied.length > 0 || manifest.migrations.join() !== migrations.join()) {
        manifest.migrations = migrations;
        await writeFile(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
      }
      output.write(
        `${label}: reusing the calendar generated ${manifest.facts.generatedAt} (loaded in ${manifest.loadSeconds.toFixed(1)} s${applied.length > 0 ? `; migrated forward with ${applied.join(', ')} in ${((performance.now() - migrating) / 1000).toFixed(1)} s` : ''}${removed > 0 ? `; removed ${removed} records of an earlier run` : ''})\n`,
      );
      return {
        kind,
        url,
        facts: manifest.facts,
        administratorKey: manifest.administratorKey,
        loadSeconds: manifest.loadSeconds,
        reused: true,
      };
    }
  }

  await rm(manifestFile, { force: true });
  if (kind === 'sqlite') {
    for (const suffix of ['', '-wal', '-shm']) await rm(`${sqliteFile}${suffix}`, { force: true });
  } else {
    const name = postgresDatabaseName(url);
    await withMaintenanceConnection(url, async (client) => {
      await client.query(`drop database if exists ${name} with (force)`);
      await client.query(`create database ${name}`);
    });
  }

  const started = performance.now();
  const loaded = await withDatabase(url, (database) =>
    loadCalendar(database, events, output, `loading ${label}`, { seriesShare }),
  );
  const loadSeconds = (performance.now() - started) / 1000;
  const loadId = randomBytes(6).toString('hex');
  if (kind === 'postgres') {
    const name = postgresDatabaseName(url);
    await withMaintenanceConnection(url, (client) =>
      client.query(`comment on database ${name} is '${cacheKey}:${loadId}'`),
    );
  }
  const written: Manifest = { cacheKey, migrations, loadId, ...loaded, loadSeconds };
  await writeFile(manifestFile, `${JSON.stringify(written, null, 2)}\n`);
  return { kind, url, ...loaded, loadSeconds, reused: false };
}

/** Puts the calendar back as it was generated (removes the events the create scenario added). */
export async function restoreDataset(dataset: Dataset): Promise<number> {
  return withDatabase(dataset.url, (database) =>
    removeAddedRecords(database, dataset.facts.lastGeneratedPostId, dataset.administratorKey),
  );
}
