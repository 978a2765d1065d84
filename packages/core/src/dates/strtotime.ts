/**
 * PHP `strtotime()` for TypeScript: the date strings The Events Calendar's REST API accepts in
 * `start_date`, `end_date` and friends (`2018-01-01 4pm`, `next wednesday 4pm`, `+5 days`, `@1514764800`)
 * evaluated the way PHP 8.2 does, with `date_default_timezone_set(options.timezone)` and `options.now` as
 * the current time.
 *
 * It is a port of timelib, the library behind PHP's date functions, in two halves:
 * strtotime-scanner.ts reads the string into fields (parse_date.re); this file fills the gaps from "now",
 * applies the relative parts and turns the wall time into an instant (timelib_fill_holes() and
 * timelib_update_ts() of tm2unixtime.c). Time-zone offsets and DST come from luxon; calendar carries
 * (February 30th is March 2nd, 25:00 is 01:00 the next day) come from the UTC calendar of `Date`, which
 * carries fields exactly as timelib does.
 *
 * It agrees with PHP 8.2's own output on every case of `shared/data/strtotime-reference.json` that PHP
 * answers with a date (see strtotime.test.ts), including PHP's day overflow (`2018-02-30` is March 2nd)
 * and a bare four-digit number as a time of day (`2018` is 20:18 today).
 *
 * Deliberate rejections (null where PHP would return a date), also exported as DOCUMENTED_REJECTIONS:
 * - Strings longer than 256 characters. No date string is that long; the cap bounds the work one request
 *   can cause, since finding the longest token at each position costs time quadratic in the length.
 * - Results outside the range of a JavaScript `Date` (about 270,000 years either side of 1970), which
 *   take very large numbers: `@99999999999999`, or `20180105 monday` (read by PHP as 20,180,105 Mondays ahead). PHP
 *   answers with a far-away year instead.
 *
 * No extension: where PHP returns false, so does this parser. (The service reads every bare integer as a
 * unix timestamp before this parser sees it, as The Events Calendar does: see dates/input.ts.)
 *
 * Ambiguous wall times (the hour repeated when DST ends) resolve as PHP resolves them, which is not
 * always the first occurrence: in the default zone PHP takes the standard-time reading east of UTC
 * (Berlin 02:30 is CET) and the daylight-time reading west of it (New York 01:30 is EDT). Wall times in a
 * spring-forward gap move forward by the gap, as in PHP.
 * @module
 */
import { DateTime, IANAZone, type Zone } from 'luxon';
import {
  FIRST_DAY_OF_MONTH,
  LAST_DAY_OF_MONTH,
  type ParsedParts,
  type RelativeParts,
  SPECIAL_DAY_OF_WEEK_IN_MONTH,
  SPECIAL_LAST_DAY_OF_WEEK_IN_MONTH,
  SPECIAL_WEEKDAY,
  scanDateString,
  UNSET,
} from './strtotime-scanner.js';
import { DATE_FORMAT, isIanaZoneName, resolveZone } from './zones.js';

export interface StrtotimeOptions {
  /** The current time: what `now`, `today`, `+1 day` and every omitted field are relative to. */
  now: Date;
  /** PHP's default time zone: an IANA name (`Europe/Berlin`) or `UTC`; manual offsets (`UTC+5`) work too. */
  timezone: string;
}

export interface ParsedTime {
  /** Seconds since the epoch, as PHP's strtotime() returns them. */
  unix: number;
  /** The input set a time of day (`4pm`, `10:00`, `noon`, `@123`, `now`, `+2 days`), not only a date. */
  hasTime: boolean;
  /** The input carried its own offset or zone (`Z`, `+02:00`, `EST`, `Europe/Rome`, `@unix`, a timestamp). */
  hasZone: boolean;
  /** The result as `YYYY-MM-DD HH:MM:SS` wall time in `options.timezone`. */
  local: string;
  /**
   * The wall time as written, in the input's own zone or offset when it names one (`2030-03-10T23:00-08:00`
   * is `2030-03-10 23:00:00`; `@0` is `1970-01-01 00:00:00`, UTC), else equal to `local`. Whole-day filters
   * take their day from it (ref §6.1: "the calendar date of the input as written").
   */
  written: string;
}

