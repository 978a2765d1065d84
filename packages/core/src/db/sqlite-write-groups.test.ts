/**
 * SQLite's service writes committed in groups (`sqlite-write-groups.ts`): the writes that wait together commit
 * once, each keeping its own version, its own state and its own failure, and none is answered before it is
 * durable.
 */
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sqliteTestDatabases } from '../../test/support/sqlite-databases.js';
import { beforeCommit } from './before-commit.js';
import { serviceWrite } from './change-log.js';
import { readDataVersion } from './data-version.js';
import type { CalendarDatabase, Db } from './database.js';
import { GROUP_BUDGET_MS, GROUP_MAX_WRITES } from './sqlite-write-groups.js';

describe('service writes on SQLite, committed in groups', () => {
  const databases = sqliteTestDatabases('write-groups-');
  async function open(file = ':memory:') {
    const statements: string[] = [];
    const database = await databases.open(file, {
      onQuery: (text) => statements.push(text),
      backgroundCheckpoints: false,
    });
    statements.length = 0;
    return { database, statements };
  }

  /**
   * The group's time budget held still: tests of what is grouped by count and by turn must not depend on how
   * fast a loaded machine runs the writes (under CI's load, fifty refused writes took more than the budget).
   */
  const holdTheClock = () => vi.spyOn(performance, 'now').mockReturnValue(performance.now());
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const insertTag = (db: Db, slug: string) =>
    sql`insert into terms (taxonomy, slug) values ('post_tag', ${slug})`.execute(db);
  const versionInside = async (db: Db) =>
    Number(
      (await sql<{ version: number }>`select version from data_version where id = 1`.execute(db)).rows[0]!
        .version,
    );
  const tagSlugs = async (database: CalendarDatabase) =>
    (
      await sql<{ slug: string }>`select slug from terms where taxonomy = 'post_tag' order by slug`.execute(
        database.kysely,
      )
    ).rows.map((row) => row.slug);
  const loggedVersions = async (database: CalendarDatabase) =>
    (
      await sql<{
        version: number;
      }>`select distinct version from change_log where type = 'post_tag' order by version`.execute(
        database.kysely,
      )
    ).rows.map((row) => Number(row.version));

  it('commits the writes started in one turn once, each with a version of its own, in order', async () => {
    const { database, statements } = await open();
    holdTheClock();
    const before = (await readDataVersion(database.kysely))!;
    statements.length = 0;
    const versions = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        serviceWrite(database, async (trx) => {
          await insertTag(trx, `tag-${index}`);
          return versionInside(trx);
        }),
      ),
    );
    expect(versions).toEqual(Array.from({ length: 10 }, (_, index) => before + 1 + index));
    expect(statements.filter((text) => text === 'commit')).toHaveLength(1);
    expect(statements.filter((text) => text === 'begin')).toHaveLength(1);
    expect(await readDataVersion(database.kysely)).toBe(before + 10);
    // The change log's rows of two writes never merge: one version per write.
    expect(await loggedVersions(database)).toEqual(versions);
    expect(
      (await sql<{ mark: number }>`select change_mark as mark from data_version`.execute(database.kysely))
        .rows[0]!.mark,
    ).toBe(-1);
  });

  it('rolls a failing write back alone: its error is its own, the others commit without a gap in the versions', async () => {
    const { database } = await open();
    const before = (await readDataVersion(database.kysely))!;
    const failure = new Error('refused');
    const results = await Promise.allSettled(
      ['a', 'b', 'c', 'd'].map((slug) =>
        serviceWrite(database, async (trx) => {
          await insertTag(trx, slug);
          if (slug === 'b') throw failure;
          return versionInside(trx);
        }),
      ),
    );
    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect((results[1] as PromiseRejectedResult).reason).toBe(failure);
    expect(results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))).toEqual([
      before + 1,
      before + 2,
      before + 3,
    ]);
    expect(await tagSlugs(database)).toEqual(['a', 'c', 'd']);
    expect(await loggedVersions(database)).toEqual([before + 1, before + 2, before + 3]);
  });

  it("gives each write its own transaction state: a failed write's work left to its end is not run by the next", async () => {
    const { database } = await open();
    const ran: string[] = [];
    const results = await Promise.allSettled(
      ['first', 'second'].map((name) =>
        serviceWrite(database, async (trx) => {
          await beforeCommit(trx, async () => {
            ran.push(name);
          });
          if (name === 'first') throw new Error('refused');
        }),
      ),
    );
    expect(results.map((result) => result.status)).toEqual(['rejected', 'fulfilled']);
    expect(ran).toEqual(['second']);
  });

  it('takes no further write into a group once it ran its budget', async () => {
    const { database, statements } = await open();
    await Promise.all(
      Array.from({ length: 3 }, (_, index) =>
        serviceWrite(database, async (trx) => {
          await insertTag(trx, `slow-${index}`);
          await new Promise((resolve) => setTimeout(resolve, GROUP_BUDGET_MS * 0.6));
        }),
      ),
    );
    // The first two fit in one group's budget, the third waits for the next.
    expect(statements.filter((text) => text === 'commit')).toHaveLength(2);
    expect(await tagSlugs(database)).toHaveLength(3);
  });

  it('counts refused writes in its bound: a run of them is split into groups too', async () => {
    const { database, statements } = await open();
    holdTheClock();
    const results = await Promise.allSettled(
      Array.from({ length: GROUP_MAX_WRITES + 10 }, (_, index) =>
        serviceWrite(database, async (trx) => {
          await insertTag(trx, `refused-${index}`);
          throw new Error('refused');
        }),
      ),
    );
    expect(results.every((result) => result.status === 'rejected')).toBe(true);
    expect(statements.filter((text) => text === 'begin')).toHaveLength(2);
    expect(await tagSlugs(database)).toEqual([]);
  });

  it('fails the writes of a group whose transaction ended under it, and runs those still waiting in the next', async () => {
    const { database } = await open();
    const results = await Promise.allSettled(
      ['ran', 'ends-it', 'waiting'].map((slug) =>
        serviceWrite(database, async (trx) => {
          await insertTag(trx, slug);
          // What SQLite does itself after some I/O errors: the transaction is gone.
          if (slug === 'ends-it') await sql`rollback`.execute(trx);
        }),
      ),
    );
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
    expect(await tagSlugs(database)).toEqual(['waiting']);
    // The same from a group's first write, which also throws: the write waiting is not blamed for it.
    const after = await Promise.allSettled(
      ['ends-it-too', 'waits-too'].map((slug) =>
        serviceWrite(database, async (trx) => {
          await insertTag(trx, slug);
          if (slug === 'ends-it-too') {
            await sql`rollback`.execute(trx);
            throw new Error('refused');
          }
        }),
      ),
    );
    expect(after.map((result) => result.status)).toEqual(['rejected', 'fulfilled']);
    expect(await tagSlugs(database)).toEqual(['waiting', 'waits-too']);
  });

  it('answers a write once it is durable: another connection on the file sees it', async () => {
    const file = await databases.file();
    const { database } = await open(file);
    const other = new Database(file, { readonly: true });
    try {
      const seenByOther = await Promise.all(
        ['x', 'y'].map((slug) =>
          serviceWrite(database, (trx) => insertTag(trx, slug)).then(
            () => other.prepare('select count(*) as n from terms where slug = ?').get(slug) as { n: number },
          ),
        ),
      );
      expect(seenByOther.map((row) => row.n)).toEqual([1, 1]);
    } finally {
      other.close();
    }
  });
});
