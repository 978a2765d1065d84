/**
 * An event's recurrence (RFC 5545 §3.8.5): its `RRULE`, `RDATE` and `EXDATE` lines, as Google Calendar's API
 * takes them, read and expanded into occurrences.
 *
 * The rules are expanded by ical.js in the event's own wall-clock time (floating times), and each wall time is
 * then turned into an instant in the event's zone: a 19:00 Berlin event stays at 19:00 local on both sides of a
 * daylight-saving change. A wall time a spring-forward gap skips moves forward by the gap, and one an autumn
 * overlap repeats takes its first reading (dates/zones.ts), as RFC 5545 §3.3.5 and Python's zoneinfo do.
 */
import ICAL from 'ical.js';
import { localToUtc, utcToLocal } from '../dates/zones.js';
import { ianaZoneOf } from './zones.js';

/** A recurrence line refused, with the line (1-based position and text) and why. */
export class RecurrenceError extends Error {
  constructor(
    readonly index: number,
    readonly line: string,
    readonly reason: string,
  ) {
    super(`recurrence line ${index + 1} (${line}): ${reason}`);
    this.name = 'RecurrenceError';
  }
}

/** A date of an `RDATE`/`EXDATE`: a wall time in the event's zone, or a whole day (`VALUE=DATE`). */
type RecurrenceDate = { kind: 'time'; local: string } | { kind: 'date'; date: string };

export interface ParsedRecurrence {
  rules: ICAL.Recur[];
  rdates: RecurrenceDate[];
  exdates: RecurrenceDate[];
  /** The lines as they are kept and exported (folded whitespace and case of the names tidied). */
  lines: string[];
}

export interface Occurrence {
  /** `YYYY-MM-DD HH:MM:SS` in the event's zone. */
  local: string;
  /** `YYYY-MM-DD HH:MM:SS` UTC. */
  utc: string;
}

/** The rule parts of RFC 5545 §3.3.10; ical.js drops any other silently, so they are checked here. */
const RULE_PARTS = new Set([
  'FREQ',
  'UNTIL',
  'COUNT',
  'INTERVAL',
  'BYSECOND',
  'BYMINUTE',
  'BYHOUR',
  'BYDAY',
  'BYMONTHDAY',
  'BYYEARDAY',
  'BYWEEKNO',
  'BYMONTH',
  'BYSETPOS',
  'WKST',
]);

/** More than this many occurrences within the horizon is refused: it is a mistake, not a calendar. */
export const MAX_OCCURRENCES = 5000;

function pad(value: number, size = 2): string {
  return String(value).padStart(size, '0');
}

function wallTime(time: ICAL.Time): string {
  return `${pad(time.year, 4)}-${pad(time.month)}-${pad(time.day)} ${pad(time.hour)}:${pad(time.minute)}:${pad(time.second)}`;
}

function floatingTime(local: string): ICAL.Time {
  const [date, clock = '00:00:00'] = local.split(' ');
  const [year, month, day] = date!.split('-').map(Number);
  const [hour, minute, second] = clock.split(':').map(Number);
  return ICAL.Time.fromData({
    year: year!,
    month: month!,
    day: day!,
    hour: hour ?? 0,
    minute: minute ?? 0,
    second: second ?? 0,
    isDate: false,
  });
}

function isUtc(time: ICAL.Time): boolean {
  return time.zone === ICAL.Timezone.utcTimezone || time.zone?.tzid === 'UTC';
}

/** A value of a date property as a wall time in the event's zone (or a whole day). */
function toEventDate(time: ICAL.Time, tzid: string | undefined, zone: string): RecurrenceDate {
  if (time.isDate) return { kind: 'date', date: wallTime(time).slice(0, 10) };
  const wall = wallTime(time);
  if (isUtc(time)) return { kind: 'time', local: utcToLocal(wall, zone) };
  if (tzid !== undefined) {
    const iana = ianaZoneOf(tzid);
    if (iana === undefined) throw new Error(`unknown time zone "${tzid}"`);
    return { kind: 'time', local: iana === zone ? wall : utcToLocal(localToUtc(wall, iana), zone) };
  }
  return { kind: 'time', local: wall };
}

function checkRuleParts(value: string): void {
  const seen = new Set<string>();
  for (const part of value.split(';')) {
    if (part === '') continue;
    const [name, partValue] = part.split('=');
    const key = name!.trim().toUpperCase();
    if (!RULE_PARTS.has(key)) throw new Error(`unknown rule part "${name}"`);
    if (partValue === undefined || partValue.trim() === '') throw new Error(`rule part ${key} has no value`);
    if (seen.has(key)) throw new Error(`rule part ${key} is given twice`);
    seen.add(key);
  }
  if (!seen.has('FREQ')) throw new Error('a rule needs FREQ');
  if (seen.has('UNTIL') && seen.has('COUNT')) throw new Error('UNTIL and COUNT must not both be given');
}

