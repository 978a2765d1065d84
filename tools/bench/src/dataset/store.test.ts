/**
 * The benchmark's PostgreSQL check, made before anything is built or loaded: a server that does not answer
 * gets a message that says what to do instead of a bare `ECONNREFUSED`. And which cached calendars count as
 * on the schema baseline.
 */
import { BASELINE_MIGRATION, OLD_CHAIN } from '@calendar-events/core/internal';
import { probePostgres, TEST_PG_URL } from '@calendar-events/tests';
import { describe, expect, it } from 'vitest';
import { assertPostgresReachable, onBaseline } from './store.js';

// As the other PostgreSQL tests: CI fails when the server does not answer, a developer machine skips.
const skipPostgres = !process.env.CI && (await probePostgres()) !== undefined;

describe('assertPostgresReachable', () => {
  it('names the address and the ways out when nothing listens there', async () => {
    // Port 1 (tcpmux): nothing listens there on a machine that runs the tests.
    await expect(assertPostgresReachable('postgres://postgres@127.0.0.1:1/calendar_bench')).rejects.toThrow(
      /^PostgreSQL is not reachable at 127\.0\.0\.1:1 \(.*ECONNREFUSED.*\): start it, give its address with --postgres-url \(or BENCH_POSTGRES_URL\), or run with --databases sqlite\.$/,
    );
  });

  it.skipIf(skipPostgres)(
    'passes when the server answers, whether or not the benchmark database exists',
    async () => {
      const url = new URL(TEST_PG_URL);
      url.pathname = '/calendar_bench_not_created_by_this_test';
      await expect(assertPostgresReachable(url.toString())).resolves.toBeUndefined();
    },
  );
});

describe('onBaseline', () => {
  it('counts a calendar the old migrations built as on the baseline, with what followed it', () => {
    expect(onBaseline([...OLD_CHAIN])).toEqual([BASELINE_MIGRATION]);
    expect(onBaseline([...OLD_CHAIN, '0022-later'])).toEqual([BASELINE_MIGRATION, '0022-later']);
  });

  it('leaves a calendar on the baseline, one the old migrations built in part, and none at all as they are', () => {
    expect(onBaseline([BASELINE_MIGRATION, '0022-later'])).toEqual([BASELINE_MIGRATION, '0022-later']);
    expect(onBaseline(OLD_CHAIN.slice(0, 15))).toEqual(OLD_CHAIN.slice(0, 15));
    expect(onBaseline(undefined)).toBeUndefined();
  });
});
