/**
 * Test support for the fault tests: `calendar-events serve` as a child process (Node with tsx, as
 * `pnpm calendar-events` runs it), its URL once it listens, and a database each test owns.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CalendarDatabase, connectDatabase, createApiKey, createUser } from '@calendar-events/core';
import Database from 'better-sqlite3';
import pg from 'pg';

const packageDir = fileURLToPath(new URL('../..', import.meta.url));
const CLI = ['--conditions=@calendar-events/source', '--import', 'tsx', 'src/cli.ts'];
export const TEST_PG_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface ServeProcess {
  child: ChildProcess;
  /** The base URL once the server listens; rejects with its output if it ends first. */
  url: Promise<string>;
  /** Resolves when the process has ended (its signal, or its exit code). */
  ended: Promise<string>;
  /** What the process wrote to stderr so far. */
  stderr(): string;
}

export function serve(databaseUrl: string, extraArgs: string[] = []): ServeProcess {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'error' };
  for (const name of ['PORT', 'HOST', 'DATABASE_URL', 'ADAPTER']) delete env[name];
  const child = spawn(
    process.execPath,
    [...CLI, 'serve', '--port', '0', '--database', databaseUrl, ...extraArgs],
    { cwd: packageDir, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const ended = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? `exit ${code}`)),
  );
  const url = new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /^listening on (http:\/\/\S+)$/m.exec(stdout);
      if (match) resolve(match[1]!);
    });
    void ended.then((how) => reject(new Error(`the server ended (${how}) before listening: ${stderr}`)));
  });
  url.catch(() => {});
  return { child, url, ended, stderr: () => stderr };
}

/** Kills the process as `kill -9` does and waits until it is gone. */
export async function kill9(process: ServeProcess): Promise<void> {
  if (process.child.exitCode === null && process.child.signalCode === null) process.child.kill('SIGKILL');
  await process.ended;
}

export interface TestDatabase {
  name: 'sqlite' | 'postgres';
  /** The `--database` URL of the CLI. */
  url: string;
  /** Opens it in this process (migrated by whoever ran first). */
  open(): Promise<CalendarDatabase>;
  /** Runs a query on a plain driver connection of its own and answers the rows. */
  query(text: string): Promise<Record<string, unknown>[]>;
  remove(): Promise<void>;
}

/** A fresh, empty database of each kind. */
export async function freshDatabase(name: 'sqlite' | 'postgres'): Promise<TestDatabase> {
  if (name === 'sqlite') {
    const folder = await mkdtemp(join(tmpdir(), 'calendar-faults-'));
    const file = join(folder, 'calendar.db');
    const url = `sqlite:${file}`;
    return {
      name,
      url,
      open: () => connectDatabase(url),
      async query(text) {
        const connection = new Database(file);
        try {
          return connection.prepare(text).all() as Record<string, unknown>[];
        } finally {
          connection.close();
        }
      },
      remove: () => rm(folder, { recursive: true, force: true }),
    };
  }
  const schema = `f_${Math.random().toString(36).slice(2, 12)}`;
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const url = new URL(TEST_PG_URL);
  url.searchParams.set('schema', schema);
  return {
    name,
    url: url.toString(),
    open: () => connectDatabase(url.toString()),
    async query(text) {
      await admin.query(`set search_path = ${schema}, public`);
      return (await admin.query(text)).rows;
    },
    async remove() {
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    },
  };
}

/** Migrates the database and creates an administrator; answers the administrator's API key. */
export async function withAdministrator(database: TestDatabase): Promise<string> {
  const opened = await database.open();
  try {
    await opened.migrate();
    await createUser(opened.kysely, { login: 'admin', role: 'administrator' });
    return await createApiKey(opened.kysely, 'admin');
  } finally {
    await opened.destroy();
  }
}

/** Whether PostgreSQL answers at TEST_PG_URL; in CI it must. */
export async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: TEST_PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch (error) {
    if (process.env.CI) throw error;
    console.warn(`!!! PostgreSQL does not answer at ${TEST_PG_URL}: the PostgreSQL fault tests are SKIPPED.`);
    return false;
  }
}
