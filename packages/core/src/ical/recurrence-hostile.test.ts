/**
 * Rules that could hang the expansion, make its work explode or be stored though they give nothing: each ends
 * within its work budget, legitimate heavy rules with little work, and the others
 * are refused with a message that says why. Work is counted (periods, days, years crossed, instances looked
 * at), not timed.
 */
import { describe, expect, it } from 'vitest';
import {
  expandRecurrence,
  expansionWork,
  MAX_EXPANSION_WORK,
  MAX_INSTANCES,
  MAX_SEARCH_WORK,
  parseRecurrence,
  RecurrenceError,
} from './recurrence.js';
import { ruleInstances, WorkBudget, WorkExceeded } from './recurrence-walk.js';

const range = (first: number, last: number) =>
  Array.from({ length: last - first + 1 }, (_, i) => first + i).join(',');
const START = '2027-01-01 10:00:00';
const HORIZON = '2029-01-01 00:00:00';

/** The expansion's outcome (local starts or the refusal) and the work it did. */
function expand(lines: string[], start = START, before = HORIZON) {
  const meter = { spent: 0 };
  try {
    const locals = expandRecurrence(parseRecurrence(lines, 'UTC'), start, 'UTC', before, meter).map(
      (o) => o.local,
    );
    return { locals, error: undefined, work: meter.spent };
  } catch (error) {
    if (!(error instanceof RecurrenceError)) throw error;
    return { locals: undefined, error, work: meter.spent };
  }
}

function parseRefusal(lines: string[]): RecurrenceError {
  try {
    parseRecurrence(lines, 'UTC');
  } catch (error) {
    if (error instanceof RecurrenceError) return error;
    throw error;
  }
  throw new Error(`accepted: ${lines.join(' | ')}`);
}

describe('item 1: the walk ends whatever INTERVAL says', () => {
  it.each([
    ['RRULE:FREQ=YEARLY;INTERVAL=300000', /INTERVAL=300000 is more years than the calendar holds/],
    ['RRULE:FREQ=MONTHLY;INTERVAL=4000000', /INTERVAL=4000000 is more months than the calendar holds/],
    ['RRULE:FREQ=DAILY;INTERVAL=9999999', /more days than the calendar holds/],
    ['RRULE:FREQ=HOURLY;INTERVAL=99999999999', /more hours than the calendar holds/],
  ])('%s is refused when read', (line, why) => {
    expect(parseRefusal([line]).reason).toMatch(why);
  });

  it('a walk given such an INTERVAL anyway stops after its first period (no NaN, no date past year 9999)', () => {
    for (const [text, interval] of [
      ['FREQ=YEARLY', 300_000],
      ['FREQ=MONTHLY', 4_000_000],
      ['FREQ=WEEKLY', 2 ** 40],
      ['FREQ=DAILY', 2 ** 45],
      ['FREQ=HOURLY', 2 ** 50],
    ] as const) {
      const [rule] = parseRecurrence([`RRULE:${text}`], 'UTC').rules;
      const budget = new WorkBudget(1000, () => 'too much');
      // As far as the calendar goes: the second period lies beyond it.
      const instances = [...ruleInstances({ ...rule!, interval }, START, '9999-12-31', budget)];
      expect(instances).toEqual([START]);
      // A few periods, and the days of the shapes of year the first period touches (a week may cross two).
      expect(budget.spent).toBeLessThan(2 * 366 + 20);
    }
  });

  it('the largest INTERVALs allowed end at the horizon with a few steps', () => {
    for (const line of ['RRULE:FREQ=YEARLY;INTERVAL=9998', 'RRULE:FREQ=MONTHLY;INTERVAL=119987']) {
      const { locals, work } = expand([line]);
      expect(locals).toEqual([START]);
      expect(work).toBeLessThan(1000);
    }
  });
});

