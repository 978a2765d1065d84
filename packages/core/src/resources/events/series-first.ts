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
import { localToUtc } from '../../dates/zones.js';
import type { EventRow, PostRow } from '../../db/schema.js';
import { invalidParam } from '../../errors/invalid-params.js';
import type { ParsedRecurrence } from '../../ical/recurrence.js';
import { moveTermTallies } from '../terms/repository.js';
import { occurrencesPerTerm } from './series.js';
import { insertOccurrences, wallSecondsBetween } from './series-insert.js';
import type { SeriesScope } from './series-repository.js';

/** `hide_from_listings` as the API sets and answers it. */
export const HIDDEN_BY_EDITOR = 1;
/** `hide_from_listings`: a series whose own instance is excluded or replaced; never on an occurrence. */
export const RULE_ONLY = 2;

/** The editor's flag of a stored `hide_from_listings`, which the API answers and occurrences copy. */
export function hiddenByEditor(stored: number): number {
  return stored & HIDDEN_BY_EDITOR;
}

/** Whether the recurrence's EXDATEs remove the series' own instance (`event`: its start, in `zone`). */
export function excludesStart(
  recurrence: ParsedRecurrence,
  event: Pick<EventRow, 'start_local' | 'start_utc'>,
  zone: string,
): boolean {
  return recurrence.exdates.some((date) =>
    date.kind === 'date'
      ? date.date === event.start_local.slice(0, 10)
      : (date.utc ?? localToUtc(date.local, zone)) === event.start_utc,
  );
}

/** Sets or clears `RULE_ONLY` on a series event, whose stored `hide_from_listings` is `stored`. */
export async function setRuleOnly(
  scope: SeriesScope,
  seriesId: number,
  stored: number,
  ruleOnly: boolean,
): Promise<void> {
  const wanted = hiddenByEditor(stored) | (ruleOnly ? RULE_ONLY : 0);
  if (wanted === stored) return;
  await scope.db
    .updateTable('events')
    .set({ hide_from_listings: wanted })
    .where('id', '=', seriesId)
    .execute();
}

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
  await moveTermTallies(scope.db, before, await occurrencesPerTerm(scope, event.id));
}
