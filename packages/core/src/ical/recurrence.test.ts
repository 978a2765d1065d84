import { describe, expect, it } from 'vitest';
import {
  expandRecurrence,
  MAX_OCCURRENCES,
  parseRecurrence,
  RecurrenceError,
  recurrenceLines,
} from './recurrence.js';

const NEW_YORK = 'America/New_York';

/** The local starts of a recurrence from `start` in `zone`, before `before` (UTC). */
function locals(lines: string[], start: string, zone = NEW_YORK, before = '2010-01-01 00:00:00'): string[] {
  return expandRecurrence(parseRecurrence(lines, zone), start, zone, before).map((o) => o.local);
}

function refusal(lines: string[], zone = 'Europe/Berlin'): RecurrenceError {
  try {
    parseRecurrence(lines, zone);
  } catch (error) {
    if (error instanceof RecurrenceError) return error;
    throw error;
  }
  throw new Error(`accepted: ${lines.join(' | ')}`);
}

describe('parseRecurrence refuses, naming the line and why', () => {
  it.each([
    [['RRULE:FREQ=FORTNIGHTLY'], 0, /invalid frequency "FORTNIGHTLY"/],
    [['RRULE:FREQ=WEEKLY;BYDAY=MO;COLOR=RED'], 0, /unknown rule part "COLOR"/],
    [['RRULE:FREQ=WEEKLY;COUNT=3;UNTIL=20270101T000000Z'], 0, /UNTIL and COUNT must not both be given/],
    [
      ['RRULE:FREQ=WEEKLY', 'EXDATE;TZID=Mars/Olympus_Mons:20270101T190000'],
      1,
      /unknown time zone "Mars\/Olympus_Mons"/,
    ],
    [['EXDATE:20270101T190000Z'], 0, /needs an RRULE or an RDATE/],
    [['RRULE:FREQ=MINUTELY'], 0, /FREQ=MINUTELY is not supported/],
    [['RRULE:INTERVAL=2'], 0, /needs FREQ/],
    [['RRULE:FREQ=DAILY;INTERVAL=0'], 0, /INTERVAL must be 1 or more/],
    [['RRULE:FREQ=DAILY;COUNT=-1'], 0, /COUNT must be 1 or more/],
    [['RRULE:FREQ=WEEKLY;BYDAY=1MO'], 0, /an ordinal weekday needs FREQ=MONTHLY or YEARLY/],
    [['RRULE:FREQ=MONTHLY;BYDAY=6MO'], 0, /BYDAY=6 is out of range/],
    [['RRULE:FREQ=MONTHLY;BYMONTHDAY=32'], 0, /BYMONTHDAY/],
    [['RRULE:FREQ=MONTHLY;BYSETPOS=1'], 0, /BYSETPOS needs another BYxxx rule part/],
    [
      ['RRULE:FREQ=WEEKLY', 'RDATE:20290229T101500Z'],
      1,
      /20290229T101500 is not a date and time that exists/,
    ],
    [['RRULE:FREQ=WEEKLY;UNTIL=20270230'], 0, /20270230 is not a date that exists/],
    [['RRULE:FREQ=WEEKLY', 'EXRULE:FREQ=MONTHLY'], 1, /EXRULE is deprecated/],
    [['RRULE:FREQ=WEEKLY', 'DTSTART:20260101T100000Z'], 1, /expected RRULE, RDATE or EXDATE, not DTSTART/],
    [['FREQ=WEEKLY'], 0, /expected NAME:VALUE/],
  ] as const)('%j', (lines, index, reason) => {
    const error = refusal([...lines]);
    expect(error.index).toBe(index);
    expect(error.line).toBe(lines[index]);
    expect(error.reason).toMatch(reason);
    expect(error.message).toContain(`recurrence line ${index + 1} (${lines[index]})`);
  });
});

describe('recurrenceLines', () => {
  it('splits text, unfolds folded lines and drops blank ones', () => {
    expect(recurrenceLines('RRULE:FREQ=WEEKLY;\r\n BYDAY=TU\n\nEXDATE:20270101T190000Z\n')).toEqual([
      'RRULE:FREQ=WEEKLY;BYDAY=TU',
      'EXDATE:20270101T190000Z',
    ]);
  });
});

