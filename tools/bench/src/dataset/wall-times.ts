/**
 * Dates of the generated calendar: wall times as calendar fields, and the instants they name in a zone (as
 * core's `localToUtc` computes them, faster).
 */
import { formatUtc, wallTimeText } from '@calendar-events/core/internal';
import { DateTime, IANAZone } from 'luxon';

/** `YYYY-MM-DD HH:MM:SS` of an instant (milliseconds), in UTC. */
export function formatUtcMs(ms: number): string {
  return formatUtc(new Date(ms));
}

/** `YYYY-MM-DD` of an instant, in UTC. */
export function formatDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** A wall time: calendar fields that mean nothing without a zone. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** Wall-time fields of a "floating" millisecond value (UTC arithmetic used as a calendar). */
export function wallTimeOf(floatingMs: number): WallTime {
  const d = new Date(floatingMs);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
}

export const formatWallTime: (t: WallTime) => string = wallTimeText;

const zones = new Map<string, IANAZone>();

/**
 * The instant a wall time names in a zone, as core's `localToUtc` computes it: a time skipped by a DST gap
 * moves forward, a repeated one takes its first occurrence.
 */
export function wallTimeToUtcMs(time: WallTime, zoneName: string): number {
  let zone = zones.get(zoneName);
  if (!zone) {
    zone = IANAZone.create(zoneName);
    zones.set(zoneName, zone);
  }
  const readings = DateTime.fromObject(time, { zone }).getPossibleOffsets();
  return Math.min(...readings.map((reading) => reading.toMillis()));
}

const noonOffsets = new Map<string, number>();

/** The zone's offset (ms) at noon of a day, remembered: one luxon call per zone and day. */
function noonOffset(zoneName: string, year: number, month: number, day: number): number {
  const key = `${zoneName}|${year}-${month}-${day}`;
  let offset = noonOffsets.get(key);
  if (offset === undefined) {
    const noon = { year, month, day, hour: 12, minute: 0, second: 0 };
    offset = Date.UTC(year, month - 1, day, 12) - wallTimeToUtcMs(noon, zoneName);
    noonOffsets.set(key, offset);
  }
  return offset;
}

/**
 * `wallTimeToUtcMs`, faster: asking luxon (Intl lookups) for each of millions of dates is too slow.
 * Zones change their offset only between midnight and 04:00 local time, so from 04:00 on a day has the
 * offset it has at noon; before 04:00 it has it too when the previous noon had the same offset (no
 * change in between). Only the night of a change takes the exact path.
 */
export function fastWallTimeToUtcMs(time: WallTime, zoneName: string): number {
  const floating = Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
  const offset = noonOffset(zoneName, time.year, time.month, time.day);
  if (time.hour >= 4) return floating - offset;
  const previous = new Date(floating - 86_400_000);
  const previousOffset = noonOffset(
    zoneName,
    previous.getUTCFullYear(),
    previous.getUTCMonth() + 1,
    previous.getUTCDate(),
  );
  return previousOffset === offset ? floating - offset : wallTimeToUtcMs(time, zoneName);
}

/** `YYYYMMDDTHHMMSSZ` of an instant. */
export function formatIcalUtc(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

export const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;

/** Floating milliseconds of a wall time (UTC arithmetic used as a calendar; the inverse of wallTimeOf). */
export function floatingMsOf(t: WallTime): number {
  return Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
}
