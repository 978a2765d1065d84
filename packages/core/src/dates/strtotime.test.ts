import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DOCUMENTED_REJECTIONS, type ParsedTime, parseStrtotime } from './strtotime.js';

/** One output of PHP 8.2's own strtotime(), from shared/data/strtotime-reference.json. */
interface ReferenceCase {
  /** `YYYY-MM-DD HH:MM:SS`, in UTC. */
  now_utc: string;
  timezone: string;
  input: string;
  /** `date('Y-m-d H:i:s')` in `timezone`, or null where strtotime() returned false. */
  result: string | null;
  unix: number | null;
}

const reference = JSON.parse(
  readFileSync(new URL('./testdata/strtotime-reference.json', import.meta.url), 'utf8'),
) as { generator: string; cases: ReferenceCase[] };

const isListed = (entries: ReadonlyArray<{ input: string | RegExp }>, input: string): boolean =>
  entries.some((entry) =>
    typeof entry.input === 'string' ? entry.input === input : entry.input.test(input),
  );

/** `YYYY-MM-DD HH:MM:SS` read as UTC (a bare `new Date()` of it would be local time). */
const utc = (value: string): Date => new Date(`${value.replace(' ', 'T')}Z`);

describe('parseStrtotime against PHP 8.2 (shared/data/strtotime-reference.json)', () => {
  it('agrees with PHP wherever PHP returns a date, apart from documented rejections', () => {
    let agreeing = 0;
    let rejected = 0;
    let phpFalse = 0;
    let phpFalseAgreeing = 0;
    const disagreements: string[] = [];
    const undocumentedAnswers: string[] = [];

    for (const testCase of reference.cases) {
      const parsed = parseStrtotime(testCase.input, {
        now: utc(testCase.now_utc),
        timezone: testCase.timezone,
      });
      const label = `${JSON.stringify(testCase.input)} at ${testCase.now_utc} UTC in ${testCase.timezone}`;
      if (testCase.result === null) {
        phpFalse += 1;
        if (parsed === null) {
          phpFalseAgreeing += 1;
          agreeing += 1;
        } else {
          undocumentedAnswers.push(`${label}: PHP false, got ${parsed.local}`);
        }
        continue;
      }
      if (parsed !== null && parsed.local === testCase.result && parsed.unix === testCase.unix) {
        agreeing += 1;
      } else if (parsed === null && isListed(DOCUMENTED_REJECTIONS, testCase.input)) {
        rejected += 1;
      } else {
        disagreements.push(
          `${label}: PHP ${testCase.result} (${testCase.unix}), got ${parsed?.local ?? 'null'}`,
        );
      }
    }

    const total = reference.cases.length;
    const percent = ((agreeing / total) * 100).toFixed(1);
    console.log(
      `strtotime agreement: ${agreeing}/${total} (${percent}%); documented rejections: ${rejected}; ` +
        `PHP-false cases agreeing: ${phpFalseAgreeing}/${phpFalse}`,
    );
    expect(disagreements).toEqual([]);
    expect(undocumentedAnswers).toEqual([]);
  });
});

