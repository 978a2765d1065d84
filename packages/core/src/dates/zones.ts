/**
 * Time-zone helpers. Every conversion between wall time and instants goes through luxon, so DST rules
 * come from the runtime's time-zone database and are never computed by hand here.
 *
 * Wall times travel as `YYYY-MM-DD HH:MM:SS` strings (the format of The Events Calendar's REST API);
 * zones are IANA names (`Europe/Berlin`), `UTC`, or the manual offsets WordPress offers when a site
 * has no named zone (`UTC+5`, `UTC-3:30`, `UTC+05:30`, `UTC+5.5`).
 * @module
 */
import { DateTime, FixedOffsetZone, IANAZone, type Zone } from 'luxon';
import { memoize } from '../support/memo.js';
import { fieldsOfMatch, formatUtc, pad, WALL_TIME, type WallTimeFields } from './format.js';
import { ABBREVIATIONS_BY_ZONE } from './printed-abbreviations.js';

/** luxon format of the `YYYY-MM-DD HH:MM:SS` wall-time strings used throughout the API. */
export const DATE_FORMAT = 'yyyy-MM-dd HH:mm:ss';

/** WordPress manual offsets: `UTC+5`, `UTC-3:30`, `UTC+05:30` and the option values `UTC+5.5`/`UTC+5.75`. */
const MANUAL_OFFSET_PATTERN = /^UTC([+-])(\d{1,2})(?::(\d{2})|\.(\d{1,2}))?$/i;

/** Shape of an IANA identifier; keeps strings Intl would also accept (such as `+05:00`) out. */
const IANA_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_+\-/]*$/;

/** Largest offsets in use anywhere (Kiribati +14, Baker Island -12). */
const MAX_OFFSET_MINUTES = 14 * 60;

const WALL_TIME_PATTERN = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** Minutes east of UTC of a manual offset zone, or null when `zone` is not one. */
function manualOffsetMinutes(zone: string): number | null {
  const match = MANUAL_OFFSET_PATTERN.exec(zone.trim());
  if (!match) return null;
  const [, sign = '+', hoursText = '0', minutesText, decimalText] = match;
  let minutes = Number(hoursText) * 60;
  if (minutesText !== undefined) {
    const extraMinutes = Number(minutesText);
    if (extraMinutes >= 60) return null;
    minutes += extraMinutes;
  } else if (decimalText !== undefined) {
    // WordPress stores fractional hours (5.5, 5.75); anything that is not whole minutes is no offset.
    const extraMinutes = Number(`0.${decimalText}`) * 60;
    if (!Number.isInteger(extraMinutes)) return null;
    minutes += extraMinutes;
  }
  if (minutes > MAX_OFFSET_MINUTES) return null;
  return sign === '-' ? -minutes : minutes;
}

/** `UTC+5`, `UTC-3:30`: the canonical spelling of a manual offset (`UTC` for zero). */
function formatManualOffset(minutes: number): string {
  if (minutes === 0) return 'UTC';
  const sign = minutes < 0 ? '-' : '+';
  const absolute = Math.abs(minutes);
  const hours = Math.floor(absolute / 60);
  const rest = absolute % 60;
  return rest === 0 ? `UTC${sign}${hours}` : `UTC${sign}${hours}:${String(rest).padStart(2, '0')}`;
}

/**
 * The identifiers without a slash that PHP knows. ICU, behind Intl and luxon, also accepts old Java
 * three-letter IDs (`AET`, `AGT`, `IST`...) that PHP and WordPress reject, so slash-less names must be here.
 */
// biome-ignore format: a list of names reads better packed than one per line
const SLASHLESS_ZONE_IDENTIFIERS: ReadonlySet<string> = new Set(
  [
    'CET', 'CST6CDT', 'Cuba', 'EET', 'Egypt', 'Eire', 'EST', 'EST5EDT', 'Factory', 'GB', 'GB-Eire', 'GMT',
    'GMT+0', 'GMT-0', 'GMT0', 'Greenwich', 'Hongkong', 'HST', 'Iceland', 'Iran', 'Israel', 'Jamaica',
    'Japan', 'Kwajalein', 'Libya', 'MET', 'MST', 'MST7MDT', 'Navajo', 'NZ', 'NZ-CHAT', 'Poland', 'Portugal',
    'PRC', 'PST8PDT', 'ROC', 'ROK', 'Singapore', 'Turkey', 'UCT', 'Universal', 'UTC', 'W-SU', 'WET', 'Zulu',
  ].map((name) => name.toLowerCase()),
);

