/**
 * Our expansion (ical.js in wall time, luxon for the zones) against an independent one: Python's
 * recurring_ical_events (dateutil's rrule, pytz's zones), over a generated, deterministic set of rules in eight
 * zones, across daylight-saving changes (wall times inside a spring-forward gap and an autumn overlap included),
 * all-day events, and the EXDATE/RDATE forms. Both must give the same occurrence instants, exactly.
 *
 * One difference is Python's and is corrected before comparing, not hidden: a wall time an autumn overlap
 * repeats is read by pytz's `localize(is_dst=False)` as its second (standard-time) instant, while RFC 5545
 * §3.3.5 (and §3.3.10 for the instants a rule computes) says it is the first. `firstReading` maps such an
 * instant of Python's to the first reading; no case here puts an RDATE/EXDATE on a second reading in UTC form.
 */
import { writeFileSync } from 'node:fs';
import {
  expandManyWithPython,
  type PythonOccurrence,
  requirePythonIcal,
} from '@calendar-events/tests/python-ical';
import { DateTime } from 'luxon';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localToUtc } from '../dates/zones.js';
import { expandRecurrence, parseRecurrence } from './recurrence.js';

/** A zone and, where it changes its clocks, a wall time inside a gap and one inside an overlap (2026, or 2018/19). */
const ZONES: { zone: string; gap?: [string, string]; overlap?: [string, string] }[] = [
  { zone: 'Europe/Berlin', gap: ['2026-03-29', '02:30'], overlap: ['2026-10-25', '02:30'] },
  { zone: 'America/New_York', gap: ['2026-03-08', '02:30'], overlap: ['2026-11-01', '01:30'] },
  { zone: 'Australia/Sydney', gap: ['2026-10-04', '02:30'], overlap: ['2026-04-05', '02:30'] },
  // Brazil's last daylight-saving time: from 2018-11-04 to 2019-02-17; none since.
  { zone: 'America/Sao_Paulo', gap: ['2018-11-04', '00:30'], overlap: ['2019-02-16', '23:30'] },
  { zone: 'Asia/Kolkata' },
  { zone: 'Pacific/Auckland', gap: ['2026-09-27', '02:30'], overlap: ['2026-04-05', '02:30'] },
  { zone: 'Europe/London', gap: ['2026-03-29', '01:30'], overlap: ['2026-10-25', '01:30'] },
  // Chile changes at midnight: the gap swallows 00:00–01:00 of a Sunday, the overlap repeats 23:00–24:00 of a Saturday.
  { zone: 'America/Santiago', gap: ['2026-09-06', '00:30'], overlap: ['2026-04-04', '23:30'] },
];

