import { type Kysely, sql } from 'kysely';
import type { DialectTraits } from '../traits.js';

/**
 * An occurrence that follows its series has the series' texts, so it shares the series' search rows instead
 * of holding copies (issue 18: seven hundred copies made creating a daily series spend most of its time in
 * the trigram indexes). `events.search_id` names the event whose `event_search` rows stand for this one: the
 * series, for an occurrence not edited on its own; null for every other event, which has rows of its own. An
 * occurrence that becomes an exception gets rows of its own again.
 *
 * On SQLite, the trigger that copies a new event's post status (migration 0008) now updates the row only when
 * the insert did not give the right status itself: the update moved the row in every index that leads with
 * the status, for each of a series' seven hundred occurrences, which their insert can name directly.
 */
export const sharedSearchRows = (traits: DialectTraits) => ({
  // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was
  async up(db: Kysely<any>) {
    if (traits.name === 'sqlite') {
      await sql`drop trigger events_status_insert`.execute(db);
      await sql`create trigger events_status_insert after insert on events
        when new.status is not (select posts.status from posts where posts.id = new.id) begin
        update events set status = (select posts.status from posts where posts.id = new.id) where id = new.id;
        end`.execute(db);
    }
    await db.schema.alterTable('events').addColumn('search_id', 'integer').execute();
    await db.schema.createIndex('events_search_id').on('events').column('search_id').execute();
    const attached = sql`(select o.event_id from event_occurrences as o where o.detached = 0)`;
    await sql`update events set search_id = (select o.series_id from event_occurrences as o where o.event_id = events.id)
      where id in ${attached}`.execute(db);
    await sql`delete from event_search where event_id in ${attached}`.execute(db);
  },
});
