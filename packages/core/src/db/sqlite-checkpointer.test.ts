/**
 * The WAL of a file database is checkpointed by the worker thread, not by the commits; the worker ends with
 * the database and never holds the process.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { endianness, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { CalendarDatabase } from './database.js';
import type { Database as Schema } from './schema.js';
import { createSqliteDatabase } from './sqlite.js';
import { startSqliteCheckpointer } from './sqlite-checkpointer.js';

/**
 * Where the WAL stands, read from the wal-index (the `-shm` file, https://www.sqlite.org/walformat.html):
 * `mxFrame`, the frames written, at byte 16 of its header; `nBackfill`, the frames checkpointed, at byte 96.
 * Reading the file takes no lock and checkpoints nothing, unlike asking through a connection.
 */
function walIndex(file: string): { frames: number; checkpointed: number } {
  const header = readFileSync(`${file}-shm`).subarray(0, 136);
  const read = (offset: number) =>
    endianness() === 'LE' ? header.readUInt32LE(offset) : header.readUInt32BE(offset);
  return { frames: read(16), checkpointed: read(96) };
}

/** Writes `pages` pages (4 KiB each, one row of 3000 bytes per page) in one transaction. */
async function writePages(kysely: Kysely<Schema>, pages: number): Promise<void> {
  await sql`create table if not exists filler (x blob)`.execute(kysely);
  await kysely.transaction().execute((trx) =>
    sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${pages})
          insert into filler select randomblob(3000) from n`.execute(trx),
  );
}

async function eventually(condition: () => boolean, withinMs = 3000): Promise<boolean> {
  const until = Date.now() + withinMs;
  while (!condition()) {
    if (Date.now() > until) return false;
    await sleep(10);
  }
  return true;
}

async function eventuallyAsync(condition: () => Promise<boolean>, withinMs = 3000): Promise<boolean> {
  const until = Date.now() + withinMs;
  while (!(await condition())) {
    if (Date.now() > until) return false;
    await sleep(20);
  }
  return true;
}

describe('the SQLite checkpointer', () => {
  const opened: CalendarDatabase[] = [];
  let folder: string;
  afterEach(async () => {
    for (const database of opened.splice(0)) await database.destroy();
    await rm(folder, { recursive: true, force: true });
  });

  async function open(options: Parameters<typeof createSqliteDatabase>[1] = {}) {
    folder = await mkdtemp(join(tmpdir(), 'calendar-checkpoint-'));
    const file = join(folder, 'calendar.db');
    const database = createSqliteDatabase(file, options);
    opened.push(database);
    await database.migrate();
    return { database, file };
  }

  it('checkpoints the WAL on its own thread soon after a large commit', async () => {
    const { database, file } = await open({ backgroundCheckpoints: { intervalMs: 20 } });
    await writePages(database.kysely, 1500);
    // Fewer pages than the safety net: only the worker checkpoints them.
    expect(walIndex(file).frames).toBeGreaterThan(1500);
    expect(await eventually(() => walIndex(file).checkpointed === walIndex(file).frames)).toBe(true);
    // The next write starts the WAL over: it does not grow with every transaction.
    await writePages(database.kysely, 10);
    expect(walIndex(file).frames).toBeLessThan(100);
  });

  it('leaves the checkpoint out of the commit, up to the safety net of 10000 pages', async () => {
    // Without the worker, so that nothing but the commit could have checkpointed.
    const { database, file } = await open({ backgroundCheckpoints: false });
    await writePages(database.kysely, 1500);
    expect(walIndex(file).frames).toBeGreaterThan(1500);
    expect(walIndex(file).checkpointed).toBe(0);
    // Past the safety net the commit checkpoints, so a dead worker does not let the WAL grow without bound.
    await writePages(database.kysely, 9000);
    const after = walIndex(file);
    expect(after.checkpointed).toBe(after.frames);
  });

  it('stops with the database: its connection is closed first, so the last close removes the WAL', async () => {
    const { database, file } = await open({ backgroundCheckpoints: { intervalMs: 20 } });
    await writePages(database.kysely, 100);
    // Once it has checkpointed, the worker's connection has the WAL open.
    expect(await eventually(() => walIndex(file).checkpointed === walIndex(file).frames)).toBe(true);
    await database.destroy();
    opened.splice(0);
    expect(existsSync(`${file}-wal`)).toBe(false);
  });

  it('keeps the search indexes merged on its own thread, the commits merging nothing, until it stops', async () => {
    const { database, file } = await open({ backgroundCheckpoints: { intervalMs: 20 } });
    const db = database.kysely;
    const automerge = async () =>
      Number(
        (await sql<{ v: number }>`select v from event_search_fts_config where k = 'automerge'`.execute(db))
          .rows[0]?.v ?? 4,
      );
    const segments = async () =>
      Number(
        (await sql<{ n: number }>`select count(distinct segid) as n from event_search_fts_idx`.execute(db))
          .rows[0]!.n,
      );
    expect(await eventuallyAsync(async () => (await automerge()) === 0)).toBe(true);
    // Rows of the index alone, one transaction each: each commit adds a segment, which no commit merges.
    await sql`pragma foreign_keys = off`.execute(db);
    const rows = 120;
    for (let i = 0; i < rows; i++)
      await db
        .insertInto('event_search')
        .values({ event_id: 100_000 + i, language: 'en', body: `Concert number ${i} in the hall` })
        .execute();
    // Merged in pairs of one level: at most one segment a level, seven levels for 120 segments.
    expect(await eventuallyAsync(async () => (await segments()) <= 7, 10_000)).toBe(true);
    const found = await sql<{ n: number }>`select count(*) as n from event_search_fts
      where event_search_fts match ${'"concert number 1"'}`.execute(db);
    // "number 1", "number 10" … "number 19", "number 100" … "number 119": the merged index finds them all.
    expect(Number(found.rows[0]!.n)).toBe(1 + 10 + 20);
    await database.destroy();
    opened.splice(0);
    // Stopped, it has given the commits their merging back.
    const reopened = createSqliteDatabase(file, { backgroundCheckpoints: false });
    opened.push(reopened);
    const kept = await sql<{
      v: number;
    }>`select v from event_search_fts_config where k = 'automerge'`.execute(reopened.kysely);
    expect(Number(kept.rows[0]!.v)).toBe(4);
  });

  it('stays quiet when its worker cannot start (the database leaves it to the safety net)', async () => {
    folder = await mkdtemp(join(tmpdir(), 'calendar-checkpoint-'));
    const missing = join(folder, 'missing.db');
    // The worker's connection fails to open: an 'error' without a listener would be thrown in this thread.
    await startSqliteCheckpointer(missing).stop();
    expect(existsSync(missing)).toBe(false);
  });

  it('does not keep the process alive when the database is left open', async () => {
    folder = await mkdtemp(join(tmpdir(), 'calendar-checkpoint-'));
    const root = fileURLToPath(new URL('../../../..', import.meta.url));
    const child = spawn(
      process.execPath,
      ['--conditions=@calendar-events/source', '--import', 'tsx', '--input-type=module', '-e', CHILD],
      {
        cwd: root,
        env: { ...process.env, FILE: join(folder, 'calendar.db') },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const code = await Promise.race([
      new Promise<number | null>((resolve) => child.once('exit', resolve)),
      sleep(15000).then(() => 'still running'),
    ]);
    child.kill();
    expect({ code, output }).toEqual({ code: 0, output: 'checkpointed\n' });
  }, 20000);
});

/** A process that opens a file database, waits until the worker has checkpointed, and ends without closing. */
const CHILD = `
const { createSqliteDatabase } = await import(${JSON.stringify(fileURLToPath(new URL('./sqlite.js', import.meta.url)).replace(/\.js$/, '.ts'))});
const { readFileSync } = await import('node:fs');
const database = createSqliteDatabase(process.env.FILE, { backgroundCheckpoints: { intervalMs: 20 } });
await database.migrate();
const header = () => readFileSync(process.env.FILE + '-shm');
for (let i = 0; i < 300 && header().readUInt32LE(96) !== header().readUInt32LE(16); i++) await new Promise((r) => setTimeout(r, 10));
console.log(header().readUInt32LE(96) === header().readUInt32LE(16) ? 'checkpointed' : 'not checkpointed');
`;
