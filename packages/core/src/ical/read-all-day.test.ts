import { describe, expect, it } from 'vitest';
import { readCalendar } from './read.js';
import { wholeDayRecurrence } from './read-all-day.js';

const calendar = (...lines: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...lines, 'END:VCALENDAR', ''].join('\r\n');
const vevent = (...lines: string[]) => [
  'BEGIN:VEVENT',
  'UID:a@test',
  'DTSTAMP:20260101T000000Z',
  ...lines,
  'END:VEVENT',
];
const DATE_SERIES = ['DTSTART;VALUE=DATE:20270104', 'DTEND;VALUE=DATE:20270105', 'SUMMARY:Holiday'];

describe('a series of whole days whose dates are written as DATE-TIMEs', () => {
  it('EXDATE and RECURRENCE-ID at midnight in their own zone name that day, whatever the calendar zone', () => {
    for (const zone of ['UTC', 'America/New_York', 'Asia/Tokyo']) {
      const { events, skipped } = readCalendar(
        calendar(
          ...vevent(
            ...DATE_SERIES,
            'RRULE:FREQ=DAILY;COUNT=5',
            'EXDATE;TZID=W. Europe Standard Time:20270105T000000',
          ),
          ...vevent(
            'RECURRENCE-ID;TZID=W. Europe Standard Time:20270107T000000',
            'DTSTART;VALUE=DATE:20270110',
            'SUMMARY:Holiday (moved)',
          ),
          ...vevent(
            'RECURRENCE-ID;TZID=W. Europe Standard Time:20270106T000000',
            'STATUS:CANCELLED',
            ...DATE_SERIES,
          ),
        ),
        zone,
      );
      expect(skipped).toEqual([]);
      const [series] = events;
      expect(series!.recurrence).toEqual(['RRULE:FREQ=DAILY;COUNT=5', 'EXDATE;VALUE=DATE:20270105,20270106']);
      // The instance of 7 January sits at midnight in the series' zone, the calendar's.
      expect(series!.exceptions.map((e) => [e.title, e.originalStartUtc])).toEqual([
        [
          'Holiday (moved)',
          zone === 'UTC'
            ? '2027-01-07 00:00:00'
            : zone === 'Asia/Tokyo'
              ? '2027-01-06 15:00:00'
              : '2027-01-07 05:00:00',
        ],
      ]);
    }
  });

  it('a UTC UNTIL is the local date it is in the producer’s zone: midnight of the last day, in summer and winter', () => {
    const untilOf = (rule: string, ...more: string[]) =>
      readCalendar(calendar(...vevent(...DATE_SERIES, rule, ...more)), 'UTC').events[0]!.recurrence;
    const berlin = 'EXDATE;TZID=W. Europe Standard Time:20270106T000000';
    // 22:00Z is midnight in Berlin in summer (the 29th), 23:00Z in winter.
    expect(untilOf('RRULE:FREQ=WEEKLY;UNTIL=20270328T220000Z', berlin)[0]).toBe(
      'RRULE:FREQ=WEEKLY;UNTIL=20270329',
    );
    expect(untilOf('RRULE:FREQ=DAILY;UNTIL=20270109T230000Z', berlin)[0]).toBe(
      'RRULE:FREQ=DAILY;UNTIL=20270110',
    );
    // No zone in the file: the calendar's (UTC here) names the day.
    expect(untilOf('RRULE:FREQ=DAILY;UNTIL=20270109T230000Z')[0]).toBe('RRULE:FREQ=DAILY;UNTIL=20270109');
    // The file's only VTIMEZONE is the producer's zone.
    const vtimezone = [
      'BEGIN:VTIMEZONE',
      'TZID:W. Europe Standard Time',
      'BEGIN:STANDARD',
      'DTSTART:16011028T030000',
      'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10',
      'TZOFFSETFROM:+0200',
      'TZOFFSETTO:+0100',
      'END:STANDARD',
      'END:VTIMEZONE',
    ];
    const { events } = readCalendar(
      calendar(...vtimezone, ...vevent(...DATE_SERIES, 'RRULE:FREQ=DAILY;UNTIL=20270109T230000Z')),
      'UTC',
    );
    expect(events[0]!.recurrence).toEqual(['RRULE:FREQ=DAILY;UNTIL=20270110']);
  });

  it('leaves DATE values, periods and series with a time of day as they are', () => {
    expect(
      wholeDayRecurrence(
        [
          'RRULE:FREQ=DAILY;UNTIL=20270110',
          'EXDATE;VALUE=DATE:20270105',
          'RDATE;VALUE=PERIOD:20270120T000000Z/PT1H',
        ],
        'Europe/Berlin',
      ),
    ).toEqual([
      'RRULE:FREQ=DAILY;UNTIL=20270110',
      'EXDATE;VALUE=DATE:20270105',
      'RDATE;VALUE=PERIOD:20270120T000000Z/PT1H',
    ]);
    const { events } = readCalendar(
      calendar(
        ...vevent(
          'DTSTART;TZID=Europe/Berlin:20270104T090000',
          'RRULE:FREQ=DAILY;UNTIL=20270109T230000Z',
          'EXDATE;TZID=Europe/Berlin:20270105T090000',
        ),
      ),
      'UTC',
    );
    expect(events[0]!.recurrence).toEqual([
      'RRULE:FREQ=DAILY;UNTIL=20270109T230000Z',
      'EXDATE;TZID=Europe/Berlin:20270105T090000',
    ]);
  });
});
