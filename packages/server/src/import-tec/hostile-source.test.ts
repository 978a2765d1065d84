/**
 * `import tec` against a hostile or broken source: the fake site's hostile switches
 * (the tests package's `fake-tec/hostile.ts`), each imported by the CLI in a child process with a small heap and a time
 * limit, as an operator would run it. Whatever the source says, the import ends, within the heap it was given
 * and a resident size that follows from what a page may hold, with one line and exit code 1, and nothing
 * written; or, where the source only declared too much and then sent an honest list, it imports that list.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createSharedTestDatabase,
  type FakeTecServer,
  type SharedTestDatabase,
  startFakeTec,
  testDialects,
} from '@calendar-events/tests';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addAdministrator } from '../../test/support/run-cli.js';

const PASSWORD = 'abcd efgh ijkl mnop';
const dialects = (await testDialects()).map((dialect) => dialect.name);
const packageDir = fileURLToPath(new URL('../..', import.meta.url));

/** The heap the child is given: an honest import of the fake site needs a fraction of it. */
const HEAP_MB = 192;
/** The resident size the child may reach: its heap, the code, and one bounded answer being read. */
const MAX_RESIDENT_MB = 512;
/** Far longer than any of these imports takes: the failure this guards against is an import that never ends. */
const CHILD_TIME_LIMIT_MS = 90_000;

interface ChildRun {
  code: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  /** The child's peak resident size (VmHWM), in MiB, as last seen. */
  peakMb: number;
}

