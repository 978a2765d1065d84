import { describe, expect, it } from 'vitest';
import { writeCalendar } from './write.js';
import { withOneRule } from './write-rules.js';

const berlin = {
  startLocal: '2027-01-04 10:00:00',
  timezone: 'Europe/Berlin',
  allDay: false,
  horizonUtc: '2027-03-01 00:00:00',
};

describe('withOneRule', () => {
  it('leaves a recurrence with one rule or none as it is', () => {
    const lines = ['RRULE:FREQ=WEEKLY;COUNT=3', 'EXDATE;TZID=Europe/Berlin:20270111T100000'];
    expect(withOneRule(lines, berlin)).toEqual(lines);
    expect(withOneRule(['RDATE;VALUE=DATE:20270105'], berlin)).toEqual(['RDATE;VALUE=DATE:20270105']);
  });

  it('keeps the rule without an end and writes every instance of the one that ends, less those the kept rule gives', () => {
    const lines = [
      'RRULE:FREQ=MONTHLY;BYDAY=1MO,3WE;COUNT=4',
      'RRULE:FREQ=WEEKLY;BYDAY=MO',
      'EXDATE;TZID=Europe/Berlin:20270111T100000',
    ];
    // 1MO: 4 Jan (DTSTART), 1 Feb (Mondays both); 3WE: 20 Jan, 17 Feb.
    expect(withOneRule(lines, berlin)).toEqual([
      'RRULE:FREQ=WEEKLY;BYDAY=MO',
      'EXDATE;TZID=Europe/Berlin:20270111T100000',
      'RDATE;TZID=Europe/Berlin:20270120T100000,20270217T100000',
    ]);
  });

  it('cuts a second rule without an end at the horizon', () => {
    const lines = ['RRULE:FREQ=WEEKLY;BYDAY=MO', 'RRULE:FREQ=MONTHLY;BYDAY=-1FR'];
    expect(withOneRule(lines, berlin)).toEqual([
      'RRULE:FREQ=WEEKLY;BYDAY=MO',
      'RDATE;TZID=Europe/Berlin:20270129T100000,20270226T100000',
    ]);
  });

  it('writes dates for an all-day series and UTC instants for one in UTC', () => {
    const lines = ['RRULE:FREQ=YEARLY;COUNT=2', 'RRULE:FREQ=YEARLY;BYMONTH=7;BYMONTHDAY=4;COUNT=2'];
    expect(withOneRule(lines, { ...berlin, startLocal: '2027-01-04 00:00:00', allDay: true })).toEqual([
      'RRULE:FREQ=YEARLY;COUNT=2',
      'RDATE;VALUE=DATE:20270704,20280704',
    ]);
    expect(withOneRule(lines, { ...berlin, timezone: 'UTC' })).toEqual([
      'RRULE:FREQ=YEARLY;COUNT=2',
      'RDATE:20270704T100000Z,20280704T100000Z',
    ]);
  });

  it('is what the feed writes: one RRULE line per VEVENT', () => {
    const text = writeCalendar({ name: 'calendar.test', url: 'http://calendar.test' }, [
      {
        uid: '9@calendar.test',
        sequence: 0,
        title: 'Club night',
        description: '',
        url: '',
        allDay: false,
        timezone: 'Europe/Berlin',
        startLocal: '2027-01-04 10:00:00',
        endLocal: '2027-01-04 11:00:00',
        startUtc: '2027-01-04 09:00:00',
        endUtc: '2027-01-04 10:00:00',
        createdUtc: '2026-11-01 10:00:00',
        modifiedUtc: '2026-11-01 10:00:00',
        location: '',
        organizers: [],
        categories: [],
        recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=MO', 'RRULE:FREQ=MONTHLY;BYDAY=-1FR'],
        horizonUtc: '2027-03-01 00:00:00',
      },
    ]);
    // The VEVENT's lines (its VTIMEZONE has rules of its own).
    const unfolded = text
      .slice(text.indexOf('BEGIN:VEVENT'))
      .replace(/\r\n[ \t]/g, '')
      .split('\r\n');
    expect(unfolded.filter((line) => line.startsWith('RRULE'))).toEqual(['RRULE:FREQ=WEEKLY;BYDAY=MO']);
    expect(unfolded).toContain('RDATE;TZID=Europe/Berlin:20270129T100000,20270226T100000');
  });
});
