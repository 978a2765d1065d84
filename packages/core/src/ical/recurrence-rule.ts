/**
 * One `RRULE` (RFC 5545 §3.3.10) read into a `Rule` whose values are checked, expanded by recurrence-walk.ts
 * rather than by ical.js's RecurIterator, which the recurrence oracle (recurrence.oracle.test.ts, against
 * python-dateutil) caught ignoring BYSETPOS outside two rule shapes (kewisch/ical.js#1039, #960), ignoring
 * BYWEEKNO when BYDAY is given, and moving a yearly 29 February to 1 March (kewisch/ical.js#91, #1004).
 * ical.js still reads the rule text.
 *
 * A rule is refused here when its text alone shows that it can never give an occurrence, or that its lists
 * are absurd: a value given twice, an INTERVAL longer than the calendar (years 1 to 9999), date parts that no
 * day of any year meets (30 February), BYSETPOS positions beyond any period's size. What also depends on
 * DTSTART (the dates an INTERVAL steps on) is decided by the walk.
 */
import type ICAL from 'ical.js';
import { DayFilter, FIRST_DAY, LAST_DAY } from './recurrence-days.js';
import type { Frequency, Rule } from './rule.js';

export type { Frequency, Rule } from './rule.js';

const DAY_NAMES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

/** How many periods of each frequency the calendar (1 January 1 to 31 December 9999) holds. */
const CALENDAR_DAYS = LAST_DAY - FIRST_DAY + 1;
const PERIODS_IN_CALENDAR: Record<Frequency, [number, string]> = {
  YEARLY: [9999, 'years'],
  MONTHLY: [9999 * 12, 'months'],
  WEEKLY: [Math.ceil(CALENDAR_DAYS / 7), 'weeks'],
  DAILY: [CALENDAR_DAYS, 'days'],
  HOURLY: [CALENDAR_DAYS * 24, 'hours'],
};
/** The most days one period holds. */
const DAYS_IN_PERIOD: Record<Frequency, number> = {
  YEARLY: 366,
  MONTHLY: 31,
  WEEKLY: 7,
  DAILY: 1,
  HOURLY: 1,
};

function list(value: unknown): number[] | undefined {
  if (value === undefined || value === null) return undefined;
  return (Array.isArray(value) ? value : [value]).map(Number);
}

function checkRange(name: string, values: number[] | undefined, low: number, high: number, signed: boolean) {
  for (const value of values ?? []) {
    const size = Math.abs(value);
    if (!Number.isInteger(value) || (signed ? size < low || size > high : value < low || value > high))
      throw new Error(`${name}=${value} is out of range`);
  }
}

function checkDistinct(name: string, values: readonly (number | string)[]) {
  const seen = new Set<number | string>();
  for (const value of values) {
    if (seen.has(value)) throw new Error(`${name} gives ${value} twice`);
    seen.add(value);
  }
}

const byNumber = (a: number, b: number) => a - b;

/** The rule of a parsed `RRULE`, its values checked; `until` already in the event's wall time. */
export function ruleOf(recur: ICAL.Recur, until: string | undefined): Rule {
  const parts = recur.parts as Record<string, unknown>;
  const freq = recur.freq as Frequency;
  const rule: Rule = {
    freq,
    interval: recur.interval ?? 1,
    count: recur.count ?? undefined,
    until,
    wkst: ((recur.wkst ?? 2) + 5) % 7,
  };
  const [periods, unit] = PERIODS_IN_CALENDAR[freq];
  if (rule.interval >= periods)
    throw new Error(
      `INTERVAL=${rule.interval} is more ${unit} than the calendar holds (years 1 to 9999): the rule would never repeat`,
    );
  const numbers: [keyof Rule, string, number, number, boolean][] = [
    ['byMonth', 'BYMONTH', 1, 12, false],
    ['byWeekNo', 'BYWEEKNO', 1, 53, true],
    ['byYearDay', 'BYYEARDAY', 1, 366, true],
    ['byMonthDay', 'BYMONTHDAY', 1, 31, true],
    ['byHour', 'BYHOUR', 0, 23, false],
    ['byMinute', 'BYMINUTE', 0, 59, false],
    ['bySecond', 'BYSECOND', 0, 59, false], // 60 (a leap second) is no wall time luxon reads
    ['bySetPos', 'BYSETPOS', 1, 366, true],
  ];
  for (const [key, name, low, high, signed] of numbers) {
    const values = list(parts[name]);
    checkRange(name, values, low, high, signed);
    if (values) {
      checkDistinct(name, values);
      (rule as unknown as Record<string, number[]>)[key] = values.sort(byNumber);
    }
  }
  const byDay = parts.BYDAY === undefined ? undefined : ([] as string[]).concat(parts.BYDAY as string[]);
  if (byDay) {
    rule.byDay = byDay.map((text) => {
      const match = /^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/i.exec(String(text).trim());
      if (!match) throw new Error(`BYDAY value "${text}" is not a weekday`);
      const n = match[1] === undefined ? 0 : Number(match[1]);
      if (n !== 0 && freq !== 'MONTHLY' && freq !== 'YEARLY')
        throw new Error(`BYDAY=${text}: an ordinal weekday needs FREQ=MONTHLY or YEARLY`);
      if (n !== 0 && rule.byWeekNo) throw new Error(`BYDAY=${text}: no ordinal weekday with BYWEEKNO`);
      checkRange('BYDAY', n === 0 ? [] : [n], 1, freq === 'MONTHLY' || rule.byMonth ? 5 : 53, true);
      return { n, day: DAY_NAMES.indexOf(match[2]!.toUpperCase()) };
    });
    checkDistinct(
      'BYDAY',
      rule.byDay.map(({ n, day }) => `${n === 0 ? '' : n}${DAY_NAMES[day]}`),
    );
  }
  if (rule.bySetPos && !Object.keys(parts).some((name) => name !== 'BYSETPOS'))
    throw new Error('BYSETPOS needs another BYxxx rule part');
  checkCanOccur(rule);
  return rule;
}

