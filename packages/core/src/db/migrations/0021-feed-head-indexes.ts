import { type Kysely, sql } from 'kysely';

/**
 * Two partial indexes on the start of events, so that a feed (resources/feeds/heads.ts) finds its series
 * and events without reading the occurrences that follow a series (a daily series has hundreds):
 *
 * - `events_own_start (start_utc, id)` over the events that follow nothing (events on their own, series,
 *   exceptions): walked in date order, each row is a feed entry or an exception of one.
 * - `events_follower_start (follows_id, start_utc, id)` over the occurrences that follow their series: the
 *   first one of a series at or after a date is one seek.
 *
 * Each event is in exactly one of them, so a write adds one index entry per event, as `events_start` does.
 */
export const feedHeadIndexes = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was
  async up(db: Kysely<any>) {
    await db.schema
      .createIndex('events_own_start')
      .on('events')
      .columns(['status', 'hide_from_listings', 'start_utc', 'end_utc'])
      .where(sql.ref('follows_id'), 'is', null)
      .execute();
    await db.schema
      .createIndex('events_follower_start')
      .on('events')
      .columns(['follows_id', 'start_utc', 'id'])
      .where(sql.ref('follows_id'), 'is not', null)
      .execute();
    await db.schema
      .createIndex('events_exceptions')
      .on('events')
      .columns(['series_id', 'original_start_utc'])
      .where(sql<boolean>`${sql.ref('series_id')} is not null and ${sql.ref('follows_id')} is null`)
      .execute();
  },
};
