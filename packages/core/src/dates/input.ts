import { memoize } from '../support/memo.js';
import { type ParsedTime, parseStrtotime, type StrtotimeOptions } from './strtotime.js';

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

function parseWithinRange(input: string, options: StrtotimeOptions): ParsedTime | null {
  const parsed = parseStrtotime(input, options);
  if (!parsed || !/^\d{4}-/.test(parsed.local)) return null;
  const year = Number(parsed.local.slice(0, 4));
  return year >= 1 && year <= 9998 ? parsed : null;
}
