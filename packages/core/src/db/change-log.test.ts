/**
 * `serviceWrite` on PostgreSQL: a transaction another writer made fail is run again only when its caller says
 * it may be (`rerun`), at most `WRITE_ATTEMPTS` runs; a failure of its own is answered at once; its version is
 * taken as it commits (migration 0028) and nothing of a failed run stays.
 */

import { createTestSchema, TEST_PG_URL, testDialects } from '@calendar-events/tests/databases';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WITH_THE_COMMIT } from './before-commit.js';
import { isRetriedWriteFailure, serviceWrite, WRITE_ATTEMPTS } from './change-log.js';
import { readDataVersion } from './data-version.js';
import type { CalendarDatabase } from './database.js';
import { createPostgresDatabase } from './postgres.js';
import { isConnectionCut } from './unavailable.js';

const hasPostgres = (await testDialects()).some((dialect) => dialect.name === 'postgres');
const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });

describe.skipIf(!hasPostgres)('serviceWrite (postgres)', () => {
  let schema: Awaited<ReturnType<typeof createTestSchema>>;
  let database: CalendarDatabase;

  beforeAll(async () => {
    schema = await createTestSchema({ migrated: true });
    database = createPostgresDatabase({ connectionString: TEST_PG_URL, schema: schema.schema, max: 2 });
  });
  afterAll(async () => {
    await database?.destroy();
    await schema?.drop();
  });

  const insertTag = (slug: string) =>
    sql`insert into terms (taxonomy, slug) values ('post_tag', ${slug})`.execute(database.kysely);
  const tagCount = async (slug: string) => {
    const { rows } = await sql<{ n: string }>`select count(*) as n from terms where slug = ${slug}`.execute(
      database.kysely,
    );
    return Number(rows[0]!.n);
  };

  it('runs a write again after a deadlock when it may, and keeps only the run that committed', async () => {
    let runs = 0;
    let reruns = 0;
    const before = await readDataVersion(database.kysely);
    await serviceWrite(
      database,
      async (trx) => {
        runs++;
        await sql`insert into terms (taxonomy, slug) values ('post_tag', 'rerun')`.execute(trx);
        if (runs < 3) throw deadlock();
      },
      () => reruns++,
    );
    expect([runs, reruns]).toEqual([3, 2]);
    expect(await tagCount('rerun')).toBe(1);
    // One version for the transaction that committed, none for the runs rolled back.
    expect(await readDataVersion(database.kysely)).toBe(before! + 1);
  });

  it('answers the failure without a rerun, after the last attempt, and at once for its own errors', async () => {
    let runs = 0;
    await expect(
      serviceWrite(database, async () => {
        runs++;
        throw deadlock();
      }),
    ).rejects.toMatchObject({ code: '40P01' });
    expect(runs).toBe(1);

    runs = 0;
    await expect(
      serviceWrite(
        database,
        async () => {
          runs++;
          throw deadlock();
        },
        () => {},
      ),
    ).rejects.toMatchObject({ code: '40P01' });
    expect(runs).toBe(WRITE_ATTEMPTS);

    runs = 0;
    await expect(
      serviceWrite(
        database,
        async () => {
          runs++;
          throw Object.assign(new Error('not allowed'), { code: 'rest_forbidden' });
        },
        () => {},
      ),
    ).rejects.toThrow('not allowed');
    expect(runs).toBe(1);
  });

  it('runs a write again on another connection when its own was cut before the commit', async () => {
    let runs = 0;
    let reruns = 0;
    await serviceWrite(
      database,
      async (trx) => {
        runs++;
        await sql`insert into terms (taxonomy, slug) values ('post_tag', 'cut-before-commit')`.execute(trx);
        // Its backend ends, as `pg_terminate_backend` from another session or a restart would end it.
        if (runs === 1) await sql`select pg_terminate_backend(pg_backend_pid())`.execute(trx);
      },
      () => reruns++,
    );
    expect([runs, reruns]).toEqual([2, 1]);
    expect(await tagCount('cut-before-commit')).toBe(1);
    // Without `rerun` the cut is answered.
    await expect(
      serviceWrite(database, async (trx) => {
        await sql`select pg_terminate_backend(pg_backend_pid())`.execute(trx);
      }),
    ).rejects.toSatisfy(isConnectionCut);
  });

  it('answers a connection cut while the commit was on its way, which may have committed', async () => {
    let runs = 0;
    await expect(
      serviceWrite(
        database,
        async (trx) => {
          runs++;
          await sql`insert into terms (taxonomy, slug) values ('post_tag', 'cut-at-commit')`.execute(trx);
          // Sent in the commit's own message (db/before-commit.ts): the cut reaches the client as it commits.
          await sql.raw(`select pg_terminate_backend(pg_backend_pid()) ${WITH_THE_COMMIT}`).execute(trx);
        },
        () => {},
      ),
    ).rejects.toSatisfy(isConnectionCut);
    expect(runs).toBe(1);
  });

  it('tells a connection cut from one that could not be made', () => {
    for (const error of [
      { code: '57P01' },
      { code: 'ECONNRESET' },
      new Error('Connection terminated unexpectedly'),
      new Error('Client has encountered a connection error and is not queryable'),
    ])
      expect(isConnectionCut(error)).toBe(true);
    for (const error of [
      { code: 'ECONNREFUSED' },
      { code: '53300' },
      { code: '57P03' },
      { code: '40P01' },
      new Error('timeout exceeded when trying to connect'),
      new Error('Connection terminated due to connection timeout while trying to connect'),
      null,
    ])
      expect(isConnectionCut(error)).toBe(false);
  });

  it('moves the version on as the transaction commits, and logs its changes under it', async () => {
    const before = await readDataVersion(database.kysely);
    await insertTag('at-commit');
    await serviceWrite(database, async (trx) => {
      await sql`update terms set slug = 'at-commit-2' where slug = 'at-commit'`.execute(trx);
      // Inside, the version is still the one before: it is taken at commit.
      expect(await readDataVersion(trx)).toBe(before! + 1);
    });
    const after = await readDataVersion(database.kysely);
    expect(after).toBe(before! + 2);
    const { rows } = await sql<{ version: string }>`select version from change_log
      where type = 'post_tag' and action = 'updated' order by id desc limit 1`.execute(database.kysely);
    expect(Number(rows[0]!.version)).toBe(after);
    const { rows: pending } = await sql<{ n: string }>`select count(*) as n from pending_version`.execute(
      database.kysely,
    );
    expect(Number(pending[0]!.n)).toBe(0);
  });

  it('tells the failures worth a new run from the others', () => {
    for (const code of ['40001', '40P01', '23505', '23503'])
      expect(isRetriedWriteFailure({ code })).toBe(true);
    for (const error of [{ code: '42P01' }, { code: 'rest_invalid_param' }, new Error('x'), null, undefined])
      expect(isRetriedWriteFailure(error)).toBe(false);
  });
});
