/**
 * `jsonRecords` hands many rows to a statement as one JSON parameter (PostgreSQL; SQLite binds values): the
 * values come back exactly as written, whatever their type, nulls and text that would need quoting included.
 * `insertMany` writes them either way.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../../testkit/src/databases.js';
import type { CalendarDatabase } from './database.js';
import { insertMany } from './insert-many.js';
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
    const ids = await insertMany(database, database.kysely, 'images', columns, records, true);
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
});
