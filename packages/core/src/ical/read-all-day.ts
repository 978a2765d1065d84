/**
 * The dates of a series of whole days (DTSTART a DATE) that a producer wrote as DATE-TIMEs (`read.ts`).
 * Outlook and Exchange write such a series' EXDATE and RECURRENCE-ID at local midnight in the organizer's zone
 * (`EXDATE;TZID=W. Europe Standard Time:20270105T000000`) and its UNTIL as that midnight in UTC
 * (`UNTIL=20270110T230000Z`). RFC 5545 wants DATEs there (§3.3.10, §3.8.5.1); what is meant is evident: a day.
 * A value with a TZID names the calendar date it has in its own zone; a UTC value the date it has in the zone the
 * producer wrote in (`producerZone`); a floating one its own date. UNTIL then includes that day, as an instance
 * at that day's midnight is not after a DATE-TIME of that day.
 */
import type ICAL from 'ical.js';
import { utcToLocal } from '../dates/zones.js';
import { compact, type Moment } from './read-times.js';
import { ianaZoneOf } from './zones.js';

/**
 * The zone an event's producer evidently wrote in: the TZID of the event's own date-times (its recurrence
 * lines, already named by IANA zones, then its exceptions' RECURRENCE-IDs), else the file's only VTIMEZONE,
 * else the calendar's zone.
 */
export function producerZone(
  lines: readonly string[],
  exceptions: readonly ICAL.Component[],
  timezones: ReadonlyMap<string, unknown>,
  calendarZone: string,
): string {
  for (const line of lines) {
    const tzid = /;TZID=([^;:]+)/i.exec(line)?.[1];
    const zone = tzid === undefined ? undefined : ianaZoneOf(tzid);
    if (zone !== undefined) return zone;
  }
  for (const exception of exceptions) {
    const tzid = exception.getFirstProperty('recurrence-id')?.getParameter('tzid');
    const zone = typeof tzid === 'string' ? ianaZoneOf(tzid) : undefined;
    if (zone !== undefined) return zone;
  }
  const [only, ...others] = timezones.keys();
  return (only !== undefined && others.length === 0 && ianaZoneOf(only)) || calendarZone;
}

/** A DATE-TIME value (`YYYYMMDDTHHMMSS`, `Z` for UTC) as the date it names: see the module's comment. */
function dayOf(value: string, zone: string): string {
  if (!value.endsWith('Z')) return value.slice(0, 8);
  const wall = `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)} ${value.slice(9, 11)}:${value.slice(11, 13)}:${value.slice(13, 15)}`;
  return compact(utcToLocal(wall, zone)).slice(0, 8);
}

/** A RECURRENCE-ID read as a DATE-TIME, for a series of whole days: the day it names (a UTC one in `zone`). */
export function dayMoment(moment: Moment, zone: string): Moment {
  if (moment.kind === 'date') return moment;
  const local = moment.zone === 'UTC' ? utcToLocal(moment.local, zone) : moment.local;
  return { kind: 'date', date: local.slice(0, 10) };
}

const DATE_TIME = /^\d{8}T\d{6}Z?$/;

/**
 * A series of whole days' recurrence lines with their DATE-TIMEs as the days they name: UNTIL a DATE, EXDATE
 * and RDATE lines `VALUE=DATE` (a line of periods, or of anything else, is left as it is).
 */
export function wholeDayRecurrence(lines: readonly string[], zone: string): string[] {
  return lines.map((line) => {
    const colon = line.indexOf(':');
    const head = line.slice(0, colon);
    const value = line.slice(colon + 1);
    const name = /^[A-Za-z-]+/.exec(head)?.[0]?.toUpperCase();
    if (name === 'RRULE')
      return line.replace(
        /(UNTIL=)(\d{8}T\d{6}Z?)/i,
        (_all, key: string, until: string) => key + dayOf(until, zone),
      );
    if ((name !== 'EXDATE' && name !== 'RDATE') || /;VALUE=DATE(?!-)/i.test(head)) return line;
    const values = value.split(',');
    if (!values.every((v) => DATE_TIME.test(v))) return line;
    const days = [...new Set(values.map((v) => (v.endsWith('Z') ? dayOf(v, zone) : v.slice(0, 8))))];
    return `${name};VALUE=DATE:${days.join(',')}`;
  });
}
