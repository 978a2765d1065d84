/**
 * The multi-instance run end to end, small: 500 events in a PostgreSQL database of its own (dropped after), two
 * instances behind the balancer `auto` picks, a second per scenario, a few checked writes and rounds of read
 * after write, through its CLI as `pnpm --filter @calendar-events/bench multi-instance` runs it. Checks that it
 * exits 0 and that its JSON has a row per scenario with the expected answers only, every write read back and
 * no stale answer. Needs PostgreSQL: skipped with a warning where it does not answer, an error in CI.
 *
 * A long test (`LONG_TESTS=1`, as before a release): it builds the server and starts two instances and a
 * balancer, half a minute on an idle machine and several times that beside CI's other files, where it made the
 * benchmark's own end-to-end test miss its time. CI keeps what it checks in faster tests: the balancers, the
 * read-after-write check (against a proxy that serves stale answers too) and the cache filling beside the code
 * (src/multi), and two serve processes with the cache on (packages/tests/src/multi-instance).
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { requirePostgres, TEST_PG_URL } from '@calendar-events/tests/databases';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/paths.js';

const run = promisify(execFile);
const MULTI_CLI = ['--conditions=@calendar-events/source', '--import', 'tsx', 'tools/bench/src/multi/cli.ts'];
const RUN_TIMEOUT_MS = 180_000;

const long = process.env.LONG_TESTS !== undefined && process.env.LONG_TESTS !== '';
const postgres = long && (await requirePostgres('the multi-instance benchmark test'));
const database = `calendar_bench_multi_test_${randomBytes(4).toString('hex')}`;

async function maintenance(statement: string) {
  const url = new URL(TEST_PG_URL);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

describe.skipIf(!postgres)('the multi-instance run (LONG_TESTS=1)', () => {
  let dataDir: string | undefined;
  afterAll(async () => {
    await maintenance(`drop database if exists ${database} with (force)`);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('measures two instances behind the balancer, reads back every write, and finds no stale read', {
    timeout: RUN_TIMEOUT_MS + 30_000,
  }, async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'calendar-bench-multi-'));
    const url = new URL(TEST_PG_URL);
    url.pathname = `/${database}`;
    const args = [
      ...MULTI_CLI,
      ...['--events', '500', '--instances', '2', '--duration', '1', '--warmup', '0.2', '--connections', '4'],
      ...['--checked-writes', '6', '--rounds', '3', '--postgres-url', url.toString()],
      ...['--data-dir', dataDir, '--json', join(dataDir, 'results.json')],
    ];
    const finished = await run(process.execPath, args, {
      cwd: REPO_ROOT,
      timeout: RUN_TIMEOUT_MS,
      env: { ...process.env, LOG_LEVEL: 'warn' },
    }).catch((error: { code?: unknown; stdout?: string; stderr?: string }) => {
      throw new Error(
        `multi-instance exited with ${String(error.code)}:\n${error.stderr?.slice(-3000)}\n${error.stdout?.slice(-3000)}`,
      );
    });
    expect(finished.stdout).toContain('read after write: 3 rounds, 0 stale through another instance');
    const report = JSON.parse(await readFile(join(dataDir, 'results.json'), 'utf8')) as {
      reports: Array<{
        instances: number;
        results: Array<{ scenario: string; requests: number; unexpected: number }>;
        writes: {
          checked: number;
          problems: string[];
          acknowledged_by_load: number;
          created_by_load: number;
        };
        read_after_write: { rounds: number; stale_direct: number; stale_balancer: number };
      }>;
    };
    expect(report.reports).toHaveLength(1);
    const [two] = report.reports;
    expect(two!.instances).toBe(2);
    expect(two!.results.map((row) => row.scenario)).toEqual([
      'single-by-id',
      'default-list',
      'create',
      'read-after-write (other instance)',
      'read-after-write (balancer)',
    ]);
    for (const row of two!.results) {
      expect(row.requests).toBeGreaterThan(0);
      expect(row.unexpected).toBe(0);
    }
    expect(two!.writes.checked).toBe(6);
    expect(two!.writes.problems).toEqual([]);
    expect(two!.writes.created_by_load).toBeGreaterThanOrEqual(two!.writes.acknowledged_by_load);
    expect(two!.read_after_write).toMatchObject({ rounds: 3, stale_direct: 0, stale_balancer: 0 });
  });
});