describe('item 2: heavy rules cost what they give, impossible ones are refused at once', () => {
  const everySecond = `BYHOUR=${range(0, 23)};BYMINUTE=${range(0, 59)};BYSECOND=${range(0, 59)}`;

  it('one instance a day out of 86,400 candidates: BYSETPOS picked by position, a few steps a day', () => {
    const first = expand([`RRULE:FREQ=DAILY;${everySecond};BYSETPOS=1`]);
    expect(first.locals).toHaveLength(731);
    expect(first.locals!.slice(0, 3)).toEqual([START, '2027-01-02 00:00:00', '2027-01-03 00:00:00']);
    expect(first.work).toBeLessThan(731 * 10);
    const last = expand([`RRULE:FREQ=DAILY;${everySecond};BYSETPOS=-1,-2`]);
    expect(last.locals!.slice(0, 3)).toEqual([START, '2027-01-01 23:59:58', '2027-01-01 23:59:59']);
    expect(last.work).toBeLessThan(731 * 12);
  });

  it('the same in a year: positions among 366 days × 86,400 times, never the whole set', () => {
    const { locals, work } = expand([`RRULE:FREQ=YEARLY;BYMONTH=6;BYDAY=MO;${everySecond};BYSETPOS=-1`]);
    expect(locals).toEqual([START, '2027-06-28 23:59:59', '2028-06-26 23:59:59']);
    expect(work).toBeLessThan(3000);
  });

  it('HOURLY skips the days its date parts exclude instead of walking their hours', () => {
    const { locals, work } = expand([
      `RRULE:FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=28;BYHOUR=9;BYMINUTE=${range(0, 59)};BYSECOND=0`,
    ]);
    expect(locals).toHaveLength(1 + 2 * 60);
    expect(locals![1]).toBe('2027-02-28 09:00:00');
    // Two passing days of 24 hours each, their 120 instances, and a step per year crossed: not 17,520 hours.
    expect(work).toBeLessThan(1000);
  });

  it.each([[`BYMINUTE=${range(0, 59)};BYSECOND=${range(0, 59)}`], [`BYMINUTE=${range(0, 59)};BYSECOND=0,1`]])(
    'FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=30;%s is refused when read',
    (times) => {
      const error = parseRefusal([`RRULE:FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=30;${times}`]);
      expect(error.reason).toBe(
        'no day of any year has BYMONTH=2;BYMONTHDAY=30: the rule gives no occurrence',
      );
    },
  );

  it('a rule too costly for its horizon is refused by the budget, which follows the days to the horizon', () => {
    // Every day of the year but the 366th, asking for the 366th: nothing, at 366 steps a year since year 1000.
    const { error, work } = expand(
      [`RRULE:FREQ=YEARLY;BYYEARDAY=${range(1, 365)};BYSETPOS=366`],
      '1000-01-01 10:00:00',
    );
    expect(error?.reason).toMatch(
      /takes more than 300000 steps \(dates and times looked at\): the rule is too costly/,
    );
    expect(work).toBeLessThanOrEqual(MAX_EXPANSION_WORK + 400);
    expect(expansionWork(1, START, '2029-01-01')).toBeLessThan(expansionWork(1, START, '2037-01-01'));
    expect(expansionWork(1, '1000-01-01 10:00:00', '2029-01-01')).toBe(MAX_EXPANSION_WORK);
  });
});

describe('item 3: more than 5,000 occurrences', () => {
  it('FREQ=HOURLY;COUNT=1000000000 stops at the 5,001st', () => {
    const { error, work } = expand(['RRULE:FREQ=HOURLY;COUNT=1000000000']);
    expect(error?.reason).toBe(`more than 5000 occurrences before ${HORIZON} UTC`);
    expect(error?.index).toBe(0);
    expect(work).toBeLessThan(5001 * 6);
  });

  it('rules that give the same dates again and again are refused by the dates they give together', () => {
    const lines = Array.from({ length: 20 }, (_, i) => `RRULE:FREQ=HOURLY;COUNT=${5000 - i}`);
    const { error, work } = expand(lines);
    expect(error?.index).toBe(2);
    expect(error?.reason).toBe(
      `its rules give more than ${MAX_INSTANCES} dates between them (a date several rules give counts for each)`,
    );
    expect(work).toBeLessThan(MAX_INSTANCES * 6);
  });

  it('an RDATE line of 20,000 dates is refused when read', () => {
    const dates = Array.from(
      { length: 20_000 },
      (_, i) => `2027${String(1 + (i % 12)).padStart(2, '0')}01T${String(i % 24).padStart(2, '0')}0000Z`,
    );
    const error = parseRefusal(['RRULE:FREQ=WEEKLY', `RDATE:${dates.join(',')}`]);
    expect(error.index).toBe(1);
    expect(error.reason).toMatch(/more than 5000 RDATE dates/);
    expect(error.message.length).toBeLessThan(400);
  });
});

