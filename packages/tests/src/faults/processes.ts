/**
 * Test support for the fault tests: `calendar-events serve` as a child process (Node with tsx, as
 * `pnpm calendar-events` runs it), its URL once it listens, and a database each test owns.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { type CalendarDatabase, connectDatabase, createApiKey, createUser } from '@calendar-events/core';
import { createSharedTestDatabase, requirePostgres } from '../databases.js';

export { TEST_PG_URL } from '../databases.js';

/** The server package, where `src/cli.ts` is. */
const packageDir = dirname(createRequire(import.meta.url).resolve('@calendar-events/server/package.json'));
const CLI = ['--conditions=@calendar-events/source', '--import', 'tsx', 'src/cli.ts'];

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
  // The writers of a fault test all come from 127.0.0.1, faster than a client would: rate limiting (tested on
  // its own) would answer them 429 on a fast machine, and these tests count 201s and 503s.
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'error', NO_RATE_LIMIT: 'true' };
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

  remove(): Promise<void>;
}

/** A fresh, empty database of each kind: a SQLite file in a folder of its own, or a PostgreSQL schema. */
export async function freshDatabase(name: 'sqlite' | 'postgres'): Promise<TestDatabase> {
  const shared = await createSharedTestDatabase(name, 'calendar-faults-');
  return {
    name,
    url: shared.url,
    open: () => connectDatabase(shared.url),
    remove: () => shared.close(),
  };
}

/**
 * What a kill may have left half-written: events without their event row or their texts, and terms whose
 * stored count of published events is not the count of their published events.
 */
export async function halfWritten(database: TestDatabase): Promise<{ events: number[]; terms: number[] }> {
  const opened = await database.open();
  try {
    const db = opened.kysely;
    const events = await db
      .selectFrom('posts')
      .select('posts.id')
      .where('posts.type', '=', 'event')
      .where((eb) =>
        eb.or([
          eb.not(
            eb.exists(eb.selectFrom('events').select('events.id').whereRef('events.id', '=', 'posts.id')),
          ),
          eb.not(
            eb.exists(
              eb
                .selectFrom('post_texts')
                .select('post_texts.post_id')
                .whereRef('post_texts.post_id', '=', 'posts.id'),
            ),
          ),
        ]),
      )
      .execute();
    const terms = await db
      .selectFrom('terms')
      .select((eb) => [
        'terms.id',
        'terms.event_count',
        eb
          .selectFrom('event_terms')
          .innerJoin('posts', 'posts.id', 'event_terms.event_id')
          .whereRef('event_terms.term_id', '=', 'terms.id')
          .where('posts.status', '=', 'publish')
          .select((inner) => inner.fn.countAll().as('n'))
          .as('published'),
      ])
      .execute();
    return {
      events: events.map((row) => row.id),
      terms: terms.filter((row) => Number(row.event_count) !== Number(row.published)).map((row) => row.id),
    };
  } finally {
    await opened.destroy();
  }
}

/** The number of events stored. */
export async function countEvents(database: TestDatabase): Promise<number> {
  const opened = await database.open();
  try {
    const row = await opened.kysely
      .selectFrom('posts')
      .where('type', '=', 'event')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  } finally {
    await opened.destroy();
  }
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

/** Whether PostgreSQL answers at TEST_PG_URL; in CI it must (the rule of `databases.ts` for every suite). */
export function postgresAnswers(): Promise<boolean> {
  return requirePostgres('the PostgreSQL fault tests');
}
