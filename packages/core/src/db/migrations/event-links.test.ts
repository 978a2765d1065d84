/**
 * An event's links to other posts (`venue_id`, `parent_id`, `series_id`) hold whoever writes the rows: a link
 * to no post is refused and changes nothing, and deleting a post unlinks the events that named it. SQLite keeps
 * foreign keys for them; PostgreSQL checks them once per statement, and must behave the
 * same, also against a concurrent transaction deleting the post an insert links to.
 */

import { createTestSchema, TEST_PG_URL, testDialects } from '@calendar-events/tests/databases';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../resources/users/repository.js';
import type { CalendarDatabase } from '../database.js';
import { createPostgresDatabase } from '../postgres.js';
import type { Database } from '../schema.js';

const dialects = await testDialects();

async function insertPost(db: Kysely<Database>, author: number, type = 'event'): Promise<number> {
  const { rows } = await sql<{ id: number }>`insert into posts
    (type, status, author_id, slug, date_utc, modified_utc, password)
    values (${type}, 'publish', ${author}, 'linked', '2026-01-01 00:00:00', '2026-01-01 00:00:00', '')
    returning id`.execute(db);
  return Number(rows[0]!.id);
}

interface Links {
  venue?: number | null | undefined;
  parent?: number | null | undefined;
  series?: number | null | undefined;
}

/** Inserts the events of `rows` (their posts first) in one statement; returns their ids. */
async function insertEvents(db: Kysely<Database>, author: number, rows: Links[]): Promise<number[]> {
  const ids: number[] = [];
  for (const _ of rows) ids.push(await insertPost(db, author));
  const values = rows.map(
    (row, index) =>
      sql`(${ids[index]}, '2026-05-01 10:00:00', '2026-05-01 11:00:00', '2026-05-01 10:00:00',
        '2026-05-01 11:00:00', 'UTC', ${row.venue ?? null}, ${row.parent ?? null}, ${row.series ?? null}, 'publish')`,
  );
  await sql`insert into events (id, start_local, end_local, start_utc, end_utc, timezone, venue_id, parent_id,
    series_id, status) values ${sql.join(values)}`.execute(db);
  return ids;
}

async function linksOf(db: Kysely<Database>, ids: number[]) {
  const rows = await db
    .selectFrom('events')
    .select(['id', 'venue_id', 'parent_id', 'series_id'])
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
  return rows.map((row) =>
    [row.venue_id, row.parent_id, row.series_id].map((v) => (v === null ? null : Number(v))),
  );
}

describe.each(dialects)('links of events to posts ($name)', (dialect) => {
  let database: CalendarDatabase;
  let close: () => Promise<void>;
  let db: Kysely<Database>;
  let author: number;

  beforeAll(async () => {
    ({ database, close } = await dialect.open());
    db = database.kysely;
    author = await createUser(db, { login: 'writer', role: 'administrator' }).then((user) => Number(user.id));
  });
  afterAll(() => close());

  it('keeps links to posts that exist, in inserts of one row and of many', async () => {
    const venue = await insertPost(db, author, 'venue');
    const [series] = await insertEvents(db, author, [{ venue }]);
    const followers = await insertEvents(db, author, [
      { venue, parent: series, series },
      { venue, parent: series, series },
      { venue: null, parent: series, series },
    ]);
    expect(await linksOf(db, followers)).toEqual([
      [venue, series, series],
      [venue, series, series],
      [null, series, series],
    ]);
  });

  it('refuses an insert linking to no post, whichever link and row it is, and inserts none of its rows', async () => {
    const venue = await insertPost(db, author, 'venue');
    const before = await db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const wrong of [{ venue: 99_999 }, { parent: 99_998 }, { series: 99_997 }])
      await expect(insertEvents(db, author, [{ venue }, { venue, ...wrong }, { venue }])).rejects.toThrow(
        /foreign key|does not exist/i,
      );
    const after = await db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses an update linking to no post and leaves the row as it was', async () => {
    const venue = await insertPost(db, author, 'venue');
    const [event] = await insertEvents(db, author, [{ venue }]);
    for (const column of ['venue_id', 'parent_id', 'series_id'] as const)
      await expect(
        db
          .updateTable('events')
          .set({ [column]: 99_999 })
          .where('id', '=', event!)
          .execute(),
      ).rejects.toThrow(/foreign key|does not exist/i);
    expect(await linksOf(db, [event!])).toEqual([[venue, null, null]]);
    const other = await insertPost(db, author, 'venue');
    await db.updateTable('events').set({ venue_id: other }).where('id', '=', event!).execute();
    expect(await linksOf(db, [event!])).toEqual([[other, null, null]]);
  });

  it('unlinks the events of a deleted post, and only those links', async () => {
    const [venue, otherVenue] = [
      await insertPost(db, author, 'venue'),
      await insertPost(db, author, 'venue'),
    ];
    const [series] = await insertEvents(db, author, [{ venue }]);
    const followers = await insertEvents(db, author, [
      { venue, parent: series, series },
      { venue: otherVenue, parent: series, series },
    ]);
    await sql`delete from posts where id = ${venue}`.execute(db);
    expect(await linksOf(db, [series!, ...followers])).toEqual([
      [null, null, null],
      [null, series, series],
      [otherVenue, series, series],
    ]);
    await sql`delete from posts where id = ${series}`.execute(db);
    expect(await linksOf(db, followers)).toEqual([
      [null, null, null],
      [otherVenue, null, null],
    ]);
  });
});

