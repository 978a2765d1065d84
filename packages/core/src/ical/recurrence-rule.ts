/**
 * The instances of one `RRULE` (RFC 5545 §3.3.10) as floating wall times, computed here rather than by ical.js's
 * RecurIterator, which the recurrence oracle (recurrence.oracle.test.ts, against python-dateutil) caught
 * ignoring BYSETPOS outside two rule shapes (kewisch/ical.js#1039, #960), ignoring BYWEEKNO when BYDAY is given,
 * and moving a yearly 29 February to 1 March (kewisch/ical.js#91, #1004). ical.js still reads the rule text.
 *
 * Each period of the frequency (a year, month, week, day or hour, every INTERVAL-th from DTSTART's) is
 * expanded to every day in it that passes all the BYxxx parts given (for a year or month, expanding and then
 * limiting as the RFC's table says comes to the same), times from BYHOUR/BYMINUTE/BYSECOND (or DTSTART's),
 * then BYSETPOS picks from the period's sorted set, then COUNT and UNTIL end it. Days that do not exist
 * (30 February) are never produced, as §3.3.10 requires. Instances before DTSTART are dropped; a DTSTART the
 * rule does not produce is not counted (as python-dateutil; the RFC leaves that case undefined).
 */
import type ICAL from 'ical.js';

type Frequency = 'YEARLY' | 'MONTHLY' | 'WEEKLY' | 'DAILY' | 'HOURLY';

export interface Rule {
  freq: Frequency;
  interval: number;
  count: number | undefined;
  /** Inclusive, a floating wall time `YYYY-MM-DD HH:MM:SS` in the event's zone. */
  until: string | undefined;
  /** The week start, 0 = Monday … 6 = Sunday. */
  wkst: number;
  byMonth?: number[];
  byWeekNo?: number[];
  byYearDay?: number[];
  byMonthDay?: number[];
  /** Weekday (0 = Monday) and ordinal (0: every one). */
  byDay?: { n: number; day: number }[];
  byHour?: number[];
  byMinute?: number[];
  bySecond?: number[];
  bySetPos?: number[];
}

const DAY_NAMES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
const DAY_MS = 86_400_000;

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
  const numbers: [keyof Rule, string, number, number, boolean][] = [
    ['byMonth', 'BYMONTH', 1, 12, false],
    ['byWeekNo', 'BYWEEKNO', 1, 53, true],
    ['byYearDay', 'BYYEARDAY', 1, 366, true],
    ['byMonthDay', 'BYMONTHDAY', 1, 31, true],
    ['byHour', 'BYHOUR', 0, 23, false],
    ['byMinute', 'BYMINUTE', 0, 59, false],
    ['bySecond', 'BYSECOND', 0, 60, false],
    ['bySetPos', 'BYSETPOS', 1, 366, true],
  ];
  for (const [key, name, low, high, signed] of numbers) {
    const values = list(parts[name]);
    checkRange(name, values, low, high, signed);
    if (values) (rule as unknown as Record<string, number[]>)[key] = values;
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
  }
  if (rule.bySetPos && !Object.keys(parts).some((name) => name !== 'BYSETPOS'))
    throw new Error('BYSETPOS needs another BYxxx rule part');
  return rule;
}