/**
 * True for a zone identifier that both PHP and the runtime's time-zone database know, in any letter case.
 * Remembered: luxon's check builds a new `Intl.DateTimeFormat` each time (slow, and native ICU memory that
 * lingers until a full GC), and every date conversion asks again.
 */
export const isIanaZoneName: (zone: string) => boolean = memoize((zone) => {
  if (!IANA_NAME_PATTERN.test(zone)) return false;
  if (!zone.includes('/') && !SLASHLESS_ZONE_IDENTIFIERS.has(zone.toLowerCase())) return false;
  return IANAZone.isValidZone(zone);
}, 1000);

/** True for IANA names (in any letter case), `UTC`, and WordPress manual offsets (`UTC+5`, `UTC-3:30`). */
export function isValidTimezone(zone: string): boolean {
  return manualOffsetMinutes(zone) !== null || isIanaZoneName(zone.trim());
}

/**
 * The spelling to store for a zone: `utc` becomes `UTC`, `europe/berlin` becomes `Europe/Berlin`,
 * `UTC+05:30` becomes `UTC+5:30`, `UTC+5` stays `UTC+5`. Remembered, as Intl's answer costs a new
 * `Intl.DateTimeFormat` and every event write and imported event asks.
 * @throws RangeError when the zone is not valid.
 */
export function normalizeTimezone(zone: string): string {
  const spelling = timezoneSpelling(zone);
  if (spelling === null) throw new RangeError(`Unknown time zone: ${zone}`);
  return spelling;
}

/** The spelling to store for a zone (`normalizeTimezone`), or null for one that is not valid. */
export const timezoneSpelling: (zone: string) => string | null = memoize((zone: string): string | null => {
  const trimmed = zone.trim();
  const offset = manualOffsetMinutes(trimmed);
  if (offset !== null) return formatManualOffset(offset);
  if (!isIanaZoneName(trimmed)) return null;
  const resolved = new Intl.DateTimeFormat('en-US', { timeZone: trimmed }).resolvedOptions().timeZone;
  // Intl also maps aliases to ICU's preferred name (Asia/Kolkata -> Asia/Calcutta); only its case fix is
  // wanted, so a spelling that was already valid and differs by more than case is kept as given.
  if (resolved.toLowerCase() === trimmed.toLowerCase()) return resolved;
  if (/^(?:etc\/)?(?:utc|uct|gmt|zulu|universal|greenwich)$/i.test(trimmed)) return 'UTC';
  return /[A-Z]/.test(trimmed) ? trimmed : resolved;
}, 1000);

/**
 * The luxon zone for a stored zone name.
 * @throws RangeError when the zone is not valid.
 */
export function resolveZone(zone: string): Zone {
  const offset = manualOffsetMinutes(zone);
  if (offset !== null) return FixedOffsetZone.instance(offset);
  const trimmed = zone.trim();
  if (!isIanaZoneName(trimmed)) throw new RangeError(`Unknown time zone: ${zone}`);
  return IANAZone.create(trimmed);
}

/** Reads `YYYY-MM-DD HH:MM:SS` (seconds, or the whole time, may be left out). */
function parseWallTime(value: string): WallTimeFields {
  const match = WALL_TIME_PATTERN.exec(value.trim());
  if (!match) throw new RangeError(`Not a YYYY-MM-DD HH:MM:SS date: ${value}`);
  const fields = fieldsOfMatch(match);
  const check = DateTime.fromObject(fields, { zone: 'UTC' });
  if (!check.isValid) throw new RangeError(`Not a valid date: ${value}`);
  return fields;
}

/**
 * The instant a wall time names in a zone. A wall time skipped by a spring-forward gap moves forward by
 * the gap (02:30 becomes 03:30), as PHP does; one repeated by an autumn overlap takes its first occurrence.
 */
