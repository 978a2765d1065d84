/**
 * Migrations 0015 and 0016: occurrences that followed their series held copies of its texts, terms and
 * organizers; after them, they hold none and read the series' (`follows_id`, the renamed `search_id`), while
 * exceptions keep theirs; each occurrence's series and original start are columns of its event.
 */
import { Migrator, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createSharedTestDatabase, testDialects } from '../../../../testkit/src/databases.js';
import { termIdsOfEvent } from '../../resources/terms/repository.js';

const dialects = await testDialects();

describe.each(dialects)('migration 0015, occurrence rows ($name)', (dialect) => {
  const closing: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const close of closing) await close();
  });

  it('keeps the links of the series and of exceptions, and lets followers read the series’', async () => {
    const shared = await createSharedTestDatabase(dialect.name, 'calendar-0015-');
    closing.push(() => shared.close());
    const database = shared.connect();
    const db = database.kysely;
    const latest = Migrator.prototype.migrateToLatest;
    Migrator.prototype.migrateToLatest = function (this: Migrator) {
      return this.migrateTo('0014-tec-origins');
    };
    try {
      await database.migrate();
    } finally {
      Migrator.prototype.migrateToLatest = latest;
    }

    // As the service wrote a series before: each occurrence with copies of the series' links.
    const { rows: user } = await sql<{
      id: number;
    }>`insert into users (login, role, display_name, created_utc)
      values ('admin', 'administrator', 'Admin', '2026-01-01 00:00:00') returning id`.execute(db);
    const post = async (type: string) =>
      Number(
        (
          await sql<{ id: number }>`insert into posts (type, status, author_id, slug, date_utc, modified_utc)
            values (${type}, 'publish', ${user[0]!.id}, ${type}, '2026-01-01 00:00:00', '2026-01-01 00:00:00')
            returning id`.execute(db)
        ).rows[0]!.id,
      );
    const organizer = await post('organizer');
    await sql`insert into organizers (id) values (${organizer})`.execute(db);
    const term = Number(
      (
        await sql<{
          id: number;
        }>`insert into terms (taxonomy, slug, event_count) values ('category', 'music', 4)
          returning id`.execute(db)
      ).rows[0]!.id,
    );
    const [series, follower, other, exception] = [
      await post('event'),
      await post('event'),
      await post('event'),
      await post('event'),
    ];
    for (const [id, searchId] of [
      [series, null],
      [follower, series],
      [other, series],
      [exception, null],
    ] as const) {
      await sql`insert into events (id, start_local, end_local, start_utc, end_utc, timezone, parent_id, search_id)
        values (${id}, '2026-05-01 10:00:00', '2026-05-01 11:00:00', '2026-05-01 10:00:00', '2026-05-01 11:00:00',
          'UTC', ${id === series ? null : series}, ${searchId})`.execute(db);
      await sql`insert into event_terms (event_id, term_id, position) values (${id}, ${term}, 0)`.execute(db);
      await sql`insert into post_texts (post_id, language, title) values (${id}, 'en', ${id === exception ? 'Solo' : 'Concert'})`.execute(
        db,
      );
      await sql`insert into event_organizers (event_id, organizer_id, position) values (${id}, ${organizer}, 0)`.execute(
        db,
      );
      if (id !== series)
        await sql`insert into event_occurrences (event_id, series_id, original_start_utc, detached)
          values (${id}, ${series}, ${`2026-05-0${id - series + 1} 10:00:00`}, ${id === exception ? 1 : 0})`.execute(
          db,
        );
    }

    expect((await database.migrate()).slice(0, 2)).toEqual([
      '0015-occurrence-rows',
      '0016-occurrence-columns',
    ]);

    // Migration 0016 then moved each occurrence's series and original start onto its event.
    const { rows: follows } = await sql<{
      id: number;
      follows_id: number | null;
      series_id: number | null;
      original_start_utc: string | null;
    }>`select id, follows_id, series_id, original_start_utc from events order by id`.execute(db);
    const orNull = (value: number | null) => (value === null ? null : Number(value));
    const start = (id: number) => `2026-05-0${id - series + 1} 10:00:00`;
    expect(
      follows.map((row) => [
        Number(row.id),
        orNull(row.follows_id),
        orNull(row.series_id),
        row.original_start_utc,
      ]),
    ).toEqual([
      [series, null, null, null],
      [follower, series, series, start(follower)],
      [other, series, series, start(other)],
      [exception, null, series, start(exception)],
    ]);
    const holders = async (table: 'event_terms' | 'event_organizers') =>
      (await db.selectFrom(table).select('event_id').orderBy('event_id').execute()).map((row) =>
        Number(row.event_id),
      );
    expect(await holders('event_terms')).toEqual([series, exception]);
    expect(await holders('event_organizers')).toEqual([series, exception]);
    const texts = await db.selectFrom('post_texts').select(['post_id', 'title']).orderBy('post_id').execute();
    expect(texts.map((row) => [Number(row.post_id), row.title])).toEqual([
      [series, 'Concert'],
      [exception, 'Solo'],
    ]);
    for (const id of [series, follower, other, exception])
      expect(await termIdsOfEvent(db, id)).toEqual([term]);
    // The count is the same: the followers still count, through their series.
    expect(
      Number((await db.selectFrom('terms').select('event_count').executeTakeFirstOrThrow()).event_count),
    ).toBe(4);
  });
});
