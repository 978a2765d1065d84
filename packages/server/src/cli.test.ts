import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from './server.js';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const CLI = ['--conditions=@calendar-events/source', '--import', 'tsx', 'src/cli.ts'];

interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

function cleanEnvironment(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn', ...extra };
  for (const name of [
    'PORT',
    'HOST',
    'DATABASE_URL',
    'SITE_URL',
    'API_URL',
    'TIMEZONE',
    'PER_PAGE',
    'ADAPTER',
  ]) {
    if (!(name in extra)) delete env[name];
  }
  return env;
}

function startCli(args: string[], env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, [...CLI, ...args], { cwd: packageDir, env: cleanEnvironment(env) });
}

function runCli(args: string[], env: Record<string, string> = {}): Promise<Finished> {
  const child = startCli(args, env);
  return finished(child);
}

function finished(child: ChildProcess): Promise<Finished> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Resolves with the URL of the `listening on` line, or rejects with what the process said if it ends first. */
function listeningUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /^listening on (http:\/\/\S+)$/m.exec(stdout);
      if (match) resolve(match[1]!);
    });
    child.once('close', (code) =>
      reject(new Error(`the server exited (${code}) before listening: ${stderr}`)),
    );
  });
}

// Each case spawns Node with tsx (about a second each, more when the machine is busy).
describe('calendar-events serve', { timeout: 90_000 }, () => {
  it('starts on a free port, answers, and stops cleanly on SIGTERM', async () => {
    const child = startCli(['serve', '--port', '0', '--database', 'sqlite::memory:', '--demo']);
    const done = finished(child);
    const url = await listeningUrl(child);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(url).not.toMatch(/:0$/);

    const index = await fetch(`${url}/calendar/events/v1`);
    expect(index.status).toBe(200);
    expect(((await index.json()) as { namespace: string }).namespace).toBe('calendar/events/v1');
    expect((await fetch(`${url}/de/calendar/events/v1`)).status).toBe(200);
    const health = await fetch(`${url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    expect((await fetch(`${url}/readyz`)).status).toBe(200);

    // The demo calendar, written through the API.
    const events = (await (await fetch(`${url}/calendar/events/v1/events?per_page=50`)).json()) as {
      events: { title: string }[];
      total: number;
    };
    expect(events.total).toBeGreaterThanOrEqual(30);
    const german = (await (await fetch(`${url}/de/calendar/events/v1/events?per_page=50`)).json()) as {
      events: { title: string }[];
    };
    expect(german.events.map((event) => event.title)).toContain(
      events.events
        .find((event) => event.title.startsWith('Mountain Film Night'))
        ?.title.replace('Mountain Film Night', 'Bergfilmnacht'),
    );
    const venues = (await (await fetch(`${url}/calendar/events/v1/venues?per_page=50`)).json()) as {
      venues: { city?: string; geo_lat?: number }[];
    };
    expect(new Set(venues.venues.map((venue) => venue.city)).size).toBeGreaterThanOrEqual(5);
    expect(venues.venues.every((venue) => typeof venue.geo_lat === 'number')).toBe(true);

    child.kill('SIGTERM');
    const result = await done;
    expect(result.code).toBe(0);
    expect(result.stdout.trim().split('\n')).toEqual([`listening on ${url}`]);
    expect(result.stderr).toMatch(/^demo administrator key: \S{20,}$/m);
  });

  it('takes its options from the environment', async () => {
    const child = startCli(['serve'], { PORT: '0', DATABASE_URL: 'sqlite::memory:', ADAPTER: 'express' });
    const done = finished(child);
    const url = await listeningUrl(child);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    child.kill('SIGINT');
    expect((await done).code).toBe(0);
  });

  it('fails with exit code 1 and one line when the database cannot be opened', async () => {
    const result = await runCli(['serve', '--port', '0', '--database', 'mysql://localhost/x']);
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^error: Unsupported database URL/);
  });
});

describe('calendar-events administration commands', { timeout: 90_000 }, () => {
  const directory = mkdtempSync(join(tmpdir(), 'calendar-events-cli-'));
  const database = `sqlite:${join(directory, 'calendar.db')}`;
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('migrates, then reports the database as up to date', async () => {
    const first = await runCli(['migrate', '--database', database]);
    expect(first).toMatchObject({
      code: 0,
      stdout: 'applied 0001-initial, 0002-event-search, 0003-data-version, 0004-term-counts\n',
    });
    const second = await runCli(['migrate'], { DATABASE_URL: database });
    expect(second).toMatchObject({ code: 0, stdout: 'database is up to date\n' });
  });

  it('adds a user and creates a key that authenticates, printing JSON', async () => {
    const added = await runCli([
      'users',
      'add',
      '--login',
      'alice',
      '--role',
      'editor',
      '--name',
      'Alice A',
      '--database',
      database,
      '--json',
    ]);
    expect(added.code).toBe(0);
    const user = JSON.parse(added.stdout) as { id: number; login: string; role: string };
    expect(user).toEqual({ id: expect.any(Number), login: 'alice', role: 'editor' });

    const created = await runCli(['keys', 'create', '--user', 'alice', '--database', database, '--json']);
    expect(created.code).toBe(0);
    const { key, user: owner } = JSON.parse(created.stdout) as { key: string; user: string };
    expect(owner).toBe('alice');

    const plain = await runCli([
      'keys',
      'create',
      '--user',
      'alice',
      '--name',
      'laptop',
      '--database',
      database,
    ]);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toMatch(/^\S{20,}\n$/);

    const server = await startServer({ port: 0, database });
    try {
      const withKey = await fetch(`${server.url}/calendar/events/v1`, {
        headers: { authorization: `Bearer ${key}` },
      });
      expect(withKey.status).toBe(200);
      const basic = Buffer.from(`alice:${plain.stdout.trim()}`).toString('base64');
      expect(
        (await fetch(`${server.url}/calendar/events/v1`, { headers: { authorization: `Basic ${basic}` } }))
          .status,
      ).toBe(200);
      const wrong = await fetch(`${server.url}/calendar/events/v1`, {
        headers: { authorization: `Bearer ${key}x` },
      });
      expect(wrong.status).toBe(401);

      const revoked = await runCli([
        'keys',
        'revoke',
        '--user',
        'alice',
        '--name',
        'default',
        '--database',
        database,
      ]);
      expect(revoked).toMatchObject({ code: 0, stdout: 'revoked key "default" of alice\n' });
      const afterRevoke = await fetch(`${server.url}/calendar/events/v1`, {
        headers: { authorization: `Bearer ${key}` },
      });
      expect(afterRevoke.status).toBe(401);
    } finally {
      await server.close();
    }
  });

  it('fails with exit code 1 and one line for a duplicate user, an unknown user or no such key', async () => {
    const failures = [
      ['users', 'add', '--login', 'alice', '--role', 'author', '--database', database],
      ['keys', 'create', '--user', 'nobody', '--database', database],
      ['keys', 'revoke', '--user', 'alice', '--name', 'never-made', '--database', database],
    ];
    const results = await Promise.all(failures.map((args) => runCli(args)));
    for (const [index, args] of failures.entries()) {
      const result = results[index]!;
      expect(result.code, args.join(' ')).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(result.stderr).toMatch(/^error: /);
    }
  });

  it('exits with code 2 and one line on usage errors', async () => {
    const usageErrors = [
      ['serve', '--no-such-option'],
      ['serve', '--port', 'eighty'],
      ['serve', '--adapter', 'koa'],
      ['serve', '--timezone', 'Mars/Olympus'],
      ['users', 'add', '--role', 'editor'],
      ['users', 'add', '--login', 'bob', '--role', 'overlord'],
      ['keys', 'revoke', '--user', 'alice'],
      ['frobnicate'],
    ];
    const results = await Promise.all(usageErrors.map((args) => runCli([...args, '--database', database])));
    for (const [index, args] of usageErrors.entries()) {
      const result = results[index]!;
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
    }
    const [badLogLevel, noCommand, help] = await Promise.all([
      runCli(['serve'], { PORT: '0', LOG_LEVEL: 'loud', DATABASE_URL: 'sqlite::memory:' }),
      runCli([]),
      runCli(['--help']),
    ]);
    expect(badLogLevel).toMatchObject({
      code: 2,
      stderr: 'error: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent.\n',
    });
    expect(noCommand.code).toBe(2);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('serve');
  });
});