/** Longest input considered; see the module comment. */
const MAX_INPUT_LENGTH = 256;

/** Inputs answered with null although PHP returns a date, and why. */
export const DOCUMENTED_REJECTIONS: ReadonlyArray<{ input: string | RegExp; reason: string }> = [
  {
    input: new RegExp(`^[\\s\\S]{${MAX_INPUT_LENGTH + 1},}$`),
    reason: `longer than ${MAX_INPUT_LENGTH} characters: bounds the parsing work of one request`,
  },
  {
    input: /\d{6,}/,
    reason:
      'a number large enough to put the result outside the range of a JavaScript Date (about 270,000 ' +
      'years either side of 1970), as in `@99999999999999` or `20180105 monday` (20,180,105 Mondays ' +
      'ahead); PHP answers with a far-away year',
  },
];

/** Wall-clock fields being worked on (a timelib_time after timelib_fill_holes()). */
interface WallTime {
  y: number;
  m: number;
  d: number;
  h: number;
  i: number;
  s: number;
  us: number;
}

/** A zone identifier named in the string, if both PHP and the runtime know it (in any letter case). */
function lookupZoneIdentifier(name: string): string | null {
  return isIanaZoneName(name) ? name : null;
}

/**
 * timelib_do_normalize(): carries out-of-range fields (month 13, day 0, hour 25, second -90) into the
 * next larger ones. `Date`'s UTC setters carry in exactly the same way; setUTCFullYear() rather than
 * Date.UTC() because the latter reads years 0-99 as 1900-1999. Returns false outside Date's range.
 */
function normalise(time: WallTime): boolean {
  const carriedSeconds = Math.floor(time.us / 1_000_000);
  time.us -= carriedSeconds * 1_000_000;
  const date = new Date(0);
  date.setUTCFullYear(time.y, time.m - 1, time.d);
  date.setUTCHours(time.h, time.i, time.s + carriedSeconds, 0);
  if (Number.isNaN(date.getTime())) return false;
  time.y = date.getUTCFullYear();
  time.m = date.getUTCMonth() + 1;
  time.d = date.getUTCDate();
  time.h = date.getUTCHours();
  time.i = date.getUTCMinutes();
  time.s = date.getUTCSeconds();
  return true;
}

/** The wall time read as if it were UTC, in seconds (timelib's `sse` before the zone adjustment). */
function wallSeconds(time: WallTime): number {
  const date = new Date(0);
  date.setUTCFullYear(time.y, time.m - 1, time.d);
  date.setUTCHours(time.h, time.i, time.s, 0);
  return Math.floor(date.getTime() / 1000);
}

/** 0 = Sunday ... 6 = Saturday (timelib_day_of_week()). */
function dayOfWeek(time: WallTime): number {
  const date = new Date(0);
  date.setUTCFullYear(time.y, time.m - 1, time.d);
  return date.getUTCDay();
}

/** do_adjust_for_weekday(): moves to the weekday of `monday`, `next friday`, `sunday this week`. */
function adjustForWeekday(time: WallTime, relative: RelativeParts): void {
  const currentDay = dayOfWeek(time);
  if (relative.weekdayBehavior === 2) {
    // ISO weeks run Monday to Sunday: "this week" seen from a Sunday is the week that ends that day.
    if (currentDay === 0 && relative.weekday !== 0) relative.weekday -= 7;
    if (relative.weekday === 0 && currentDay !== 0) relative.weekday = 7;
    time.d += relative.weekday - currentDay;
    return;
  }
  let difference = relative.weekday - currentDay;
  if ((relative.d < 0 && difference < 0) || (relative.d >= 0 && difference <= -relative.weekdayBehavior)) {
    difference += 7;
  }
  if (relative.weekday >= 0) {
    time.d += difference;
  } else {
    time.d -= 7 - (Math.abs(relative.weekday) - currentDay);
  }
}

