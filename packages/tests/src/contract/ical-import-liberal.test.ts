/**
 * `POST /events/import` of real producers' imperfect files: what a producer evidently means is read (a DATE
 * without VALUE=DATE, an empty RRULE, a rule list with spaces, a DATE with a stray Z, an Outlook display-name
 * zone, an event without a UID), instances whose series the file does not hold are events of their own until
 * the series comes, and an event that cannot be read is reported with its line and why while the rest is
 * imported, unless `strict` asks for all or nothing. Occurrences are compared with Python's expansion.
 */
import { readFileSync } from 'node:fs';
import { beforeEach, expect, it } from 'vitest';
import { describeContract, expandWithPython, requirePythonIcal, startInstants } from '../index.js';

const TESTDATA = new URL('../../../core/src/ical/testdata/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(`${name}.ics`, TESTDATA), 'utf8');

/** The VTIMEZONE Python's reader needs for a TZID (Outlook's display-name zone names none). */
const NEW_YORK = [
  'BEGIN:VTIMEZONE',
  'TZID:America/New_York',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:-0500',
  'TZOFFSETTO:-0400',
  'DTSTART:19700308T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:-0400',
  'TZOFFSETTO:-0500',
  'DTSTART:19701101T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** The imperfect file without its two events that cannot be read (its last two). */
const readableEvents = (text: string) =>
  text.split('BEGIN:VEVENT\r\nUID:broken-date')[0]!.concat('END:VCALENDAR\r\n');

interface Listed {
  id: number;
  title: string;
  start_date: string;
  utc_start_date: string;
  all_day: boolean;
  timezone: string;
  series_id?: number;
  is_exception?: boolean;
  recurrence?: string[];
}

describeContract('ical import of imperfect files', (service) => {
  beforeEach(async () => {
    await service().reset();
    service().setNow('2026-11-26T12:00:00Z');
  });

  const importText = (text: string, query: Record<string, string> = {}) =>
    service().request('POST', '/events/import', {
      body: text,
      query,
      headers: { 'content-type': 'text/calendar; charset=utf-8' },
      as: 'editor',
    });

  /** The events whose title starts so, in time order. */
  async function listed(title: string): Promise<Listed[]> {
    const res = await service().request('GET', '/events', {
      query: { start_date: '2026-01-01', end_date: '2030-12-31', per_page: 50, search: title },
      as: 'admin',
    });
    expect(res.status).toBe(200);
    return (res.json.events as Listed[]).filter((event) => event.title.startsWith(title));
  }

  /** The UTC instants of what the list holds, as Python's expansion writes them (a date for an all-day event). */
  const instants = (events: Listed[]) =>
    events
      .map((e) => (e.all_day ? e.start_date.slice(0, 10) : `${e.utc_start_date.replace(' ', 'T')}Z`))
      .sort();

  /** Python's occurrences of a file, of the events whose SUMMARY starts so. */
  async function python(text: string, title: string): Promise<string[]> {
    const occurrences = await expandWithPython(text, '2026-01-01T00:00:00Z', '2031-01-01T00:00:00Z');
    return startInstants(occurrences.filter((o) => o.summary?.startsWith(title)));
  }

  it('reads a DATE without VALUE=DATE as a DATE and an empty RRULE as none, as Python does', async () => {
    const text = fixture('dates-without-value');
    const res = await importText(text);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ created: 4, updated: 0, unchanged: 0, skipped: [] });
    const newYear = await listed('Dateless New Year');
    expect(newYear.map((e) => [e.start_date, e.all_day])).toEqual([
      ['2027-01-01 00:00:00', true],
      ['2028-01-01 00:00:00', true],
    ]);
    const [carnival] = await listed('Dateless Carnival');
    expect(carnival).toMatchObject({ start_date: '2027-02-08 00:00:00', all_day: true });
    const [emptyRule] = await listed('Dateless Empty rule');
    expect(emptyRule!.recurrence ?? []).toEqual([]);
    // A DATE EXDATE on a DATE-TIME series leaves out that day (as Google's API reads it).
    const yoga = await listed('Dateless Yoga');
    expect(yoga.map((e) => e.start_date.slice(0, 10))).toEqual([
      '2027-01-11',
      '2027-01-12',
      '2027-01-14',
      '2027-01-15',
      '2027-01-16',
      '2027-01-17',
    ]);
    expect(await importText(text)).toMatchObject({
      json: { created: 0, updated: 0, unchanged: 4, skipped: [] },
    });

    if (!requirePythonIcal('the Python expansion of imported files')) return;
    for (const title of ['Dateless New Year', 'Dateless Carnival', 'Dateless Empty rule'])
      expect(instants(await listed(title)), title).toEqual(await python(text, title));
    // Python keeps every occurrence of a DATE-TIME series whose EXDATE is a DATE (it matches no instant);
    // the day itself is the producer's evident meaning: Python agrees once the EXDATE is written at its time.
    const meant = text.replace('EXDATE:20270113', 'EXDATE;TZID=Europe/Berlin:20270113T180000');
    expect(instants(yoga)).toEqual(await python(meant, 'Dateless Yoga'));
  });

  it('imports instances without their series as single events; the series, once imported, takes them in', async () => {
    const orphans = await importText(fixture('instances-without-series'));
    expect(orphans.status, orphans.text).toBe(200);
    expect(orphans.json).toEqual({ created: 4, updated: 0, unchanged: 0, skipped: [] });
    const singles = await listed('Orphan');
    expect(singles.map((e) => [e.title, e.start_date, e.series_id ?? null])).toEqual([
      ['Orphan review (moved to 11)', '2027-01-19 11:00:00', null],
      ['Orphan review', '2027-01-26 10:00:00', null],
      ['Orphan review (with slides)', '2027-02-02 10:00:00', null],
      ['Orphan offsite', '2027-03-05 00:00:00', null],
    ]);
    expect(singles[3]!.all_day).toBe(true);
    // Kept by UID and RECURRENCE-ID: the same file again changes nothing.
    expect((await importText(fixture('instances-without-series'))).json).toMatchObject({
      created: 0,
      unchanged: 4,
    });

    const text = fixture('instances-with-series');
    const series = await importText(text);
    expect(series.status, series.text).toBe(200);
    expect(series.json).toEqual({ created: 1, updated: 0, unchanged: 0, skipped: [] });
    const reviews = await listed('Orphan review');
    // Six Tuesdays, each once: the singles made way for the series' occurrences and its exception.
    expect(reviews.map((e) => [e.title, e.start_date])).toEqual([
      ['Orphan review', '2027-01-12 10:00:00'],
      ['Orphan review (moved to 11)', '2027-01-19 11:00:00'],
      ['Orphan review', '2027-01-26 10:00:00'],
      ['Orphan review', '2027-02-02 10:00:00'],
      ['Orphan review', '2027-02-09 10:00:00'],
      ['Orphan review', '2027-02-16 10:00:00'],
    ]);
    const head = reviews[0]!;
    expect(reviews.every((e) => e.id === head.id || e.series_id === head.id)).toBe(true);
    expect(reviews[1]!.is_exception).toBe(true);
    // The instance of another series stays a single event.
    expect((await listed('Orphan offsite')).map((e) => e.series_id ?? null)).toEqual([null]);

    // The instances' file again, now that their series is here: each is the series' own occurrence.
    const again = await importText(fixture('instances-without-series'));
    expect(again.json).toMatchObject({ created: 0, skipped: [] });
    const after = await listed('Orphan review');
    expect(after.map((e) => [e.title, e.start_date])).toEqual([
      ['Orphan review', '2027-01-12 10:00:00'],
      ['Orphan review (moved to 11)', '2027-01-19 11:00:00'],
      ['Orphan review', '2027-01-26 10:00:00'],
      ['Orphan review (with slides)', '2027-02-02 10:00:00'],
      ['Orphan review', '2027-02-09 10:00:00'],
      ['Orphan review', '2027-02-16 10:00:00'],
    ]);
    expect(after.every((e) => e.id === head.id || e.series_id === head.id)).toBe(true);
    expect((await importText(fixture('instances-without-series'))).json).toMatchObject({
      created: 0,
      updated: 0,
      skipped: [],
    });

    if (!requirePythonIcal('the Python expansion of imported files')) return;
    expect(instants(reviews)).toEqual(await python(text, 'Orphan review'));
  });

  it("imports what can be read of imperfect producers' files and reports the rest with line and why", async () => {
    const text = fixture('imperfect-events');
    const res = await importText(text);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({
      created: 5,
      updated: 0,
      unchanged: 0,
      skipped: [
        {
          uid: 'broken-date@imperfect.test',
          line: 57,
          reason: 'line 59: DTSTART: "20270231T100000Z" has no day 31 in its month',
        },
        {
          uid: 'unknown-zone@imperfect.test',
          line: 62,
          reason:
            'line 64: unknown time zone TZID=Atlantis Standard Time: no IANA or Windows zone of that name, and no VTIMEZONE in the file defines it',
        },
      ],
    });
    expect((await listed('Imperfect board meeting')).map((e) => e.start_date)).toEqual([
      '2027-02-10 14:00:00',
      '2027-02-11 14:00:00',
    ]);
    const standup = await listed('Imperfect standup');
    expect(standup[0]!.recurrence).toEqual(['RRULE:FREQ=WEEKLY;COUNT=9;BYDAY=MO,TU,WE']);
    const call = await listed('Imperfect call');
    expect(call.map((e) => [e.timezone, e.utc_start_date])).toEqual([
      ['America/New_York', '2027-03-15 13:00:00'],
      ['America/New_York', '2027-03-16 13:00:00'],
      ['America/New_York', '2027-03-17 13:00:00'],
    ]);
    // The UIDs made up for events without one are the same on the next import: updated, not duplicated.
    expect((await importText(text)).json).toMatchObject({ created: 0, unchanged: 5 });
    expect(await listed('Imperfect board meeting')).toHaveLength(2);

    if (!requirePythonIcal('the Python expansion of imported files')) return;
    // Python cannot read the file as written; what each producer means, written to the letter, it can (the
    // events no one can read left out).
    let made = 0;
    const meant = readableEvents(text)
      .replace(/DTSTAMP:.*\r\n/g, '')
      .replace(/BEGIN:VEVENT\r\n/g, 'BEGIN:VEVENT\r\nDTSTAMP:20261127T000000Z\r\n')
      .replace(
        /DTSTAMP:(.*)\r\nDTSTART:/g,
        (_, stamp) => `DTSTAMP:${stamp}\r\nUID:made-up-${++made}\r\nDTSTART:`,
      )
      .replace('BYDAY=MO, TU, WE', 'BYDAY=MO,TU,WE')
      .replace('RDATE:20270115Z', 'RDATE;VALUE=DATE:20270115')
      .replaceAll('TZID="(UTC-05:00) Eastern Time (US and Canada)"', 'TZID=America/New_York')
      .replace('METHOD:PUBLISH\r\n', `METHOD:PUBLISH\r\n${NEW_YORK.join('\r\n')}\r\n`);
    for (const title of [
      'Imperfect board meeting',
      'Imperfect standup',
      'Imperfect birthday',
      'Imperfect call',
    ])
      expect(instants(await listed(title)), title).toEqual(await python(meant, title));
  });

  it('strict=true (query or JSON body) refuses the whole file for one unreadable event, and writes nothing', async () => {
    const text = fixture('imperfect-events');
    const byQuery = await importText(text, { strict: 'true' });
    expect(byQuery.status).toBe(400);
    expect(byQuery.json).toMatchObject({
      code: 'rest_invalid_param',
      data: {
        status: 400,
        params: { calendar: 'line 59: DTSTART: "20270231T100000Z" has no day 31 in its month' },
      },
    });
    const byBody = await service().request('POST', '/events/import', {
      json: { calendar: text, strict: true },
      as: 'editor',
    });
    expect(byBody.status).toBe(400);
    expect(byBody.json.data.params.calendar).toBe(byQuery.json.data.params.calendar);
    expect(await listed('Imperfect')).toEqual([]);
    // What a producer evidently means is read strictly too: the file without its unreadable events imports.
    const strict = await importText(readableEvents(text), { strict: 'true' });
    expect(strict.json).toEqual({ created: 5, updated: 0, unchanged: 0, skipped: [] });
    const refused = await importText(text, { strict: 'maybe' });
    expect(refused.status).toBe(400);
    expect(refused.json.data.params).toHaveProperty('strict');
  });

  it('quotes the file’s own text when it refuses a value; an event of nothing but bad lines is reported', async () => {
    const text = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'BEGIN:VEVENT',
      'UID:bad-dtend@test',
      'DTSTART:20270101T100000Z',
      'DTEND:2027-01-01T11:00',
      'SUMMARY:Quoted',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:garbled@test',
      'this line has no colon',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    const res = await importText(text);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({
      created: 0,
      updated: 0,
      unchanged: 0,
      skipped: [
        {
          uid: 'bad-dtend@test',
          line: 3,
          reason: 'line 6: DTEND: "2027-01-01T11:00" is not a date (YYYYMMDD) or date-time (YYYYMMDDTHHMMSS)',
        },
        {
          uid: 'garbled@test',
          line: 9,
          reason:
            'line 11: expected a content line NAME:VALUE or NAME;PARAM=…:VALUE, found "this line has no colon"',
        },
      ],
    });
    const broken = await importText('BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nEND:VCALENDAR\r\n');
    expect(broken.status).toBe(400);
  });
});