describe('item 11: rules that can never give an occurrence, or with absurd lists', () => {
  it.each([
    ['RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30', /no day of any year has BYMONTH=2;BYMONTHDAY=30/],
    ['RRULE:FREQ=MONTHLY;BYMONTH=4,6,9,11;BYMONTHDAY=31', /no day of any year has/],
    ['RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-30', /no day of any year has/],
    ['RRULE:FREQ=YEARLY;BYYEARDAY=366;BYMONTH=1', /no day of any year has/],
    ['RRULE:FREQ=YEARLY;BYWEEKNO=53;BYMONTH=6', /no day of any year has/],
    ['RRULE:FREQ=MONTHLY;BYMONTHDAY=13;BYDAY=FR;BYMONTH=2;BYYEARDAY=1', /no day of any year has/],
    ['RRULE:FREQ=MONTHLY;BYDAY=MO;BYSETPOS=1,+1', /BYSETPOS gives 1 twice/],
    ['RRULE:FREQ=MONTHLY;BYDAY=1MO,+1MO', /BYDAY gives 1MO twice/],
    ['RRULE:FREQ=DAILY;BYHOUR=9,09', /BYHOUR gives 9 twice/],
    ['RRULE:FREQ=DAILY,HOURLY', /FREQ takes one value, not 2/],
    [
      'RRULE:FREQ=WEEKLY;BYDAY=MO,TU;BYSETPOS=8',
      /BYSETPOS=8 picks nothing: a period of this rule holds at most 7/,
    ],
    ['RRULE:FREQ=DAILY;BYHOUR=9,10;BYSETPOS=3', /BYSETPOS=3 picks nothing/],
  ])('%s is refused when read', (line, why) => {
    expect(parseRefusal([line]).reason).toMatch(why);
  });

  it('100,000 BYSETPOS values are refused when read, before ical.js reads them', () => {
    const error = parseRefusal([`RRULE:FREQ=MONTHLY;BYDAY=MO;BYSETPOS=${range(1, 100_000)}`]);
    expect(error.reason).toBe('BYSETPOS has 100000 values; it has only 732 different ones');
    expect(error.message.length).toBeLessThan(400);
  });

  it.each([
    // Every fourth year from 2027: 2027, 2031, … never a leap year (2100, 2200, 2300 are none either).
    [
      '2027-02-28 10:00:00',
      'RRULE:FREQ=YEARLY;INTERVAL=4;BYMONTH=2;BYMONTHDAY=29',
      /none of the dates it steps on from its start/,
    ],
    [
      '2027-01-30 10:00:00',
      'RRULE:FREQ=MONTHLY;BYMONTH=2',
      /no day of any year has BYMONTH=2 on the day of its start \(2027-01-30\)/,
    ],
    ['2027-01-01 10:00:00', 'RRULE:FREQ=MONTHLY;BYDAY=MO;BYSETPOS=6', /none of the dates it steps on/],
    [
      '2027-01-01 10:00:00',
      'RRULE:FREQ=HOURLY;INTERVAL=48;BYHOUR=9',
      /every 48 hours from 10:00 never reaches BYHOUR=9/,
    ],
    ['2027-01-01 10:00:00', 'RRULE:FREQ=WEEKLY;BYMONTHDAY=1;BYSETPOS=2', /none of the dates it steps on/],
    ['2027-01-01 10:00:00', 'RRULE:FREQ=DAILY;UNTIL=20261231T000000Z', /to its UNTIL/],
  ])('from %s, %s gives nothing: refused when expanded, within the search budget', (start, line, why) => {
    const { error, work } = expand([line], start);
    expect(error?.reason).toMatch(/^the rule gives no occurrence at all: /);
    expect(error?.reason).toMatch(why);
    expect(work).toBeLessThanOrEqual(MAX_EXPANSION_WORK + MAX_SEARCH_WORK);
  });

  it('a rule whose first occurrence lies beyond the horizon is no mistake', () => {
    // 29 February every fourth year from a leap year: every leap year.
    const leap = expand(['RRULE:FREQ=YEARLY;INTERVAL=4;BYMONTH=2;BYMONTHDAY=29'], '2028-01-10 10:00:00');
    expect(leap.locals).toEqual(['2028-01-10 10:00:00', '2028-02-29 10:00:00']);
    // Every 100 years from 2100: 2100, 2200 and 2300 are no leap years, 2400 is; found by the search beyond the
    // horizon, a period per century and the days of each shape of year decided once.
    const { locals, work } = expand(
      ['RRULE:FREQ=YEARLY;INTERVAL=100;BYMONTH=2;BYMONTHDAY=29'],
      '2100-01-01 10:00:00',
      '2101-01-01 00:00:00',
    );
    expect(locals).toEqual(['2100-01-01 10:00:00']);
    expect(work).toBeLessThan(28 * 366);
  });

  it('the search for a first occurrence is bounded by its budget too', () => {
    const [rule] = parseRecurrence(['RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=29'], 'UTC').rules;
    const budget = new WorkBudget(50, () => 'searched too long');
    expect(() => [...ruleInstances(rule!, '2029-03-01 10:00:00', '9999-12-31', budget)]).toThrow(
      WorkExceeded,
    );
  });
});
