/**
 * A series' rule as it is kept: the recurrence lines of its `event_series` row (RRULE, RDATE, EXDATE), checked
 * when they are written, read back for the series, and moved with the series' start; and the horizon, the
 * instant up to which its occurrences exist (`recurrenceHorizonMonths` ahead of the clock).
 */
import { DateTime } from 'luxon';
import type { CalendarConfig } from '../../../config.js';
import { formatUtc } from '../../../dates/format.js';
import { localToUtc, utcToLocal } from '../../../dates/zones.js';
import type { Db } from '../../../db/database.js';
import type { EventRow } from '../../../db/schema.js';
import { invalidParam } from '../../../errors/invalid-params.js';
import { parseRecurrence, RecurrenceError } from '../../../ical/recurrence.js';
import type { SeriesScope } from './repository.js';

/** The instant the horizon stands at for a clock reading. */
export function horizonFor(config: CalendarConfig, now: Date): string {
  return formatUtc(
    DateTime.fromJSDate(now, { zone: 'UTC' }).plus({ months: config.recurrenceHorizonMonths }).toJSDate(),
  );
}

/**
 * Reads recurrence lines sent for an event; a line refused → 400 `rest_invalid_param` naming it and why.
 * Returns the lines as they are kept.
 */
export function checkRecurrence(lines: readonly string[], zone: string, allDay: boolean): string[] {
  return readRecurrence(lines, zone, allDay).lines;
}

export function readRecurrence(lines: readonly string[], zone: string, allDay: boolean) {
  return asInvalidParam(() => parseRecurrence(lines, zone, { allDay }));
}

/**
 * A recurrence refused (read, or expanded: too many occurrences, none at all, too costly) → 400 naming it; the
 * RecurrenceError stays its `cause` (the .ics import tells its events apart by it).
 */
export function asInvalidParam<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (!(error instanceof RecurrenceError)) throw error;
    const refused = invalidParam('recurrence', `Invalid recurrence: ${error.message}.`);
    refused.cause = error;
    throw refused;
  }
}

export async function seriesLines(db: Db, eventId: number): Promise<string[] | undefined> {
  const row = await db
    .selectFrom('event_series')
    .select('recurrence')
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return row ? (JSON.parse(row.recurrence) as string[]) : undefined;
}

/**
 * When a series' start time changes, its excluded dates move with it (as Google Calendar moves them): an
 * EXDATE at the old time of day names the same day at the new one, and does not bring that day back.
 */
export async function moveExdatesWithStart(
  scope: SeriesScope,
  seriesId: number,
  lines: readonly string[],
  before: Pick<EventRow, 'start_local' | 'timezone'>,
): Promise<void> {
  const after = await scope.db
    .selectFrom('events')
    .select(['start_local', 'timezone'])
    .where('id', '=', seriesId)
    .executeTakeFirstOrThrow();
  const oldClock = before.start_local.slice(11).replace(/:/g, '');
  const newClock = after.start_local.slice(11).replace(/:/g, '');
  if (oldClock === newClock || before.timezone !== after.timezone) return;
  const zone = after.timezone;
  const moved = lines.map((line) => {
    const match = /^(EXDATE(?:;[^:]*)?):(.*)$/i.exec(line);
    if (!match || /VALUE=DATE(?!-)/i.test(match[1]!)) return line;
    const tzid = /;TZID=([^;:]+)/i.exec(match[1]!)?.[1];
    if (tzid !== undefined && tzid !== zone) return line;
    const values = match[2]!.split(',').map((value) => {
      const parts = /^(\d{8})T(\d{6})(Z?)$/.exec(value.trim());
      if (!parts) return value;
      const [, day, clock, utc] = parts as unknown as [string, string, string, string];
      if (utc === '') return clock === oldClock ? `${day}T${newClock}` : value;
      const wall = (d: string, c: string) =>
        `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)} ${c.slice(0, 2)}:${c.slice(2, 4)}:${c.slice(4, 6)}`;
      const local = utcToLocal(wall(day, clock), zone);
      if (local.slice(11).replace(/:/g, '') !== oldClock) return value;
      const utcValue = localToUtc(`${local.slice(0, 10)} ${after.start_local.slice(11)}`, zone);
      return `${utcValue.slice(0, 10).replace(/-/g, '')}T${utcValue.slice(11).replace(/:/g, '')}Z`;
    });
    return `${match[1]}:${values.join(',')}`;
  });
  if (moved.some((line, index) => line !== lines[index]))
    await scope.db
      .updateTable('event_series')
      .set({ recurrence: JSON.stringify(moved) })
      .where('event_id', '=', seriesId)
      .execute();
}
