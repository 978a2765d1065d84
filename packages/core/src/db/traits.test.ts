/**
 * `jsonRecords` hands many rows to a statement as one JSON parameter (PostgreSQL; SQLite binds values): the
 * values come back exactly as written, whatever their type, nulls and text that would need quoting included.
 * `insertMany` writes them either way; `insertRowsChunked` binds them, in statements under the databases' limits
 * of bound parameters, and upserts on a conflict key.
 */

import { testDialects } from '@calendar-events/tests/databases';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../resources/users/repository.js';
import type { CalendarDatabase } from './database.js';
import { insertMany, insertRowsChunked, MAX_BOUND_PARAMETERS } from './insert-many.js';
import type { JsonColumn } from './traits.js';

const dialects = await testDialects();

describe.each(dialects)('many rows at once ($name)', (dialect) => {
  let database: CalendarDatabase;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ database, close } = await dialect.open());
  });
  afterAll(() => close());

  const columns: readonly JsonColumn[] = [
    ['n', 'integer'],
    ['label', 'text'],
    ['share', 'real'],
  ];

  /** The trait where this database reads many rows from JSON; SQLite, which binds them, has none. */
  function jsonRecords() {
    const read = database.traits.jsonRecords;
    expect(read === undefined).toBe(dialect.name === 'sqlite');
    return read;
  }

  it('reads back every record, in every type, nulls and awkward text included', async () => {
    const read = jsonRecords();
    if (!read) return;
    const records = [
      { n: 1, label: 'it\'s "quoted", \\ and ; -- not code', share: 0.25 },
      { n: 2, label: 'Grüße, 東京, 🎻', share: null },
      { n: null, label: null, share: 3 },
      { n: 2_147_483_647, label: '', share: -1.5, ignored: 'a key no column names' },
    ];
    const { rows } = await sql<{ n: number | null; label: string | null; share: number | null }>`
      select n, label, share from ${read(JSON.stringify(records), columns)}`.execute(database.kysely);
    expect(rows.map((row) => ({ ...row, share: row.share === null ? null : Number(row.share) }))).toEqual(
      records.map(({ n, label, share }) => ({ n, label, share })),
    );
  });

  it('reads an empty array as no rows', async () => {
    const read = jsonRecords();
    if (!read) return;
    const { rows } = await sql`select n from ${read('[]', columns)}`.execute(database.kysely);
    expect(rows).toEqual([]);
  });

  it('insertMany writes every record and gives the new ids, by the way this database takes them fastest', async () => {
    const records = Array.from({ length: 6_000 }, (_, index) => ({
      url: `https://img.example/${index}.jpg?x='y'`,
      width: index,
      height: null,
      mime_type: 'image/jpeg',
      filesize: index * 10,
      created_utc: '2026-11-26 10:00:00',
      ignored: 'not a column',
    }));
    const columns: readonly JsonColumn[] = [
      ['url', 'text'],
      ['width', 'integer'],
      ['height', 'integer'],
      ['mime_type', 'text'],
      ['filesize', 'integer'],
      ['created_utc', 'text'],
    ];
    // Each row binds six values: SQLite takes these in more than one statement.
    const ids = await insertMany(database, database.kysely, 'images', columns, records, {
      returningIds: true,
    });
    expect(ids).toHaveLength(records.length);
    const rows = await database.kysely
      .selectFrom('images')
      .select(['id', 'url', 'width', 'height', 'filesize'])
      .where('id', 'in', ids)
      .orderBy('width')
      .execute();
    expect(rows.map((row) => [row.url, row.width, row.height, row.filesize])).toEqual(
      records.map((record) => [record.url, record.width, null, record.filesize]),
    );
    expect(new Set(rows.map((row) => row.id))).toEqual(new Set(ids));
    expect(await insertMany(database, database.kysely, 'images', columns, [])).toEqual([]);
  });

  it('insertMany gives shared columns their one value in every row, with or without columns that differ', async () => {
    const imageColumns: readonly JsonColumn[] = [
      ['url', 'text'],
      ['width', 'integer'],
      ['height', 'integer'],
      ['mime_type', 'text'],
      ['created_utc', 'text'],
    ];
    const shared = { height: null, mime_type: "image/it's", created_utc: '2026-11-26 11:00:00', width: 7 };
    const some = await insertMany(
      database,
      database.kysely,
      'images',
      imageColumns,
      [{ url: 'https://shared.example/a.png' }, { url: 'https://shared.example/b.png' }],
      { returningIds: true, shared },
    );
    const images = await database.kysely
      .selectFrom('images')
      .select(['url', 'width', 'height', 'mime_type', 'created_utc'])
      .where('id', 'in', some)
      .orderBy('id')
      .execute();
    expect(images).toEqual(
      ['a', 'b'].map((name) => ({ url: `https://shared.example/${name}.png`, ...shared })),
    );

    // Every column shared: the rows differ only by their ids.
    const author = await createUser(database.kysely, { login: 'shared-author', role: 'author' });
    const post = {
      type: 'event',
      status: 'draft',
      author_id: Number(author.id),
      slug: 'alike',
      date_utc: '2026-11-26 11:00:00',
      modified_utc: '2026-11-26 11:00:00',
      password: '',
    };
    const postColumns: readonly JsonColumn[] = [
      ['type', 'text'],
      ['status', 'text'],
      ['author_id', 'integer'],
      ['slug', 'text'],
      ['date_utc', 'text'],
      ['modified_utc', 'text'],
      ['password', 'text'],
    ];
    const alike = await insertMany(database, database.kysely, 'posts', postColumns, [{}, {}, {}], {
      returningIds: true,
      shared: post,
    });
    expect(new Set(alike).size).toBe(3);
    const posts = await database.kysely
      .selectFrom('posts')
      .select(['type', 'status', 'author_id', 'slug', 'date_utc', 'modified_utc', 'password'])
      .where('id', 'in', alike)
      .execute();
    expect(posts).toEqual([post, post, post]);
  });

  it('insertRowsChunked binds more rows than one statement could, and upserts every column but the key', async () => {
    const row = (id: number, width: number) => ({
      id,
      url: `https://chunked.example/${id}.jpg`,
      width,
      height: null,
      mime_type: 'image/png',
      filesize: id,
      created_utc: '2026-11-26 10:00:00',
    });
    const first = 1_000_000;
    const count = 12_000;
    // Seven values a row: more than either database binds to one statement, unless chunked.
    expect(count * 7).toBeGreaterThan(2 * MAX_BOUND_PARAMETERS);
    const ids = Array.from({ length: count }, (_, index) => first + index);
    await insertRowsChunked(
      database.kysely,
      'images',
      ids.map((id) => row(id, 1)),
    );
    // The second half again with a new width, and as many new rows: updated in place and inserted.
    const again = Array.from({ length: count }, (_, index) => first + count / 2 + index);
    await insertRowsChunked(
      database.kysely,
      'images',
      again.map((id) => row(id, 2)),
      { conflictKey: ['id'] },
    );
    const rows = await database.kysely
      .selectFrom('images')
      .select(['id', 'width', 'url'])
      .where('url', 'like', 'https://chunked.example/%')
      .orderBy('id')
      .execute();
    expect(rows).toHaveLength(count * 1.5);
    expect(rows.map((r) => [r.id, r.width])).toEqual(
      Array.from({ length: count * 1.5 }, (_, index) => [first + index, index < count / 2 ? 1 : 2]),
    );
    // Without a conflict key, a row already there is an error, as a plain insert's.
    await expect(insertRowsChunked(database.kysely, 'images', [row(first, 3)])).rejects.toThrow();
    await insertRowsChunked(database.kysely, 'images', []);
  });
});