const pad = (value: number, size = 2) => String(value).padStart(size, '0');
const epochDay = (year: number, month: number, day: number) => Date.UTC(year, month - 1, day) / DAY_MS;
const weekday = (day: number) => (((day + 3) % 7) + 7) % 7; // 1970-01-01 was a Thursday
function dateOf(day: number): [number, number, number] {
  const date = new Date(day * DAY_MS);
  return [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
}

/** The first day of week 1 of `year`: the first week (from `wkst`) with at least four days in the year. */
function weekOneStart(year: number, wkst: number): number {
  const january1 = epochDay(year, 1, 1);
  const back = (weekday(january1) - wkst + 7) % 7;
  return back <= 3 ? january1 - back : january1 - back + 7;
}

/** Whether `day` is in one of the weeks (RFC 5545 BYWEEKNO, negative from the end of its week-year). */
function inWeeks(day: number, weeks: number[], wkst: number): boolean {
  let year = dateOf(day)[0];
  if (day < weekOneStart(year, wkst)) year -= 1;
  else if (day >= weekOneStart(year + 1, wkst)) year += 1;
  const first = weekOneStart(year, wkst);
  const count = (weekOneStart(year + 1, wkst) - first) / 7;
  const week = Math.floor((day - first) / 7) + 1;
  return weeks.some((n) => n === week || count + n + 1 === week);
}

/** The days of one period that pass every date part; `scope` is where ordinal BYDAY counts (month or year). */
function daysOf(rule: Rule, first: number, last: number, start: [number, number, number]): number[] {
  const defaults = !rule.byWeekNo && !rule.byYearDay && !rule.byMonthDay && !rule.byDay;
  const out: number[] = [];
  for (let day = first; day <= last; day++) {
    const [year, month, date] = dateOf(day);
    if (rule.byMonth && !rule.byMonth.includes(month)) continue;
    if (rule.byWeekNo && !inWeeks(day, rule.byWeekNo, rule.wkst)) continue;
    if (rule.byYearDay) {
      const nth = day - epochDay(year, 1, 1) + 1;
      const fromEnd = epochDay(year + 1, 1, 1) - day;
      if (!rule.byYearDay.some((n) => n === nth || n === -fromEnd)) continue;
    }
    if (rule.byMonthDay) {
      const fromEnd = epochDay(year, month + 1, 1) - day;
      if (!rule.byMonthDay.some((n) => n === date || n === -fromEnd)) continue;
    }
    if (rule.byDay) {
      const inMonth = rule.freq === 'MONTHLY' || (rule.freq === 'YEARLY' && rule.byMonth !== undefined);
      const scopeFirst = inMonth ? epochDay(year, month, 1) : epochDay(year, 1, 1);
      const scopeEnd = inMonth ? epochDay(year, month + 1, 1) : epochDay(year + 1, 1, 1);
      const nth = Math.floor((day - scopeFirst) / 7) + 1;
      const fromEnd = -(Math.floor((scopeEnd - 1 - day) / 7) + 1);
      const wd = weekday(day);
      if (!rule.byDay.some((d) => d.day === wd && (d.n === 0 || d.n === nth || d.n === fromEnd))) continue;
    }
    if (defaults) {
      // No day part: the day (and for YEARLY without BYMONTH the month) of DTSTART, the weekday for WEEKLY.
      if (rule.freq === 'WEEKLY' && weekday(day) !== weekday(epochDay(...start))) continue;
      if ((rule.freq === 'MONTHLY' || rule.freq === 'YEARLY') && date !== start[2]) continue;
      if (rule.freq === 'YEARLY' && !rule.byMonth && month !== start[1]) continue;
    }
    out.push(day);
  }
  return out;
}

function choose(set: string[], positions: number[] | undefined): string[] {
  if (!positions) return set;
  const picked = new Set<string>();
  for (const n of positions) {
    const value = set[n > 0 ? n - 1 : set.length + n];
    if (value !== undefined) picked.add(value);
  }
  return [...picked].sort();
}

/**
 * The rule's instances from `startLocal` (DTSTART, a floating wall time) in order, while their day is not after
 * `lastDay` (`YYYY-MM-DD`), until COUNT or UNTIL ends them.
 */
export function* ruleInstances(rule: Rule, startLocal: string, lastDay: string): Generator<string> {
  const start = startLocal.slice(0, 10).split('-').map(Number) as [number, number, number];
  const [hour, minute, second] = (startLocal.slice(11) || '00:00:00').split(':').map(Number) as number[];
  const startDay = epochDay(...start);
  const last = epochDay(...(lastDay.split('-').map(Number) as [number, number, number]));
  const times: string[] = [];
  for (const h of rule.byHour ?? [hour!])
    for (const m of rule.byMinute ?? [minute!])
      for (const s of rule.bySecond ?? [second!]) times.push(`${pad(h)}:${pad(m)}:${pad(s)}`);
  times.sort();
  let emitted = 0;
  for (let period = 0; ; period++) {
    const step = period * rule.interval;
    let first: number;
    let lastOfPeriod: number;
    let periodTimes = times;
    if (rule.freq === 'YEARLY') {
      first = epochDay(start[0] + step, 1, 1);
      lastOfPeriod = epochDay(start[0] + step + 1, 1, 1) - 1;
    } else if (rule.freq === 'MONTHLY') {
      first = epochDay(start[0], start[1] + step, 1);
      lastOfPeriod = epochDay(start[0], start[1] + step + 1, 1) - 1;
    } else if (rule.freq === 'WEEKLY') {
      first = startDay - ((weekday(startDay) - rule.wkst + 7) % 7) + 7 * step;
      lastOfPeriod = first + 6;
    } else if (rule.freq === 'DAILY') {
      first = lastOfPeriod = startDay + step;
    } else {
      const hours = hour! + step;
      first = lastOfPeriod = startDay + Math.floor(hours / 24);
      const inDay = hours % 24;
      if (rule.byHour && !rule.byHour.includes(inDay)) periodTimes = [];
      else
        periodTimes = times
          .map((time) => `${pad(inDay)}${time.slice(2)}`)
          .filter((t, i, all) => all.indexOf(t) === i);
    }
    if (first > last) return;
    const set: string[] = [];
    for (const day of daysOf(rule, first, lastOfPeriod, start)) {
      const [y, m, d] = dateOf(day);
      for (const time of periodTimes) set.push(`${pad(y, 4)}-${pad(m)}-${pad(d)} ${time}`);
    }
    for (const instance of choose(set, rule.bySetPos)) {
      if (instance < startLocal) continue;
      if (rule.until !== undefined && instance > rule.until) return;
      yield instance;
      emitted += 1;
      if (rule.count !== undefined && emitted >= rule.count) return;
    }
  }
}
