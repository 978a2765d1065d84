/**
 * Hostile-rule property test: random RRULE/RDATE/EXDATE combinations (fast-check, seeded) with
 * extreme values among ordinary ones (huge INTERVAL and COUNT, long BYxxx lists, impossible dates, BYSETPOS),
 * each expanded with a work counter. Each must end within the fixed work budget and either give the same
 * instants as an independent expansion — Python's recurring_ical_events (dateutil's rrule), all cases in one
 * Python process — or be refused with a message that says why.
 *
 * HOSTILE_RULE_RUNS sets how many cases run (120 by default, 300 with `LONG_TESTS=1`; more for a longer
 * run), and HOSTILE_RULE_SEED the seed.
 */

import { expandManyWithPython, requirePythonIcal } from '@calendar-events/tests/python-ical';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  expandRecurrence,
  MAX_EXPANSION_WORK,
  MAX_SEARCH_WORK,
  parseRecurrence,
  RecurrenceError,
} from './recurrence.js';

const RUNS = Number(process.env.HOSTILE_RULE_RUNS ?? (process.env.LONG_TESTS ? 300 : 120));
const SEED = Number(process.env.HOSTILE_RULE_SEED ?? 27);

interface Case {
  /** DTSTART, `YYYY-MM-DD HH:MM:SS` UTC. */
  start: string;
  lines: string[];
  /** Expanded before this instant (UTC). */
  before: string;
  /** Candidates Python would look at (days × times of day): above a bound, the case is not sent to Python. */
  pythonCost: number;
}

const pad = (value: number, size = 2) => String(value).padStart(size, '0');
const compact = (local: string) => local.replace(/[-:]/g, '').replace(' ', 'T');
const all = (first: number, last: number) => Array.from({ length: last - first + 1 }, (_, i) => first + i);
const someOf = (values: number[], max: number) =>
  fc.uniqueArray(fc.constantFrom(...values), { minLength: 1, maxLength: max });
/** A short list, or (rarely) every value. */
const listOf = (values: number[], max: number) =>
  fc.oneof({ weight: 5, arbitrary: someOf(values, max) }, { weight: 1, arbitrary: fc.constant(values) });
const signed = (size: number) => [...all(-size, -1), ...all(1, size)];
const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

const dateTime = fc
  .record({
    day: fc.integer({ min: 0, max: 364 }),
    hour: fc.integer({ min: 0, max: 23 }),
    minute: fc.constantFrom(0, 15, 30, 59),
    second: fc.constantFrom(0, 30),
  })
  .map(({ day, hour, minute, second }) => {
    const date = new Date(Date.UTC(2027, 0, 1 + day));
    return `${date.toISOString().slice(0, 10)} ${pad(hour)}:${pad(minute)}:${pad(second)}`;
  });

