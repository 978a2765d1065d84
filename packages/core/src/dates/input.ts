import { DateTime } from 'luxon';
import { memoize } from '../support/memo.js';
import { type ParsedTime, parseStrtotime, type StrtotimeOptions } from './strtotime.js';
import { DATE_FORMAT, resolveZone } from './zones.js';

/**
 * `parseStrtotime` for values the service stores or compares: PHP happily answers year -1199 or 10000, which
 * no `YYYY-MM-DD HH:MM:SS` column holds, so results outside years 0001–9998 count as unparseable (400,
 * never a 500 further down).
 */
export function parseTimeInput(input: string, options: StrtotimeOptions): ParsedTime | null {
  // strtotime() works in whole seconds of "now": the same input, zone and second give the same answer.
  const second = Math.floor(options.now.getTime() / 1000);
  return parseMemo(`${options.timezone}\u0000${second}\u0000${input}`);
}

const parseMemo = memoize((key: string): ParsedTime | null => {
  const first = key.indexOf('\u0000');
  const second = key.indexOf('\u0000', first + 1);
  const timezone = key.slice(0, first);
  const now = new Date(Number(key.slice(first + 1, second)) * 1000);
  return parseWithinRange(key.slice(second + 1), { now, timezone });
});

/**
 * A bare integer is a unix timestamp, whatever PHP's strtotime() would make of its digits (`2018` would be
 * 20:18 today, `1609459200` the year 9200): the plugin's `is_time` and date helpers test `is_numeric` first
 * and read numbers as timestamps (ref §5, SPEC §8: "a bare number as a unix timestamp").
 */
function bareIntegerAsTimestamp(input: string, timezone: string): ParsedTime | null {
  const unix = Number(input.trim());
  if (!Number.isSafeInteger(unix)) return null;
  const instant = DateTime.fromSeconds(unix, { zone: 'UTC' });
  const local = instant.setZone(resolveZone(timezone));
  if (!instant.isValid || !local.isValid) return null;
  return {
    unix,
    hasTime: true,
    hasZone: true,
    local: local.toFormat(DATE_FORMAT),
    written: instant.toFormat(DATE_FORMAT),
  };
}

function parseWithinRange(input: string, options: StrtotimeOptions): ParsedTime | null {
  const parsed = /^\s*[+-]?\d+\s*$/.test(input)
    ? bareIntegerAsTimestamp(input, options.timezone)
    : parseStrtotime(input, options);
  if (!parsed || !/^\d{4}-/.test(parsed.local)) return null;
  const year = Number(parsed.local.slice(0, 4));
  return year >= 1 && year <= 9998 ? parsed : null;
}
