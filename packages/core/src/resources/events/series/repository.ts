/** What the series and occurrence tables say about events: batched reads, one query each. */
import type { CalendarConfig } from '../../../config.js';
import type { CalendarDatabase, Db } from '../../../db/database.js';

/** What the series code needs of a request (a RequestContext is one; the horizon keeper builds its own). */
export interface SeriesScope {
  db: Db;
  database: Pick<CalendarDatabase, 'traits' | 'analyzesBulkWrites'>;
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

/** The recurrence facts of the given events: one indexed query, whatever the number of ids. */
export async function loadRecurrenceInfo(db: Db, ids: readonly number[]): Promise<RecurrenceInfo> {
  const info: RecurrenceInfo = { series: new Map(), occurrences: new Map() };
  if (ids.length === 0) return info;
  const rows = await db
    .selectFrom('events as e')
    .leftJoin('event_series as s', 's.event_id', 'e.id')
    .select(['e.id', 's.recurrence', 'e.series_id', 'e.original_start_utc', 'e.follows_id'])
    .where('e.id', 'in', [...new Set(ids)])
    .where((eb) => eb.or([eb('s.event_id', 'is not', null), eb('e.series_id', 'is not', null)]))
    .execute();
  for (const row of rows) {
    if (row.recurrence !== null) info.series.set(row.id, JSON.parse(row.recurrence) as string[]);
    if (row.series_id !== null)
      info.occurrences.set(row.id, {
        seriesId: row.series_id,
        originalStartUtc: row.original_start_utc!,
        detached: row.follows_id === null,
      });
  }
  return info;
}

/** The occurrence of a series that the rule started at `originalStartUtc`, if it exists. */
export async function findOccurrence(
  db: Db,
  seriesId: number,
  originalStartUtc: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('events')
    .select('id')
    .where('series_id', '=', seriesId)
    .where('original_start_utc', '=', originalStartUtc)
    .executeTakeFirst();
  return row?.id;
}