describe('expandRecurrence', () => {
  it('keeps a 19:00 Berlin weekly event at 19:00 local in winter and summer', () => {
    const occurrences = expandRecurrence(
      parseRecurrence(['RRULE:FREQ=WEEKLY;COUNT=6'], 'Europe/Berlin'),
      '2026-03-12 19:00:00',
      'Europe/Berlin',
      '2027-01-01 00:00:00',
    );
    expect(occurrences.map((o) => o.local.slice(11))).toEqual(Array(6).fill('19:00:00'));
    expect(occurrences.map((o) => o.utc)).toEqual([
      '2026-03-12 18:00:00',
      '2026-03-19 18:00:00',
      '2026-03-26 18:00:00',
      '2026-04-02 17:00:00', // summer time from 29 March
      '2026-04-09 17:00:00',
      '2026-04-16 17:00:00',
    ]);
  });

  it('reads a wall time in the spring-forward gap as the gap later, one in the overlap as its first instant', () => {
    const gap = expandRecurrence(
      parseRecurrence(['RRULE:FREQ=DAILY;COUNT=3'], NEW_YORK),
      '2026-03-07 02:30:00',
      NEW_YORK,
      '2027-01-01 00:00:00',
    );
    // RFC 5545 §3.3.5: TZID=America/New_York:20070311T023000 is 03:30 EDT.
    expect(gap.map((o) => o.utc)).toEqual([
      '2026-03-07 07:30:00',
      '2026-03-08 07:30:00',
      '2026-03-09 06:30:00',
    ]);
    const overlap = expandRecurrence(
      parseRecurrence(['RRULE:FREQ=DAILY;COUNT=3'], NEW_YORK),
      '2026-10-31 01:30:00',
      NEW_YORK,
      '2027-01-01 00:00:00',
    );
    // §3.3.5: TZID=America/New_York:20071104T013000 is 01:30 EDT, the first of the two.
    expect(overlap.map((o) => o.utc)).toEqual([
      '2026-10-31 05:30:00',
      '2026-11-01 05:30:00',
      '2026-11-02 06:30:00',
    ]);
  });

  it('gives an instant once when an hourly rule crosses the gap', () => {
    const hourly = expandRecurrence(
      parseRecurrence(['RRULE:FREQ=HOURLY;COUNT=4'], 'Europe/Berlin'),
      '2026-03-29 00:30:00',
      'Europe/Berlin',
      '2027-01-01 00:00:00',
    );
    expect(hourly).toEqual([
      { local: '2026-03-29 00:30:00', utc: '2026-03-28 23:30:00' },
      { local: '2026-03-29 01:30:00', utc: '2026-03-29 00:30:00' },
      { local: '2026-03-29 03:30:00', utc: '2026-03-29 01:30:00' },
    ]);
  });

  it('applies EXDATE in UTC, TZID and DATE forms, and RDATE', () => {
    const lines = [
      'RRULE:FREQ=DAILY;COUNT=6',
      'EXDATE:20260102T180000Z',
      'EXDATE;TZID=America/New_York:20260103T130000',
      'EXDATE;VALUE=DATE:20260104',
      'RDATE;TZID=Europe/Berlin:20260110T120000',
    ];
    expect(locals(lines, '2026-01-01 19:00:00', 'Europe/Berlin', '2027-01-01 00:00:00')).toEqual([
      '2026-01-01 19:00:00',
      '2026-01-05 19:00:00',
      '2026-01-06 19:00:00',
      '2026-01-10 12:00:00',
    ]);
  });

  it('keeps an RDATE or EXDATE given as an instant exact, even on the second reading of an overlap', () => {
    // 2026-11-01 01:30 in New York is 05:30Z (EDT) and again 06:30Z (EST).
    const lines = ['RRULE:FREQ=DAILY;COUNT=2', 'RDATE:20261101T063000Z', 'EXDATE:20261031T053000Z'];
    expect(
      expandRecurrence(
        parseRecurrence(lines, NEW_YORK),
        '2026-10-30 01:30:00',
        NEW_YORK,
        '2027-01-01 00:00:00',
      ),
    ).toEqual([
      { local: '2026-10-30 01:30:00', utc: '2026-10-30 05:30:00' },
      { local: '2026-11-01 01:30:00', utc: '2026-11-01 06:30:00' },
    ]);
  });

  it('reads an UNTIL given as a date, against a DTSTART with a time, as the end of that day', () => {
    const lines = ['RRULE:FREQ=WEEKLY;UNTIL=20260115'];
    expect(locals(lines, '2026-01-01 19:00:00', 'Europe/Berlin', '2027-01-01 00:00:00')).toEqual([
      '2026-01-01 19:00:00',
      '2026-01-08 19:00:00',
      '2026-01-15 19:00:00',
    ]);
  });

  it(`refuses more than ${MAX_OCCURRENCES} occurrences before the horizon`, () => {
    const hourly = parseRecurrence(['RRULE:FREQ=HOURLY'], 'UTC');
    expect(() => expandRecurrence(hourly, '2026-01-01 00:00:00', 'UTC', '2027-01-01 00:00:00')).toThrow(
      /more than 5000 occurrences before 2027-01-01 00:00:00 UTC/,
    );
    const daily = parseRecurrence(['RRULE:FREQ=DAILY'], 'UTC');
    expect(expandRecurrence(daily, '2026-01-01 00:00:00', 'UTC', '2028-01-01 00:00:00')).toHaveLength(730);
  });
});

