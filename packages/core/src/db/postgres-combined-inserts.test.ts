/**
 * The plain inserts of a service write on PostgreSQL go to the server together, as one statement, when the
 * write next needs an answer (`postgres-combined-inserts.ts`): what they wrote is read back by the write,
 * committed with it, and an insert that fails fails the whole write and changes nothing.
 */

import { createTestSchema, TEST_PG_URL, testDialects } from '@calendar-events/tests/databases';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceWrite } from './change-log.js';
import type { CalendarDatabase, Db } from './database.js';
import { createPostgresDatabase } from './postgres.js';
import { combineInserts, isHoldableInsert, MAX_HELD_PARAMETERS } from './postgres-combined-inserts.js';

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
});
