import { type Kysely, sql } from 'kysely';
import type { DialectTraits } from '../traits.js';

/**
 * `event_bounds.max_duration_seconds`: an upper bound of every event's length, kept by triggers on `events`
 * (so it holds whoever writes the rows: the service, a bulk load, an import). It lets `ends_after=X` also
 * bound the start (`start_utc >= X - max duration`), so the list reads a range of the start index instead of
 * walking every event that ended before X. The bound only grows; a missing row means "unknown" and the list
 * then does without it (the triggers never recreate it, so it cannot restart below an existing event).
 */
export function eventDurationBound(traits: DialectTraits) {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('event_bounds')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('max_duration_seconds', 'bigint', (c) => c.notNull())
        .execute();
      // One second of slack for the rounding of the date arithmetic.
      const seconds =
        traits.name === 'sqlite'
          ? (row: string) =>
              sql.raw(
                `cast(round((julianday(${row}.end_utc) - julianday(${row}.start_utc)) * 86400) as integer) + 1`,
              )
          : (row: string) =>
              sql.raw(
                `cast(extract(epoch from (${row}.end_utc::timestamp - ${row}.start_utc::timestamp)) as bigint) + 1`,
              );
      await sql`insert into event_bounds (id, max_duration_seconds)
        select 1, coalesce(max(${seconds('events')}), 0) from events`.execute(db);
      // An update, never an insert: should the row go, the bound stays unknown rather than restart too small.
      const raise = (row: string) => sql`update event_bounds set max_duration_seconds = ${seconds(row)}
        where id = 1 and max_duration_seconds < ${seconds(row)}`;
      if (traits.name === 'sqlite') {
        for (const event of ['insert', 'update of start_utc, end_utc'])
          await sql`create trigger ${sql.raw(`events_duration_${event.split(' ')[0]}`)} after ${sql.raw(event)} on events
            begin ${raise('new')}; end`.execute(db);
      } else {
        await sql`create function raise_event_duration_bound() returns trigger language plpgsql as $$
          begin ${raise('new')}; return new; end $$`.execute(db);
        await sql`create trigger events_duration after insert or update of start_utc, end_utc on events
          for each row execute function raise_event_duration_bound()`.execute(db);
      }
    },
  };
}
