/**
 * An event's recurrence (RFC 5545 §3.8.5): its `RRULE`, `RDATE` and `EXDATE` lines, as Google Calendar's API
 * takes them, read and expanded into occurrences.
 *
 * ical.js reads the lines; the rules are expanded (recurrence-rule.ts) in the event's own wall-clock time
 * (floating times), and each wall time is then turned into an instant in the event's zone: a 19:00 Berlin event stays at 19:00 local on both sides of a
 * daylight-saving change. A wall time a spring-forward gap skips moves forward by the gap, and one an autumn
 * overlap repeats takes its first reading (dates/zones.ts), as RFC 5545 §3.3.5 and Python's zoneinfo do.
 */
import ICAL from 'ical.js';
import { wallTimeText } from '../dates/format.js';
import { localToUtc, utcToLocal } from '../dates/zones.js';
import { DayFilter, daysFromCivil } from './recurrence-days.js';
import { checkRuleParts, ruleOf as compileRule, type Rule } from './recurrence-rule.js';
import {
  ruleInstances,
  startDateOf,
  WorkBudget,
  WorkExceeded,
  whyNoInstance,
  whyNoInstanceAtAll,
} from './recurrence-walk.js';
import { ianaZoneOf } from './zones.js';

/** A recurrence line refused, with the line (1-based position and text) and why. */
export class RecurrenceError extends Error {
  constructor(
    readonly index: number,
    readonly line: string,
    readonly reason: string,
  ) {
    super(`recurrence line ${index + 1} (${line.length > 200 ? `${line.slice(0, 200)}…` : line}): ${reason}`);
    this.name = 'RecurrenceError';
  }
}

/** A date of an `RDATE`/`EXDATE`: a wall time in the event's zone, or a whole day (`VALUE=DATE`). */
type RecurrenceDate =
  /** `utc`: the exact instant, when the value names one (Z, or another zone's TZID): it may be the second
   * reading of a wall time an autumn overlap repeats, which `local` alone would read as the first. */
  { kind: 'time'; local: string; utc?: string } | { kind: 'date'; date: string };