/** do_adjust_special_weekday(): `+3 weekdays` counts Monday to Friday only. */
function adjustForBusinessDays(time: WallTime, count: number): void {
  const currentDay = dayOfWeek(time);
  // C division truncates toward zero, as Math.trunc() and % do.
  time.d += Math.trunc(count / 5) * 7;
  const remainder = count % 5;
  if (count > 0) {
    if (remainder === 0) {
      if (currentDay === 0) time.d -= 2;
      else if (currentDay === 6) time.d -= 1;
    } else if (currentDay === 6) {
      time.d += 1;
    } else if (currentDay + remainder > 5) {
      time.d += 2;
    }
  } else if (remainder === 0) {
    if (currentDay === 6) time.d += 2;
    else if (currentDay === 0) time.d += 1;
  } else if (currentDay === 0) {
    time.d -= 1;
  } else if (currentDay + remainder < 1) {
    time.d -= 2;
  }
  time.d += remainder;
}

function applyFirstLastDayOf(time: WallTime, relative: RelativeParts): void {
  if (relative.firstLastDayOf === FIRST_DAY_OF_MONTH) {
    time.d = 1;
  } else if (relative.firstLastDayOf === LAST_DAY_OF_MONTH) {
    time.d = 0;
    time.m += 1;
  }
}

/**
 * do_adjust_special_early(), do_adjust_relative() and do_adjust_special(): the relative parts, in
 * timelib's order. Returns false when the result leaves Date's range.
 */
function applyRelative(time: WallTime, parts: ParsedParts): boolean {
  const relative = { ...parts.relative };
  if (relative.haveSpecialRelative) {
    if (relative.specialType === SPECIAL_DAY_OF_WEEK_IN_MONTH) {
      time.d = 1;
      time.m += relative.m;
      relative.m = 0;
    } else if (relative.specialType === SPECIAL_LAST_DAY_OF_WEEK_IN_MONTH) {
      time.d = 1;
      time.m += relative.m + 1;
      relative.m = 0;
    }
  }
  applyFirstLastDayOf(time, relative);
  if (!normalise(time)) return false;

  if (relative.haveWeekdayRelative) adjustForWeekday(time, relative);
  if (!normalise(time)) return false;
  if (parts.haveRelative) {
    time.us += relative.us;
    time.s += relative.s;
    time.i += relative.i;
    time.h += relative.h;
    time.d += relative.d;
    time.m += relative.m;
    time.y += relative.y;
  }
  applyFirstLastDayOf(time, relative);
  if (!normalise(time)) return false;

  if (relative.haveSpecialRelative && relative.specialType === SPECIAL_WEEKDAY) {
    adjustForBusinessDays(time, relative.specialAmount);
  }
  return normalise(time);
}

/**
 * do_adjust_timezone() for a zone with DST rules: the unix time of wall time `wall` (seconds, read as
 * UTC) in `zone`. timelib reads the offset at `wall` itself and at `wall` minus that offset and picks
 * between them; doing the same with luxon's offsets reproduces PHP's choices in DST gaps (moved forward)
 * and overlaps (which occurrence depends on the side of UTC, see the module comment).
 *
 * `zoneFromString` is timelib's `have_zone` for an identifier written in the string: then an overlap
 * east of UTC resolves to the daylight-time reading instead, because timelib sees the identifier's
 * unset DST flag as "DST" and looks two hours back.
 */
