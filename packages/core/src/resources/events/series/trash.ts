/**
 * Deleting within a series: trashing the series trashes its occurrences (restoring it brings back those
 * trashed with it, `reconcileSeries`); deleting one occurrence excludes its date from the series (an EXDATE)
 * and makes it an exception, so that a later change of the series leaves it in the trash.
 */
import { formatUtc } from '../../../dates/format.js';
import { utcToLocal } from '../../../dates/zones.js';
import { moveTermTallies } from '../../terms/repository.js';
import { raiseSequence } from '../sequence.js';
import { ownRows } from './follows.js';
import { occurrencesPerTerm, removeOccurrences } from './reconcile.js';
import type { SeriesScope } from './repository.js';
import { seriesLines } from './rule.js';

/** The EXDATE line that excludes an occurrence of a series in `zone` (a whole day for all-day series). */
export function exdateLine(originalStartUtc: string, zone: string, allDay: boolean): string {
  const local = utcToLocal(originalStartUtc, zone);
  const compact = (value: string) => value.replace(/[-:]/g, '').replace(' ', 'T');
  if (allDay) return `EXDATE;VALUE=DATE:${compact(local).slice(0, 8)}`;
  if (zone === 'UTC') return `EXDATE:${compact(originalStartUtc)}Z`;
  return `EXDATE;TZID=${zone}:${compact(local)}`;
}

/**
 * Adds (`exclude`) or removes the EXDATE line of an occurrence's original start in its series' recurrence,
 * unless it is already there, or not there.
 */
async function setExcluded(
  scope: SeriesScope,
  occurrence: { seriesId: number; originalStartUtc: string },
  exclude: boolean,
): Promise<void> {
  const { db } = scope;
  const lines = await seriesLines(db, occurrence.seriesId);
  const series = await db
    .selectFrom('events')
    .select(['timezone', 'all_day'])
    .where('id', '=', occurrence.seriesId)
    .executeTakeFirst();
  if (!lines || !series) return;
  const line = exdateLine(occurrence.originalStartUtc, series.timezone, series.all_day === 1);
  if (lines.includes(line) === exclude) return;
  await db
    .updateTable('event_series')
    .set({ recurrence: JSON.stringify(exclude ? [...lines, line] : lines.filter((kept) => kept !== line)) })
    .where('event_id', '=', occurrence.seriesId)
    .execute();
  // The series' VEVENT gained or lost an EXDATE: a change its subscribers must see.
  await raiseSequence(db, occurrence.seriesId, scope.now);
}

/** After an occurrence went to the trash: its date leaves the series, and it stays as it is. */
export async function excludeOccurrence(
  scope: SeriesScope,
  occurrenceId: number,
  occurrence: { seriesId: number; originalStartUtc: string },
): Promise<void> {
  // An exception from now on: rows of its own, following nothing.
  await ownRows(scope.db, [occurrenceId]);
  await setExcluded(scope, occurrence, true);
}

/**
 * After an occurrence deleted on its own came back from the trash: its date is the series' again (the EXDATE
 * its deletion added goes; it stays an exception).
 */
export async function includeOccurrence(
  scope: SeriesScope,
  occurrence: { seriesId: number; originalStartUtc: string },
): Promise<void> {
  await setExcluded(scope, occurrence, false);
}

/** After the series went to the trash: its occurrences follow, each keeping the status it had. */
export async function trashOccurrences(
  scope: SeriesScope,
  seriesId: number,
  trashedSlug: string,
): Promise<void> {
  const { db } = scope;
  const nowUtc = formatUtc(scope.now);
  const ids = db.selectFrom('events').select('id').where('series_id', '=', seriesId);
  const countedBefore = await occurrencesPerTerm(scope, seriesId);
  await db
    .updateTable('posts')
    .set((eb) => ({
      trashed_from: eb.ref('status'),
      status: 'trash',
      slug: trashedSlug,
      modified_utc: nowUtc,
    }))
    .where('id', 'in', ids)
    .where('status', '!=', 'trash')
    .execute();
  await moveTermTallies(
    db,
    countedBefore,
    await occurrencesPerTerm(scope, seriesId),
    scope.database.traits.rowLocks,
  );
}

/** Before a trashed series is deleted for good: its occurrences go first (they are events of their own). */
export async function deleteOccurrences(scope: SeriesScope, seriesId: number): Promise<void> {
  await removeOccurrences(scope, seriesId);
}