/** The date parts of a rule as written, for messages. */
export function dateParts(rule: Rule): string {
  const parts: string[] = [];
  if (rule.byMonth) parts.push(`BYMONTH=${rule.byMonth.join(',')}`);
  if (rule.byWeekNo) parts.push(`BYWEEKNO=${rule.byWeekNo.join(',')}`);
  if (rule.byYearDay) parts.push(`BYYEARDAY=${rule.byYearDay.join(',')}`);
  if (rule.byMonthDay) parts.push(`BYMONTHDAY=${rule.byMonthDay.join(',')}`);
  if (rule.byDay)
    parts.push(`BYDAY=${rule.byDay.map(({ n, day }) => `${n === 0 ? '' : n}${DAY_NAMES[day]}`).join(',')}`);
  return parts.join(';');
}

/** How many times of day one period of the rule gives (an HOURLY period: one hour's). */
export function timesPerPeriod(rule: Rule): number {
  const hours = rule.freq === 'HOURLY' ? 1 : (rule.byHour?.length ?? 1);
  return hours * (rule.byMinute?.length ?? 1) * (rule.bySecond?.length ?? 1);
}

/** Refuses a rule whose text alone shows that it gives no occurrence at all, whatever its DTSTART. */
function checkCanOccur(rule: Rule): void {
  if (rule.bySetPos) {
    const size = DAYS_IN_PERIOD[rule.freq] * timesPerPeriod(rule);
    if (rule.bySetPos.every((n) => Math.abs(n) > size))
      throw new Error(
        `BYSETPOS=${rule.bySetPos.join(',')} picks nothing: a period of this rule holds at most ${size} dates and times`,
      );
  }
  // With a day part, DTSTART's day plays no role: which days pass is the rule's alone.
  const hasDayPart = rule.byWeekNo || rule.byYearDay || rule.byMonthDay || rule.byDay;
  if (hasDayPart && !new DayFilter(rule, [2000, 1, 1]).anyDay())
    throw new Error(`no day of any year has ${dateParts(rule)}: the rule gives no occurrence`);
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

/**
 * The most values a rule part can hold without giving one twice (BYDAY: 7 weekdays, each plain or with an
 * ordinal from -53 to 53).
 */
const PART_VALUES: Record<string, number> = {
  BYSECOND: 60,
  BYMINUTE: 60,
  BYHOUR: 24,
  BYDAY: 7 * 107,
  BYMONTHDAY: 62,
  BYYEARDAY: 732,
  BYWEEKNO: 106,
  BYMONTH: 12,
  BYSETPOS: 732,
};

/** A value of a BYxxx list given twice (`+1MO` and `1MO`, `01` and `1` are the same) is refused. */
function checkDistinctValues(key: string, values: readonly string[]): void {
  const seen = new Set<string>();
  for (const text of values) {
    const trimmed = text.trim().toUpperCase();
    const weekday = /^([+-]?)0*(\d*)([A-Z]{2})$/.exec(trimmed);
    const value = weekday
      ? `${weekday[1] === '-' ? '-' : ''}${weekday[2]}${weekday[3]}`
      : String(Number(trimmed));
    if (value === 'NaN') continue; // not a number: the range checks say so
    if (seen.has(value)) throw new Error(`${key} gives ${value} twice`);
    seen.add(value);
  }
}

/** The parts of an RRULE as written (ical.js's own reading drops unknown parts and mends bad values). */
export function checkRuleParts(value: string): void {
  const seen = new Set<string>();
  for (const part of value.split(';')) {
    if (part === '') continue;
    const [name, partValue] = part.split('=');
    const key = name!.trim().toUpperCase();
    if (!RULE_PARTS.has(key)) throw new Error(`unknown rule part "${name}"`);
    if (partValue === undefined || partValue.trim() === '') throw new Error(`rule part ${key} has no value`);
    if (seen.has(key)) throw new Error(`rule part ${key} is given twice`);
    // ical.js reads INTERVAL=0 or -2 as 1: checked on the text.
    if ((key === 'INTERVAL' || key === 'COUNT') && !/^\s*\+?0*[1-9]\d*\s*$/.test(partValue))
      throw new Error(`${key} must be 1 or more`);
    const values = partValue.split(',');
    const most = PART_VALUES[key];
    if (most === undefined && values.length > 1)
      throw new Error(`${key} takes one value, not ${values.length}`);
    if (most !== undefined && values.length > most)
      throw new Error(`${key} has ${values.length} values; it has only ${most} different ones`);
    if (key.startsWith('BY')) checkDistinctValues(key, values);
    seen.add(key);
  }
  if (!seen.has('FREQ')) throw new Error('a rule needs FREQ');
  if (seen.has('UNTIL') && seen.has('COUNT')) throw new Error('UNTIL and COUNT must not both be given');
}
