import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from './cli.js';
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
    'SITE_NAME',
    'API_URL',
    'TIMEZONE',
    'PER_PAGE',
    'ADAPTER',
    'CORS_ORIGINS',
    'CURRENCY_SYMBOL',
    'CURRENCY_POSITION',
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
  it('serves another namespace and caps per_page as configured', async () => {
    const child = startCli(['serve', '--port', '0', '--database', 'sqlite::memory:', '--demo'], {
      NAMESPACE: 'tribe/events/v1',
      MAX_PER_PAGE: '3',
      SITE_URL: 'https://calendar.example',
    });
    const done = finished(child);
    const url = await listeningUrl(child);
    const list = await fetch(`${url}/tribe/events/v1/events?per_page=20`);
    expect(list.status).toBe(200);
    const body = (await list.json()) as { events: unknown[]; rest_url: string };
    expect(body.events).toHaveLength(3);
    expect(body.rest_url).toContain('/tribe/events/v1/events/');
    expect((await fetch(`${url}/calendar/events/v1/events`)).status).toBe(404);
    expect((await fetch(`${url}/de/tribe/events/v1/events`)).status).toBe(200);
    // The site URL as given: the permalinks use it, and no warning.
    expect((body.events[0] as { url: string }).url).toMatch(/^https:\/\/calendar\.example\/event\//);
    // The pages read the namespace served: an event's "add to calendar" link is under it.
    const page = await fetch(`${url}/event/symphony-no-9-berlin/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(
      /class="add-to-calendar" href="\.\.\/\.\.\/tribe\/events\/v1\/events\/\d+\/ical"/,
    );
    child.kill('SIGTERM');
    const result = await done;
    expect(result.code).toBe(0);
    expect(result.stderr).not.toContain('--site-url');
  });

  it('shows costs sent without a symbol with the site currency of CURRENCY_SYMBOL and --currency-position', async () => {
    const child = startCli(
      ['serve', '--port', '0', '--database', 'sqlite::memory:', '--demo', '--currency-position', 'postfix'],
      { CURRENCY_SYMBOL: ' €' },
    );
    const done = finished(child);
    const url = await listeningUrl(child);
    const list = await fetch(`${url}/calendar/events/v1/events?per_page=50&search=Symphony`);
    const body = (await list.json()) as {
      events: Array<{ cost: string; cost_details: { currency_symbol: string; values: string[] } }>;
    };
    expect(body.events.length).toBeGreaterThan(0);
    expect(body.events[0]!.cost).toBe('25 € – 80 €');
    expect(body.events[0]!.cost_details.currency_symbol).toBe('');
    expect(body.events[0]!.cost_details.values).toEqual(['25', '80']);
    child.kill('SIGTERM');
    expect((await done).code).toBe(0);
  });

  it('starts on a free port, answers, and stops cleanly on SIGTERM', async () => {
    const child = startCli([
      'serve',
      '--port',
      '0',
      '--database',
      'sqlite::memory:',
      '--demo',
      '--cors',
      'https://app.example, http://localhost:5173/',
    ]);
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
      events: { title: string; url: string; global_id: string }[];
      total: number;
    };
    expect(events.total).toBeGreaterThanOrEqual(30);
    // Without --site-url the demo's permalinks and global ids are its own address (the port it picked).
    expect(events.events[0]!.url).toMatch(new RegExp(`^${url}/event/`));
    expect(events.events[0]!.global_id).toContain(new URL(url).host);
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

    // --cors: browser pages on the listed origins may call the API (SPEC §4).
    const preflight = await fetch(`${url}/calendar/events/v1/events`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, POST');
    const crossOrigin = await fetch(`${url}/calendar/events/v1/events`, {
      headers: { origin: 'https://app.example' },
    });
    expect(crossOrigin.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(crossOrigin.headers.get('access-control-expose-headers')).toContain('X-TEC-Total');
    const elsewhere = await fetch(`${url}/calendar/events/v1/events`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(elsewhere.headers.get('access-control-allow-origin')).toBeNull();

    child.kill('SIGTERM');
    const result = await done;
    expect(result.code).toBe(0);
    expect(result.stdout.trim().split('\n')).toEqual([`listening on ${url}`]);
    expect(result.stderr).toMatch(/^demo administrator key: \S{20,}$/m);
    expect(result.stderr.match(/--site-url is not set/g)).toHaveLength(1);
    expect(result.stderr).toContain(`use ${url} (the demo's own address)`);
  });

  it('takes its options from the environment', async () => {
    const child = startCli(['serve'], {
      PORT: '0',
      DATABASE_URL: 'sqlite::memory:',
      ADAPTER: 'express',
      CORS_ORIGINS: '*',
      NO_PAGES: '1',
      // Set but empty, as an env file's `LOG_LEVEL=` leaves it: the default level (a line per request).
      LOG_LEVEL: '',
    });
    const done = finished(child);
    const url = await listeningUrl(child);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    const events = await fetch(`${url}/calendar/events/v1/events`, {
      headers: { origin: 'https://any.example' },
    });
    expect(events.headers.get('access-control-allow-origin')).toBe('*');
    // NO_PAGES: the API only, `/` is its JSON 404 even to a browser.
    const home = await fetch(`${url}/`, { headers: { accept: 'text/html' } });
    expect(home.status).toBe(404);
    expect(home.headers.get('content-type')).toContain('application/json');
    child.kill('SIGINT');
    const result = await done;
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('"url":"/calendar/events/v1/events","status":200');
    // No --site-url and no demo: one warning, naming the default the permalinks then use.
    expect(result.stderr.match(/^warning: --site-url is not set: .*$/gm)).toEqual([
      'warning: --site-url is not set: permalinks (url), feed UIDs and global_ids use http://localhost:8080 (a default); set --site-url (SITE_URL) to the public web site',
    ]);
  });

  it('fails with exit code 1 and one line when the database cannot be opened', async () => {
    const result = await runCli(['serve', '--port', '0', '--database', 'sqlite:/no/such/directory/x.db']);
    expect(result).toMatchObject({
      code: 1,
      stdout: '',
      stderr: 'error: Cannot open database because the directory does not exist\n',
    });
  });
});

describe('calendar-events administration commands', { timeout: 90_000 }, () => {
  const directory = mkdtempSync(join(tmpdir(), 'calendar-events-cli-'));
  const database = `sqlite:${join(directory, 'calendar.db')}`;
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('migrates, then reports the database as up to date', async () => {
    const first = await runCli(['migrate', '--database', database]);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^applied 0021-baseline(, [\w-]+)*\n$/);
    const second = await runCli(['migrate'], { DATABASE_URL: database });
    expect(second).toMatchObject({ code: 0, stdout: 'database is up to date\n' });
  });

  it('serves with the budget of new terms of --new-terms-per-hour (NEW_TERMS_PER_HOUR)', async () => {
    await runCli(['users', 'add', '--login', 'termer', '--role', 'contributor', '--database', database]);
    const created = await runCli(['keys', 'create', '--user', 'termer', '--database', database, '--json']);
    const { key } = JSON.parse(created.stdout) as { key: string };
    const child = startCli(['serve', '--port', '0', '--database', database, '--new-terms-per-hour', '2']);
    const done = finished(child);
    const url = await listeningUrl(child);
    const write = (tags: string[]) =>
      fetch(`${url}/calendar/events/v1/events`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          title: 'T',
          start_date: '2026-04-01 10:00',
          end_date: '2026-04-01 11:00',
          tags,
        }),
      });
    expect((await write(['one', 'two'])).status).toBe(201);
    const refused = await write(['three']);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1800');
    child.kill('SIGTERM');
    expect((await done).code).toBe(0);
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
    const { key, ...rest } = JSON.parse(created.stdout) as { key: string; user: string; name: string };
    expect(rest).toEqual({ user: 'alice', name: 'default' });

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
    expect(plain.stderr).toBe('created key "laptop" for alice; it is shown only once\n');

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

  it('gives each key created without --name a name of its own, and prints it', async () => {
    const added = await runCli([
      'users',
      'add',
      '--login',
      'carol',
      '--role',
      'author',
      '--database',
      database,
    ]);
    expect(added.code).toBe(0);
    const create = (...extra: string[]) =>
      runCli(['keys', 'create', '--user', 'carol', '--database', database, ...extra]);
    const first = await create();
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^\S{20,}\n$/);
    expect(first.stderr).toBe('created key "default" for carol; it is shown only once\n');
    const second = await create('--json');
    expect(second.code).toBe(0);
    const json = JSON.parse(second.stdout) as { key: string; user: string; name: string };
    expect(json).toEqual({ key: expect.stringMatching(/^\S{20,}$/), user: 'carol', name: 'key-2' });
    expect(second.stderr).toBe('');
    // A revoked name is not given out again, so a name always means one key.
    expect(
      (await runCli(['keys', 'revoke', '--user', 'carol', '--name', 'key-2', '--database', database])).code,
    ).toBe(0);
    const third = await create('--json');
    expect(JSON.parse(third.stdout)).toMatchObject({ name: 'key-3' });
    // An explicit name that is taken is still a failure.
    const taken = await create('--name', 'default');
    expect(taken.code).toBe(1);
    expect(taken.stderr).toBe('error: The user "carol" already has an active key named "default".\n');
  });

  it('exits with code 2 and one line on usage errors, and keeps --help whole', async () => {
    const [badLogLevel, badEnvironment, noCommand, unknownOption, help] = await Promise.all([
      runCli(['serve'], { PORT: '0', LOG_LEVEL: 'loud', DATABASE_URL: 'sqlite::memory:' }),
      runCli(['serve'], { PORT: 'eighty', DATABASE_URL: 'sqlite::memory:' }),
      runCli([]),
      runCli(['serve', '--prot', '8080']),
      runCli(['--help']),
    ]);
    expect(badLogLevel).toMatchObject({
      code: 2,
      stderr: 'error: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent.\n',
    });
    expect(badEnvironment.code).toBe(2);
    expect(badEnvironment.stderr).toBe(
      "error: option '--port <port>' value 'eighty' from env 'PORT' is invalid. It must be an integer from 0 to 65535.\n",
    );
    expect(noCommand).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'error: missing command (serve, migrate, users, keys, import, webhooks); see calendar-events --help\n',
    });
    expect(unknownOption).toEqual({
      code: 2,
      stdout: '',
      stderr: "error: unknown option '--prot' (Did you mean --port?)\n",
    });
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toContain('keys');
    expect(help.stdout.split('\n').length).toBeGreaterThan(8);
  });
});

