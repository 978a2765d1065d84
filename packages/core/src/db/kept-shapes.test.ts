/**
 * Statements built once per shape (`runInKeptShape`, and `readByKey` on it): the kept statement answers later
 * reads with their own values, a list of another length is another shape, an undefined value another, and a
 * value that the statement does not bind is refused when the shape is built.
 */

import { testDialects } from '@calendar-events/tests/databases';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { BY_KEY, readByKey } from './by-key.js';
import { runInKeptShape } from './kept-shapes.js';
import type { Taxonomy } from './schema.js';

const dialects = await testDialects();

describe.each(dialects)('readByKey ($name)', (dialect) => {
  it('answers each read with its own values from the one kept statement', async () => {
    const statements: string[] = [];
    const { database, close } = await dialect.open({ onQuery: (text: string) => statements.push(text) });
    try {
      const db = database.kysely;
      await db
        .insertInto('terms')
        .values(
          ['alpha', 'beta', 'gamma'].map((slug) => ({
            taxonomy: 'tag',
            slug,
            parent_id: 0,
            event_count: 0,
          })),
        )
        .execute();
      const slugsOf = async (ids: number[], taxonomy: Taxonomy) =>
        (
          await readByKey(db, 'test terms', { ids, taxonomy }, (values) =>
            db
              .selectFrom('terms')
              .select(['id', 'slug'])
              .where('taxonomy', '=', values.taxonomy)
              .where('id', 'in', values.ids)
              .orderBy('id'),
          )
        ).map((row) => row.slug);
      const ids = (await db.selectFrom('terms').select('id').orderBy('id').execute()).map((row) => row.id);
      expect(await slugsOf([ids[0]!], 'tag')).toEqual(['alpha']);
      expect(await slugsOf([ids[2]!], 'tag')).toEqual(['gamma']);
      expect(await slugsOf([ids[2]!], 'category')).toEqual([]);
      expect(await slugsOf([ids[0]!, ids[1]!], 'tag')).toEqual(['alpha', 'beta']);
      expect(await slugsOf([ids[1]!, ids[2]!], 'tag')).toEqual(['beta', 'gamma']);
      // Three ids are read as four (the last one twice): the same statement as four ids.
      expect(await slugsOf([ids[2]!, ids[0]!, ids[1]!], 'tag')).toEqual(['alpha', 'beta', 'gamma']);
      expect(await slugsOf([ids[2]!, ids[0]!, ids[1]!, ids[0]!], 'tag')).toEqual(['alpha', 'beta', 'gamma']);
      const reads = statements.filter((text) => text.includes('"slug"') && text.startsWith('select'));
      expect(reads).toHaveLength(7);
      expect(reads.every((text) => text.endsWith(BY_KEY))).toBe(true);
      // One statement per shape: one id, two ids, four ids.
      expect(new Set(reads).size).toBe(3);
      expect(reads[5]).toBe(reads[6]);
      // Inside a transaction too.
      await db.transaction().execute(async (trx) => {
        const [row] = await readByKey(trx, 'test one term', { id: ids[1]! }, (values) =>
          trx.selectFrom('terms').select('slug').where('id', '=', values.id),
        );
        expect(row?.slug).toBe('beta');
      });
    } finally {
      await close();
    }
  });

  it('writes rows whose values leave some columns out, each with its own columns', async () => {
    const { database, close } = await dialect.open();
    try {
      const db = database.kysely;
      const insertTerm = (values: { slug: string; event_count: number | undefined }) =>
        runInKeptShape(db, 'test insert term', values, (given) =>
          db
            .insertInto('terms')
            .values({
              taxonomy: 'category',
              slug: given.slug,
              parent_id: 0,
              // A value left undefined leaves its column out (its default): a shape of its own.
              event_count: given.event_count,
            })
            .returning('id'),
        );
      const first = await insertTerm({ slug: 'one', event_count: undefined });
      const second = await insertTerm({ slug: 'two', event_count: 7 });
      const third = await insertTerm({ slug: 'three', event_count: undefined });
      // A row given whole: its fields' order is its columns' order, another shape.
      const insertRow = (row: { taxonomy: 'category'; slug: string; parent_id: number }) =>
        runInKeptShape(db, 'test insert row', row, (values) =>
          db.insertInto('terms').values(values).returning('id'),
        );
      await insertRow({ taxonomy: 'category', slug: 'four', parent_id: 4 });
      await insertRow({ parent_id: 5, slug: 'five', taxonomy: 'category' });
      expect(
        await db
          .selectFrom('terms')
          .select(['slug', 'parent_id'])
          .where('slug', 'in', ['four', 'five'])
          .orderBy('id')
          .execute(),
      ).toEqual([
        { slug: 'four', parent_id: 4 },
        { slug: 'five', parent_id: 5 },
      ]);
      const ids = [first, second, third].map((result) => result.rows[0]!.id);
      const rows = await db
        .selectFrom('terms')
        .select(['slug', 'event_count'])
        .where('id', 'in', ids)
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { slug: 'one', event_count: 0 },
        { slug: 'two', event_count: 7 },
        { slug: 'three', event_count: 0 },
      ]);
    } finally {
      await close();
    }
  });

  it('refuses a value the statement does not bind as a parameter', async () => {
    const { database, close } = await dialect.open();
    try {
      const db = database.kysely;
      await expect(
        readByKey(db, 'test unbound', { id: 1, unused: 'x' }, (values) =>
          db.selectFrom('terms').select('slug').where('id', '=', values.id),
        ),
      ).rejects.toThrow(/unused is not bound/);
      // Written into the SQL rather than bound: refused the same way.
      await expect(
        readByKey(db, 'test inlined', { slug: 'alpha' }, (values) =>
          db
            .selectFrom('terms')
            .select('id')
            .where('slug', '=', sql.lit(String(values.slug))),
        ),
      ).rejects.toThrow(/slug is not bound/);
    } finally {
      await close();
    }
  });

  it('checks every read against the read built whole (under the tests)', async () => {
    const { database, close } = await dialect.open();
    try {
      const db = database.kysely;
      let call = 0;
      // A statement whose shape depends on something else than its name and lists: caught at its second read.
      const read = () =>
        readByKey(db, 'test unstable', { id: 1 }, (values) =>
          call++ < 2
            ? db.selectFrom('terms').select('slug').where('id', '=', values.id)
            : db.selectFrom('terms').select('id').where('id', '=', values.id),
        );
      await read();
      await expect(read()).rejects.toThrow(/differs from the statement built whole/);
    } finally {
      await close();
    }
  });
});