export interface ParsedRecurrence {
  rules: Rule[];
  /** The index in `lines` of each rule. */
  ruleLines: number[];
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

/** More than this many occurrences within the horizon is refused: it is a mistake, not a calendar. */
export const MAX_OCCURRENCES = 5000;

/**
 * The work an expansion may do (recurrence-walk.ts counts periods, days, years crossed and instances looked
 * at): per rule, a base (the shapes of year its date parts are decided for) and a share per day from DTSTART
 * to the horizon (an HOURLY rule looks at up to 24 periods a day) and per occurrence, and never more than the
 * ceiling, which keeps one expansion within a few tens of milliseconds.
 */
export const WORK_PER_RULE = 12_000;
export const WORK_PER_DAY = 32;
export const MAX_EXPANSION_WORK = 300_000;
/**
 * Instances the rules may give between them, a date given by several rules counting for each: overlapping
 * rules would otherwise make the same dates again and again without ever exceeding `MAX_OCCURRENCES`.
 */
export const MAX_INSTANCES = 2 * (MAX_OCCURRENCES + 1);
/** The work a search for a rule's first occurrence beyond the horizon may do (one cycle of 400 years fits). */
export const MAX_SEARCH_WORK = 400_000;

/** An ICAL.Time's fields as a `YYYY-MM-DD HH:MM:SS` wall time (its zone left aside). */
export function wallTime(time: ICAL.Time): string {
  return wallTimeText(time);
}

/** Whether a time is written in UTC (`…Z`). */
export function isUtc(time: ICAL.Time): boolean {
  return time.zone === ICAL.Timezone.utcTimezone || time.zone?.tzid === 'UTC';
}

/** A value of a date property as a wall time in the event's zone (or a whole day). */
function toEventDate(time: ICAL.Time, tzid: string | undefined, zone: string): RecurrenceDate {
  if (time.isDate) return { kind: 'date', date: wallTime(time).slice(0, 10) };
  const wall = wallTime(time);
  if (isUtc(time)) return { kind: 'time', local: utcToLocal(wall, zone), utc: wall };
  if (tzid !== undefined) {
    const iana = ianaZoneOf(tzid);
    if (iana === undefined) throw new Error(`unknown time zone "${tzid}"`);
    if (iana === zone) return { kind: 'time', local: wall };
    const utc = localToUtc(wall, iana);
    return { kind: 'time', local: utcToLocal(utc, zone), utc };
  }
  return { kind: 'time', local: wall };
}

/**
 * Every date and date-time in a line's value exists (ical.js quietly turns 29 February 2029 into 1 March and
 * 25:00 into the next day's 01:00).
 */
function checkDatesExist(line: string): void {
  const value = line.replace(/^[^:"]*(?:"[^"]*"[^:"]*)*:/, '');
  for (const match of value.matchAll(/(?<!\d)(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2}))?(?!\d)/g)) {
    const [year, month, day, hour = 0, minute = 0, second = 0] = match
      .slice(1)
      .map((part) => Number(part ?? 0));
    const date = new Date(Date.UTC(year!, month! - 1, day!));
    if (
      date.getUTCMonth() !== month! - 1 ||
      date.getUTCDate() !== day ||
      hour > 23 ||
      minute > 59 ||
      second > 60
    )
      throw new Error(`${match[0]} is not a date${match[4] === undefined ? '' : ' and time'} that exists`);
  }
}

function ruleOf(property: ICAL.Property, zone: string): Rule {
  const rule = property.getFirstValue() as ICAL.Recur;
  if (rule.freq === 'SECONDLY' || rule.freq === 'MINUTELY')
    throw new Error(`FREQ=${rule.freq} is not supported: an event repeats at most hourly`);
  if ((rule.interval ?? 1) < 1) throw new Error('INTERVAL must be 1 or more');
  if (rule.count !== null && rule.count !== undefined && rule.count < 1)
    throw new Error('COUNT must be 1 or more');
  // UNTIL is compared with the floating wall times the expansion makes: it is brought into the event's zone
  // (a DATE: the whole day; a local time without Z: the event's own wall time).
  const until = rule.until;
  let untilLocal: string | undefined;
  if (until) {
    if (until.isDate) untilLocal = `${wallTime(until).slice(0, 10)} 23:59:59`;
    else untilLocal = isUtc(until) ? utcToLocal(wallTime(until), zone) : wallTime(until);
  }
  return compileRule(rule, untilLocal);
}

/** Splits a recurrence given as one text (lines separated by newlines) or as a list. */
export function recurrenceLines(value: string | readonly string[]): string[] {
  const list = typeof value === 'string' ? value.replace(/\r?\n[ \t]/g, '').split(/\r?\n/) : [...value];
  return list.map((line) => line.replace(/\r?\n[ \t]/g, '').trim()).filter((line) => line !== '');
}

/**
 * Reads recurrence lines for an event in `zone`. For an all-day event (`allDay`), rules with a time of day
 * (FREQ=HOURLY, BYHOUR, BYMINUTE, BYSECOND: RFC 5545 §3.3.10 forbids them with a DATE DTSTART) are refused.
 * @throws RecurrenceError naming the first line refused and why.
 */
export function parseRecurrence(
  lines: readonly string[],
  zone: string,
  options: { allDay?: boolean } = {},
): ParsedRecurrence {
  const parsed: ParsedRecurrence = { rules: [], ruleLines: [], rdates: [], exdates: [], lines: [] };
  let dates = 0;
  lines.forEach((line, index) => {
    try {
      if (!/^[A-Za-z-]+[;:]/.test(line))
        throw new Error('expected NAME:VALUE, for example RRULE:FREQ=WEEKLY');
      // The parts as written, before ical.js reads them: it drops unknown parts and mends bad values.
      if (/^RRULE[;:]/i.test(line)) checkRuleParts(line.slice(line.indexOf(':') + 1));
      else if (/^RDATE[;:]/i.test(line)) {
        dates += line.split(',').length;
        if (dates > MAX_OCCURRENCES)
          throw new Error(
            `more than ${MAX_OCCURRENCES} RDATE dates: more occurrences than a recurrence may have`,
          );
      }
      const property = ICAL.Property.fromString(line);
      checkDatesExist(line);
      const name = property.name.toUpperCase();
      if (name === 'RRULE') {
        const rule = ruleOf(property, zone);
        if (options.allDay && (rule.freq === 'HOURLY' || rule.byHour || rule.byMinute || rule.bySecond))
          throw new Error('an all-day event repeats on days: no FREQ=HOURLY, BYHOUR, BYMINUTE or BYSECOND');
        parsed.rules.push(rule);
        parsed.ruleLines.push(index);
      } else if (name === 'RDATE' || name === 'EXDATE') {
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

/** The work budget of an expansion from `startLocal` to the day `lastDay`: see `MAX_EXPANSION_WORK`. */
export function expansionWork(rules: number, startLocal: string, lastDay: string): number {
  const dayOf = (text: string) => {
    const [year, month, day] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
    return daysFromCivil(year, month, day);
  };
  const days = Math.max(0, dayOf(lastDay) - dayOf(startLocal)) + 1;
  if (!Number.isFinite(days)) return MAX_EXPANSION_WORK;
  const perRule = WORK_PER_RULE + WORK_PER_DAY * days + MAX_OCCURRENCES + 1;
  return Math.min(MAX_EXPANSION_WORK, rules * perRule);
}

/**
 * The occurrences of a recurrence that starts at `startLocal` (DTSTART: the event's start, the first
 * occurrence unless an EXDATE removes it) in `zone`, before `beforeUtc`, in time order.
 * @throws RecurrenceError when there are more than `MAX_OCCURRENCES` of them, when a rule gives no occurrence
 * at all, or when expanding takes more than its work budget (`expansionWork`).
 */
export function expandRecurrence(
  recurrence: ParsedRecurrence,
  startLocal: string,
  zone: string,
  beforeUtc: string,
  /** Receives the work done (whatever the outcome), for tests and measurements. */
  meter?: { spent: number },
): Occurrence[] {
  const beforeLocal = utcToLocal(beforeUtc, zone);
  const clock = startLocal.slice(11) || '00:00:00';
  const locals = new Set<string>([startLocal]);
  const tooMany = (index = 0) =>
    new RecurrenceError(
      index,
      recurrence.lines[index] ?? '',
      `more than ${MAX_OCCURRENCES} occurrences before ${beforeUtc} UTC`,
    );
  const lastDay = beforeLocal.slice(0, 10);
  const work = expansionWork(recurrence.rules.length, startLocal, lastDay);
  const budget = new WorkBudget(
    work,
    () =>
      `expanding it to ${beforeUtc} UTC takes more than ${work} steps (dates and times looked at): the rule is too costly`,
  );
  const search = new WorkBudget(
    MAX_SEARCH_WORK,
    () =>
      `it gives no occurrence up to ${beforeUtc} UTC, and a search for its first one beyond took more than ${MAX_SEARCH_WORK} steps`,
  );
  try {
    expandRules(recurrence, startLocal, lastDay, budget, search, locals, tooMany);
  } finally {
    if (meter) meter.spent = budget.spent + search.spent;
  }
  const exact: Occurrence[] = [];
  for (const date of recurrence.rdates) {
    if (date.kind === 'time' && date.utc !== undefined) exact.push({ local: date.local, utc: date.utc });
    else locals.add(date.kind === 'date' ? `${date.date} ${clock}` : date.local);
  }
  const excludedTimes = new Set<string>();
  const excludedDays = new Set<string>();
  for (const date of recurrence.exdates) {
    if (date.kind === 'date') excludedDays.add(date.date);
    else excludedTimes.add(date.utc ?? localToUtc(date.local, zone));
  }
  // One occurrence per instant (RFC 5545 §3.8.5.2: the recurrence set has no duplicates). A wall time a
  // spring-forward gap skips is the instant of the wall time the gap's length later (an HOURLY rule makes
  // both): the one that exists is kept.
  const byInstant = new Map<string, Occurrence>();
  const wallTimes = [...locals].map((local) => ({ local, utc: localToUtc(local, zone) }));
  for (const { local, utc } of [...wallTimes, ...exact]) {
    if (utc >= beforeUtc || excludedTimes.has(utc) || excludedDays.has(local.slice(0, 10))) continue;
    const kept = byInstant.get(utc);
    if (kept === undefined || (kept.local !== local && local === utcToLocal(utc, zone)))
      byInstant.set(utc, { local, utc });
  }
  if (byInstant.size > MAX_OCCURRENCES) throw tooMany();
  return [...byInstant.values()].sort((a, b) => (a.utc < b.utc ? -1 : a.utc > b.utc ? 1 : 0));
}

/** Each rule's instances into `locals`, within the budgets; a rule refused names its line. */
function expandRules(
  recurrence: ParsedRecurrence,
  startLocal: string,
  lastDay: string,
  budget: WorkBudget,
  search: WorkBudget,
  locals: Set<string>,
  tooMany: (index: number) => RecurrenceError,
): void {
  let given = 0;
  recurrence.rules.forEach((rule, r) => {
    const index = recurrence.ruleLines[r] ?? 0;
    const line = recurrence.lines[index] ?? '';
    try {
      // The days the rule's date parts let through, decided once per shape of year for all three steps.
      const filter = new DayFilter(rule, startDateOf(startLocal));
      const impossible = whyNoInstanceAtAll(rule, startLocal, filter);
      if (impossible !== undefined)
        throw new RecurrenceError(index, line, `the rule gives no occurrence at all: ${impossible}`);
      let any = false;
      // Up to the horizon's day in wall time: the exact cut is made on the instants below.
      for (const local of ruleInstances(rule, startLocal, lastDay, budget, filter)) {
        any = true;
        locals.add(local);
        if (locals.size > MAX_OCCURRENCES + 1) throw tooMany(index);
        if (++given > MAX_INSTANCES)
          throw new RecurrenceError(
            index,
            line,
            `its rules give more than ${MAX_INSTANCES} dates between them (a date several rules give counts for each)`,
          );
      }
      const never = any ? undefined : whyNoInstance(rule, startLocal, search, filter);
      if (never !== undefined)
        throw new RecurrenceError(index, line, `the rule gives no occurrence at all: ${never}`);
    } catch (error) {
      if (error instanceof WorkExceeded) throw new RecurrenceError(index, line, error.message);
      throw error;
    }
  });
}
