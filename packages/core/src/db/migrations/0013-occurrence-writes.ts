import { type Kysely, sql } from 'kysely';
import type { DialectTraits } from '../traits.js';

/**
 * What creating a series writes for each of its occurrences, made cheaper (issue 18: a daily series has seven
 * hundred occurrences, and creating one must stay under 100 ms).
 *
 * - An occurrence that follows its series has the series' texts, so it shares the series' search rows instead
 *   of holding copies, which made most of the time in the trigram indexes. `events.search_id` names the event
 *   whose `event_search` rows stand for this one: the series, for an occurrence not edited on its own; null for
 *   every other event, which has rows of its own. An occurrence that becomes an exception gets its own again.
 * - The triggers of migrations 0007 (the duration bound) and 0008 (the status copied from the post) run once
 *   per insert statement on PostgreSQL, over the statement's new rows, instead of once per row. On SQLite,
 *   which has only row triggers, the status copy updates a new row only when its insert did not give the
 *   right status itself (the update moved the row in every index that leads with the status); occurrences
 *   name it. Whoever else writes the rows still gets the same copies and bound.
 */
export const occurrenceWrites = (traits: DialectTraits) => ({
  // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was
  async up(db: Kysely<any>) {
    if (traits.name === 'sqlite') {
      await sql`drop trigger events_status_insert`.execute(db);
      await sql`create trigger events_status_insert after insert on events
        when new.status is not (select posts.status from posts where posts.id = new.id) begin
        update events set status = (select posts.status from posts where posts.id = new.id) where id = new.id;
        end`.execute(db);
    } else {
      await sql`drop trigger events_status_insert on events`.execute(db);
      await sql`drop function copy_post_status_to_new_event()`.execute(db);
      await sql`create function copy_post_status_to_new_events() returns trigger language plpgsql as $$
        begin
          update events set status = posts.status from new_events, posts
            where events.id = new_events.id and posts.id = new_events.id and events.status is distinct from posts.status;
          return null;
        end $$`.execute(db);
      await sql`create trigger events_status_insert after insert on events referencing new table as new_events
        for each statement execute function copy_post_status_to_new_events()`.execute(db);
      // The bound's row trigger stays for updates of the dates (a column list allows no transition table).
      await sql`drop trigger events_duration on events`.execute(db);
      await sql`create trigger events_duration after update of start_utc, end_utc on events
        for each row execute function raise_event_duration_bound()`.execute(db);
      const seconds = sql.raw(
        'cast(extract(epoch from (new_events.end_utc::timestamp - new_events.start_utc::timestamp)) as bigint) + 1',
      );
      await sql`create function raise_event_duration_bound_for_new_events() returns trigger language plpgsql as $$
        begin
          update event_bounds set max_duration_seconds = longest.seconds
            from (select max(${seconds}) as seconds from new_events) as longest
            where event_bounds.id = 1 and event_bounds.max_duration_seconds < longest.seconds;
          return null;
        end $$`.execute(db);
      await sql`create trigger events_duration_insert after insert on events referencing new table as new_events
        for each statement execute function raise_event_duration_bound_for_new_events()`.execute(db);
    }
    await db.schema.alterTable('events').addColumn('search_id', 'integer').execute();
    await db.schema.createIndex('events_search_id').on('events').column('search_id').execute();
    const attached = sql`(select o.event_id from event_occurrences as o where o.detached = 0)`;
    await sql`update events set search_id = (select o.series_id from event_occurrences as o where o.event_id = events.id)
      where id in ${attached}`.execute(db);
    await sql`delete from event_search where event_id in ${attached}`.execute(db);
  },
});
