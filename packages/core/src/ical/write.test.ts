import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { createCalendarWriter, type FeedEvent, nextDay, writeCalendar } from './write.js';

const INFO = { name: 'calendar.test', url: 'http://calendar.test' };

function event(overrides: Partial<FeedEvent> = {}): FeedEvent {
  return {
    uid: '7@calendar.test',
    sequence: 0,
    title: 'Concert',
    description: '',
    url: 'http://calendar.test/event/concert/',
    allDay: false,
    timezone: 'UTC',
    startLocal: '2026-04-01 20:00:00',
    endLocal: '2026-04-01 22:00:00',
    startUtc: '2026-04-01 20:00:00',
    endUtc: '2026-04-01 22:00:00',
    createdUtc: '2026-03-01 10:00:00',
    modifiedUtc: '2026-03-02 11:00:00',
    location: '',
    organizers: [],
    categories: [],
    ...overrides,
  };
}

function parse(text: string): ICAL.Component {
  return new ICAL.Component(ICAL.parse(text) as unknown[]);
}

function vevents(text: string): ICAL.Component[] {
  return parse(text).getAllSubcomponents('vevent');
}

/** The unfolded content lines. */
function lines(text: string): string[] {
  return text.replace(/\r\n[ \t]/g, '').split('\r\n');
}

const berlin = event({
  timezone: 'Europe/Berlin',
  startLocal: '2027-01-21 19:30:00',
  endLocal: '2027-01-21 21:45:00',
  startUtc: '2027-01-21 18:30:00',
  endUtc: '2027-01-21 20:45:00',
});

