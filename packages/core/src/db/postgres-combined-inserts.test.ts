/**
 * The plain inserts of a service write on PostgreSQL go to the server together, as one statement, when the
 * write next needs an answer (`postgres-combined-inserts.ts`): what they wrote is read back by the write,
 * committed with it, and an insert that fails fails the whole write and changes nothing.
 */

import { createTestSchema, TEST_PG_URL, testDialects } from '@calendar-events/tests/databases';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WITH_THE_COMMIT } from './before-commit.js';
import { serviceWrite } from './change-log.js';
import type { CalendarDatabase, Db } from './database.js';
import { createPostgresDatabase } from './postgres.js';
import {
  combineInserts,
  goesWithTheCommit,
  isHoldableInsert,
  MAX_HELD_PARAMETERS,
} from './postgres-combined-inserts.js';

describe('which inserts are held, and how they are combined', () => {
  it('holds plain inserts only', () => {
    expect(isHoldableInsert('insert into "terms" ("taxonomy", "slug") values ($1, $2), ($3, $4)')).toBe(true);
    for (const text of [
      'insert into "terms" ("taxonomy", "slug") values ($1, $2) returning "id"',
      'insert into "terms" ("taxonomy", "slug") values ($1, $2) on conflict do nothing',
      'insert into "event_terms" ("event_id", "term_id") select $1, "id" from "terms"',
      "insert into terms (taxonomy, slug) values ('tag', $1)",
      'update "terms" set "slug" = $1 values',
      'with "x" as (select 1) insert into "terms" ("slug") values ($1)',
    ])
      expect(isHoldableInsert(text), text).toBe(false);
  });

  it('sends with the commit only what is marked so and has no parameters', () => {
    expect(goesWithTheCommit(`update "terms" set "event_count" = 1 ${WITH_THE_COMMIT}`, undefined)).toBe(
      true,
    );
    expect(goesWithTheCommit(`update "terms" set "event_count" = $1 ${WITH_THE_COMMIT}`, [1])).toBe(false);
    expect(goesWithTheCommit('update "terms" set "event_count" = 1', undefined)).toBe(false);
  });

  it('makes each insert but the last a part of a `with`, with its parameters renumbered', () => {
    expect(
      combineInserts([
        { text: 'insert into "a" ("x", "y") values ($1, $2)', values: [1, 2] },
        { text: 'insert into "b" ("x") values ($1), ($2)', values: [3, 4] },
        { text: 'insert into "c" ("x") values ($1)', values: [5] },
      ]),
    ).toEqual({
      text: 'with held_0 as (insert into "a" ("x", "y") values ($1, $2)), held_1 as (insert into "b" ("x") values ($3), ($4)) insert into "c" ("x") values ($5)',
      values: [1, 2, 3, 4, 5],
    });
  });
});

const hasPostgres = (await testDialects()).some((dialect) => dialect.name === 'postgres');

