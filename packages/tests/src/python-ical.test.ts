import { describe, expect, it } from 'vitest';
import {
  expandManyWithPython,
  expandWithPython,
  parseManyWithPython,
  parseWithPython,
  requirePythonIcal,
  startInstants,
} from './python-ical.js';

const BERLIN = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Berlin',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

function calendar(event: string[], timezones = BERLIN): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//EN',
    ...timezones,
    'BEGIN:VEVENT',
    ...event,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

const WEEKLY = calendar([
  'UID:weekly@example.org',
  'DTSTAMP:20260101T000000Z',
  'SUMMARY:Choir',
  'DTSTART;TZID=Europe/Berlin:20260305T190000',
  'DTEND;TZID=Europe/Berlin:20260305T210000',
  'RRULE:FREQ=WEEKLY;COUNT=5',
  'EXDATE;TZID=Europe/Berlin:20260312T190000',
  'LOCATION:Hall\\, Berlin',
  'GEO:52.5;13.4',
  'ORGANIZER;CN=Anna:mailto:anna@example.org',
  'CATEGORIES:Music,Choir',
]);

describe.runIf(requirePythonIcal('the Python iCalendar wrapper tests'))('python-ical', () => {
  it('reads a VEVENT as icalendar does', async () => {
    const parsed = await parseWithPython(WEEKLY);
    expect(parsed.timezones).toEqual(['Europe/Berlin']);
    expect(parsed.events).toHaveLength(1);
    expect(parsed.events[0]).toMatchObject({
      uid: 'weekly@example.org',
      summary: 'Choir',
      dtstart: '2026-03-05T19:00:00+01:00',
      dtstartTzid: 'Europe/Berlin',
      dtend: '2026-03-05T21:00:00+01:00',
      rrule: ['FREQ=WEEKLY;COUNT=5'],
      exdate: ['2026-03-12T19:00:00+01:00'],
      location: 'Hall, Berlin',
      geo: [52.5, 13.4],
      organizer: { value: 'mailto:anna@example.org', cn: 'Anna' },
      categories: ['Music', 'Choir'],
    });
  });

  it('expands across the spring change at 19:00 local', async () => {
    const occurrences = await expandWithPython(WEEKLY, '2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z');
    expect(startInstants(occurrences)).toEqual([
      '2026-03-05T18:00:00Z',
      '2026-03-19T18:00:00Z',
      '2026-03-26T18:00:00Z',
      '2026-04-02T17:00:00Z',
    ]);
  });

  it('refuses what RFC 5545 refuses, with the reason', async () => {
    const noTimezone = calendar(
      ['UID:a', 'DTSTAMP:20260101T000000Z', 'DTSTART;TZID=Europe/Paris:20260101T100000'],
      BERLIN,
    );
    await expect(parseWithPython(noTimezone)).rejects.toThrow(/TZID=Europe\/Paris: no VTIMEZONE/);
    const results = await parseManyWithPython([
      calendar(['UID:b', 'DTSTART:20260101T100000Z']),
      calendar(['DTSTAMP:20260101T000000Z', 'DTSTART:20260101T100000Z']),
      calendar(['UID:c', 'DTSTAMP:20260101T000000Z', 'DTSTART:2026-01-01']),
      'BEGIN:VCALENDAR\r\nVERSION:2.0\r\n',
      WEEKLY,
    ]);
    expect(results.map((result) => (result instanceof Error ? result.message : 'ok'))).toEqual([
      expect.stringMatching(/VEVENT b has no DTSTAMP/),
      expect.stringMatching(/VEVENT \? has no UID/),
      expect.stringMatching(/DTSTART/),
      expect.stringMatching(/ValueError/),
      'ok',
    ]);
  });

  it('expands many calendars in one process', async () => {
    const daily = calendar(
      ['UID:d', 'DTSTAMP:20260101T000000Z', 'DTSTART;VALUE=DATE:20260101', 'RRULE:FREQ=DAILY;COUNT=3'],
      [],
    );
    const [first, second] = await expandManyWithPython([
      { ics: daily, from: '2026-01-01', to: '2026-02-01' },
      { ics: 'garbage', from: '2026-01-01', to: '2026-02-01' },
    ]);
    expect(first).toEqual(
      ['2026-01-01', '2026-01-02', '2026-01-03'].map((day) =>
        expect.objectContaining({ uid: 'd', start: day, local: day }),
      ),
    );
    expect(second).toBeInstanceOf(Error);
  });
});