describe('writeCalendar', () => {
  it('writes the calendar header, CRLF line ends and lines of at most 75 octets', () => {
    const text = writeCalendar(INFO, [
      event({ description: `Haydn, Schubert; a \\ and "quotes"\nnext line ${'äöü€ '.repeat(40)}` }),
    ]);
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const all = lines(text);
    for (const line of [
      'PRODID:-//calendar.test//Calendar Events//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'X-WR-CALNAME:calendar.test',
      'X-ORIGINAL-URL:http://calendar.test',
      'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
      'X-PUBLISHED-TTL:PT1H',
    ])
      expect(all).toContain(line);
    const [vevent] = vevents(text);
    expect(vevent!.getFirstPropertyValue('description')).toBe(
      `Haydn, Schubert; a \\ and "quotes"\nnext line ${'äöü€ '.repeat(40)}`,
    );
    expect(all.find((l) => l.startsWith('DESCRIPTION:'))).toMatch(
      /^DESCRIPTION:Haydn\\, Schubert\\; a \\\\ and/,
    );
  });

  it('writes a UTC event in UTC, without a VTIMEZONE, with stamps and the UID', () => {
    const text = writeCalendar(INFO, [event()]);
    const all = lines(text);
    expect(all).toEqual(
      expect.arrayContaining([
        'DTSTART:20260401T200000Z',
        'DTEND:20260401T220000Z',
        'DTSTAMP:20260302T110000Z',
        'CREATED:20260301T100000Z',
        'LAST-MODIFIED:20260302T110000Z',
        'UID:7@calendar.test',
        'SEQUENCE:0',
        'SUMMARY:Concert',
        'URL:http://calendar.test/event/concert/',
      ]),
    );
    expect(text).not.toContain('VTIMEZONE');
    expect(text).not.toContain('DESCRIPTION');
  });

  it('writes a zoned event in its wall time with its VTIMEZONE, once for many events', () => {
    const text = writeCalendar(INFO, [berlin, { ...berlin, uid: '8@calendar.test' }]);
    const all = lines(text);
    expect(all).toContain('DTSTART;TZID=Europe/Berlin:20270121T193000');
    expect(all).toContain('DTEND;TZID=Europe/Berlin:20270121T214500');
    const calendar = parse(text);
    const zones = calendar.getAllSubcomponents('vtimezone');
    expect(zones.map((z) => z.getFirstPropertyValue('tzid'))).toEqual(['Europe/Berlin']);
    // ical.js resolves the TZID through the VTIMEZONE: the right instant.
    const timezone = new ICAL.Timezone(zones[0]!);
    const start = calendar.getFirstSubcomponent('vevent')!.getFirstPropertyValue('dtstart') as ICAL.Time;
    const utc = start.convertToZone(ICAL.Timezone.utcTimezone);
    expect(timezone.tzid).toBe('Europe/Berlin');
    start.zone = timezone;
    expect(start.convertToZone(ICAL.Timezone.utcTimezone).toString()).toBe('2027-01-21T18:30:00Z');
    expect(utc).toBeDefined();
  });

  it('writes a manual offset zone with a fixed-offset VTIMEZONE', () => {
    const text = writeCalendar(INFO, [
      event({ timezone: 'UTC+5:30', startLocal: '2026-04-02 01:30:00', endLocal: '2026-04-02 03:30:00' }),
    ]);
    expect(lines(text)).toContain('DTSTART;TZID=UTC+0530:20260402T013000');
    const zone = parse(text).getFirstSubcomponent('vtimezone')!;
    expect(zone.getFirstSubcomponent('standard')!.getFirstPropertyValue('tzoffsetto')!.toString()).toBe(
      '+05:30',
    );
  });

  it('writes an all-day event as dates, DTEND the day after the last day', () => {
    const text = writeCalendar(INFO, [
      event({
        allDay: true,
        timezone: 'Europe/Berlin',
        startLocal: '2026-12-05 00:00:00',
        endLocal: '2026-12-06 23:59:59',
        startUtc: '2026-12-04 23:00:00',
        endUtc: '2026-12-06 22:59:59',
      }),
      event({ uid: 'b', allDay: true, startLocal: '2026-12-31 00:00:00', endLocal: '2026-12-31 23:59:59' }),
    ]);
    const all = lines(text);
    expect(all).toContain('DTSTART;VALUE=DATE:20261205');
    expect(all).toContain('DTEND;VALUE=DATE:20261207');
    expect(all).toContain('DTSTART;VALUE=DATE:20261231');
    expect(all).toContain('DTEND;VALUE=DATE:20270101');
    expect(text).not.toContain('VTIMEZONE');
    expect((vevents(text)[0]!.getFirstPropertyValue('dtstart') as ICAL.Time).isDate).toBe(true);
  });

  it('leaves DTEND out of a zero-length event', () => {
    const text = writeCalendar(INFO, [
      event({ endLocal: '2026-04-01 20:00:00', endUtc: '2026-04-01 20:00:00' }),
    ]);
    expect(text).not.toContain('DTEND');
  });

  it('writes LOCATION, GEO, CATEGORIES and the first organizer with an e-mail', () => {
    const text = writeCalendar(INFO, [
      event({
        location: 'Kleiner Saal, Dammtorwall 46, Hamburg, 20355, Germany',
        geo: { lat: 53.5584, lng: 9.9833 },
        categories: ['Music', 'Art, Craft'],
        organizers: [
          { name: 'No mail', email: '' },
          { name: 'Kammermusikfreunde "K"', email: 'info@kammer.example' },
        ],
      }),
    ]);
    const all = lines(text);
    expect(all).toContain('LOCATION:Kleiner Saal\\, Dammtorwall 46\\, Hamburg\\, 20355\\, Germany');
    expect(all).toContain('GEO:53.5584;9.9833');
    expect(all).toContain('CATEGORIES:Music,Art\\, Craft');
    expect(all).toContain(`ORGANIZER;CN=Kammermusikfreunde ^'K^':MAILTO:info@kammer.example`);
    const [vevent] = vevents(text);
    expect(vevent!.getFirstProperty('categories')!.getValues()).toEqual(['Music', 'Art, Craft']);
    expect(vevent!.getFirstProperty('organizer')!.getParameter('cn')).toBe('Kammermusikfreunde "K"');
    expect(vevent!.getFirstPropertyValue('geo')).toEqual([53.5584, 9.9833]);
  });

  it('writes a series with its lines and an exception with RECURRENCE-ID; ical.js expands them', () => {
    const series = event({
      uid: 'series@calendar.test',
      timezone: 'Europe/Berlin',
      startLocal: '2026-10-20 19:00:00',
      endLocal: '2026-10-20 21:00:00',
      startUtc: '2026-10-20 17:00:00',
      endUtc: '2026-10-20 19:00:00',
      recurrence: [
        'RRULE:FREQ=WEEKLY;COUNT=4',
        'EXDATE;TZID=W. Europe Standard Time:20261103T190000',
        'RDATE;TZID=Europe/Berlin:20261201T190000',
      ],
    });
    const exception = event({
      uid: 'series@calendar.test',
      sequence: 1,
      title: 'Concert (moved)',
      timezone: 'Europe/Berlin',
      startLocal: '2026-10-27 20:00:00',
      endLocal: '2026-10-27 22:00:00',
      startUtc: '2026-10-27 19:00:00',
      endUtc: '2026-10-27 21:00:00',
      recurrenceId: { startUtc: '2026-10-27 18:00:00', timezone: 'Europe/Berlin', allDay: false },
      recurrence: ['RRULE:FREQ=DAILY'],
    });
    const text = writeCalendar(INFO, [series, exception]);
    const all = lines(text);
    expect(all).toContain('RRULE:FREQ=WEEKLY;COUNT=4');
    expect(all).toContain('EXDATE;TZID=Europe/Berlin:20261103T190000');
    expect(all).toContain('RECURRENCE-ID;TZID=Europe/Berlin:20261027T190000');
    const eventLines = all.slice(all.indexOf('BEGIN:VEVENT'));
    expect(eventLines.filter((l) => l.startsWith('RRULE'))).toHaveLength(1);
    expect(all.filter((l) => l === 'BEGIN:VTIMEZONE')).toHaveLength(1);

    const calendar = parse(text);
    const zone = new ICAL.Timezone(calendar.getFirstSubcomponent('vtimezone')!);
    ICAL.TimezoneService.register(zone);
    try {
      const [master, moved] = calendar.getAllSubcomponents('vevent');
      const expanded = new ICAL.Event(master!);
      expanded.relateException(moved!);
      const iterator = expanded.iterator();
      const starts: string[] = [];
      for (let next = iterator.next(); next; next = iterator.next()) {
        const details = expanded.getOccurrenceDetails(next);
        starts.push(
          `${details.startDate.convertToZone(ICAL.Timezone.utcTimezone).toString()} ${details.item.summary}`,
        );
      }
      expect(starts).toEqual([
        '2026-10-20T17:00:00Z Concert',
        '2026-10-27T19:00:00Z Concert (moved)',
        '2026-11-10T18:00:00Z Concert',
        '2026-12-01T18:00:00Z Concert',
      ]);
    } finally {
      ICAL.TimezoneService.remove('Europe/Berlin');
    }
  });

  it('writes an all-day exception with a DATE RECURRENCE-ID, UTC recurrence dates in UTC', () => {
    const text = writeCalendar(INFO, [
      event({ recurrence: ['RRULE:FREQ=DAILY;COUNT=3', 'EXDATE;TZID=UTC:20260402T200000'] }),
      event({
        allDay: true,
        recurrenceId: { startUtc: '2026-04-02 22:00:00', timezone: 'Europe/Berlin', allDay: true },
      }),
    ]);
    const all = lines(text);
    expect(all).toContain('EXDATE:20260402T200000Z');
    expect(all).toContain('RECURRENCE-ID;VALUE=DATE:20260403');
  });

  it('writes the TZID of a manual offset series the way its DTSTART has it, with the one VTIMEZONE', () => {
    const text = writeCalendar(INFO, [
      event({
        timezone: 'UTC+2',
        startLocal: '2026-04-01 22:00:00',
        endLocal: '2026-04-01 23:00:00',
        recurrence: ['RRULE:FREQ=DAILY;COUNT=3', 'EXDATE;TZID=UTC+2:20260402T220000'],
      }),
    ]);
    const all = lines(text);
    expect(all).toContain('DTSTART;TZID=UTC+0200:20260401T220000');
    expect(all).toContain('EXDATE;TZID=UTC+0200:20260402T220000');
    expect(all.filter((l) => l === 'BEGIN:VTIMEZONE')).toHaveLength(1);
  });

  it('leaves a TZID it cannot resolve as it is', () => {
    const text = writeCalendar(INFO, [event({ recurrence: ['EXDATE;TZID=Mars/Olympus:20260402T200000'] })]);
    expect(lines(text)).toContain('EXDATE;TZID=Mars/Olympus:20260402T200000');
  });
});

