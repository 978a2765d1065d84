/**
 * The times of an imported VEVENT (`read.ts`): date properties as days or wall times in a zone we know,
 * DTSTART with DTEND or DURATION as a schedule.
 */
import ICAL from 'ical.js';
import { addDays, addWallSeconds } from '../dates/format.js';
import { localToUtc, utcToLocal } from '../dates/zones.js';
import { IcsError, type LineMap, type RefusalMap } from './read-lines.js';
import { isUtc, wallTime } from './recurrence.js';
import { ianaZoneOf } from './zones.js';

export type Moment = { kind: 'date'; date: string } | { kind: 'time'; local: string; zone: string };

export interface Reading {
  lines: LineMap;
  refusals: RefusalMap;
  /** The calendar's zone: floating times and all-day dates are read in it. */
  zone: string;
  /** VTIMEZONEs of the file, for TZIDs `ianaZoneOf` does not know. */
  timezones: Map<string, ICAL.Timezone>;
}

export function lineOf(reading: Reading, item: ICAL.Component | ICAL.Property): number {
  return reading.lines.get(item) ?? 1;
}

/** A date property's value as a day or a wall time in a zone we know. */
export function momentOf(reading: Reading, property: ICAL.Property): Moment {
  const time = property.getFirstValue() as unknown;
  if (!(time instanceof ICAL.Time))
    throw new IcsError(lineOf(reading, property), `${property.name.toUpperCase()} is not a date`);
  if (time.isDate) return { kind: 'date', date: wallTime(time).slice(0, 10) };
  const tzid = property.getParameter('tzid') as string | undefined;
  if (isUtc(time)) return { kind: 'time', local: wallTime(time), zone: 'UTC' };
  if (tzid === undefined) return { kind: 'time', local: wallTime(time), zone: reading.zone };
  const zone = ianaZoneOf(tzid);
  if (zone !== undefined) return { kind: 'time', local: wallTime(time), zone };
  const defined = reading.timezones.get(tzid);
  if (!defined)
    throw new IcsError(
      lineOf(reading, property),
      `unknown time zone TZID=${tzid}: no IANA or Windows zone of that name, and no VTIMEZONE in the file defines it`,
    );
  const zoned = time.clone();
  zoned.zone = defined;
  let utc: ICAL.Time;
  try {
    utc = zoned.convertToZone(ICAL.Timezone.utcTimezone);
  } catch {
    // ical.js reads a VTIMEZONE's rules only when it converts: a rule it cannot follow fails here.
    throw new IcsError(lineOf(reading, property), `the VTIMEZONE of TZID=${tzid} cannot be read`);
  }
  return { kind: 'time', local: wallTime(utc), zone: 'UTC' };
}

/** A moment as a wall time in `zone`. */
export function inZone(moment: Extract<Moment, { kind: 'time' }>, zone: string): string {
  return moment.zone === zone ? moment.local : utcToLocal(localToUtc(moment.local, moment.zone), zone);
}

export function compact(local: string): string {
  return local.replace(/[-: ]/g, (char) => (char === ' ' ? 'T' : ''));
}

/** DTSTART, DTEND or DURATION: start and end in one zone, and whether the event lasts whole days. */
export function scheduleOf(reading: Reading, event: ICAL.Component) {
  const dtstart = event.getFirstProperty('dtstart');
  if (!dtstart) throw new IcsError(lineOf(reading, event), 'a VEVENT needs a DTSTART');
  const start = momentOf(reading, dtstart);
  const dtend = event.getFirstProperty('dtend');
  const durationProperty = event.getFirstProperty('duration');
  const duration = durationProperty?.getFirstValue() as ICAL.Duration | undefined;
  if (duration?.isNegative)
    throw new IcsError(lineOf(reading, durationProperty!), 'DURATION must not be negative');
  if (start.kind === 'date') {
    let last = start.date;
    if (dtend) {
      const end = momentOf(reading, dtend);
      if (end.kind !== 'date')
        throw new IcsError(lineOf(reading, dtend), 'DTEND must be a DATE when DTSTART is a DATE');
      if (end.date > start.date) last = addDays(end.date, -1);
      else if (end.date < start.date) throw new IcsError(lineOf(reading, dtend), 'DTEND is before DTSTART');
    } else if (duration) {
      last = addDays(start.date, Math.max(1, duration.weeks * 7 + duration.days) - 1);
    }
    return {
      start: `${start.date} 00:00:00`,
      end: `${last} 23:59:59`,
      timezone: reading.zone,
      allDay: true,
      first: start,
    };
  }
  const zone = start.zone;
  let end = start.local;
  if (dtend) {
    const moment = momentOf(reading, dtend);
    if (moment.kind !== 'time')
      throw new IcsError(lineOf(reading, dtend), 'DTEND must be a DATE-TIME when DTSTART is a DATE-TIME');
    end = inZone(moment, zone);
  } else if (duration) {
    // Days are nominal (the same wall time days later), hours and less exact (RFC 5545 §3.3.6).
    const days = addDays(start.local, duration.weeks * 7 + duration.days);
    const seconds = duration.hours * 3600 + duration.minutes * 60 + duration.seconds;
    end = utcToLocal(addWallSeconds(localToUtc(days, zone), seconds), zone);
  }
  if (localToUtc(end, zone) < localToUtc(start.local, zone))
    throw new IcsError(lineOf(reading, dtend ?? dtstart), 'DTEND is before DTSTART');
  // The plugin exports its all-day events as 00:00:00 to 23:59:59 in the event's zone.
  const allDay = start.local.endsWith(' 00:00:00') && end.endsWith(' 23:59:59');
  return { start: start.local, end, timezone: zone, allDay, first: start };
}

export function utcOf(reading: Reading, property: ICAL.Property | null): string | undefined {
  if (!property) return undefined;
  const moment = momentOf(reading, property);
  return moment.kind === 'date' ? `${moment.date} 00:00:00` : localToUtc(moment.local, moment.zone);
}
