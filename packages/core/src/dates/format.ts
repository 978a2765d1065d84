/**
 * The `YYYY-MM-DD HH:MM:SS` text of every time the API stores and prints: UTC, or a wall time on an event's
 * own clock (the text names no zone). Writing it, reading its fields, and the arithmetic on a clock without
 * offsets all live here; conversions between zones are zones.ts's.
 * @module
 */

/** A full `YYYY-MM-DD HH:MM:SS`, its six fields captured. */
export const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** A day with or without its time: `YYYY-MM-DD[ HH:MM:SS]`. */
const DAY_OR_WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/;

/** The fields of a wall time (no zone), as luxon's and ical.js's `fromObject`/`fromData` take them. */
export interface WallTimeFields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** `value` zero-padded to `width` digits. */
export function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

/** `YYYY-MM-DD HH:MM:SS` of the fields as they are (not checked against the calendar). */
export function wallTimeText(fields: WallTimeFields): string {
  const { year, month, day, hour, minute, second } = fields;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)} ${pad(hour)}:${pad(minute)}:${pad(second)}`;
}

/** The fields of `YYYY-MM-DD[ HH:MM:SS]` (a day reads as its midnight), as written: not checked against the calendar. */
export function wallTimeFields(value: string): WallTimeFields {
  const parts = DAY_OR_WALL_TIME.exec(value);
  if (!parts) throw new RangeError(`Not a YYYY-MM-DD HH:MM:SS time: ${value}`);
  return fieldsOfMatch(parts);
}

/** The fields a wall-time pattern captured (year to second, in that order); a time left out is midnight. */
export function fieldsOfMatch(parts: RegExpExecArray): WallTimeFields {
  const [, year, month, day, hour = '0', minute = '0', second = '0'] = parts;
  return {
    year: Number(year),
    month: Number(month),
    day: Number(day),
    hour: Number(hour),
    minute: Number(minute),
    second: Number(second),
  };
}

/** `YYYY-MM-DD HH:MM:SS` of an instant, in UTC: the storage and output format of every date. */
export function formatUtc(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * A full `YYYY-MM-DD HH:MM:SS` as milliseconds on a clock without offsets (UTC, or the event's own clock).
 * Plain arithmetic: this runs for every occurrence of a series, where luxon's parsing showed.
 */
function wallMs(text: string): number {
  return new Date(`${text.slice(0, 10)}T${text.slice(11, 19)}Z`).getTime();
}

/** The time `seconds` after `text`, on a clock without offsets (nominal: no zone's changes in between). */
export function addWallSeconds(text: string, seconds: number): string {
  return formatUtc(new Date(wallMs(text) + seconds * 1000));
}

/** Seconds from `from` to `to` on a clock without offsets. */
export function wallSecondsBetween(from: string, to: string): number {
  return (wallMs(to) - wallMs(from)) / 1000;
}

/** The day `days` after the day of `date` (`YYYY-MM-DD`); whatever follows the day (a time) is kept. */
export function addDays(date: string, days: number): string {
  const moved = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10) + date.slice(10);
}
