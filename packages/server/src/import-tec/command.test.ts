import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createSharedTestDatabase,
  DERIVED_IDS,
  type FakeTecServer,
  type SharedTestDatabase,
  startFakeTec,
  testDialects,
} from '@calendar-events/tests';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addAdministrator, runCli } from '../../test/support/run-cli.js';

const PASSWORD = 'abcd efgh ijkl mnop';
const dialects = (await testDialects()).map((dialect) => dialect.name);

async function counts(shared: SharedTestDatabase): Promise<{ posts: number; terms: number }> {
  const database = shared.connect({ max: 1 });
  const count = async (table: 'posts' | 'terms') =>
    Number(
      (
        await database.kysely
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );
  return { posts: await count('posts'), terms: await count('terms') };
}

/** What the fake site shows an administrator: every status (not the trashed event hidden from listings). */
function totals(site: FakeTecServer) {
  return {
    event: site.data.events.length - 1,
    venue: site.data.venues.length,
    organizer: site.data.organizers.length,
    category: site.data.categories.length,
    tag: site.data.tags.length,
  };
}

describe.each(dialects)('calendar-events import tec into %s', { timeout: 120_000 }, (dialect) => {
  let shared: SharedTestDatabase;
  let site: FakeTecServer;
  let stateDir: string;
  const importing = (...args: string[]) =>
    runCli(['import', 'tec', ...args, '--database', shared.url, '--state-dir', stateDir]);

  beforeEach(async () => {
    shared = await createSharedTestDatabase(dialect, 'import-tec-');
    stateDir = mkdtempSync(join(tmpdir(), 'import-tec-state-'));
    site = await startFakeTec({ events: 200, password: PASSWORD });
    vi.stubEnv('TEC_APP_PASSWORD', PASSWORD);
    const admin = await addAdministrator(shared.url);
    expect(admin.code).toBe(0);
  });
  afterEach(async () => {
    vi.unstubAllEnvs();
    await site.close();
    await shared.close();
    rmSync(stateDir, { recursive: true, force: true });
  });

  it('imports every record with credentials, then finds nothing to change', async () => {
    const first = await importing(site.url, '--user', 'admin', '--json');
    expect(first.stderr).not.toMatch(/error/);
    expect(first.code).toBe(0);
    const report = JSON.parse(first.stdout);
    const expected = totals(site);
    for (const [kind, total] of Object.entries(expected))
      expect(report.byKind[kind], kind).toEqual({ created: total, updated: 0, unchanged: 0 });
    // The trashed event hidden from listings, which the API shows no one, is reported, never silently left.
    expect(report.skipped).toEqual([
      {
        kind: 'event',
        id: DERIVED_IDS.hiddenTrashedEvent,
        reason: expect.stringMatching(/^trashed, and in no list this login sees/),
      },
    ]);
    expect(report.notes).toEqual([]);
    expect(report.incomplete).toBeUndefined();
    // Plain arguments, as a program would pass them (the printed line quotes them for a shell).
    expect(report.settings.serveOptions).toContain('Fake Events');
    expect(report.settings.serveOptions).toContain('$');
    expect(report.settings).toMatchObject({
      siteUrl: site.url.replace(/\/$/, ''),
      timezone: 'Europe/Berlin',
      perPage: 10,
      currencySymbol: '$',
      currencyPosition: 'prefix',
    });
    expect(readdirSync(stateDir)).toEqual([]);

    const again = await importing(site.url, '--user', 'admin');
    expect(again.code).toBe(0);
    const total = Object.values(expected).reduce((sum, count) => sum + count, 0);
    expect(again.stdout).toContain(`: 0 created, 0 updated, ${total} unchanged, 1 skipped\n`);
    expect(again.stdout).toContain(
      `  skipped event ${DERIVED_IDS.hiddenTrashedEvent}: trashed, and in no list`,
    );
    expect(again.stdout).toMatch(
      /calendar-events serve --database \S+ --site-url http:\/\/127\.0\.0\.1:\d+ --site-name 'Fake Events' --timezone Europe\/Berlin --per-page 10 --currency-symbol '\$' --namespace tribe\/events\/v1/,
    );
  });

  it('resumes a read that the source broke off, reading only what was missing', async () => {
    site.faults = { dieAfterRequests: 12 };
    const broken = await importing(site.url, '--user', 'admin', '--attempts', '2', '--concurrency', '2');
    expect(broken.code).toBe(1);
    expect(broken.stderr.trim().split('\n').at(-1)).toMatch(
      /^error: http:\/\/127\.0\.0\.1:\d+\/\S+: connection failed .*giving up$/,
    );
    expect(await counts(shared)).toEqual({ posts: 0, terms: 0 });
    const [folder] = readdirSync(stateDir);
    const kept = readdirSync(join(stateDir, folder!)).filter((file) => file.endsWith('.json'));
    expect(kept.length).toBeGreaterThan(0);

    site.faults = {};
    const before = site.requests.length;
    const resumed = await importing(site.url, '--user', 'admin', '--json');
    expect(resumed.code).toBe(0);
    expect(JSON.parse(resumed.stdout).created).toBe(
      Object.values(totals(site)).reduce((sum, count) => sum + count, 0),
    );
    for (const file of kept) {
      // `events-3.json`, and `events-public-3.json` for the events list as the public sees it.
      const [list, variant, page] = /^(\w+)(-public)?-(\d+)\.json$/.exec(file)!.slice(1);
      const refetched = site.requests
        .slice(before)
        .filter(
          (request) =>
            request.includes(`/${list}?`) &&
            new RegExp(`[?&]page=${page}(&|$)`).test(request) &&
            (list !== 'events' || request.includes('context=edit') === (variant === undefined)),
        );
      expect(refetched, file).toEqual([]);
    }
  });

  it('refuses ids that another source holds, and gives them new ones with --remap-ids', async () => {
    expect((await importing(site.url, '--user', 'admin')).code).toBe(0);
    const before = await counts(shared);
    // Another site whose records have the same ids (and slugs of their own).
    const other = await startFakeTec({ events: 10, slugSuffix: '-b' });
    try {
      const refused = await importing(other.url);
      expect(refused.code).toBe(1);
      const lines = refused.stderr.trim().split('\n');
      expect(lines.at(-1)).toMatch(
        /^error: \d+ records of the source clash with records here: nothing written; --remap-ids gives clashing ids new ones$/,
      );
      const clashes = lines.filter((line) => line.startsWith('clash: '));
      expect(clashes.length).toBe(Number(/(\d+) records/.exec(lines.at(-1)!)![1]));
      expect(clashes).toContain('clash: event 145 of the source: event 145 "Event 1 labore sed sit" here');
      expect(await counts(shared)).toEqual(before);

      const remapped = await importing(other.url, '--remap-ids', '--json');
      expect(remapped.code).toBe(0);
      const report = JSON.parse(remapped.stdout);
      expect(report.remapped).toContainEqual(expect.objectContaining({ kind: 'event', from: 145 }));
      expect(report.remapped.every((entry: { from: number; to: number }) => entry.to !== entry.from)).toBe(
        true,
      );
    } finally {
      await other.close();
    }
  });
});

describe('calendar-events import tec: refusals, dry run, credentials', { timeout: 60_000 }, () => {
  let shared: SharedTestDatabase;
  let site: FakeTecServer;
  let stateDir: string;
  const importing = (...args: string[]) =>
    runCli(['import', 'tec', ...args, '--database', shared.url, '--state-dir', stateDir, '--attempts', '1']);

  beforeEach(async () => {
    shared = await createSharedTestDatabase('sqlite', 'import-tec-');
    stateDir = mkdtempSync(join(tmpdir(), 'import-tec-state-'));
    site = await startFakeTec({ password: PASSWORD });
    expect((await addAdministrator(shared.url)).code).toBe(0);
  });
  afterEach(async () => {
    vi.unstubAllEnvs();
    await site.close();
    await shared.close();
    rmSync(stateDir, { recursive: true, force: true });
  });

  it.each([
    ['a site without the plugin', { notThePlugin: true }, /is not the REST API of The Events Calendar/],
    ['a page that is not JSON', { notJson: true }, /answered a page that is not JSON/],
  ])('refuses %s in one line, exit code 1, nothing written', async (_, faults, message) => {
    site.faults = faults;
    const refused = await importing(site.url);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(new RegExp(`^error: [^\\n]*${message.source}[^\\n]*\\n$`));
    expect(await counts(shared)).toEqual({ posts: 0, terms: 0 });
  });

  it('refuses a wrong application password, and takes the password from the variable --password-env names', async () => {
    vi.stubEnv('TEC_APP_PASSWORD', 'wrong password');
    const refused = await importing(site.url, '--user', 'admin');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /^error: \S+ refused access \(401 incorrect_password\): check --user and the application password\n$/,
    );
    expect(await counts(shared)).toEqual({ posts: 0, terms: 0 });

    vi.stubEnv('WP_EVENTS_PASSWORD', PASSWORD);
    const accepted = await importing(
      site.url,
      '--user',
      'admin',
      '--password-env',
      'WP_EVENTS_PASSWORD',
      '--json',
    );
    expect(accepted.code).toBe(0);
    expect(JSON.parse(accepted.stdout).byKind.event.created).toBe(site.data.events.length - 1);
    expect(site.requests.some((request) => request.includes('/wp/v2/users?context=edit'))).toBe(true);
  });

  it('gives records to the local user of the same login, else to --author', async () => {
    for (const [login, role] of [
      ['admin', 'editor'],
      ['keeper', 'author'],
    ])
      expect(
        (await runCli(['users', 'add', '--login', login!, '--role', role!, '--database', shared.url])).code,
      ).toBe(0);
    vi.stubEnv('TEC_APP_PASSWORD', PASSWORD);
    const run = await importing(site.url, '--user', 'admin', '--author', 'keeper');
    expect(run.code).toBe(0);
    const database = shared.connect({ max: 1 });
    const authorOf = async (id: number) =>
      (
        await database.kysely
          .selectFrom('posts')
          .innerJoin('users', 'users.id', 'posts.author_id')
          .select('users.login')
          .where('posts.id', '=', id)
          .executeTakeFirstOrThrow()
      ).login;
    // Event 145 is the source admin's; the draft is the contributor's, who has no login here.
    expect(await authorOf(145)).toBe('admin');
    expect(await authorOf(DERIVED_IDS.draftEvent)).toBe('keeper');
    const unknown = await importing(site.url, '--author', 'nobody');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe(
      'error: there is no user "nobody" here to receive the records of authors without a login here\n',
    );
  });

  it('asks for the password in the environment, never on the command line', async () => {
    vi.stubEnv('TEC_APP_PASSWORD', '');
    const missing = await importing(site.url, '--user', 'admin');
    expect(missing).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'error: --user admin needs the application password in the environment variable TEC_APP_PASSWORD\n',
    });
    expect((await importing(site.url, '--password', PASSWORD)).code).toBe(2);
  });

  it('reports what a dry run would write, and writes nothing', async () => {
    vi.stubEnv('TEC_APP_PASSWORD', PASSWORD);
    const dry = await importing(site.url, '--dry-run', '--json', '--concurrency', '1');
    expect(site.maxInFlight).toBe(1);
    expect(dry.code).toBe(0);
    expect(dry.stderr).toContain(
      'note: TEC_APP_PASSWORD is set but --user is not: reading only what the site shows everyone\n',
    );
    const report = JSON.parse(dry.stdout);
    expect(report.dryRun).toBe(true);
    // Without credentials: what the site shows everyone.
    const published = site.data.events.filter((event) => event.status === 'publish').length;
    expect(published).toBeLessThan(site.data.events.length);
    // All but the protected event hidden from listings, which only an editor may read: reported skipped.
    expect(report.byKind.event.created).toBe(published - 1);
    expect(report.read.events).toBe(published - 1);
    expect(report.skipped).toContainEqual(
      expect.objectContaining({ kind: 'event', id: DERIVED_IDS.pastHiddenProtectedEvent }),
    );
    expect(await counts(shared)).toEqual({ posts: 0, terms: 0 });

    const text = await importing(site.url, '--dry-run');
    expect(text.stdout).toMatch(
      /^would import \(dry run, nothing written\) http:\/\/127\.0\.0\.1:\d+\/wp-json\/tribe\/events\/v1: \d+ created/,
    );
  });

  it('retries a site that asks to wait, and says so', async () => {
    site.faults = { tooManyRequests: { count: 1, retryAfterSeconds: 1 } };
    const run = await runCli([
      'import',
      'tec',
      site.url,
      '--database',
      shared.url,
      '--state-dir',
      stateDir,
      '--json',
    ]);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(
      /^retrying http:\/\/127\.0\.0\.1:\d+\/ \(attempt 1 failed: the site answered 429 Too Many Requests; the site asked to wait 1 s\)$/m,
    );
  });
});

describe('calendar-events import tec: the state beside an SQLite file', { timeout: 60_000 }, () => {
  it('leaves no state directory beside the database once an import has finished', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'import-tec-beside-'));
    const site = await startFakeTec({ events: 10 });
    try {
      const url = `sqlite:${join(folder, 'calendar.db')}`;
      expect((await addAdministrator(url)).code).toBe(0);
      const run = await runCli(['import', 'tec', site.url, '--database', url]);
      expect(run.code, run.stderr).toBe(0);
      expect(readdirSync(folder).filter((name) => name.includes('import-tec'))).toEqual([]);
    } finally {
      await site.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
