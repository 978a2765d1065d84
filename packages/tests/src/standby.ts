/**
 * A PostgreSQL primary and a streaming standby of it, each a cluster of its own in a temporary folder on a
 * free loopback port, for the read replica's tests. The machine's own server is left alone: its `pg_hba.conf`
 * may not admit replication connections, and a test must not change system configuration. The primary is
 * made with `initdb` (trust on loopback, which admits replication too), the standby with
 * `pg_basebackup -R` from it, as an operator makes one. `close()` stops both and removes the folder.
 *
 * The server binaries run as the `postgres` user when the tests run as root (PostgreSQL refuses root).
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { selectByName } from './bindings.js';
import { ALL_DIALECTS } from './databases.js';

/** How long one step (initdb, a start, the base backup, a stop) may take. */
const STEP_TIMEOUT_MS = 60_000;

/** The newest PostgreSQL's server binaries on the machine (`PG_BINDIR` overrides), or undefined. */
export function postgresBinaries(): string | undefined {
  const given = process.env.PG_BINDIR;
  if (given) return existsSync(path.join(given, 'initdb')) ? given : undefined;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((name) => /^\d+$/.test(name) && existsSync(path.join(root, name, 'bin', 'pg_basebackup')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

/**
 * Whether the standby tests (`what`) run: not when the run leaves PostgreSQL out (`DIALECTS=sqlite`, as
 * CI's lanes on other Node versions do); else true when the server binaries are there, and when they are not,
 * an error in CI (the tests are mandatory there) and false after a loud warning elsewhere.
 */
export function requireStandbyBinaries(what: string): boolean {
  if (!selectByName('DIALECTS', process.env.DIALECTS, ALL_DIALECTS).includes('postgres')) return false;
  if (postgresBinaries()) return true;
  const problem = `no PostgreSQL server binaries (initdb, pg_basebackup) under /usr/lib/postgresql/*/bin or PG_BINDIR`;
  if (process.env.CI) throw new Error(`${problem}; ${what} are mandatory in CI.`);
  console.warn(`\n!!! ${problem}: ${what} are SKIPPED on this machine; in CI this fails.\n`);
  return false;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

export interface PrimaryWithStandby {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` of each. */
  primaryUrl: string;
  standbyUrl: string;
  /** Waits until the standby has replayed everything the primary has written so far. */
  caughtUp(timeoutMs?: number): Promise<void>;
  /** Stops replaying (`pg_wal_replay_pause()`): the standby keeps answering from what it has. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Kills the standby (immediate shutdown: no goodbye to its clients). */
  killStandby(): Promise<void>;
  /** Starts the standby again on its port; it catches up by streaming. */
  startStandby(): Promise<void>;
  close(): Promise<void>;
}

/** Starts a primary and a standby of it; both are stopped and removed by `close()`, or on a failed start. */
export async function startPrimaryWithStandby(): Promise<PrimaryWithStandby> {
  const bin = postgresBinaries();
  if (!bin) throw new Error('no PostgreSQL server binaries: see requireStandbyBinaries');
  const folder = await mkdtemp(path.join(os.tmpdir(), 'calendar-standby-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { uid, gid } = await postgresUser();
    await chown(folder, uid, gid);
  }
  const run = (program: string, args: string[]) =>
    new Promise<string>((resolve, reject) => {
      const [file, argv] = asRoot
        ? ['runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args]]
        : [path.join(bin, program), args];
      execFile(file, argv, { cwd: folder, timeout: STEP_TIMEOUT_MS }, (error, stdout, stderr) =>
        error ? reject(new Error(`${program} failed: ${error.message}\n${stderr}`)) : resolve(stdout),
      );
    });
  const primaryDir = path.join(folder, 'primary');
  const standbyDir = path.join(folder, 'standby');
  const [primaryPort, standbyPort] = [await freePort(), await freePort()];
  const serverOptions = (port: number) =>
    `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c shared_buffers=16MB`;
  const start = (dir: string, port: number) =>
    run('pg_ctl', ['-D', dir, '-l', `${dir}.log`, '-w', '-t', '60', '-o', serverOptions(port), 'start']);
  const stop = (dir: string) => run('pg_ctl', ['-D', dir, '-m', 'immediate', '-w', 'stop']).catch(() => '');
  const close = async () => {
    await stop(standbyDir);
    await stop(primaryDir);
    await rm(folder, { recursive: true, force: true });
  };
  try {
    await run('initdb', ['-D', primaryDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
    await start(primaryDir, primaryPort);
    await run('pg_basebackup', [
      ...['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres'],
      ...['-D', standbyDir, '-R', '-X', 'stream', '--no-sync'],
    ]);
    await start(standbyDir, standbyPort);
  } catch (error) {
    await close();
    throw error;
  }
  const primaryUrl = `postgres://postgres@127.0.0.1:${primaryPort}/postgres`;
  const standbyUrl = `postgres://postgres@127.0.0.1:${standbyPort}/postgres`;
  const query = async <T>(url: string, text: string, values: unknown[] = []): Promise<T[]> => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    await client.connect();
    try {
      return (await client.query(text, values)).rows as T[];
    } finally {
      await client.end();
    }
  };
  return {
    primaryUrl,
    standbyUrl,
    async caughtUp(timeoutMs = 20_000) {
      const [current] = await query<{ lsn: string }>(primaryUrl, 'select pg_current_wal_lsn()::text as lsn');
      const lsn = current?.lsn;
      const until = Date.now() + timeoutMs;
      for (;;) {
        const [row] = await query<{ done: boolean }>(
          standbyUrl,
          'select pg_last_wal_replay_lsn() >= $1::pg_lsn as done',
          [lsn],
        );
        if (row?.done) return;
        if (Date.now() > until) throw new Error(`the standby did not replay up to ${lsn} in ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    pauseReplay: async () => void (await query(standbyUrl, 'select pg_wal_replay_pause()')),
    resumeReplay: async () => void (await query(standbyUrl, 'select pg_wal_replay_resume()')),
    killStandby: async () => void (await stop(standbyDir)),
    startStandby: async () => void (await start(standbyDir, standbyPort)),
    close,
  };
}

async function postgresUser(): Promise<{ uid: number; gid: number }> {
  const output = await new Promise<string>((resolve, reject) =>
    execFile('id', ['postgres'], (error, stdout) => (error ? reject(error) : resolve(stdout))),
  );
  const uid = /uid=(\d+)/.exec(output)?.[1];
  const gid = /gid=(\d+)/.exec(output)?.[1];
  if (!uid || !gid) throw new Error(`no postgres user to run the server as (id postgres: ${output.trim()})`);
  return { uid: Number(uid), gid: Number(gid) };
}