const caseArbitrary: fc.Arbitrary<Case> = fc
  .record({
    freq: fc.constantFrom('YEARLY', 'MONTHLY', 'WEEKLY', 'DAILY', 'HOURLY'),
    start: dateTime,
    interval: fc.oneof(
      { weight: 6, arbitrary: fc.constant(1) },
      { weight: 3, arbitrary: fc.integer({ min: 2, max: 7 }) },
      { weight: 1, arbitrary: fc.constantFrom(48, 400, 9998, 119_987, 300_000, 4_000_000, 2 ** 31) },
    ),
    end: fc.oneof(
      fc.constant(''),
      fc.integer({ min: 1, max: 40 }).map((n) => `;COUNT=${n}`),
      fc.constantFrom(';COUNT=1000000000', ';COUNT=5001'),
      dateTime.map((until) => `;UNTIL=${compact(until.replace(/^2027/, '2028'))}Z`),
    ),
    byMonth: fc.option(listOf(all(1, 12), 3), { freq: 3 }),
    byMonthDay: fc.option(
      fc.oneof(
        { weight: 4, arbitrary: someOf(signed(31), 3) },
        { weight: 1, arbitrary: fc.constant([30, 31]) },
      ),
      { freq: 3 },
    ),
    byYearDay: fc.option(someOf(signed(366), 3), { freq: 6 }),
    byWeekNo: fc.option(someOf(signed(53), 2), { freq: 6 }),
    byDay: fc.option(
      fc.uniqueArray(
        fc.record({ n: fc.constantFrom(0, 0, 0, 1, 2, -1, 5, -5), day: fc.constantFrom(...WEEKDAYS) }),
        { minLength: 1, maxLength: 4, selector: ({ n, day }) => `${n}${day}` },
      ),
      { freq: 3 },
    ),
    byHour: fc.option(listOf(all(0, 23), 3), { freq: 4 }),
    byMinute: fc.option(listOf(all(0, 59), 2), { freq: 4 }),
    bySecond: fc.option(listOf(all(0, 59), 2), { freq: 5 }),
    bySetPos: fc.option(
      fc.oneof(
        { weight: 5, arbitrary: someOf(signed(8), 3) },
        { weight: 1, arbitrary: fc.constant(signed(366)) },
      ),
      { freq: 3 },
    ),
    rdates: fc.array(dateTime, { maxLength: 3 }),
    exdates: fc.array(dateTime, { maxLength: 2 }),
    exdateStart: fc.boolean(),
  })
  .map((c) => {
    const yearly = c.freq === 'YEARLY';
    const ordinals = (c.freq === 'MONTHLY' || yearly) && !c.byWeekNo;
    const parts = [`FREQ=${c.freq}`];
    if (c.interval !== 1) parts.push(`INTERVAL=${c.interval}`);
    if (c.byMonth) parts.push(`BYMONTH=${c.byMonth.join(',')}`);
    if (c.byWeekNo && yearly) parts.push(`BYWEEKNO=${c.byWeekNo.join(',')}`);
    if (c.byYearDay && yearly) parts.push(`BYYEARDAY=${c.byYearDay.join(',')}`);
    if (c.byMonthDay && c.freq !== 'WEEKLY') parts.push(`BYMONTHDAY=${c.byMonthDay.join(',')}`);
    if (c.byDay) {
      // Plain or ordinal weekdays, not both: dateutil takes a day only when it is in both kinds (RFC 5545 lists
      // a union), so such rules cannot be compared; recurrence.test.ts checks ours on them.
      const ordinal = ordinals && c.byDay[0]!.n !== 0;
      const days = c.byDay.map(({ n, day }) => (ordinal ? `${n === 0 ? 1 : n}${day}` : day));
      parts.push(`BYDAY=${[...new Set(days)].join(',')}`);
    }
    if (c.byHour) parts.push(`BYHOUR=${c.byHour.join(',')}`);
    if (c.byMinute) parts.push(`BYMINUTE=${c.byMinute.join(',')}`);
    if (c.bySecond) parts.push(`BYSECOND=${c.bySecond.join(',')}`);
    if (c.bySetPos && parts.length > 1 + (c.interval !== 1 ? 1 : 0))
      parts.push(`BYSETPOS=${c.bySetPos.join(',')}`);
    const lines = [`RRULE:${parts.join(';')}${c.end}`];
    // dateutil's first week starts at DTSTART's day, not at the week's start (WKST), so BYSETPOS counts a
    // different set in it: a WEEKLY rule with BYSETPOS starts on a Monday here.
    if (c.freq === 'WEEKLY' && parts.some((part) => part.startsWith('BYSETPOS='))) {
      const day = new Date(`${c.start.slice(0, 10)}T00:00:00Z`);
      day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
      c.start = `${day.toISOString().slice(0, 10)}${c.start.slice(10)}`;
    }
    if (c.rdates.length > 0) lines.push(`RDATE:${c.rdates.map((d) => `${compact(d)}Z`).join(',')}`);
    const exdates = [...c.exdates, ...(c.exdateStart ? [c.start] : [])];
    if (exdates.length > 0) lines.push(`EXDATE:${exdates.map((d) => `${compact(d)}Z`).join(',')}`);
    const before = `${Number(c.start.slice(0, 4)) + 1}${c.start.slice(4, 10)} 00:00:00`;
    const timesPerDay =
      (c.freq === 'HOURLY' ? 24 : (c.byHour?.length ?? 1)) *
      (c.byMinute?.length ?? 1) *
      (c.bySecond?.length ?? 1);
    return { start: c.start, lines, before, pythonCost: (366 * timesPerDay) / c.interval };
  });