/** RFC 5545 §3.8.5.3's examples (DTSTART in America/New_York), the ones recurring_ical_events cannot check. */
describe("RFC 5545's examples", () => {
  const at9 = (days: string[]) => days.map((day) => `${day} 09:00:00`);

  it.each([
    [
      'every 20th Monday of the year',
      '1997-05-19',
      'FREQ=YEARLY;BYDAY=20MO;COUNT=3',
      ['1997-05-19', '1998-05-18', '1999-05-17'],
    ],
    [
      'Monday of week number 20',
      '1997-05-12',
      'FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO;COUNT=3',
      ['1997-05-12', '1998-05-11', '1999-05-17'],
    ],
    [
      'the third Tuesday, Wednesday or Thursday of the month',
      '1997-09-04',
      'FREQ=MONTHLY;COUNT=3;BYDAY=TU,WE,TH;BYSETPOS=3',
      ['1997-09-04', '1997-10-07', '1997-11-06'],
    ],
    [
      'the second-to-last weekday of the month',
      '1997-09-29',
      'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2;COUNT=7',
      ['1997-09-29', '1997-10-30', '1997-11-27', '1997-12-30', '1998-01-29', '1998-02-26', '1998-03-30'],
    ],
    [
      'every other week on Tuesday and Sunday, weeks from Monday',
      '1997-08-05',
      'FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO',
      ['1997-08-05', '1997-08-10', '1997-08-19', '1997-08-24'],
    ],
    [
      'every other week on Tuesday and Sunday, weeks from Sunday',
      '1997-08-05',
      'FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU',
      ['1997-08-05', '1997-08-17', '1997-08-19', '1997-08-31'],
    ],
    [
      'every third year on days 1, 100 and 200',
      '1997-01-01',
      'FREQ=YEARLY;INTERVAL=3;COUNT=10;BYYEARDAY=1,100,200',
      [
        '1997-01-01',
        '1997-04-10',
        '1997-07-19',
        '2000-01-01',
        '2000-04-09',
        '2000-07-18',
        '2003-01-01',
        '2003-04-10',
        '2003-07-19',
        '2006-01-01',
      ],
    ],
    [
      'the third-to-last day of the month',
      '1997-09-28',
      'FREQ=MONTHLY;BYMONTHDAY=-3;COUNT=6',
      ['1997-09-28', '1997-10-29', '1997-11-28', '1997-12-29', '1998-01-29', '1998-02-26'],
    ],
    [
      'US presidential election day',
      '1996-11-05',
      'FREQ=YEARLY;INTERVAL=4;BYMONTH=11;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8;COUNT=3',
      ['1996-11-05', '2000-11-07', '2004-11-02'],
    ],
    [
      'the 15th and 30th, skipping 30 February',
      '2007-01-15',
      'FREQ=MONTHLY;BYMONTHDAY=15,30;COUNT=5',
      ['2007-01-15', '2007-01-30', '2007-02-15', '2007-03-15', '2007-03-30'],
    ],
    [
      'a yearly 29 February only in leap years',
      '2008-02-29',
      'FREQ=YEARLY;COUNT=3',
      ['2008-02-29', '2012-02-29', '2016-02-29'],
    ],
  ] as const)('%s', (_name, start, rule, days) => {
    expect(locals([`RRULE:${rule}`], `${start} 09:00:00`, NEW_YORK, '2020-01-01 00:00:00')).toEqual(
      at9([...days]),
    );
  });

  it('every Friday the 13th (DTSTART excluded)', () => {
    const lines = [
      'RRULE:FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13',
      'EXDATE;TZID=America/New_York:19970902T090000',
    ];
    expect(locals(lines, '1997-09-02 09:00:00', NEW_YORK, '2000-12-31 00:00:00')).toEqual(
      at9(['1998-02-13', '1998-03-13', '1998-11-13', '1999-08-13', '2000-10-13']),
    );
  });

  it('every day in January for three years', () => {
    const rule = 'RRULE:FREQ=YEARLY;UNTIL=20000131T140000Z;BYMONTH=1;BYDAY=SU,MO,TU,WE,TH,FR,SA';
    const days = locals([rule], '1998-01-01 09:00:00');
    expect(days).toHaveLength(93);
    expect([days[0], days[30], days[31], days[92]]).toEqual(
      at9(['1998-01-01', '1998-01-31', '1999-01-01', '2000-01-31']),
    );
  });
});