/** `calendar-events import tec <args>` in a child process with a small heap, killed past the time limit. */
async function importInChild(args: string[]): Promise<ChildRun> {
  const child = spawn(
    process.execPath,
    [
      `--max-old-space-size=${HEAP_MB}`,
      '--conditions=@calendar-events/source',
      '--import',
      'tsx',
      'src/cli.ts',
      'import',
      'tec',
      ...args,
    ],
    {
      cwd: packageDir,
      env: { ...process.env, TEC_APP_PASSWORD: PASSWORD },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  let peakKb = 0;
  const sample = () => {
    try {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      peakKb = Math.max(peakKb, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0));
    } catch {
      // Gone, or no /proc here: the heap limit still bounds the child.
    }
  };
  const sampler = setInterval(sample, 50);
  const killer = setTimeout(() => child.kill('SIGKILL'), CHILD_TIME_LIMIT_MS);
  const [code, signal] = await new Promise<[number | null, string | null]>((resolve) =>
    child.once('exit', (exitCode, exitSignal) => resolve([exitCode, exitSignal])),
  );
  clearInterval(sampler);
  clearTimeout(killer);
  return { code, signal, stdout, stderr, peakMb: Math.round(peakKb / 1024) };
}

/** Rows of every table an import writes. */
async function written(shared: SharedTestDatabase): Promise<Record<string, number>> {
  const database = shared.connect({ max: 1 });
  const out: Record<string, number> = {};
  for (const table of ['posts', 'terms', 'images', 'tec_origins'] as const)
    out[table] = Number(
      (
        await database.kysely
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );
  return out;
}

const NOTHING = { posts: 0, terms: 0, images: 0, tec_origins: 0 };

describe.each(dialects)('import tec from a hostile source into %s', { timeout: 180_000 }, (dialect) => {
  let shared: SharedTestDatabase;
  let site: FakeTecServer;
  let stateDir: string;
  const importing = (...args: string[]) =>
    importInChild([site.url, '--database', shared.url, '--state-dir', stateDir, ...args]);

  beforeEach(async () => {
    shared = await createSharedTestDatabase(dialect, 'import-tec-hostile-');
    stateDir = mkdtempSync(join(tmpdir(), 'import-tec-hostile-state-'));
    site = await startFakeTec({ events: 100, password: PASSWORD });
    expect((await addAdministrator(shared.url)).code).toBe(0);
  });
  afterEach(async () => {
    await site.close();
    await shared.close();
    rmSync(stateDir, { recursive: true, force: true });
  });

  /** The run ended by itself, within its memory, with exit code 1 and one line, and wrote and kept nothing. */
  async function expectRefused(run: ChildRun, line: RegExp): Promise<void> {
    expect(run.signal, run.stderr.slice(-2000)).toBeNull();
    expect(run.code, run.stderr.slice(-2000)).toBe(1);
    const output = run.stderr.slice(-2000);
    expect(run.peakMb, output).toBeLessThan(MAX_RESIDENT_MB);
    expect(run.stdout, output).toBe('');
    const errors = run.stderr.split('\n').filter((text) => /^error|^\s+at |Error:/.test(text));
    expect(errors, output).toEqual([expect.stringMatching(line)]);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(await written(shared), output).toEqual(NOTHING);
    // Nor is anything of such a source kept for the next run.
    expect(readdirSync(stateDir, { recursive: true }), output).toEqual([]);
  }

  it.each([
    ['9007199254740991', 9_007_199_254_740_991],
    ['2147483648', 2_147_483_648],
  ])('refuses an event id of %s before it looks for hidden events', async (shown, id) => {
    site.faults = { hugeId: id, noPostTypeList: true };
    const run = await importing();
    await expectRefused(
      run,
      new RegExp(
        `^error: the site answered events with the id ${shown} on page \\d+: ids here are whole numbers from 1 to 2147483647; not imported$`,
      ),
    );
    expect(site.requests.filter((request) => /\/events\/\d+/.test(request))).toEqual([]);
  });

  it('imports a site whose highest id is the largest storable one, without probing two billion gaps', async () => {
    // The lists declare a billion records too: the probing budget follows from what they sent.
    site.faults = {
      hugeId: 2_147_483_647,
      noPostTypeList: true,
      lyingTotals: { totalPages: 1_000_000_000, total: 1_000_000_000, pastEnd: 'not-found' },
    };
    const run = await importing('--json');
    expect(run.code, run.stderr).toBe(0);
    expect(run.peakMb).toBeLessThan(MAX_RESIDENT_MB);
    const report = JSON.parse(run.stdout);
    const published = (records: { status: string }[]) => records.filter((r) => r.status === 'publish').length;
    // The events listed: 100, the huge one and the two protected ones.
    const listed = 103 + published(site.data.venues) + published(site.data.organizers);
    expect(report.incomplete).toContainEqual(
      `events hidden from listings were not looked for: ${2_147_483_647 - listed} unlisted ids up to 2147483647 to try, more than ${1000 + listed} (1000 and one per record the site declared and listed)`,
    );
    expect(site.requests.filter((request) => /\/events\/\d+/.test(request))).toEqual([]);
    expect(report.byKind.event.created).toBe(103);
  });

  it('refuses lists that declare a billion pages and answer the same page again past their end', async () => {
    site.faults = { lyingTotals: { totalPages: 1_000_000_000, total: 1_000_000_000, pastEnd: 'repeat' } };
    const run = await importing('--concurrency', '4');
    await expectRefused(
      run,
      /^error: the site answers the same \w+ again on pages \d+ and \d+ \(it declares 1000000000 pages, 1000000000 total\): it does not page; not read further$/,
    );
    // Five lists, each read to its real end, two repeated pages and a window of four pages ahead.
    expect(site.requests.length, site.requests.join('\n')).toBeLessThan(60);
  });

  it('reads only the pages the declared total fills when a list declares a billion pages', async () => {
    site.faults = { lyingTotals: { totalPages: 1_000_000_000, pastEnd: 'not-found' } };
    const run = await importing('--json', '--concurrency', '2');
    expect(run.code, run.stderr).toBe(0);
    expect(run.peakMb).toBeLessThan(MAX_RESIDENT_MB);
    // 102 listed events in pages of 50: the declared total of 102 ends the list after page 3.
    const eventPages = site.requests.filter((request) =>
      request.startsWith('GET /wp-json/tribe/events/v1/events?'),
    );
    expect(eventPages).toHaveLength(3);
    // And the events hidden from listings but the protected one, which no anonymous caller may read.
    expect(JSON.parse(run.stdout).byKind.event.created).toBe(105);
  });

  it('refuses /wp/v2/users that declares 200,000 pages and answers the same users on each', async () => {
    site.faults = {
      lyingTotals: { totalPages: 200_000, total: 10_000_000, pastEnd: 'repeat', routes: ['/wp/v2/users'] },
    };
    const run = await importing('--user', 'admin');
    await expectRefused(
      run,
      /^error: the site answers the same users again on pages 2 and 3 \(it declares 200000 pages, 10000000 total\)/,
    );
    expect(site.requests.filter((request) => request.includes('/wp/v2/users?')).length).toBeLessThanOrEqual(
      3 + 4,
    );
  });

  it('refuses a venue and an event with one post id before it writes anything', async () => {
    site.faults = { collidingIds: true };
    const run = await importing();
    await expectRefused(
      run,
      /^error: the source answers 1 record that clashes with another of its own: event 145 and venue 145 \(WordPress gives events, venues and organizers one id space, and categories and tags another\)\. Nothing was written; the source must be repaired first\.$/,
    );
  });

  it('refuses a redirect loop at once, without retrying it', async () => {
    site.faults = { redirectLoop: true };
    const run = await importing('--attempts', '5');
    await expectRefused(
      run,
      /^error: http:\/\/127\.0\.0\.1:\d+\/wp-json\/tribe\/events\/v1 redirects in a loop \(.* → .*\): not followed further$/,
    );
    expect(run.stderr).not.toMatch(/retrying/);
    // The site page, the namespace and its bounce, which leads back to the namespace: not asked again.
    expect(site.requests.length).toBe(3);
  });

  it('stops reading a page larger than any page of the API', async () => {
    site.faults = { giganticPage: { events: 300_000 } };
    const run = await importing();
    await expectRefused(
      run,
      /^error: http:\/\/\S+\/events\?\S+ answered more than 32 MiB: not a page of the API \(a page of records is far smaller\); not read$/,
    );
  });

  it('refuses a page with more records than it was asked for', async () => {
    site.faults = { giganticPage: { events: 500 } };
    const run = await importing();
    await expectRefused(
      run,
      /^error: the site answered 500 events on page 1 of at most 50 asked: not a page of the API; not read$/,
    );
  });
});
