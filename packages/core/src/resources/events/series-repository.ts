/** What the series and occurrence tables (migration 0012) say about events: batched reads, one query each. */
import type { CalendarConfig } from '../../config.js';
import type { CalendarDatabase, Db } from '../../db/database.js';

/** What the series code needs of a request (a RequestContext is one; the horizon keeper builds its own). */
export interface SeriesScope {
  db: Db;
  database: Pick<CalendarDatabase, 'traits'>;
  config: CalendarConfig;
  now: Date;
}

export interface OccurrenceInfo {
  seriesId: number;
  /** The start the rule gave it (RECURRENCE-ID), UTC `YYYY-MM-DD HH:MM:SS`. */
  originalStartUtc: string;
  /** Edited on its own: the series' changes leave it as it is. */
  detached: boolean;
}

export interface RecurrenceInfo {
  /** The series' RFC 5545 lines (the series event only). */
  series: Map<number, string[]>;
  /** Occurrences other than the first, by their own id. */
  occurrences: Map<number, OccurrenceInfo>;
}

/** The recurrence facts of the given events: two indexed queries, whatever the number of ids. */
export async function loadRecurrenceInfo(db: Db, ids: readonly number[]): Promise<RecurrenceInfo> {
  const info: RecurrenceInfo = { series: new Map(), occurrences: new Map() };
  if (ids.length === 0) return info;
  const unique = [...new Set(ids)];
  const [series, occurrences] = await Promise.all([
    db
      .selectFrom('event_series')
      .select(['event_id', 'recurrence'])
      .where('event_id', 'in', unique)
      .execute(),
    db
      .selectFrom('event_occurrences')
      .select(['event_id', 'series_id', 'original_start_utc', 'detached'])
      .where('event_id', 'in', unique)
      .execute(),
  ]);
  for (const row of series) info.series.set(row.event_id, JSON.parse(row.recurrence) as string[]);
  for (const row of occurrences)
    info.occurrences.set(row.event_id, {
      seriesId: row.series_id,
      originalStartUtc: row.original_start_utc,
      detached: row.detached === 1,
    });
  return info;
}

/** The occurrence of a series that the rule started at `originalStartUtc`, if it exists. */
export async function findOccurrence(
  db: Db,
  seriesId: number,
  originalStartUtc: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('event_occurrences')
    .select('event_id')
    .where('series_id', '=', seriesId)
    .where('original_start_utc', '=', originalStartUtc)
    .executeTakeFirst();
  return row?.event_id;
}
