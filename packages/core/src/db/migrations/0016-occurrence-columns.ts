import { type Kysely, sql } from 'kysely';

/**
 * An occurrence's series and original start become columns of its event (issue 18: the separate
 * `event_occurrences` row cost a daily series seven hundred more rows, index entries and two foreign-key checks
 * each, a tenth of its creation on PostgreSQL).
 *
 * - `events.series_id`: the series an event is an occurrence of (other than its first, the series itself);
 *   null for every other event. A series deleted by another program leaves its occurrences plain events, as
 *   its `parent_id` does.
 * - `events.original_start_utc`: the start the rule gave it, which names it in the series (RECURRENCE-ID).
 * - Whether it was edited on its own (`detached`) is no column any more: an occurrence is an exception exactly
 *   when it follows nothing (`follows_id` null, migration 0015), and one that follows its series follows the
 *   series it is an occurrence of (`follows_id` = `series_id`).
 * - `events_series (series_id, original_start_utc)`, partial to the occurrences: a series' occurrences and
 *   their followers (`follows_id` in … reads it with `series_id`, which replaces `events_follows_id`).
 */
export const occurrenceColumns = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('events')
      .addColumn('series_id', 'integer', (c) => c.references('posts.id').onDelete('set null'))
      .execute();
    await db.schema.alterTable('events').addColumn('original_start_utc', 'text').execute();
    await sql`update events set
        series_id = (select o.series_id from event_occurrences as o where o.event_id = events.id),
        original_start_utc = (select o.original_start_utc from event_occurrences as o where o.event_id = events.id)
      where id in (select event_id from event_occurrences)`.execute(db);
    // An exception follows nothing; an occurrence that was not one follows its own series.
    await sql`update events set follows_id = null
      where id in (select event_id from event_occurrences where detached = 1) and follows_id is not null`.execute(
      db,
    );
    await sql`update events set follows_id = series_id
      where id in (select event_id from event_occurrences where detached = 0)`.execute(db);
    await db.schema
      .createIndex('events_series')
      .unique()
      .on('events')
      .columns(['series_id', 'original_start_utc'])
      .where(sql.ref('series_id'), 'is not', null)
      .execute();
    await db.schema.dropIndex('events_follows_id').execute();
    await db.schema.dropTable('event_occurrences').execute();
  },
};