/** The CLI in this process: usage errors are found before any work starts, so nothing needs a child process. */
describe('calendar-events usage errors', () => {
  const ENVIRONMENT = [
    'PORT',
    'HOST',
    'DATABASE_URL',
    'SITE_URL',
    'SITE_NAME',
    'API_URL',
    'TIMEZONE',
    'PER_PAGE',
    'ADAPTER',
    'CURRENCY_SYMBOL',
    'CURRENCY_POSITION',
  ];
  const saved = new Map<string, string | undefined>();
  beforeAll(() => {
    for (const name of [...ENVIRONMENT, 'CORS_ORIGINS']) {
      saved.set(name, process.env[name]);
      delete process.env[name];
    }
  });
  afterAll(() => {
    for (const [name, value] of saved) if (value !== undefined) process.env[name] = value;
  });

  async function run(args: string[]): Promise<Finished> {
    let stdout = '';
    let stderr = '';
    const code = await main(['node', 'calendar-events', ...args], {
      stdout: (text) => {
        stdout += text;
      },
      stderr: (text) => {
        stderr += text;
      },
    });
    return { code, stdout, stderr };
  }

  it.each([
    [['serve', '--no-such-option']],
    [['serve', '--port', 'eighty']],
    [['serve', '--port', '']],
    [['serve', '--port', '65536']],
    [['serve', '--host', '']],
    [['serve', '--adapter', 'koa']],
    [['serve', '--timezone', 'Mars/Olympus']],
    [['serve', '--currency-position', 'middle']],
    [['serve', '--currency-symbol', '10$']],
    [['serve', '--currency-symbol', '<b>$</b>']],
    [['serve', '--site-url', 'example.org']],
    [['serve', '--site-name', '']],
    [['serve', '--per-page', '0']],
    [['serve', '--cors', 'ftp://app.example']],
    [['serve', '--cors', 'https://app.example/path']],
    [['serve', '--cors', '*,https://app.example']],
    [['serve', '--cors', ',']],
    [['serve', '--database', 'mysql://localhost/x']],
    [['serve', '--database', '']],
    [['serve', '--database', 'sqlite:']],
    [['serve', '--read-replica', 'sqlite:replica.db']],
    [['serve', '--read-replica', 'postgres://127.0.0.1/x', '--database', 'sqlite::memory:']],
    [['serve', '--read-replica-pin', 'soon']],
    [['serve', '--pushed-version', '--database', 'sqlite::memory:']],
    [['migrate', '--database', 'calendar.db']],
    [['migrate', 'now']],
    [['users', 'add', '--role', 'editor']],
    [['users', 'add', '--login', '', '--role', 'editor']],
    [['users', 'add', '--login', 'no spaces', '--role', 'editor']],
    [['users', 'add', '--login', 'bob', '--role', 'overlord']],
    [['users', 'add', '--login', 'bob', '--role', '']],
    [['users', 'add', '--login', 'bob', '--role', 'editor', '--name', '']],
    [['users', 'remove', '--login', 'bob']],
    [['keys', 'create']],
    [['keys', 'create', '--user', '']],
    [['keys', 'create', '--user', 'alice', '--name', '']],
    [['keys', 'create', '--user', 'alice', '--name', ' padded ']],
    [['keys', 'revoke', '--user', 'alice']],
    [['keys', 'revoke', '--user', 'alice', '--name', '']],
    [['frobnicate']],
    [['--no-such-option']],
  ])('%j: exit code 2, one line', async (args) => {
    const result = await run(args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^error: [^\n]+\n$/);
  });

  it('says what is wrong', async () => {
    expect((await run(['users'])).stderr).toBe(
      'error: missing command (add); see calendar-events users --help\n',
    );
    expect((await run(['keys'])).stderr).toBe(
      'error: missing command (create, revoke); see calendar-events keys --help\n',
    );
    expect((await run(['frobnicate'])).stderr).toBe("error: unknown command 'frobnicate'\n");
    expect((await run(['users', 'add', '--login', '', '--role', 'editor'])).stderr).toBe(
      "error: option '--login <login>' argument '' is invalid. It must be 1 to 60 letters, digits or . _ @ + -.\n",
    );
    expect((await run(['serve', '--database', 'mysql://localhost/x'])).stderr).toBe(
      "error: option '--database <url>' argument 'mysql://localhost/x' is invalid. It must be sqlite:FILE, sqlite::memory: or postgres://USER@HOST:PORT/DB.\n",
    );
  });

  it('refuses a read replica of SQLite, whose data no standby replays', async () => {
    const replica = 'postgres://postgres@127.0.0.1:5433/calendar';
    expect((await run(['serve', '--read-replica', replica])).stderr).toBe(
      'error: --read-replica needs a PostgreSQL --database (postgres://…): SQLite has no read replicas.\n',
    );
    expect((await run(['serve', '--read-replica', 'sqlite:replica.db'])).stderr).toBe(
      "error: option '--read-replica <url>' argument 'sqlite:replica.db' is invalid. It must be postgres://USER@HOST:PORT/DB (a PostgreSQL standby).\n",
    );
  });

  it('refuses a pushed data version on SQLite, which reads its version in process', async () => {
    expect((await run(['serve', '--pushed-version'])).stderr).toBe(
      'error: --pushed-version needs a PostgreSQL --database (postgres://…): on SQLite the version is read in process.\n',
    );
  });

  it('prints the whole help on stdout for --help, for every command', async () => {
    for (const args of [['--help'], ['users', '--help'], ['help', 'keys'], ['serve', '--help']]) {
      const result = await run(args);
      expect(result.code).toBe(0);
      expect(result.stderr).toBe('');
      expect(result.stdout).toMatch(/^Usage: calendar-events/);
    }
    expect((await run(['serve', '--help'])).stdout).toContain('--cors <origins>');
  });
});