function ruleOf(property: ICAL.Property, zone: string): ICAL.Recur {
  const value = String(property.toICALString().split(':').slice(1).join(':'));
  checkRuleParts(value);
  const rule = property.getFirstValue() as ICAL.Recur;
  if (rule.freq === 'SECONDLY' || rule.freq === 'MINUTELY')
    throw new Error(`FREQ=${rule.freq} is not supported: an event repeats at most hourly`);
  if ((rule.interval ?? 1) < 1) throw new Error('INTERVAL must be 1 or more');
  if (rule.count !== null && rule.count !== undefined && rule.count < 1)
    throw new Error('COUNT must be 1 or more');
  if (rule.until) {
    // UNTIL is compared with the floating wall times the expansion makes: bring it into the event's zone.
    const until = rule.until;
    if (until.isDate) rule.until = floatingTime(`${wallTime(until).slice(0, 10)} 23:59:59`);
    else if (isUtc(until)) rule.until = floatingTime(utcToLocal(wallTime(until), zone));
  }
  return rule;
}

/** Splits a recurrence given as one text (lines separated by newlines) or as a list. */
export function recurrenceLines(value: string | readonly string[]): string[] {
  const list = typeof value === 'string' ? value.split(/\r?\n/) : [...value];
  return list.map((line) => line.replace(/\r?\n[ \t]/g, '').trim()).filter((line) => line !== '');
}

/**
 * Reads recurrence lines for an event in `zone`.
 * @throws RecurrenceError naming the first line refused and why.
 */
export function parseRecurrence(lines: readonly string[], zone: string): ParsedRecurrence {
  const parsed: ParsedRecurrence = { rules: [], rdates: [], exdates: [], lines: [] };
  lines.forEach((line, index) => {
    try {
      if (!/^[A-Za-z-]+[;:]/.test(line))
        throw new Error('expected NAME:VALUE, for example RRULE:FREQ=WEEKLY');
      const property = ICAL.Property.fromString(line);
      const name = property.name.toUpperCase();
      if (name === 'RRULE') parsed.rules.push(ruleOf(property, zone));
      else if (name === 'RDATE' || name === 'EXDATE') {
        const tzid = property.getParameter('tzid') as string | undefined;
        const dates = property.getValues().map((value) => {
          const time = value instanceof ICAL.Period ? value.start : value;
          if (!(time instanceof ICAL.Time)) throw new Error('expected a date or a date-time');
          return toEventDate(time, tzid, zone);
        });
        if (dates.length === 0) throw new Error('no date given');
        (name === 'RDATE' ? parsed.rdates : parsed.exdates).push(...dates);
      } else if (name === 'EXRULE') throw new Error('EXRULE is deprecated by RFC 5545; use EXDATE');
      else throw new Error(`expected RRULE, RDATE or EXDATE, not ${name}`);
      parsed.lines.push(property.toICALString());
    } catch (error) {
      if (error instanceof RecurrenceError) throw error;
      throw new RecurrenceError(index, line, error instanceof Error ? error.message : String(error));
    }
  });
  if (parsed.rules.length === 0 && parsed.rdates.length === 0)
    throw new RecurrenceError(0, lines[0] ?? '', 'a recurrence needs an RRULE or an RDATE');
  return parsed;
}

/**
 * The occurrences of a recurrence that starts at `startLocal` (DTSTART: the event's start, the first
 * occurrence unless an EXDATE removes it) in `zone`, before `beforeUtc`, in time order.
 * @throws RecurrenceError when there are more than `MAX_OCCURRENCES` of them.
 */
export function expandRecurrence(
  recurrence: ParsedRecurrence,
  startLocal: string,
  zone: string,
  beforeUtc: string,
): Occurrence[] {
  const beforeLocal = utcToLocal(beforeUtc, zone);
  const clock = startLocal.slice(11) || '00:00:00';
  const locals = new Set<string>([startLocal]);
  const tooMany = () =>
    new RecurrenceError(
      0,
      recurrence.lines[0] ?? '',
      `more than ${MAX_OCCURRENCES} occurrences before ${beforeUtc} UTC`,
    );
  for (const rule of recurrence.rules) {
    const iterator = rule.iterator(floatingTime(startLocal));
    for (let next = iterator.next(); next; next = iterator.next()) {
      const local = wallTime(next);
      // A day more than the horizon in wall time: the exact cut is made on the instants below.
      if (local.slice(0, 10) > beforeLocal.slice(0, 10)) break;
      locals.add(local);
      if (locals.size > MAX_OCCURRENCES + 1) throw tooMany();
    }
  }
  for (const date of recurrence.rdates)
    locals.add(date.kind === 'date' ? `${date.date} ${clock}` : date.local);
  const excludedTimes = new Set<string>();
  const excludedDays = new Set<string>();
  for (const date of recurrence.exdates) {
    if (date.kind === 'date') excludedDays.add(date.date);
    else excludedTimes.add(localToUtc(date.local, zone));
  }
  const occurrences: Occurrence[] = [];
  for (const local of locals) {
    const utc = localToUtc(local, zone);
    if (utc >= beforeUtc || excludedTimes.has(utc) || excludedDays.has(local.slice(0, 10))) continue;
    occurrences.push({ local, utc });
  }
  if (occurrences.length > MAX_OCCURRENCES) throw tooMany();
  return occurrences.sort((a, b) => (a.utc < b.utc ? -1 : a.utc > b.utc ? 1 : 0));
}