/** DTSTART (synchronized with the rule, RFC 5545 §3.8.5.3), the rule, the years to expand. */
// biome-ignore format: a table reads better one rule a line
const TEMPLATES: [string, string, number?][] = [
  ['2026-01-05', 'FREQ=DAILY;COUNT=40'],
  ['2026-01-05', 'FREQ=DAILY;INTERVAL=3'],
  ['2026-01-04', 'FREQ=WEEKLY'],
  ['2026-01-06', 'FREQ=WEEKLY;BYDAY=TU,TH;COUNT=30'],
  ['2026-01-05', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE,FR;UNTIL=20261120T120000Z'],
  ['2026-01-04', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=SU,MO;WKST=MO;COUNT=12'],
  ['2026-01-04', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=SU,MO;WKST=SU;COUNT=12'],
  ['2026-01-06', 'FREQ=WEEKLY;INTERVAL=2;COUNT=10;WKST=SU;BYDAY=TU,TH'],
  ['2026-01-05', 'FREQ=WEEKLY;UNTIL=20260330T000000Z'],
  ['2026-01-05', 'FREQ=MONTHLY;BYDAY=1MO'],
  ['2026-01-30', 'FREQ=MONTHLY;BYDAY=-1FR'],
  ['2026-01-13', 'FREQ=MONTHLY;BYDAY=2TU;COUNT=12'],
  ['2026-01-31', 'FREQ=MONTHLY;BYMONTHDAY=-1'],
  ['2026-01-15', 'FREQ=MONTHLY;BYMONTHDAY=15,-2'],
  ['2026-01-31', 'FREQ=MONTHLY'],
  ['2026-01-31', 'FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1'],
  ['2026-01-30', 'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1'],
  ['2026-01-01', 'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1;COUNT=18'],
  ['2026-01-04', 'FREQ=MONTHLY;BYDAY=SU;BYSETPOS=1,-1'],
  ['2026-01-03', 'FREQ=MONTHLY;INTERVAL=2;BYDAY=1SA,3SA'],
  ['2026-01-01', 'FREQ=MONTHLY;BYMONTHDAY=1,-1;COUNT=20'],
  ['2026-02-13', 'FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13'],
  ['2026-03-29', 'FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU', 12],
  ['2026-10-25', 'FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU', 12],
  ['2026-03-08', 'FREQ=YEARLY;BYMONTH=3;BYDAY=2SU', 12],
  ['2026-11-01', 'FREQ=YEARLY;BYMONTH=11;BYDAY=1SU', 12],
  ['2026-04-05', 'FREQ=YEARLY;BYMONTH=4;BYDAY=1SU', 12],
  ['2026-09-06', 'FREQ=YEARLY;BYMONTH=9;BYDAY=1SU', 12],
  ['2026-09-27', 'FREQ=YEARLY;BYMONTH=9;BYDAY=-1SU', 12],
  ['2026-10-04', 'FREQ=YEARLY;BYMONTH=10;BYDAY=1SU', 12],
  ['2028-02-29', 'FREQ=YEARLY', 12],
  ['2026-02-28', 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1', 12],
  ['2026-01-01', 'FREQ=YEARLY;BYMONTH=1,4,7,10;BYMONTHDAY=1', 4],
  ['2026-05-18', 'FREQ=YEARLY;BYDAY=20MO', 12],
  ['2026-05-11', 'FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO', 12],
  ['2026-04-10', 'FREQ=YEARLY;BYYEARDAY=100,200', 6],
  ['2026-06-04', 'FREQ=YEARLY;BYMONTH=6,7,8;BYDAY=TH'],
  ['2028-11-07', 'FREQ=YEARLY;INTERVAL=4;BYMONTH=11;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8', 16],
  ['2026-01-05', 'FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR;COUNT=60'],
  ['2026-03-01', 'FREQ=DAILY;BYMONTH=3,4,10,11'],
  ['2026-03-01', 'FREQ=DAILY;UNTIL=20260412T000000Z'],
  ['2026-09-01', 'FREQ=DAILY;COUNT=70'],
  ['2026-01-10', 'FREQ=DAILY;INTERVAL=10;COUNT=5'],
  ['2018-10-01', 'FREQ=WEEKLY;BYDAY=MO,SA', 3],
  ['2026-03-25', 'FREQ=DAILY;BYHOUR=1,2,3;BYMINUTE=30;COUNT=30'],
  ['2026-01-09', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1;COUNT=10'],
  ['2026-07-26', 'FREQ=YEARLY;BYMONTH=1,7;BYDAY=SA,SU;BYSETPOS=-1', 6],
  ['2026-01-01', 'FREQ=YEARLY;BYWEEKNO=1,-1;BYDAY=TH', 6],
  ['2026-12-28', 'FREQ=YEARLY;BYWEEKNO=53;BYDAY=MO', 12],
  ['2026-12-31', 'FREQ=YEARLY;BYYEARDAY=-1,-365', 6],
  ['2026-01-12', 'FREQ=YEARLY;BYMONTH=1,2;BYDAY=2MO,-1MO', 6],
  ['2026-01-05', 'FREQ=YEARLY;BYDAY=1MO,-1MO', 6],
  ['2026-02-01', 'FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=1,-1;BYMONTH=2,5,8,11'],
  ['2026-01-01', 'FREQ=DAILY;BYMONTHDAY=1,15;BYDAY=TH'],
  ['2026-01-04', 'FREQ=HOURLY;INTERVAL=5;BYDAY=SU;COUNT=30'],
  ['2026-03-07', 'FREQ=HOURLY;INTERVAL=7;COUNT=40'],
];

interface OracleCase {
  name: string;
  zone: string;
  /** `YYYY-MM-DD HH:MM:SS` in the zone, or `YYYY-MM-DD` for an all-day event. */
  start: string;
  lines: string[];
  /** Expand before this instant (`YYYY-MM-DD HH:MM:SS` UTC); for an all-day event, before this day. */
  before: string;
}

const compact = (value: string) => value.replace(/[-: ]/g, (c) => (c === ' ' ? 'T' : ''));
const isAllDay = (c: OracleCase) => c.start.length === 10;
const plusYears = (date: string, years: number) => DateTime.fromISO(date).plus({ years }).toISODate()!;
/**
 * pytz (under recurring_ical_events) knows the zones' changes only up to 2037 — the transitions a 32-bit
 * tzfile holds; it never reads the rule at the file's end — so later instants would be an hour off in Python.
 */
const LAST_DAY = '2037-12-31';
const horizon = (date: string, years: number) => [plusYears(date, years), LAST_DAY].sort()[0]!;

/** Our occurrences: UTC instants as `…Z`, or the local days of an all-day event. */
function ours(c: OracleCase): string[] {
  const allDay = isAllDay(c);
  const before = allDay ? localToUtc(`${c.before} 00:00:00`, c.zone) : c.before;
  const startLocal = allDay ? `${c.start} 00:00:00` : c.start;
  const occurrences = expandRecurrence(
    parseRecurrence(c.lines, c.zone, { allDay }),
    startLocal,
    c.zone,
    before,
  );
  return occurrences.map((o) => (allDay ? o.local.slice(0, 10) : `${o.utc.replace(' ', 'T')}Z`)).sort();
}

/** The same event as one VEVENT, with a VTIMEZONE for every TZID it names. */
function calendarOf(c: OracleCase): string {
  const tzids = new Set([...c.lines.join('\n').matchAll(/TZID=([^:;]+)/g)].map((m) => m[1]!));
  if (!isAllDay(c)) tzids.add(c.zone);
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//calendar-events//oracle//EN',
    ...[...tzids].map((tzid) => tzlib_get_ical_block(tzid)[0]),
    'BEGIN:VEVENT',
    `UID:${c.name.replace(/\W+/g, '-')}@oracle`,
    'DTSTAMP:20260101T000000Z',
    isAllDay(c) ? `DTSTART;VALUE=DATE:${compact(c.start)}` : `DTSTART;TZID=${c.zone}:${compact(c.start)}`,
    ...c.lines,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

/** Python's instant of a repeated wall time moved to the first of its two readings (see the header). */
function firstReading(instant: string, zone: string): string {
  const time = DateTime.fromISO(instant, { zone: 'UTC' });
  const wall = (t: DateTime) => t.setZone(zone).toFormat('yyyy-MM-dd HH:mm:ss');
  for (const minutes of [60, 30, 120]) {
    const earlier = time.minus({ minutes });
    if (wall(earlier) === wall(time)) return `${earlier.toFormat("yyyy-MM-dd'T'HH:mm:ss")}Z`;
  }
  return instant;
}

/**
 * Python's instants, each once: recurring_ical_events gives one instant twice when an RDATE names a wall time
 * of an overlap that the rule also produces (dateutil's set keeps both, their pytz offsets differing until
 * they are re-localized); RFC 5545 §3.8.5.2 counts it once. Ours are checked to have no duplicates.
 */
function pythons(c: OracleCase, occurrences: PythonOccurrence[]): string[] {
  return [...new Set(occurrences.map((o) => (isAllDay(c) ? o.start : firstReading(o.start, c.zone))))].sort();
}

/** Rules Python cannot read, so not compared; recurrence.test.ts checks ours on the RFC's own examples. */
const PYTHON_CANNOT: [RegExp, string][] = [
  // icalendar 4.0.3's vWeekday pattern takes a one-digit ordinal only (`[+-]?\d?(MO|…)`); RFC 5545 allows 1–53.
  [/BYDAY=[^;]*\d\d[A-Z]{2}/, 'icalendar 4.0.3 refuses a two-digit BYDAY ordinal'],
];
const cannot = (c: OracleCase) =>
  PYTHON_CANNOT.find(([pattern]) => c.lines.some((line) => pattern.test(line)))?.[1];

function timesOf(entry: (typeof ZONES)[number]): string[] {
  return ['19:00', entry.gap?.[1] ?? '02:30', '09:30', entry.overlap?.[1] ?? '01:30'];
}

/** Local `YYYYMMDDTHHMMSS` of an occurrence in another zone. */
function wallIn(utc: string, zone: string): string {
  return DateTime.fromISO(utc, { zone: 'UTC' }).setZone(zone).toFormat("yyyyMMdd'T'HHmmss");
}

function generate(): OracleCase[] {
  const cases: OracleCase[] = [];
  TEMPLATES.forEach(([date, rule, years = 2], t) => {
    ZONES.forEach((entry, z) => {
      const time = timesOf(entry)[(t + z) % 4]!;
      const start = `${date} ${time}:00`;
      const before = `${horizon(date, years)} 00:00:00`;
      const base: OracleCase = {
        name: `${entry.zone} ${start} ${rule}`,
        zone: entry.zone,
        start,
        lines: [`RRULE:${rule}`],
        before,
      };
      cases.push(base);
      // Every third rule again with exceptions and extra dates, picked from its own occurrences.
      if ((t + z) % 3 !== 0) return;
      const occurrences = ours(base);
      if (occurrences.length < 6) return;
      const other = entry.zone === 'America/New_York' ? 'Europe/Berlin' : 'America/New_York';
      cases.push({
        ...base,
        name: `${base.name} +EXDATE(UTC, TZID, other TZID)`,
        lines: [
          ...base.lines,
          `EXDATE:${compact(occurrences[1]!.slice(0, 19).replace('T', ' '))}Z`,
          `EXDATE;TZID=${entry.zone}:${wallIn(occurrences[2]!, entry.zone)},${wallIn(occurrences[4]!, entry.zone)}`,
          `EXDATE;TZID=${other}:${wallIn(occurrences[5]!, other)}`,
        ],
      });
      cases.push({
        ...base,
        name: `${base.name} +RDATE(TZID, UTC) +EXDATE(DTSTART)`,
        lines: [
          ...base.lines,
          `RDATE;TZID=${entry.zone}:${compact(date)}T120500`,
          `RDATE:${compact(plusYears(date, 1))}T101500Z`,
          `EXDATE;TZID=${entry.zone}:${compact(start)}`,
        ],
      });
    });
    // The rule as an all-day event (UNTIL as a DATE), in one zone per rule; none with a time of day.
    if (/HOURLY|BYHOUR|BYMINUTE|BYSECOND/.test(rule)) return;
    const entry = ZONES[t % ZONES.length]!;
    const allDayRule = rule.replace(/UNTIL=(\d{8})T\d{6}Z/, 'UNTIL=$1');
    const allDay: OracleCase = {
      name: `${entry.zone} all-day ${date} ${allDayRule}`,
      zone: entry.zone,
      start: date,
      lines: [`RRULE:${allDayRule}`],
      before: horizon(date, years),
    };
    cases.push(allDay);
    if (t % 2 === 0) {
      const days = ours(allDay);
      if (days.length >= 4)
        cases.push({
          ...allDay,
          name: `${allDay.name} +EXDATE/RDATE;VALUE=DATE`,
          lines: [
            ...allDay.lines,
            `EXDATE;VALUE=DATE:${compact(days[1]!)},${compact(days[3]!)}`,
            `RDATE;VALUE=DATE:${compact(date.slice(0, 8))}28`,
          ],
        });
    }
  });
  // Around each clock change: rules at a wall time the gap skips or the overlap repeats, DTSTART in either.
  for (const entry of ZONES) {
    for (const [kind, at] of [
      ['gap', entry.gap],
      ['overlap', entry.overlap],
    ] as const) {
      if (!at) continue;
      const [day, time] = at;
      const dayBefore = (n: number) => DateTime.fromISO(day).minus({ days: n }).toISODate()!;
      const threeBefore = `${dayBefore(3)} ${time}:00`;
      const on = `${day} ${time}:00`;
      const around = (name: string, start: string, lines: string[]): OracleCase => ({
        name: `${entry.zone} ${kind} ${name}`,
        zone: entry.zone,
        start,
        lines,
        before: `${plusYears(day, 1)} 00:00:00`,
      });
      cases.push(
        around('daily through it', threeBefore, ['RRULE:FREQ=DAILY;COUNT=7']),
        around('weekly from it', on, ['RRULE:FREQ=WEEKLY;COUNT=5']),
        around('weekly from it, until UTC', on, [
          `RRULE:FREQ=WEEKLY;UNTIL=${compact(plusYears(day, 1))}T000000Z`,
        ]),
        around('daily with EXDATE on it', threeBefore, [
          'RRULE:FREQ=DAILY;COUNT=7',
          `EXDATE;TZID=${entry.zone}:${compact(on)}`,
        ]),
        around('RDATE on it', `${dayBefore(7)} ${time}:00`, [
          'RRULE:FREQ=WEEKLY;COUNT=3',
          `RDATE;TZID=${entry.zone}:${compact(on)}`,
        ]),
        around('hourly through it', `${dayBefore(1)} 20:00:00`, ['RRULE:FREQ=HOURLY;INTERVAL=1;COUNT=12']),
        around('every 30 hours through it', `${dayBefore(2)} ${time}:00`, [
          'RRULE:FREQ=HOURLY;INTERVAL=30;COUNT=6',
        ]),
      );
    }
  }
  return cases;
}

const CASES = generate();
const runs = requirePythonIcal("the recurrence oracle's tests");

describe.runIf(runs)(`recurrence against recurring_ical_events (${CASES.length} generated cases)`, () => {
  const python = new Map<OracleCase, string[] | Error>();

  const compared = CASES.filter((c) => cannot(c) === undefined);
  beforeAll(async () => {
    const answers = await expandManyWithPython(
      compared.map((c) => ({
        ics: calendarOf(c),
        from: isAllDay(c) ? '1990-01-01' : '1990-01-01T00:00:00Z',
        to: isAllDay(c) ? c.before : `${c.before.replace(' ', 'T')}Z`,
      })),
    );
    compared.forEach((c, index) => {
      const answer = answers[index]!;
      python.set(c, answer instanceof Error ? answer : pythons(c, answer));
    });
  }, 120_000);

  // ORACLE_REPORT=file.json: every case's disagreement (what only we give, what only Python gives), for study.
  afterAll(() => {
    const file = process.env.ORACLE_REPORT;
    if (!file) return;
    const report = compared
      .map((c) => {
        const theirs = python.get(c);
        if (!Array.isArray(theirs)) return { name: c.name, lines: c.lines, error: String(theirs) };
        const mine = ours(c);
        const onlyOurs = mine.filter((x) => !theirs.includes(x));
        const onlyPython = theirs.filter((x) => !mine.includes(x));
        return { name: c.name, lines: c.lines, onlyOurs, onlyPython, same: mine.join() === theirs.join() };
      })
      .filter((entry) => !('same' in entry) || !entry.same);
    writeFileSync(file, JSON.stringify({ cases: compared.length, disagreements: report }, null, 1));
  });

  for (const c of CASES.filter((c) => cannot(c) !== undefined)) it.skip(`${c.name} (${cannot(c)})`);

  it.each(compared.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const theirs = python.get(c);
    if (theirs === undefined) throw new Error('Python gave no answer');
    if (theirs instanceof Error) throw theirs;
    const mine = ours(c);
    expect(new Set(mine).size).toBe(mine.length);
    const only = (a: string[], b: string[]) => a.filter((x, i) => a.indexOf(x) !== i || !b.includes(x));
    // Set differences first (they say what is wrong), then the whole lists (duplicates, order).
    expect({ onlyOurs: only(mine, theirs), onlyPython: only(theirs, mine) }).toEqual({
      onlyOurs: [],
      onlyPython: [],
    });
    expect(mine).toEqual(theirs);
  });
});