/** The refusals a hostile rule may get: each says why. */
const REASONS = [
  /^more than 5000 occurrences before /,
  /^its rules give more than \d+ dates between them/,
  /^the rule gives no occurrence at all: /,
  /^no day of any year has .+: the rule gives no occurrence$/,
  /^INTERVAL=\d+ is more (years|months|weeks|days|hours) than the calendar holds/,
  /^BYSETPOS=[-\d,]+ picks nothing: a period of this rule holds at most \d+ dates and times$/,
  /^expanding it to .+ takes more than \d+ steps \(dates and times looked at\): the rule is too costly$/,
  /^UNTIL and COUNT must not both be given$/,
  /^BYSETPOS needs another BYxxx rule part$/,
  /^BYDAY=-?\d+[A-Z]{2}: /,
];

type Outcome = { instants: string[]; work: number } | { refusal: RecurrenceError; work: number };

function ours(c: Case): Outcome {
  const meter = { spent: 0 };
  try {
    const occurrences = expandRecurrence(parseRecurrence(c.lines, 'UTC'), c.start, 'UTC', c.before, meter);
    return { instants: occurrences.map((o) => `${o.utc.replace(' ', 'T')}Z`), work: meter.spent };
  } catch (error) {
    if (error instanceof RecurrenceError) return { refusal: error, work: meter.spent };
    throw error;
  }
}

function calendarOf(c: Case): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//calendar-events//hostile rules//EN',
    'BEGIN:VEVENT',
    'UID:hostile@oracle',
    'DTSTAMP:20260101T000000Z',
    `DTSTART:${compact(c.start)}Z`,
    ...c.lines,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

/** Python may look at this many candidates per case (it builds every period's whole set). */
const PYTHON_COST = 200_000;
const CASES = fc.sample(caseArbitrary, { seed: SEED, numRuns: RUNS });
const outcomes = new Map(CASES.map((c) => [c, ours(c)]));

describe(`hostile recurrence rules, ${RUNS} random cases (seed ${SEED})`, () => {
  it('each ends within the fixed work budget, and a refusal says why', () => {
    for (const [c, outcome] of outcomes) {
      expect(outcome.work, c.lines.join(' ')).toBeLessThanOrEqual(MAX_EXPANSION_WORK + MAX_SEARCH_WORK);
      if ('refusal' in outcome)
        expect(
          REASONS.some((reason) => reason.test(outcome.refusal.reason)),
          `${c.lines.join(' ')}: ${outcome.refusal.reason}`,
        ).toBe(true);
    }
    // The sample holds both kinds: a test that only ever refuses (or only accepts) would prove little.
    const refused = [...outcomes.values()].filter((o) => 'refusal' in o).length;
    expect(refused).toBeGreaterThan(RUNS / 20);
    expect(refused).toBeLessThan(RUNS - RUNS / 5);
  });

  const compared = CASES.filter((c) => {
    const outcome = outcomes.get(c)!;
    return 'instants' in outcome && c.pythonCost <= PYTHON_COST;
  });
  const python = new Map<Case, string[] | Error>();
  const runs = requirePythonIcal('the hostile-rule property test');
  beforeAll(
    async () => {
      if (!runs) return;
      const answers = await expandManyWithPython(
        compared.map((c) => ({
          ics: calendarOf(c),
          from: '1990-01-01T00:00:00Z',
          to: `${c.before.replace(' ', 'T')}Z`,
        })),
      );
      compared.forEach((c, index) => {
        const answer = answers[index]!;
        python.set(c, answer instanceof Error ? answer : [...new Set(answer.map((o) => o.start))].sort());
      });
    },
    Math.max(120_000, RUNS * 500),
  );

  it.runIf(runs)(`those accepted give the instants Python gives (${compared.length} cases)`, () => {
    expect(compared.length).toBeGreaterThan(RUNS / 4);
    for (const c of compared) {
      const outcome = outcomes.get(c)!;
      const theirs = python.get(c);
      if (theirs instanceof Error) throw new Error(`${c.start} ${c.lines.join(' ')}: ${theirs.message}`);
      expect('instants' in outcome && outcome.instants, `${c.start} ${c.lines.join(' ')}`).toEqual(theirs);
    }
  });
});
