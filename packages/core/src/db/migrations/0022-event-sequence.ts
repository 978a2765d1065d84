import { type Kysely, sql } from 'kysely';

/**
 * The revision of every event as the iCalendar feeds publish it, apart from the revision its source had:
 *
 * - `events.sequence`: the SEQUENCE the feeds write for the event (a series, an exception, an event on its
 *   own), raised by each write that changes it (`resources/events/sequence.ts`). An imported event starts at
 *   its source's SEQUENCE. Before this, only imported events had one (`event_ical.sequence`, which local edits
 *   raised): it is carried over, so that no subscriber sees a SEQUENCE go back.
 * - `events.revised_utc`: when that content last changed, the feeds' LAST-MODIFIED, set by a write that
 *   creates or changes the event, unlike the post's `modified_utc`, which every write stamps (a write that
 *   changes nothing too, as WordPress does); null (the post's `modified_utc` then) for rows written in bulk.
 * - `event_ical.fingerprint`: a digest of what the .ics import read of the series' own VEVENT the last time it
 *   wrote it, so that a change the source made without raising SEQUENCE or LAST-MODIFIED is seen; null for
 *   rows imported before (their next import compares SEQUENCE and LAST-MODIFIED only). From here on
 *   `event_ical.sequence` and `last_modified_utc` are the source's, of that VEVENT alone.
 * - `event_ical_exceptions`: the same three of each RECURRENCE-ID VEVENT imported, by its series and the
 *   original start it names, so that each exception is compared with what was imported of it, not with its
 *   series. Deleting the series deletes them. Its writes move the data version, as every answer's table does.
 *
 * Frozen SQL per database, as the baseline is.
 */
export function eventSequence(dialect: 'sqlite' | 'postgres') {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not as it is
    async up(db: Kysely<any>) {
      const statements = [
        'alter table "events" add column "sequence" integer default 0 not null',
        `update events set sequence = (select i.sequence from event_ical as i where i.event_id = events.id)
          where id in (select event_id from event_ical)`,
        'alter table "events" add column "revised_utc" text',
        'update events set revised_utc = (select p.modified_utc from posts as p where p.id = events.id)',
        'alter table "event_ical" add column "fingerprint" text',
        `create table "event_ical_exceptions" ("series_id" integer not null references "posts" ("id") on delete cascade,
          "original_start_utc" text not null, "sequence" integer not null, "last_modified_utc" text,
          "fingerprint" text not null,
          constraint "event_ical_exceptions_pk" primary key ("series_id", "original_start_utc"))`,
        ...(dialect === 'postgres'
          ? [
              `create trigger "event_ical_exceptions_bumps_data_version"
                after insert or update or delete or truncate on "event_ical_exceptions"
                for each statement execute function calendar_bump_data_version()`,
            ]
          : ['insert', 'update', 'delete'].map(
              (event) => `create trigger "event_ical_exceptions_${event}_bumps_data_version"
                after ${event} on "event_ical_exceptions"
                begin update data_version set version = version + 1 where id = 1; end`,
            )),
      ];
      for (const statement of statements) await sql.raw(statement).execute(db);
    },
  };
}