const hasPostgres = dialects.some((dialect) => dialect.name === 'postgres');

describe.runIf(hasPostgres)('links of events against a concurrent delete (postgres)', () => {
  let schema: Awaited<ReturnType<typeof createTestSchema>>;
  let database: CalendarDatabase;
  let author: number;
  const clients: pg.Client[] = [];

  async function client(): Promise<pg.Client> {
    const connection = new pg.Client({ connectionString: TEST_PG_URL });
    await connection.connect();
    await connection.query(`set search_path = ${schema.schema}, public`);
    await connection.query(`set lock_timeout = '5s'`);
    clients.push(connection);
    return connection;
  }

  const insertEvent = (connection: pg.Client, id: number, venue: number) =>
    connection.query(
      `insert into events (id, start_local, end_local, start_utc, end_utc, timezone, venue_id, status)
       values ($1, '2026-05-01 10:00:00', '2026-05-01 11:00:00', '2026-05-01 10:00:00', '2026-05-01 11:00:00',
       'UTC', $2, 'publish')`,
      [id, venue],
    );

  beforeAll(async () => {
    schema = await createTestSchema();
    database = createPostgresDatabase({ connectionString: TEST_PG_URL, schema: schema.schema, max: 2 });
    await database.migrate();
    author = await createUser(database.kysely, { login: 'writer', role: 'administrator' }).then((user) =>
      Number(user.id),
    );
  });
  afterAll(async () => {
    for (const connection of clients) await connection.end();
    await database.destroy();
    await schema.drop();
  });

  it('makes a delete of the linked post wait for the insert, then unlinks the inserted event', async () => {
    const venue = await insertPost(database.kysely, author, 'venue');
    const event = await insertPost(database.kysely, author);
    const [inserter, deleter] = [await client(), await client()];
    await inserter.query('begin');
    await insertEvent(inserter, event, venue);
    let deleted = false;
    const deletion = deleter.query('delete from posts where id = $1', [venue]).then(() => {
      deleted = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(deleted).toBe(false);
    await inserter.query('commit');
    await deletion;
    expect(await linksOf(database.kysely, [event])).toEqual([[null, null, null]]);
  });

  it('makes an insert linking to a post being deleted wait, then refuses it', async () => {
    const venue = await insertPost(database.kysely, author, 'venue');
    const event = await insertPost(database.kysely, author);
    const [inserter, deleter] = [await client(), await client()];
    await deleter.query('begin');
    await deleter.query('delete from posts where id = $1', [venue]);
    let settled = false;
    const insertion = insertEvent(inserter, event, venue).finally(() => {
      settled = true;
    });
    insertion.catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(settled).toBe(false);
    await deleter.query('commit');
    await expect(insertion).rejects.toMatchObject({ code: '23503' });
    expect(await linksOf(database.kysely, [event])).toEqual([]);
  });
});