function wallTimeToDateTime(local: string, zone: string): DateTime {
  const fields = parseWallTime(local);
  // luxon already resolves gap times forward; getPossibleOffsets() lists both readings of an overlap.
  const dateTime = DateTime.fromObject(fields, { zone: resolveZone(zone) });
  if (!dateTime.isValid) throw new RangeError(`Not a valid date: ${local}`);
  const readings = dateTime.getPossibleOffsets();
  return readings.reduce((earliest, reading) =>
    reading.toMillis() < earliest.toMillis() ? reading : earliest,
  );
}

/**
 * Remembers the answers of a pure (value, zone) conversion. Each luxon conversion costs Intl lookups, far
 * more than a look-up in a map, and a page of events asks for the same few hundred conversions again and again.
 */
function memoized(convert: (value: string, zone: string) => string): (value: string, zone: string) => string {
  const answers = new Map<string, string>();
  return (value, zone) => {
    const key = `${zone}\u0000${value}`;
    let answer = answers.get(key);
    if (answer === undefined) {
      answer = convert(value, zone);
      if (answers.size >= 50_000) answers.clear();
      answers.set(key, answer);
    }
    return answer;
  };
}

const THREE_HOURS_MS = 3 * 3_600_000;
const DAY_MS = 86_400_000;

/** Per zone name, its offset at the start of each UTC day asked for (days since 1970). */
const offsetsAtDayStart = new Map<string, Map<number, number>>();
let rememberedDays = 0;

function offsetAtDayStart(zone: Zone, days: Map<number, number>, day: number): number {
  let offset = days.get(day);
  if (offset === undefined) {
    offset = zone.offset(day * DAY_MS);
    if (rememberedDays++ >= 100_000) {
      offsetsAtDayStart.clear();
      rememberedDays = 0;
    }
    days.set(day, offset);
  }
  return offset;
}

/**
 * A zone's offset (minutes) at an instant. Luxon asks Intl for every offset, and a daily series' starts and
 * ends would ask it thousands of times (the benchmark's `series-create` run): a day
 * whose offset is the same at its start and at the next day's start keeps it all day (no zone changes its
 * offset and back within one day), so two look-ups per day answer; a day with a change asks luxon.
 */
function offsetAt(zone: Zone, instant: number): number {
  if (zone.isUniversal) return zone.offset(instant);
  let days = offsetsAtDayStart.get(zone.name);
  if (!days) {
    days = new Map();
    offsetsAtDayStart.set(zone.name, days);
  }
  const day = Math.floor(instant / DAY_MS);
  const offset = offsetAtDayStart(zone, days, day);
  return offset === offsetAtDayStart(zone, days, day + 1) ? offset : zone.offset(instant);
}

/**
 * The instant of a full wall time far from any change of the zone's offset (the same offset three hours
 * before and after), from the zone's offsets alone (`offsetAt`): a microsecond where luxon's DateTime takes
 * about 90.
 * A series of 730 occurrences converts each start and end. Undefined near a change (a gap or an overlap), and
 * for anything not a valid full date-time: `wallTimeToDateTime` decides those.
 */
function steadyWallTimeToUtc(local: string, zone: string): string | undefined {
  const match = WALL_TIME.exec(local);
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second] = match.map(Number) as number[];
  const wall = Date.UTC(year!, month! - 1, day!, hour!, minute!, second!);
  const check = new Date(wall);
  if (
    year! < 1000 ||
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month! - 1 ||
    check.getUTCDate() !== day ||
    hour! > 23 ||
    minute! > 59 ||
    second! > 59
  )
    return undefined;
  const resolved = zoneNamed(zone);
  if (!resolved) return undefined;
  const offset = offsetAt(resolved, wall);
  const instant = wall - offset * 60_000;
  if (
    offsetAt(resolved, instant) !== offset ||
    offsetAt(resolved, instant - THREE_HOURS_MS) !== offset ||
    offsetAt(resolved, instant + THREE_HOURS_MS) !== offset
  )
    return undefined;
  const text = formatUtc(new Date(instant));
  // Past year 9999 the ISO text takes six digits and a sign; luxon decides those.
  return WALL_TIME.test(text) ? text : undefined;
}

/** A zone by its stored name, or null for one luxon cannot read; remembered, as every conversion asks. */
const zoneNamed = memoize((zone: string): Zone | null => {
  try {
    return resolveZone(zone);
  } catch {
    return null;
  }
}, 1000);

