/**
 * A series' own instance, the one at its start (RFC 5545: DTSTART is the first instance of the set, an EXDATE
 * may remove it and a RECURRENCE-ID may name it, as any other). The series event stands for it, unless an
 * EXDATE removes it or an exception replaces it (an occurrence row whose original start is the series' start,
 * edited on its own). Then the series event holds the rule and the identity only (its id, UID, data that the
 * other occurrences follow) and is left out of every list: it carries `RULE_ONLY` in `hide_from_listings`,
 * beside the editor's own flag (`HIDDEN_BY_EDITOR`), so that the lists, their totals and their indexes leave it
 * out exactly as they leave out hidden events (`hide_from_listings = 0`), with no condition of their own. A
 * feed still writes it, for its occurrences and exceptions: its rule, the EXDATE, the exception.
 */
import { wallSecondsBetween } from '../../../dates/format.js';
import type { EventRow, PostRow } from '../../../db/schema.js';
import { invalidParam } from '../../../errors/invalid-params.js';
import { moveTermTallies } from '../../terms/repository.js';
import { insertOccurrences } from './insert.js';
import { setRuleOnly } from './listing-flags.js';
import { occurrencesPerTerm } from './reconcile.js';
import type { SeriesScope } from './repository.js';

/**
 * The occurrence row of a series' own instance, made now (following the series, at the series' dates) unless
 * one exists: what an exception of the first instance is written onto, as any other occurrence's. The series
 * event holds its rule only from now on. Its caller writes the row at once (it then follows nothing): a
 * reconciling of the series would otherwise find a follower at the series' own start, and delete it.
 */
export async function firstInstanceRow(scope: SeriesScope, seriesId: number): Promise<number> {
  const { db } = scope;
  const event = await db
    .selectFrom('events')
    .selectAll()
    .where('id', '=', seriesId)
    .executeTakeFirstOrThrow();
  const isSeries = await db
    .selectFrom('event_series')
    .select('event_id')
    .where('event_id', '=', seriesId)
    .executeTakeFirst();
  if (!isSeries || event.series_id !== null)
    throw invalidParam('occurrence_only', `The event ${seriesId} is not a series.`);
  const row = await existingFirst(scope, event);
  if (row !== undefined) return row;
  const post = await db.selectFrom('posts').selectAll().where('id', '=', seriesId).executeTakeFirstOrThrow();
  await addFirstRow(scope, post, event);
  await setRuleOnly(scope, seriesId, event.hide_from_listings, true);
  return (await existingFirst(scope, event))!;
}

/** The occurrence row of the series' own instance when `originalStartUtc` is the series' start (`firstInstanceRow`). */
export async function firstInstanceAt(
  scope: SeriesScope,
  seriesId: number,
  originalStartUtc: string,
): Promise<number | undefined> {
  const series = await scope.db
    .selectFrom('events')
    .select('start_utc')
    .where('id', '=', seriesId)
    .executeTakeFirst();
  return series?.start_utc === originalStartUtc ? firstInstanceRow(scope, seriesId) : undefined;
}

async function existingFirst(scope: SeriesScope, event: EventRow): Promise<number | undefined> {
  const row = await scope.db
    .selectFrom('events')
    .select('id')
    .where('series_id', '=', event.id)
    .where('original_start_utc', '=', event.start_utc)
    .executeTakeFirst();
  return row?.id;
}

/** The row itself, following the series, which counts it for the series' terms as it counts the others. */
async function addFirstRow(scope: SeriesScope, post: PostRow, event: EventRow): Promise<void> {
  const duration = wallSecondsBetween(event.start_local, event.end_local);
  const instant = { local: event.start_local, utc: event.start_utc };
  const before = await occurrencesPerTerm(scope, event.id);
  await insertOccurrences(scope, event.id, post, event, [instant], duration);
  await moveTermTallies(
    scope.db,
    before,
    await occurrencesPerTerm(scope, event.id),
    scope.database.traits.rowLocks,
  );
}
