import { type Kysely, sql } from 'kysely';
import type { DialectTraits } from '../traits.js';

/**
 * An occurrence that follows its series shares the series' texts, terms and organizers too, as it shares its
 * search rows since migration 0013 (issue 18: a daily series has seven hundred occurrences, and creating one
 * must stay under 100 ms; their copies of the series' texts, three terms and two organizers were 4,374 rows,
 * each with index entries and foreign-key checks, the most of what was left).
 *
 * `events.search_id` becomes `events.follows_id`, the name of what it now is: the series an occurrence
 * follows, whose `post_texts`, search rows, `event_terms` and `event_organizers` stand for its own; null for every other
 * event, which has rows of its own (an occurrence edited or deleted on its own gets copies then). Readers go
 * through `coalesce(follows_id, id)`. The copies the followers held are deleted: they were the series'.
 *
 * `events_venue` (migration 0009) gains `follows_id`, so that a venue's events walked with a category test
 * still read the index alone: the test looks up the terms of `coalesce(follows_id, id)`.
 */
export const occurrenceRows = (traits: DialectTraits) => ({
  // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was
  async up(db: Kysely<any>) {
    await sql`alter table events rename column search_id to follows_id`.execute(db);
    if (traits.name === 'sqlite') {
      await sql`drop index events_search_id`.execute(db);
      await db.schema.createIndex('events_follows_id').on('events').column('follows_id').execute();
    } else await sql`alter index events_search_id rename to events_follows_id`.execute(db);
    await db.schema.dropIndex('events_venue').execute();
    await db.schema
      .createIndex('events_venue')
      .on('events')
      .columns(['venue_id', 'start_utc', 'id', 'end_utc', 'hide_from_listings', 'status', 'follows_id'])
      .execute();
    const followers = sql`(select id from events where follows_id is not null)`;
    await sql`delete from event_terms where event_id in ${followers}`.execute(db);
    await sql`delete from event_organizers where event_id in ${followers}`.execute(db);
    await sql`delete from post_texts where post_id in ${followers}`.execute(db);
  },
});
