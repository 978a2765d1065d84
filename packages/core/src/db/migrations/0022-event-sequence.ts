import { type Kysely, sql } from 'kysely';
import type { DialectTraits } from '../traits.js';
import { createDataVersionTriggers } from './0010-data-version-triggers.js';

/**
 * The revision of every event as the iCalendar feeds publish it, apart from the revision its source had:
 *
 * - `events.sequence`: the SEQUENCE the feeds write for the event (a series, an exception, an event on its
 *   own), raised by each write that changes it (`resources/events/sequence.ts`). An imported event starts at
 *   its source's SEQUENCE. Until now only imported events had one (`event_ical.sequence`, which local edits
 *   raised): it is carried over, so that no subscriber sees a SEQUENCE go back.
 * - `event_ical.fingerprint`: a digest of what the .ics import read of the series' own VEVENT the last time it
 *   wrote it, so that a change the source made without raising SEQUENCE or LAST-MODIFIED is seen; null for
 *   rows imported before (their next import compares SEQUENCE and LAST-MODIFIED only). From now on
 *   `event_ical.sequence` and `last_modified_utc` are the source's, of that VEVENT alone.
 * - `event_ical_exceptions`: the same three of each RECURRENCE-ID VEVENT imported, by its series and the
 *   original start it names, so that each exception is compared with what was imported of it, not with its
 *   series. Deleting the series deletes them.
 */
export const EVENT_SEQUENCE_TABLES = ['event_ical_exceptions'] as const;

export function eventSequence(traits: DialectTraits) {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('events')
        .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`update events set sequence = (select i.sequence from event_ical as i where i.event_id = events.id)
        where id in (select event_id from event_ical)`.execute(db);
      await db.schema.alterTable('event_ical').addColumn('fingerprint', 'text').execute();
      await db.schema
        .createTable('event_ical_exceptions')
        .addColumn('series_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
        .addColumn('original_start_utc', 'text', (c) => c.notNull())
        .addColumn('sequence', 'integer', (c) => c.notNull())
        .addColumn('last_modified_utc', 'text')
        .addColumn('fingerprint', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('event_ical_exceptions_pk', ['series_id', 'original_start_utc'])
        .execute();
      await createDataVersionTriggers(traits, db, EVENT_SEQUENCE_TABLES);
    },
  };
}
