import { type Kysely, sql } from 'kysely';

/**
 * An occurrence that follows its series has the series' texts, so it shares the series' search rows instead
 * of holding copies (issue 18: seven hundred copies made creating a daily series spend most of its time in
 * the trigram indexes). `events.search_id` names the event whose `event_search` rows stand for this one: the
 * series, for an occurrence not edited on its own; null for every other event, which has rows of its own. An
 * occurrence that becomes an exception gets rows of its own again.
 */
export const sharedSearchRows = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was
  async up(db: Kysely<any>) {
    await db.schema.alterTable('events').addColumn('search_id', 'integer').execute();
    await db.schema.createIndex('events_search_id').on('events').column('search_id').execute();
    const attached = sql`(select o.event_id from event_occurrences as o where o.detached = 0)`;
    await sql`update events set search_id = (select o.series_id from event_occurrences as o where o.event_id = events.id)
      where id in ${attached}`.execute(db);
    await sql`delete from event_search where event_id in ${attached}`.execute(db);
  },
};