/** `YYYY-MM-DD HH:MM:SS` wall time in `zone` to the same instant as UTC `YYYY-MM-DD HH:MM:SS`. */
export const localToUtc = memoized((local, zone) =>
  zone === 'UTC' && WALL_TIME.test(local) && parseWallTime(local)
    ? local
    : (steadyWallTimeToUtc(local, zone) ?? wallTimeToDateTime(local, zone).toUTC().toFormat(DATE_FORMAT)),
);

/** UTC `YYYY-MM-DD HH:MM:SS` to the wall time of the same instant in `zone`. */
export const utcToLocal = memoized((utc, zone) =>
  zone === 'UTC' && WALL_TIME.test(utc) && parseWallTime(utc)
    ? utc
    : wallTimeToDateTime(utc, 'UTC').setZone(resolveZone(zone)).toFormat(DATE_FORMAT),
);

/** Unix seconds to the `YYYY-MM-DD HH:MM:SS` wall time in `zone`. */
export function unixToLocal(unix: number, zone: string): string {
  return DateTime.fromSeconds(unix, { zone: resolveZone(zone) }).toFormat(DATE_FORMAT);
}

/** `YYYY-MM-DD HH:MM:SS` wall time in `zone` to unix seconds. */
export function localToUnix(local: string, zone: string): number {
  return Math.floor(wallTimeToDateTime(local, zone).toSeconds());
}

/**
 * The abbreviation of `zone` at the UTC instant `utc` (`YYYY-MM-DD HH:MM:SS`): `EST`/`EDT`, `CET`/`CEST`,
 * `UTC`; manual offsets print as themselves (`UTC+5`). Zones neither in the table above nor named by Intl
 * fall back to luxon's English short name, such as `GMT-3`.
 */
const abbreviationMemo = memoized((utc, zone) => abbreviationAt(zone, utc));

export function zoneAbbreviation(zone: string, utc: string): string {
  return abbreviationMemo(utc, zone);
}

function abbreviationAt(zone: string, utc: string): string {
  const offset = manualOffsetMinutes(zone);
  if (offset !== null) return formatManualOffset(offset);
  const dateTime = wallTimeToDateTime(utc, 'UTC').setZone(resolveZone(zone));
  const known = ABBREVIATIONS_BY_ZONE.get(zone.trim().toLowerCase())?.get(dateTime.offset);
  if (known !== undefined) return known;
  return dateTime.setLocale('en-US').offsetNameShort ?? formatManualOffset(dateTime.offset);
}

/** The wall time `local` in `zone` as ISO 8601 with its offset, `2018-01-01T16:00:00+08:00` (schema.org). */
export const toIsoWithOffset = memoized((local, zone) =>
  // 'ZZ', not toISO(): toISO() writes 'Z' for UTC, where PHP's 'c' format (mirrored here) writes +00:00.
  wallTimeToDateTime(local, zone).toFormat("yyyy-MM-dd'T'HH:mm:ssZZ"),
);

/** The parts of a `YYYY-MM-DD HH:MM:SS` string, as in The Events Calendar's `*_date_details` objects. */
export interface DateDetails {
  year: string;
  month: string;
  day: string;
  hour: string;
  minutes: string;
  seconds: string;
}

/** Splits `YYYY-MM-DD HH:MM:SS` into zero-padded strings; no time-zone conversion. */
export function dateDetails(value: string): DateDetails {
  const { year, month, day, hour, minute, second } = parseWallTime(value);
  return {
    year: pad(year, 4),
    month: pad(month),
    day: pad(day),
    hour: pad(hour),
    minutes: pad(minute),
    seconds: pad(second),
  };
}

/** `YYYY-MM-DD 00:00:00` of the day of a `YYYY-MM-DD[ HH:MM:SS]` string. */
export function startOfDay(local: string): string {
  const { year, month, day } = dateDetails(local);
  return `${year}-${month}-${day} 00:00:00`;
}

/** `YYYY-MM-DD 23:59:59` of the day of a `YYYY-MM-DD[ HH:MM:SS]` string. */
export function endOfDay(local: string): string {
  const { year, month, day } = dateDetails(local);
  return `${year}-${month}-${day} 23:59:59`;
}