describe('createCalendarWriter', () => {
  it('writes in batches the same text as one call: zones of every batch, events in order', () => {
    const events = [
      event({ uid: 'a@calendar.test', title: 'First' }),
      berlin,
      event({ uid: 'c@calendar.test', title: 'Third', timezone: 'America/New_York' }),
      event({ uid: 'd@calendar.test', title: 'Fourth', recurrence: ['RRULE:FREQ=DAILY;COUNT=3'] }),
    ];
    const writer = createCalendarWriter(INFO);
    writer.add(events.slice(0, 1));
    writer.add([]);
    writer.add(events.slice(1, 3));
    writer.add(events.slice(3));
    const batched = writer.finish();
    expect(batched).toBe(writeCalendar(INFO, events));
    expect(vevents(batched).map((v) => v.getFirstPropertyValue('summary'))).toEqual([
      'First',
      berlin.title,
      'Third',
      'Fourth',
    ]);
    expect(parse(batched).getAllSubcomponents('vtimezone')).toHaveLength(2);
    expect(createCalendarWriter(INFO).finish()).toBe(writeCalendar(INFO, []));
  });
});

describe('nextDay', () => {
  it('crosses months, years and leap days', () => {
    expect(nextDay('2026-01-31')).toBe('2026-02-01');
    expect(nextDay('2026-12-31 23:59:59')).toBe('2027-01-01');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
  });
});