describe('parseStrtotime', () => {
  // A Tuesday; 10:30 EDT in New York (DST began two days earlier).
  const options = { now: utc('2026-03-10 14:30:00'), timezone: 'America/New_York' };
  const parse = (input: string): ParsedTime | null => parseStrtotime(input, options);
  const local = (input: string): string | null => parse(input)?.local ?? null;

  it('reads ISO 8601 with and without an offset', () => {
    expect(parse('2018-01-01T10:00:00+02:00')).toEqual({
      unix: 1514793600,
      hasTime: true,
      hasZone: true,
      local: '2018-01-01 03:00:00',
      written: '2018-01-01 10:00:00',
    });
    expect(local('2018-01-01T10:00:00Z')).toBe('2018-01-01 05:00:00');
    expect(local('2018-01-01T10:00:00.123Z')).toBe('2018-01-01 05:00:00');
    expect(local('2018-01-01T16:00:00')).toBe('2018-01-01 16:00:00');
    expect(local('2018-01-01 16:00:00 Europe/Rome')).toBe('2018-01-01 10:00:00');
    expect(local('2018-01-01 16:00 EST')).toBe('2018-01-01 16:00:00');
  });

  it('reads plain dates as midnight in the default zone', () => {
    expect(parse('2018-01-01')).toEqual({
      unix: 1514782800,
      hasTime: false,
      hasZone: false,
      local: '2018-01-01 00:00:00',
      written: '2018-01-01 00:00:00',
    });
    expect(local('2018-01-01 16:00')).toBe('2018-01-01 16:00:00');
    expect(local('2018/01/05')).toBe('2018-01-05 00:00:00');
    expect(local('01/05/2018')).toBe('2018-01-05 00:00:00');
    expect(local('05.01.2018')).toBe('2018-01-05 00:00:00');
  });

  it('reads times of day as today', () => {
    expect(local('4pm')).toBe('2026-03-10 16:00:00');
    expect(local('9:30am')).toBe('2026-03-10 09:30:00');
    expect(local('16:00')).toBe('2026-03-10 16:00:00');
    expect(local('noon')).toBe('2026-03-10 12:00:00');
    expect(local('midnight')).toBe('2026-03-10 00:00:00');
  });

  it('reads the named days', () => {
    expect(local('now')).toBe('2026-03-10 10:30:00');
    expect(local('today')).toBe('2026-03-10 00:00:00');
    expect(local('tomorrow')).toBe('2026-03-11 00:00:00');
    expect(local('yesterday')).toBe('2026-03-09 00:00:00');
  });

  it('applies relative offsets to the current time', () => {
    expect(local('+1 week')).toBe('2026-03-17 10:30:00');
    expect(local('-2 days')).toBe('2026-03-08 10:30:00');
    expect(local('3 days ago')).toBe('2026-03-07 10:30:00');
    expect(local('1 month ago')).toBe('2026-02-10 10:30:00');
    // PHP's "next week" is the Monday of next week, at the current time.
    expect(local('next week')).toBe('2026-03-16 10:30:00');
  });

  it('reads weekdays', () => {
    expect(local('friday')).toBe('2026-03-13 00:00:00');
    expect(local('next friday')).toBe('2026-03-13 00:00:00');
    expect(local('last monday')).toBe('2026-03-09 00:00:00');
  });

  it('reads month names', () => {
    expect(local('January 5 2018')).toBe('2018-01-05 00:00:00');
    expect(local('5 January 2018')).toBe('2018-01-05 00:00:00');
    expect(local('Jan 5')).toBe('2026-01-05 00:00:00');
    expect(local('Jan 5, 2018 3:00pm')).toBe('2018-01-05 15:00:00');
  });

  it('reads first/last day of a month', () => {
    expect(local('first day of next month')).toBe('2026-04-01 10:30:00');
    expect(local('last day of this month')).toBe('2026-03-31 10:30:00');
    expect(local('first monday of next month')).toBe('2026-04-06 00:00:00');
  });

  it('combines a day with a time', () => {
    expect(local('tomorrow 9am')).toBe('2026-03-11 09:00:00');
    expect(local('next wednesday 4pm')).toBe('2026-03-11 16:00:00');
    expect(local('+5 days 11am')).toBe('2026-03-15 11:00:00');
    expect(local('2018-01-01 4pm')).toBe('2018-01-01 16:00:00');
    expect(local('yesterday 23:59')).toBe('2026-03-09 23:59:00');
  });

  it('reads @ timestamps, written in UTC', () => {
    expect(parse('@1514764800')).toEqual({
      unix: 1514764800,
      hasTime: true,
      hasZone: true,
      local: '2017-12-31 19:00:00',
      written: '2018-01-01 00:00:00',
    });
    // As PHP: a bare integer it cannot read is false (the service reads bare integers itself, input.ts).
    expect(parse('1514764800')).toBeNull();
  });

  it("gives the wall time as written in the input's own offset", () => {
    expect(parse('2030-03-10T23:00:00-08:00')?.written).toBe('2030-03-10 23:00:00');
    expect(parse('2030-03-10T23:00:00-08:00')?.local).toBe('2030-03-11 03:00:00');
    expect(parse('2018-01-01 16:00:00 Europe/Rome')?.written).toBe('2018-01-01 16:00:00');
    expect(parse('tomorrow 9am')?.written).toBe('2026-03-11 09:00:00');
  });

  it('keeps PHP quirks: day overflow and a bare HHMM', () => {
    expect(local('2018-02-30')).toBe('2018-03-02 00:00:00');
    expect(local('2018')).toBe('2026-03-10 20:18:00');
  });

  it('ignores case and surrounding whitespace', () => {
    expect(local('  TOMORROW 9AM  ')).toBe('2026-03-11 09:00:00');
    expect(local('Next Wednesday 4PM')).toBe('2026-03-11 16:00:00');
  });

  it('returns null where PHP returns false', () => {
    for (const input of [
      '',
      'foo',
      'not a date',
      'next',
      'tomorrow 9',
      '2018-13-01',
      '2018-01-32',
      '18:61',
    ]) {
      expect(parse(input), input).toBeNull();
    }
  });

  it('reports whether the input named a time of day and a zone', () => {
    const flags = (input: string) => {
      const parsed = parse(input);
      return parsed && { hasTime: parsed.hasTime, hasZone: parsed.hasZone };
    };
    expect(flags('2018-01-01')).toEqual({ hasTime: false, hasZone: false });
    expect(flags('tomorrow')).toEqual({ hasTime: false, hasZone: false });
    expect(flags('friday')).toEqual({ hasTime: false, hasZone: false });
    expect(flags('Jan 5')).toEqual({ hasTime: false, hasZone: false });
    expect(flags('tomorrow 9am')).toEqual({ hasTime: true, hasZone: false });
    expect(flags('midnight')).toEqual({ hasTime: true, hasZone: false });
    expect(flags('now')).toEqual({ hasTime: true, hasZone: false });
    expect(flags('+2 days')).toEqual({ hasTime: true, hasZone: false });
    expect(flags('2018-01-01T10:00:00Z')).toEqual({ hasTime: true, hasZone: true });
    expect(flags('2018-01-01 UTC')).toEqual({ hasTime: false, hasZone: true });
  });

  it('moves wall times in a spring-forward gap forward, like PHP', () => {
    const berlin = { now: utc('2026-03-10 14:30:00'), timezone: 'Europe/Berlin' };
    expect(parseStrtotime('2026-03-29 02:30', berlin)?.local).toBe('2026-03-29 03:30:00');
    expect(parseStrtotime('2026-03-08 02:30', options)?.local).toBe('2026-03-08 03:30:00');
  });

  it('resolves the repeated autumn hour as PHP does', () => {
    const berlin = { now: utc('2026-03-10 14:30:00'), timezone: 'Europe/Berlin' };
    // East of UTC PHP reads the default zone's repeated hour as standard time (CET, 01:30 UTC)...
    expect(parseStrtotime('2026-10-25 02:30', berlin)?.unix).toBe(Date.UTC(2026, 9, 25, 1, 30) / 1000);
    // ...but as summer time (CEST, 00:30 UTC) when the string names the zone itself.
    expect(parseStrtotime('2026-10-25 02:30 Europe/Berlin', berlin)?.unix).toBe(
      Date.UTC(2026, 9, 25, 0, 30) / 1000,
    );
    // West of UTC it takes daylight time (EDT, 05:30 UTC).
    expect(parseStrtotime('2026-11-01 01:30', options)?.unix).toBe(Date.UTC(2026, 10, 1, 5, 30) / 1000);
  });

  it('evaluates relative expressions in the given zone, including manual offsets', () => {
    const kolkata = { now: utc('2026-03-10 20:00:00'), timezone: 'Asia/Kolkata' };
    expect(parseStrtotime('today', kolkata)?.local).toBe('2026-03-11 00:00:00');
    const manual = { now: utc('2026-03-10 20:00:00'), timezone: 'UTC+5:30' };
    expect(parseStrtotime('today', manual)?.unix).toBe(parseStrtotime('today', kolkata)?.unix);
  });

  it('throws on an unknown default zone', () => {
    expect(() => parseStrtotime('now', { now: options.now, timezone: 'Mars/Olympus_Mons' })).toThrow(
      RangeError,
    );
  });
});