function wallTimeToUnix(wall: number, zone: Zone, zoneFromString: boolean): number {
  const offsetAt = (unix: number): number => Math.round(zone.offset(unix * 1000) * 60);
  const isDstAt = (unix: number): boolean => DateTime.fromSeconds(unix, { zone }).isInDST;
  // timelib asks whether an instant lies before the start of the offset period containing `reference`;
  // luxon has offsets but no transition times, so a change of offset in between stands for that.
  const isBeforePeriodOf = (instant: number, reference: number): boolean =>
    instant < reference && offsetAt(instant) !== offsetAt(reference);

  const current = offsetAt(wall);
  const after = offsetAt(wall - current);
  let actual = after;
  let actualReference = wall - current;
  if (zoneFromString && current === after && current >= 0 && !isDstAt(wall)) {
    const lookBehind = wall - current - 7200;
    const earlier = offsetAt(lookBehind);
    if (earlier !== after && isBeforePeriodOf(wall - earlier, wall - current)) {
      actual = earlier;
      actualReference = lookBehind;
    }
  }
  const inTransition = isBeforePeriodOf(wall - actual, actualReference);
  return current !== actual && !inTransition ? wall - actual : wall - current;
}

/** Whether the string's time of day is explicit or comes from "now", rather than a bare date's midnight. */
function hasExplicitTime(parts: ParsedParts): boolean {
  if (parts.isTimestamp || parts.haveTime > 0 || parts.namedMidnight) return true;
  const { h, i, s, us } = parts.relative;
  if (h !== 0 || i !== 0 || s !== 0 || us !== 0) return true;
  // Untouched time fields are filled from "now" (`now`, `+2 days`, `next month`), except after a date.
  return parts.h === UNSET && !(parts.haveDate && parts.haveTime === 0);
}

function toParsedTime(unix: number, zone: Zone, hasTime: boolean, written: number | null): ParsedTime | null {
  const local = DateTime.fromSeconds(unix, { zone });
  if (!local.isValid) return null;
  const formatted = local.toFormat(DATE_FORMAT);
  return {
    unix,
    hasTime,
    hasZone: written !== null,
    local: formatted,
    written:
      written === null ? formatted : DateTime.fromSeconds(written, { zone: 'UTC' }).toFormat(DATE_FORMAT),
  };
}

/**
 * Parses `input` as PHP's strtotime() would with `date_default_timezone_set(options.timezone)` and the
 * current time `options.now`. Returns null where PHP returns false, and for the documented rejections.
 * @throws RangeError when `options.timezone` is not a valid zone or `options.now` is an invalid Date.
 */
export function parseStrtotime(input: string, options: StrtotimeOptions): ParsedTime | null {
  const defaultZone = resolveZone(options.timezone);
  const nowUnix = Math.floor(options.now.getTime() / 1000);
  if (!Number.isFinite(nowUnix)) throw new RangeError('options.now is an invalid Date');
  if (input.length > MAX_INPUT_LENGTH) return null;

  const parts = scanDateString(input, lookupZoneIdentifier);
  if (parts === null) return null;

  // timelib_fill_holes(): a date without a time means midnight; every field still missing comes from now.
  const now = DateTime.fromSeconds(nowUnix, { zone: defaultZone });
  const time: WallTime = {
    y: parts.y,
    m: parts.m,
    d: parts.d,
    h: parts.h,
    i: parts.i,
    s: parts.s,
    us: parts.us,
  };
  if (parts.haveDate && parts.haveTime === 0) {
    time.h = 0;
    time.i = 0;
    time.s = 0;
    time.us = 0;
  }
  if (time.us === UNSET) time.us = 0;
  if (time.y === UNSET) time.y = now.year;
  if (time.m === UNSET) time.m = now.month;
  if (time.d === UNSET) time.d = now.day;
  if (time.h === UNSET) time.h = now.hour;
  if (time.i === UNSET) time.i = now.minute;
  if (time.s === UNSET) time.s = now.second;

  if (!applyRelative(time, parts)) return null;
  const wall = wallSeconds(time);
  let unix: number;
  if (parts.zone === null) {
    unix = wallTimeToUnix(wall, defaultZone, false);
  } else if (parts.zone.kind === 'offset') {
    unix = wall - parts.zone.seconds;
  } else {
    unix = wallTimeToUnix(wall, IANAZone.create(parts.zone.name), parts.haveZone > 0);
  }
  return toParsedTime(unix, defaultZone, hasExplicitTime(parts), parts.zone === null ? null : wall);
}
