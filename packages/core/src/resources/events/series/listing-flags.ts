/**
 * What `hide_from_listings` holds for the lists: the editor's flag, and the mark of a series whose own instance
 * is excluded or replaced (`first.ts`), which leaves the series event out of every list.
 */
import { localToUtc } from '../../../dates/zones.js';
import type { EventRow } from '../../../db/schema.js';
import type { ParsedRecurrence } from '../../../ical/recurrence.js';
import type { SeriesScope } from './repository.js';

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
