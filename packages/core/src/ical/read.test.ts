import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { IcsError, readCalendar, stableUid } from './read.js';
import { venueOfLocation } from './read-fields.js';
import { contentLines } from './read-lines.js';

const fixture = (name: string) => readFileSync(new URL(`./testdata/${name}.ics`, import.meta.url), 'utf8');
const read = (name: string, zone = 'UTC') => readCalendar(fixture(name), zone);

/** A calendar around the given lines, CRLF as RFC 5545 writes it. */
const calendar = (...lines: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...lines, 'END:VCALENDAR', ''].join('\r\n');
const vevent = (...lines: string[]) => [
  'BEGIN:VEVENT',
  'UID:a@test',
  'DTSTAMP:20260101T000000Z',
  ...lines,
  'END:VEVENT',
];

function refusal(text: string, mode = { strict: true }): IcsError {
  try {
    readCalendar(text, 'UTC', undefined, mode);
  } catch (error) {
    if (error instanceof IcsError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('readCalendar on producers’ exports', () => {
  it('Google Calendar: TZID events, a weekly rule with EXDATE, a moved and a cancelled occurrence', () => {
    const { events, skipped } = read('google');
    expect(skipped).toEqual([]);
    const [standup, holiday, game] = events;
    expect(standup).toMatchObject({
      uid: '7kukuqrfedlm2f9t0vr42q2ggs@google.com',
      title: 'Team standup',
      start: '2027-01-05 09:00:00',
      end: '2027-01-05 09:30:00',
      timezone: 'America/New_York',
      allDay: false,
      lastModifiedUtc: '2026-11-10 09:00:00',
      // Folded lines are unfolded, \n is a line break.
      description: 'Weekly sync of the team.\nJoin with Google Meet: https://meet.google.com/abc-defg-hij',
      recurrence: [
        'RRULE:FREQ=WEEKLY;WKST=SU;UNTIL=20270330T135959Z;BYDAY=TU',
        // The EXDATE and the cancelled occurrence, joined into one line (their parameters are equal).
        'EXDATE;TZID=America/New_York:20270119T090000,20270216T090000',
      ],
    });
    expect(standup!.exceptions).toHaveLength(1);
    expect(standup!.exceptions[0]).toMatchObject({
      title: 'Team standup (moved)',
      start: '2027-02-02 10:00:00',
      originalStartUtc: '2027-02-02 14:00:00',
      sequence: 1,
    });
    // All day: DTEND is the day after; the calendar's X-WR-TIMEZONE holds the days.
    expect(holiday).toMatchObject({
      start: '2027-01-15 00:00:00',
      end: '2027-01-15 23:59:59',
      allDay: true,
      timezone: 'America/New_York',
    });
    expect(game).toMatchObject({
      timezone: 'UTC',
      start: '2027-01-20 00:00:00',
      venue: {
        venue: 'Madison Square Garden',
        address: '4 Pennsylvania Plaza',
        city: 'New York',
        state: 'NY',
        zip: '10001',
        country: 'USA',
      },
      organizers: [{ organizer: 'Jane Doe', email: 'jane.doe@example.com' }],
    });
  });

  it('Outlook: Windows zone names, a Customized Time Zone converted through its VTIMEZONE, CLASS:PRIVATE', () => {
    const { events } = read('outlook');
    expect(events.map((e) => [e.timezone, e.start, e.end, e.allDay, e.status])).toEqual([
      ['Europe/Berlin', '2027-02-10 10:00:00', '2027-02-10 11:30:00', false, 'publish'],
      ['America/Los_Angeles', '2027-01-04 09:00:00', '2027-01-04 09:30:00', false, 'publish'],
      ['UTC', '2027-03-01 00:00:00', '2027-03-01 23:59:59', true, 'private'],
      // 14:00 in the file's own zone (+01:00 before the March change) is 13:00 UTC.
      ['UTC', '2027-03-15 13:00:00', '2027-03-15 15:00:00', false, 'publish'],
    ]);
    expect(events[1]!.recurrence).toEqual([
      'EXDATE;TZID=America/Los_Angeles:20270118T090000',
      'RRULE:FREQ=WEEKLY;COUNT=12;BYDAY=MO,WE',
    ]);
    expect(events[0]!.venue).toEqual({
      venue: 'Konferenzraum Elbe',
      address: 'Am Sandtorkai 1',
      zip: '20457',
      city: 'Hamburg',
    });
    expect(events[0]!.uid).toMatch(/^040000008200E00074C5B7101A82E008.{80,}$/);
  });

  it('Apple Calendar: floating times in X-WR-TIMEZONE, multi-day DATE events, LOCATION on lines', () => {
    const { events } = read('apple');
    expect(events.map((e) => [e.title, e.timezone, e.start, e.end, e.allDay])).toEqual([
      ['La Bohème', 'Europe/Paris', '2027-03-12 19:30:00', '2027-03-12 22:00:00', false],
      ['Vacances en Bretagne', 'Europe/Paris', '2027-04-15 00:00:00', '2027-04-17 23:59:59', true],
      ['Marché du samedi', 'Europe/Paris', '2027-03-20 08:00:00', '2027-03-20 09:00:00', false],
      ['Anniversaire de Claire', 'Europe/Paris', '2027-05-01 00:00:00', '2027-05-01 23:59:59', true],
    ]);
    expect(events[0]!.venue).toEqual({
      venue: 'Opéra Bastille',
      address: 'Place de la Bastille',
      zip: '75012',
      city: 'Paris',
      country: 'France',
    });
    expect(events[0]!.website).toBe('https://www.operadeparis.fr/');
    expect(events[2]!.description).toBe('Fromage &amp; pain &lt;frais&gt;');
    expect(events[3]!.recurrence).toEqual(['RRULE:FREQ=YEARLY']);
  });

  it('Thunderbird: /mozilla.org/ TZIDs, DURATION, CATEGORIES, a VTODO skipped', () => {
    const { events, skipped } = read('thunderbird', 'Europe/Berlin');
    expect(events[0]).toMatchObject({ sequence: 2, categories: ['Social', 'Berlin'] });
    expect(events[1]).toMatchObject({
      timezone: 'Europe/Vienna',
      start: '2027-02-25 19:30:00',
      end: '2027-02-25 22:00:00',
      organizers: [{ organizer: 'Anna Berger', email: 'anna.berger@example.at' }],
    });
    // No X-WR-TIMEZONE: the site's zone holds the all-day dates.
    expect(events[2]).toMatchObject({ allDay: true, timezone: 'Europe/Berlin', status: 'private' });
    expect(skipped).toEqual([
      { uid: '11111111-2222-4333-8444-555555555555', line: 93, reason: 'a VTODO is not an event' },
    ]);
  });

  it("the plugin's own exports: all-day as 00:00–23:59:59, UIDs without the start and end", () => {
    const allDay = read('tec-all-day-event').events[0]!;
    expect(allDay).toMatchObject({
      uid: '1503@127.0.0.1',
      allDay: true,
      timezone: 'Europe/Berlin',
      start: '2026-12-05 00:00:00',
      end: '2026-12-06 23:59:59',
    });
    const list = read('tec-list-feed').events;
    expect(list).toHaveLength(30);
    expect(list[0]!.venue).toEqual({
      venue: 'Venue 1',
      address: '1 Main St',
      city: 'Shelbyville',
      zip: '62700',
      country: 'United States',
    });
    expect(read('tec-single-event').events[0]).toMatchObject({
      timezone: 'Europe/Berlin',
      start: '2027-01-21 19:30:00',
      categories: ['Music'],
      organizers: [{ organizer: 'Kammermusikfreunde Ical', email: 'info@kammer.example' }],
    });
    expect(stableUid('262-1795651200-1795737599@127.0.0.1')).toBe('262@127.0.0.1');
    expect(stableUid('abc@google.com')).toBe('abc@google.com');
  });
});

describe('readCalendar reads what producers evidently mean', () => {
  it('an 8-digit value without VALUE=DATE is a DATE, with a stray Z too; an empty RRULE is none', () => {
    const { events, skipped } = readCalendar(
      calendar(
        ...vevent('DTSTART:20270101', 'DTEND:20270102', 'RRULE:', 'SUMMARY:Holiday'),
        ...vevent(
          'DTSTART:20270111T180000Z',
          'RRULE:FREQ=DAILY;COUNT=5',
          'EXDATE:20270113',
          'RDATE:20270120Z',
        ).map((line) => line.replace('a@test', 'b@test')),
      ),
      'Europe/Berlin',
    );
    expect(skipped).toEqual([]);
    expect(events[0]).toMatchObject({
      start: '2027-01-01 00:00:00',
      end: '2027-01-01 23:59:59',
      allDay: true,
      timezone: 'Europe/Berlin',
      recurrence: [],
    });
    expect(events[1]!.recurrence).toEqual([
      'RRULE:FREQ=DAILY;COUNT=5',
      'EXDATE;VALUE=DATE:20270113',
      'RDATE;VALUE=DATE:20270120',
    ]);
  });

  it('a rule written with spaces in its lists; an Outlook display-name zone without VTIMEZONE', () => {
    const zone = 'TZID="(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna"';
    const { events, skipped } = readCalendar(
      calendar(
        ...vevent(
          `DTSTART;${zone}:20270201T083000`,
          'RRULE:FREQ=WEEKLY; COUNT=9; BYDAY=MO, TU, WE',
          `EXDATE;${zone}:20270202T083000`,
        ),
      ),
      'UTC',
    );
    expect(skipped).toEqual([]);
    expect(events[0]).toMatchObject({ start: '2027-02-01 08:30:00', timezone: 'Europe/Amsterdam' });
    expect(events[0]!.recurrence).toEqual([
      'RRULE:FREQ=WEEKLY;COUNT=9;BYDAY=MO,TU,WE',
      'EXDATE;TZID=Europe/Amsterdam:20270202T083000',
    ]);
  });

  it('a VEVENT without a UID gets one drawn from it, the same when the file is read again', () => {
    const text = calendar(
      'BEGIN:VEVENT',
      'DTSTART:20270210T140000Z',
      'SUMMARY:No UID',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'DTSTART:20270210T140000Z',
      'SUMMARY:No UID',
      'END:VEVENT',
    );
    const uids = readCalendar(text, 'UTC').events.map((event) => event.uid);
    expect(uids).toHaveLength(2);
    expect(uids[0]).toMatch(/^derived-[0-9a-f]{32}@calendar-events$/);
    expect(uids[1]).not.toBe(uids[0]);
    expect(readCalendar(text, 'UTC').events.map((event) => event.uid)).toEqual(uids);
  });

  it('an event in a zone whose VTIMEZONE rules ical.js cannot follow is reported, not a crash', () => {
    const text = calendar(
      'BEGIN:VTIMEZONE',
      'TZID:Custom Zone',
      'BEGIN:STANDARD',
      'DTSTART:19701025T030000',
      'RRULE:FRE:=YEARLY;BYDAY=-1SU;BYMONTH=10',
      'TZOFFSETFROM:+0200',
      'TZOFFSETTO:+0100',
      'END:STANDARD',
      'END:VTIMEZONE',
      ...vevent('DTSTART;TZID=Custom Zone:20270101T100000', 'SUMMARY:Custom'),
    );
    for (const strict of [false, true]) {
      const read = () => readCalendar(text, 'UTC', undefined, { strict });
      if (strict) expect(read).toThrow(IcsError);
      else
        expect(read().skipped).toEqual([
          { uid: 'a@test', line: 13, reason: expect.stringMatching(/^line \d+: /) },
        ]);
    }
  });

  it('quotes the file’s own text, never a value as ical.js re-formats it', () => {
    const { skipped } = readCalendar(
      calendar(...vevent('DTSTART:20270101T100000Z', 'LAST-MODIFIED:20270101')),
      'UTC',
    );
    expect(skipped).toEqual([
      { uid: 'a@test', line: 4, reason: 'line 8: LAST-MODIFIED: "20270101" is not a valid DATE-TIME value' },
    ]);
  });
});

describe('readCalendar refuses a broken file naming the line', () => {
  const inEvent = 'event';
  const whole = 'file';
  it.each([
    [calendar(...vevent('DTSTART:20260101T100000', 'no colon here')), 8, /expected a content line/, inEvent],
    [calendar(...vevent('DTSTART:20261301T100000')), 7, /no month 13/, inEvent],
    [calendar(...vevent('DTSTART:2026')), 7, /not a date/, inEvent],
    [calendar(...vevent('SUMMARY:no start')), 4, /needs a DTSTART/, inEvent],
    [
      calendar('BEGIN:VEVENT', 'UID:x', 'DTSTART:20260101T100000'),
      7,
      /END:VCALENDAR where END:VEVENT/,
      whole,
    ],
    ['BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nEND:VEVENT\r\n', 1, /BEGIN:VCALENDAR is never ended/, whole],
    [calendar(...vevent('DTSTART:20260101T100000', 'END:VTODO')), 8, /END:VTODO where END:VEVENT/, whole],
    [
      calendar(...vevent('DTSTART;TZID=Mars/Olympus:20260101T100000')),
      7,
      /unknown time zone TZID=Mars/,
      inEvent,
    ],
    [
      calendar(...vevent('DTSTART:20260101T100000', 'DTEND:20260101T090000')),
      8,
      /DTEND is before DTSTART/,
      inEvent,
    ],
    [calendar(...vevent('DTSTART:20260101T100000', 'RRULE:FREQ=WEEKLY;BYDAY=XX')), 8, /"XX"/, inEvent],
    [calendar(...vevent('DTSTART:20260101T100000', 'DURATION:PXX')), 8, /duration/, inEvent],
    ['', 1, /empty/, whole],
    ['BEGIN:VEVENT\r\nEND:VEVENT\r\n', 1, /expected BEGIN:VCALENDAR/, whole],
  ])('%#: strictly, the file; else the %3 when it is one event', (text, line, reason, scope) => {
    const error = refusal(text, { strict: true });
    expect(error.line).toBe(line);
    expect(error.reason).toMatch(reason);
    expect(error.message).toBe(`line ${line}: ${error.reason}`);
    if (scope === whole) {
      expect(refusal(text, { strict: false }).message).toBe(error.message);
      return;
    }
    const { events, skipped } = readCalendar(text, 'UTC');
    expect(events).toEqual([]);
    expect(skipped).toEqual([{ uid: 'a@test', line: 4, reason: error.message }]);
  });

  it('an instance without its series is an event of its own, kept by its UID and RECURRENCE-ID', () => {
    const { events, skipped } = readCalendar(
      calendar(...vevent('RECURRENCE-ID:20260108T100000Z', 'DTSTART:20260108T110000Z', 'SUMMARY:Moved')),
      'UTC',
    );
    expect(skipped).toEqual([]);
    expect(events).toEqual([
      expect.objectContaining({
        uid: 'a@test#RECURRENCE-ID=20260108T100000Z',
        title: 'Moved',
        start: '2026-01-08 11:00:00',
        recurrence: [],
        instanceOf: { uid: 'a@test', originalStartUtc: '2026-01-08 10:00:00' },
      }),
    ]);
  });

  it('skips an event whose recurrence is refused, with its line and why, and reads the rest', () => {
    const text = calendar(
      ...vevent('DTSTART:20260101T100000', 'SUMMARY:x', 'RRULE:FREQ=WEEKLY;COUNT=2;UNTIL=20270101'),
      ...vevent('DTSTART:20260101T100000', 'SUMMARY:y').map((l) => l.replace('a@test', 'b@test')),
      'BEGIN:VEVENT',
      'UID:a@test',
      'RECURRENCE-ID:20260108T100000',
      'DTSTART:20260108T110000',
      'END:VEVENT',
    );
    const { events, skipped } = readCalendar(text, 'UTC');
    expect(events.map((e) => e.uid)).toEqual(['b@test']);
    expect(skipped).toEqual([
      { uid: 'a@test', line: 4, reason: expect.stringMatching(/^line 9: .*UNTIL and COUNT/) },
      { uid: 'a@test', line: 17, reason: 'a RECURRENCE-ID of the series on line 4, which was skipped' },
    ]);
  });

  const limits = { lineLength: 1000, categories: 3, dates: 3 };

  it('skips an event with a line over the limit or too many CATEGORIES, and reads the rest', () => {
    const long = `DESCRIPTION:${'x'.repeat(600)}\r\n ${'y'.repeat(600)}`;
    const text = calendar(
      ...vevent('DTSTART:20260101T100000', long),
      ...vevent('DTSTART:20260101T100000', 'CATEGORIES:a,b\\,c,d,e').map((l) =>
        l.replace('a@test', 'b@test'),
      ),
      ...vevent('DTSTART:20260101T100000', 'CATEGORIES:a,b\\,c,d').map((l) => l.replace('a@test', 'c@test')),
      `X-WR-TIMEZONE:${'z'.repeat(2000)}`,
      // Not read: neither parsed nor bounded.
      ...vevent('DTSTART:20260101T100000', `X-LONG:${'z'.repeat(2000)}`, `ATTENDEE:${'x,'.repeat(999)}`).map(
        (l) => l.replace('a@test', 'd@test'),
      ),
      ...vevent(
        'DTSTART:20260101T100000Z',
        'RRULE:FREQ=DAILY',
        `EXDATE:${Array(4).fill('20260102T100000Z')}`,
      ).map((l) => l.replace('a@test', 'e@test')),
    );
    const { events, skipped } = readCalendar(text, 'UTC', limits);
    expect(events.map((e) => [e.uid, e.categories])).toEqual([
      ['c@test', ['a', 'b,c', 'd']],
      ['d@test', []],
    ]);
    expect(skipped).toEqual([
      // A line of the calendar's own: reported, and the calendar read without it.
      {
        uid: '',
        line: 23,
        reason: 'line 23: X-WR-TIMEZONE is longer than 1000 characters, the most one content line may have',
      },
      {
        uid: 'a@test',
        line: 4,
        reason: 'line 8: DESCRIPTION is longer than 1000 characters, the most one content line may have',
      },
      {
        uid: 'b@test',
        line: 11,
        reason: 'line 15: CATEGORIES names more than 3 categories, the most an event may have',
      },
      {
        uid: 'e@test',
        line: 31,
        reason: 'line 36: EXDATE has more than 3 dates, the most a series may have occurrences',
      },
    ]);
    // The same file without limits: every event read.
    expect(readCalendar(text, 'UTC').events).toHaveLength(5);
  });

  it('joins RDATE and EXDATE lines of equal parameters: 2,000 EXDATE lines are one line', () => {
    const exdates = Array.from({ length: 2000 }, (_, i) => {
      const day = new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10).replace(/-/g, '');
      return `EXDATE:${day}T100000Z`;
    });
    const text = calendar(
      ...vevent(
        'DTSTART:20260101T100000Z',
        'RRULE:FREQ=DAILY;COUNT=3000',
        'RDATE:20350101T100000Z',
        ...exdates,
      ),
    );
    const [event] = readCalendar(text, 'UTC', limits).events;
    expect(event!.recurrence).toHaveLength(3);
    expect(event!.recurrence[0]).toBe('RRULE:FREQ=DAILY;COUNT=3000');
    expect(event!.recurrence[2]!.split(',')).toHaveLength(2000);
  });

  it('a DURATION of days keeps the wall time across a daylight-saving change', () => {
    const { events } = readCalendar(
      calendar(...vevent('DTSTART;TZID=Europe/Berlin:20260328T120000', 'DURATION:P1DT1H')),
      'UTC',
    );
    expect(events[0]).toMatchObject({ start: '2026-03-28 12:00:00', end: '2026-03-29 13:00:00' });
  });
});

describe('contentLines', () => {
  it('unfolds CRLF, LF and CR lines with their numbers, drops blank lines and a BOM', () => {
    const text = '\uFEFFA:1\r\n  2\n\tthree\rB:x\r\n\r\n \r\n\nC:y\n';
    expect([...contentLines(text, 100)]).toEqual([
      { line: 1, text: 'A:1 2three', tooLong: false },
      { line: 4, text: 'B:x', tooLong: false },
      { line: 8, text: 'C:y', tooLong: false },
    ]);
  });

  it('marks a line longer than the limit, keeping only its start, folded or not', () => {
    const folded = `D:${'x'.repeat(70)}\r\n ${'y'.repeat(70)}\r\n ${'z'.repeat(70)}\r\nE:ok`;
    expect([...contentLines(folded, 150)]).toEqual([
      { line: 1, text: `D:${'x'.repeat(70)}`, tooLong: true },
      { line: 4, text: 'E:ok', tooLong: false },
    ]);
    const [long] = contentLines(`F:${'x'.repeat(1000)}`, 150);
    expect(long).toEqual({ line: 1, text: `F:${'x'.repeat(198)}`, tooLong: true });
  });
});

describe('venueOfLocation', () => {
  it.each([
    ['Room 1', { venue: 'Room 1' }],
    ['Cafe, Main St 1, Springfield', { venue: 'Cafe', address: 'Main St 1', city: 'Springfield' }],
    [
      'Hall, 1 Road, Town, Region, 12345, Country',
      {
        venue: 'Hall',
        address: '1 Road',
        city: 'Town',
        province: 'Region',
        zip: '12345',
        country: 'Country',
      },
    ],
  ])('%s', (location, venue) => {
    expect(venueOfLocation(location)).toEqual(venue);
  });
});