describe.skipIf(!hasPostgres)('held inserts in service writes on PostgreSQL', () => {
  let schema: Awaited<ReturnType<typeof createTestSchema>>;
  let database: CalendarDatabase;

  beforeAll(async () => {
    schema = await createTestSchema({ migrated: true });
    // One connection: the prepared statements of one write are seen by the next.
    database = createPostgresDatabase({ connectionString: TEST_PG_URL, schema: schema.schema, max: 1 });
  });
  afterAll(async () => {
    await database?.destroy();
    await schema?.drop();
  });

  const addTerm = (db: Db, slug: string) =>
    db
      .insertInto('terms')
      .values({ taxonomy: 'tag', slug, parent_id: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
  // A language per name: a term has one text per language.
  const addText = (db: Db, termId: number, name: string) =>
    db
      .insertInto('term_texts')
      .values({ term_id: termId, language: name.replace(/\W/g, '-'), name, description: '' })
      .execute();
  const texts = (db: Db, names: string[]) =>
    db.selectFrom('term_texts').select('name').where('name', 'in', names).orderBy('name').execute();
  const combinedStatements = async (db: Db) =>
    (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db)).rows
      .map((row) => row.statement)
      .filter((text) => text.startsWith('with held_0 as (insert into "term_texts"'));

  it('sends the inserts as one statement before the next read, which sees them', async () => {
    const { seen, combined } = await serviceWrite(database, async (trx) => {
      const { id } = await addTerm(trx, 'held-together');
      await addText(trx, id, 'held one');
      await addText(trx, id, 'held two');
      await addText(trx, id, 'held three');
      return {
        seen: await texts(trx, ['held one', 'held three', 'held two']),
        combined: await combinedStatements(trx),
      };
    });
    expect(seen.map((row) => row.name)).toEqual(['held one', 'held three', 'held two']);
    expect(combined).toHaveLength(1);
    expect(await texts(database.kysely, ['held one', 'held two'])).toHaveLength(2);
  });

  it('sends what is still held before the commit', async () => {
    await serviceWrite(database, async (trx) => {
      const { id } = await addTerm(trx, 'held-to-commit');
      await addText(trx, id, 'committed one');
      await addText(trx, id, 'committed two');
    });
    expect(await texts(database.kysely, ['committed one', 'committed two'])).toHaveLength(2);
  });

  it('fails the whole write when a held insert fails, at the read after it or at the commit', async () => {
    for (const readAfter of [true, false]) {
      const name = `orphan ${readAfter}`;
      await expect(
        serviceWrite(database, async (trx) => {
          const { id } = await addTerm(trx, `kept-out-${readAfter}`);
          await addText(trx, id, `${name} fine`);
          // No such term: its foreign key fails when the held inserts go.
          await addText(trx, -1, name);
          if (readAfter) await texts(trx, [name]);
        }),
      ).rejects.toMatchObject({ code: '23503' });
      expect(await texts(database.kysely, [name, `${name} fine`])).toEqual([]);
      expect(
        await database.kysely
          .selectFrom('terms')
          .select('id')
          .where('slug', '=', `kept-out-${readAfter}`)
          .execute(),
      ).toEqual([]);
    }
    // The connection goes on serving writes.
    await serviceWrite(database, async (trx) =>
      addText(trx, (await addTerm(trx, 'after-failure')).id, 'after'),
    );
    expect(await texts(database.kysely, ['after'])).toHaveLength(1);
  });

  it('sends them in several statements when their parameters would pass the limit', async () => {
    const rows = Math.ceil(MAX_HELD_PARAMETERS / 4 / 2) + 1;
    await serviceWrite(database, async (trx) => {
      const { id } = await addTerm(trx, 'many-texts');
      for (const part of ['a', 'b'])
        await trx
          .insertInto('term_texts')
          .values(
            Array.from({ length: rows }, (_, i) => ({
              term_id: id,
              language: `${part}${i}`,
              name: `many ${part}${i}`,
              description: '',
            })),
          )
          .execute();
    });
    const stored = await database.kysely
      .selectFrom('term_texts')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('name', 'like', 'many %')
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(2 * rows);
  });

  const countOf = async (db: Db, slug: string) =>
    (await db.selectFrom('terms').select('event_count').where('slug', '=', slug).executeTakeFirstOrThrow())
      .event_count;
  const setCountWithTheCommit = (db: Db, slug: string, count: number) =>
    sql.raw(`update terms set event_count = ${count} where slug = '${slug}' ${WITH_THE_COMMIT}`).execute(db);
  /** Whether another connection can lock the term's row at once (`nowait`). */
  const lockableElsewhere = async (slug: string) => {
    const other = createPostgresDatabase({ connectionString: TEST_PG_URL, schema: schema.schema, max: 1 });
    try {
      await other.kysely.transaction().execute(async (trx) => {
        await sql`select id from terms where slug = ${slug} for no key update nowait`.execute(trx);
      });
      return true;
    } catch (error) {
      if ((error as { code?: string }).code === '55P03') return false;
      throw error;
    } finally {
      await other.destroy();
    }
  };

  it("sends a statement marked for the commit in the commit's own message: the rows stay unlocked until then", async () => {
    await serviceWrite(database, async (trx) => addTerm(trx, 'counted-at-commit'));
    let unlockedBeforeCommit = false;
    let seenInWrite = -1;
    await serviceWrite(database, async (trx) => {
      await setCountWithTheCommit(trx, 'counted-at-commit', 7);
      // Not sent yet: the write does not see it, and the row is not locked.
      seenInWrite = await countOf(trx, 'counted-at-commit');
      unlockedBeforeCommit = await lockableElsewhere('counted-at-commit');
    });
    expect({ seenInWrite, unlockedBeforeCommit }).toEqual({ seenInWrite: 0, unlockedBeforeCommit: true });
    expect(await countOf(database.kysely, 'counted-at-commit')).toBe(7);
  });

  it('fails the whole write when the statement sent with the commit fails, and forgets it on rollback', async () => {
    await expect(
      serviceWrite(database, async (trx) => {
        await addTerm(trx, 'never-committed');
        await sql.raw(`update terms set event_count = 1 / 0 ${WITH_THE_COMMIT}`).execute(trx);
      }),
    ).rejects.toMatchObject({ code: '22012' });
    expect(
      await database.kysely.selectFrom('terms').select('id').where('slug', '=', 'never-committed').execute(),
    ).toEqual([]);
    await serviceWrite(database, async (trx) => addTerm(trx, 'rolled-back-count'));
    await expect(
      serviceWrite(database, async (trx) => {
        await setCountWithTheCommit(trx, 'rolled-back-count', 9);
        throw new Error('given up');
      }),
    ).rejects.toThrow('given up');
    // The next write on the connection commits without the statement of the write rolled back.
    await serviceWrite(database, async (trx) => setCountWithTheCommit(trx, 'counted-at-commit', 8));
    expect(await countOf(database.kysely, 'rolled-back-count')).toBe(0);
    expect(await countOf(database.kysely, 'counted-at-commit')).toBe(8);
  });
});
