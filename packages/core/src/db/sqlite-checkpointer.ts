/**
 * Checkpoints an SQLite file database's WAL on a thread of its own, so that a commit never pays for it.
 *
 * SQLite's automatic checkpoint runs inside the COMMIT that takes the WAL past `wal_autocheckpoint` pages
 * (1000 by default): creating a daily series (~730 events in one transaction) would spend a good part of its
 * request in that checkpoint (the benchmark's `series-create` run shows it). The main connection raises the
 * threshold to a safety net (sqlite.ts), and this worker, with its own better-sqlite3 connection to the same
 * file, runs `PRAGMA wal_checkpoint(PASSIVE)` when another connection committed since its last look
 * (`PRAGMA data_version`, cheap), or when its last checkpoint could not finish because a reader still used
 * old frames. A PASSIVE checkpoint takes no lock a writer or a
 * reader waits for, and once it has copied every frame the next writer starts the WAL over from its
 * beginning, so the file stays as large as the most written between two looks. The main thread pays
 * nothing per write: the worker notices commits on its own, every `intervalMs`.
 *
 * The same worker keeps the FTS5 search indexes merged. FTS5 writes each transaction's new index entries as a
 * segment of their own and, by default (`automerge` 4), merges segments inside the commit that makes four
 * of one level: on the trigram indexes that was half of an event create's cost on SQLite. While the worker
 * runs, the commits merge nothing (`automerge` 0) and the worker merges (`merge`, `usermerge` 2: every pair of
 * one level) a few pages per statement, a bounded time per tick, after commits; the index stays in fewer
 * segments than the commits kept it in, so a search reads fewer. It gives the commits their merging back
 * (`automerge` 4) when it stops; killed, it leaves FTS5's own safety net (`crisismerge`: 16 segments of one
 * level are merged by the commit that makes them).
 *
 * No library: better-sqlite3 opens a connection in a worker as in the main thread, and node:worker_threads
 * runs it. The worker is plain CommonJS evaluated from a string, so it loads the same way from the
 * TypeScript sources (vitest, tsx) and from the built `dist` (ES module or CommonJS), and it `require`s
 * better-sqlite3 by the file of the copy the main connection uses.
 */

import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.betterSqlite3);
const database = new Database(workerData.file, { fileMustExist: true });
// Only this thread waits on a busy lock, never the main connection; PASSIVE checkpoints do not wait at all.
database.pragma('busy_timeout = 100');
database.pragma('synchronous = NORMAL');
let seen;
let unfinished = false;
let merging = false;
// The FTS5 tables found so far, each with its merge statement; looked for again until the migrations made them.
let indexes = [];
const changes = database.prepare('select total_changes() as n').pluck();
const ftsTables = database
  .prepare("select name from sqlite_master where type = 'table' and sql like 'create virtual table%using fts5%'")
  .pluck();
const busy = (error) => /^SQLITE_(BUSY|LOCKED)/.test(String(error && error.code));
function findIndexes() {
  const names = ftsTables.all();
  if (names.length === indexes.length) return;
  indexes = names.map((name) => {
    const table = '"' + name.replace(/"/g, '""') + '"';
    // FTS5 takes its commands' values as written in the statement, not as bound parameters.
    const command = (value) => database.prepare('insert into ' + table + '(' + table + ', rank) values (' + value + ')');
    command("'automerge', 0").run();
    command("'usermerge', 2").run();
    return { restore: command("'automerge', 4"), merge: command("'merge', " + Number(workerData.mergePages)) };
  });
}
// Merges until nothing is left to merge or the tick's time is spent; true when work was left.
function merge() {
  const until = Date.now() + workerData.mergeMs;
  for (const index of indexes) {
    for (;;) {
      if (Date.now() >= until) return true;
      const before = changes.get();
      index.merge.run();
      // FTS5 counts two changes or more when a merge did something (its documentation says so).
      if (changes.get() - before < 2) break;
    }
  }
  return false;
}
const timer = setInterval(() => {
  try {
    const version = database.pragma('data_version', { simple: true });
    if (version === seen && !unfinished && !merging) return;
    const changed = version !== seen;
    seen = version;
    if (changed || merging) {
      try {
        findIndexes();
        merging = merge();
      } catch (error) {
        if (busy(error)) throw error;
        // An index dropped or remade by a migration meanwhile: found again at the next tick.
        indexes = [];
        merging = true;
      }
    }
    const [result] = database.pragma('wal_checkpoint(PASSIVE)');
    // A reader on older frames keeps them from being copied: look again at the next tick.
    unfinished = result.busy !== 0 || result.checkpointed < result.log;
  } catch (error) {
    // Busy or locked for a moment: the next tick tries again. Anything else ends the worker.
    if (!busy(error)) throw error;
    unfinished = true;
    merging = true;
  }
}, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  try {
    for (const index of indexes) index.restore.run();
  } catch (error) {
    // The commits then merge only at FTS5's safety net until the next start; nothing is lost.
    if (!busy(error)) throw error;
  }
  database.close();
  parentPort.close();
});
`;

export interface SqliteCheckpointer {
  /** Ends the worker and closes its connection; resolves once the thread has exited (or was terminated). */
  stop(): Promise<void>;
}

/**
 * Starts the checkpointer of a WAL-mode file database. Never throws and never logs: if the worker cannot
 * start or dies, the main connection's `wal_autocheckpoint` still checkpoints (the safety net of sqlite.ts).
 */
export function startSqliteCheckpointer(
  file: string,
  options: { intervalMs?: number; mergePages?: number; mergeMs?: number } = {},
): SqliteCheckpointer {
  const betterSqlite3 = loadedFile(Database);
  let worker: Worker;
  try {
    if (!betterSqlite3) throw new Error('better-sqlite3 was not loaded through require');
    worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        file: resolve(file),
        betterSqlite3,
        intervalMs: options.intervalMs ?? 150,
        // A few milliseconds of the write lock per statement: the main connection's writes wait no longer.
        mergePages: options.mergePages ?? 16,
        mergeMs: options.mergeMs ?? 20,
      },
      // Not the process's flags: `--import tsx` would load a compiler into the thread for nothing, and
      // `--input-type=module` would make the source above an ES module, without `require`.
      execArgv: [],
    });
  } catch {
    return { stop: async () => {} };
  }
  let running = true;
  const exited = new Promise<void>((resolve) => {
    worker.once('exit', () => {
      running = false;
      resolve();
    });
  });
  // Without a listener an error in the worker would be thrown in the main thread; the safety net covers it.
  worker.on('error', () => {});
  // A database left open must not keep the process alive.
  worker.unref();
  return {
    async stop() {
      if (!running) return;
      // Keep the process alive until the thread is gone, so that closing the database finishes.
      worker.ref();
      worker.postMessage('stop');
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), 2000);
      });
      if ((await Promise.race([exited, late])) === 'late') await worker.terminate();
      clearTimeout(timer);
      await exited;
    },
  };
}

/**
 * The file a CommonJS module's exports came from. better-sqlite3 is CommonJS, so Node's loader keeps it in
 * `require.cache` however it was imported. Found so rather than resolved from this module's location, which
 * only `import.meta.url` gives in an ES module and which the CommonJS build cannot contain.
 */
function loadedFile(exports: unknown): string | undefined {
  const cache = createRequire(resolve('index.js')).cache;
  return Object.values(cache).find((module) => module?.exports === exports)?.filename;
}
