/**
 * ISO 8601 instants as calendar widgets send them: FullCalendar sends `2026-11-01T00:00:00+01:00` (or `Z`),
 * EventCalendar `2026-11-01T00:00:00` with no offset, either may send a bare date. Only these forms: a widget's
 * range is never `next monday`, and strtotime's leniency would turn a typo into some other range.
 */
import { DateTime } from 'luxon';
import { DATE_FORMAT, resolveZone } from './zones.js';

const ISO_INSTANT =
  /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/;

/**
 * The UTC `YYYY-MM-DD HH:MM:SS` of an ISO 8601 date or date-time: with an offset (`Z`, `+01:00`) as it says,
 * without one as a wall time in `zone` (a bare date: its midnight). Null for anything else, a date that does
 * not exist (`2026-02-30`), or a year outside 0001–9998 (what the date columns hold).
 */
export function isoInstantToUtc(input: string, zone: string): string | null {
  if (!ISO_INSTANT.test(input)) return null;
  const parsed = DateTime.fromISO(input.replace(' ', 'T'), { zone: resolveZone(zone) });
  if (!parsed.isValid) return null;
  const utc = parsed.toUTC();
  if (utc.year < 1 || utc.year > 9998) return null;
  return utc.toFormat(DATE_FORMAT);
}
