/**
 * Revisions through `.ics` files and feeds: each VEVENT of a file is compared with what was imported of it
 * (a series' edit is seen whatever SEQUENCE its exceptions carry; a change without a raised SEQUENCE is seen
 * by its content), the feeds' SEQUENCE and LAST-MODIFIED move with each change and only then, and a
 * recurrence with two RRULEs is written with one (the other's instances as RDATEs) that Python expands to
 * the service's own occurrences.
 */
import ICAL from 'ical.js';
import { beforeEach, expect, it } from 'vitest';
import { describeContract, expandWithPython, requirePythonIcal, startInstants } from '../index.js';

const calendar = (...events: string[][]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Calendar Events tests//Revisions//EN',
    ...events.flatMap((lines) => ['BEGIN:VEVENT', 'DTSTAMP:20261120T100000Z', ...lines, 'END:VEVENT']),
    'END:VCALENDAR',
    '',
  ].join('\r\n');

/** A weekly series whose exception carries a higher SEQUENCE than the series, as Google writes them. */
const review = (
  master: { sequence: number; title: string },
  exception: { sequence: number; title: string },
) =>
  calendar(
    [
      'UID:weekly-review@example.org',
      'DTSTART;TZID=Europe/Berlin:20270104T100000',
      'DTEND;TZID=Europe/Berlin:20270104T110000',
      'RRULE:FREQ=WEEKLY;COUNT=4',
      `SEQUENCE:${master.sequence}`,
      `SUMMARY:${master.title}`,
    ],
    [
      'UID:weekly-review@example.org',
      'RECURRENCE-ID;TZID=Europe/Berlin:20270111T100000',
      'DTSTART;TZID=Europe/Berlin:20270111T140000',
      'DTEND;TZID=Europe/Berlin:20270111T150000',
      `SEQUENCE:${exception.sequence}`,
      `SUMMARY:${exception.title}`,
    ],
  );

interface Listed {
  id: number;
  title: string;
  start_date: string;
  utc_start_date: string;
  modified_utc: string;
}

/** The unfolded lines of each VEVENT of a feed. */
function vevents(text: string): string[][] {
  const parsed = new ICAL.Component(ICAL.parse(text) as unknown[]);
  return parsed.getAllSubcomponents('vevent').map((vevent) =>
    vevent
      .toString()
      .replace(/\r\n[ \t]/g, '')
      .split('\r\n'),
  );
}
const propertyValue = (lines: string[], name: string) =>
  lines.find((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`))?.replace(/^[^:]*:/, '');

describeContract('ical revisions', (service) => {
  beforeEach(async () => {
    await service().reset();
    service().setNow('2026-11-26T12:00:00Z');
  });

  const importText = async (text: string) => {
    const res = await service().request('POST', '/events/import', {
      body: text,
      headers: { 'content-type': 'text/calendar' },
      as: 'editor',
    });
    expect(res.status, res.text).toBe(200);
    return res.json as { created: number; updated: number; unchanged: number; skipped: unknown[] };
  };
  const listed = async (search: string): Promise<Listed[]> => {
    const res = await service().request('GET', '/events', {
      query: { start_date: '2026-01-01', end_date: '2029-12-31', per_page: 50, search },
      as: 'admin',
    });
    expect(res.status).toBe(200);
    return res.json.events as Listed[];
  };
  const feedOf = async (id: number) => {
    const res = await service().request('GET', `/events/${id}/ical`, { as: 'admin' });
    expect(res.status, res.text).toBe(200);
    return res.text;
  };
  const put = async (id: number, json: Record<string, unknown>) => {
    const res = await service().request('POST', `/events/${id}`, { json, as: 'admin' });
    expect(res.status, res.text).toBe(200);
  };

  it('sees an edit of the series whose SEQUENCE rises to one its exception already has', async () => {
    const first = review(
      { sequence: 0, title: 'Weekly review' },
      { sequence: 2, title: 'Review (afternoon)' },
    );
    expect(await importText(first)).toMatchObject({ created: 1, skipped: [] });
    const edited = review(
      { sequence: 2, title: 'Weekly review (new room)' },
      { sequence: 2, title: 'Review (afternoon)' },
    );
    expect(await importText(edited)).toMatchObject({ created: 0, updated: 1, unchanged: 0 });
    const after = await listed('review');
    expect(after.map((e) => [e.start_date, e.title])).toEqual([
      ['2027-01-04 10:00:00', 'Weekly review (new room)'],
      ['2027-01-11 14:00:00', 'Review (afternoon)'],
      ['2027-01-18 10:00:00', 'Weekly review (new room)'],
      ['2027-01-25 10:00:00', 'Weekly review (new room)'],
    ]);
    // The same file again, and an older copy of the series (a lower SEQUENCE), change nothing.
    expect(await importText(edited)).toMatchObject({ updated: 0, unchanged: 1 });
    expect(await importText(first)).toMatchObject({ updated: 0, unchanged: 1 });
    expect((await listed('review')).map((e) => e.title)).toEqual(after.map((e) => e.title));
  });

  it('sees an exception edited without a raised SEQUENCE, and leaves its series as it is', async () => {
    await importText(
      review({ sequence: 0, title: 'Weekly review' }, { sequence: 1, title: 'Review (moved)' }),
    );
    const before = await listed('review');
    service().setNow('2026-11-27T12:00:00Z');
    const edited = review({ sequence: 0, title: 'Weekly review' }, { sequence: 1, title: 'Review (room 2)' });
    expect(await importText(edited)).toMatchObject({ updated: 1, unchanged: 0 });
    const after = await listed('review');
    expect(after.map((e) => e.title)).toEqual([
      'Weekly review',
      'Review (room 2)',
      'Weekly review',
      'Weekly review',
    ]);
    // The series itself was not written again.
    expect(after[0]!.modified_utc).toBe(before[0]!.modified_utc);
    expect(await importText(edited)).toMatchObject({ updated: 0, unchanged: 1 });
  });

  it("feeds: an imported event keeps its source's SEQUENCE; edits here raise it and LAST-MODIFIED, a write that changes nothing does not (but moves the API's modified)", async () => {
    const single = (sequence: number, title: string) =>
      calendar([
        'UID:talk@example.org',
        'DTSTART:20270301T180000Z',
        'DTEND:20270301T190000Z',
        `SEQUENCE:${sequence}`,
        `SUMMARY:${title}`,
      ]);
    await importText(single(3, 'Talk'));
    const [talk] = await listed('Talk');
    const first = vevents(await feedOf(talk!.id))[0]!;
    expect(propertyValue(first, 'SEQUENCE')).toBe('3');
    expect(propertyValue(first, 'LAST-MODIFIED')).toBe('20261126T120000Z');

    service().setNow('2026-11-27T08:00:00Z');
    await put(talk!.id, { title: 'Talk (room 5)' });
    const edited = await feedOf(talk!.id);
    expect(propertyValue(vevents(edited)[0]!, 'SEQUENCE')).toBe('4');
    expect(propertyValue(vevents(edited)[0]!, 'LAST-MODIFIED')).toBe('20261127T080000Z');

    // The same values again: nothing changed, the feed is byte for byte the same.
    service().setNow('2026-11-27T09:00:00Z');
    await put(talk!.id, { title: 'Talk (room 5)', start_date: '2027-03-01 18:00:00' });
    expect(await feedOf(talk!.id)).toBe(edited);
    // The API's `modified` is the time of the write all the same, as the plugin's.
    const read = await service().request('GET', `/events/${talk!.id}`, { as: 'admin' });
    expect(read.json.modified_utc).toBe('2026-11-27 09:00:00');
    // The source's file, unchanged, leaves the edit; its next revision replaces it and its SEQUENCE stands.
    expect(await importText(single(3, 'Talk'))).toMatchObject({ unchanged: 1 });
    expect(propertyValue(vevents(await feedOf(talk!.id))[0]!, 'SEQUENCE')).toBe('4');
    await importText(single(7, 'Talk (moved online)'));
    const moved = vevents(await feedOf(talk!.id))[0]!;
    expect([propertyValue(moved, 'SUMMARY'), propertyValue(moved, 'SEQUENCE')]).toEqual([
      'Talk (moved online)',
      '7',
    ]);
  });

  it('feeds: an occurrence edited on its own starts above its series; a deleted one raises the series', async () => {
    const created = await service().request('POST', '/events', {
      json: {
        title: 'Choir',
        timezone: 'Europe/Berlin',
        start_date: '2027-01-05 19:00:00',
        end_date: '2027-01-05 21:00:00',
        recurrence: ['RRULE:FREQ=WEEKLY;COUNT=4'],
      },
      as: 'admin',
    });
    expect(created.status, created.text).toBe(201);
    const series = created.json.id as number;
    expect(propertyValue(vevents(await feedOf(series))[0]!, 'SEQUENCE')).toBe('0');
    await put(series, { title: 'Choir rehearsal' });
    expect(propertyValue(vevents(await feedOf(series))[0]!, 'SEQUENCE')).toBe('1');

    const occurrences = await listed('Choir');
    service().setNow('2026-11-27T10:00:00Z');
    await put(occurrences[1]!.id, { title: 'Choir (concert)' });
    const [master, exception] = vevents(await feedOf(series));
    expect(propertyValue(master!, 'SEQUENCE')).toBe('1');
    expect(propertyValue(exception!, 'RECURRENCE-ID')).toBe('20270112T190000');
    expect(propertyValue(exception!, 'SEQUENCE')).toBe('2');
    expect(propertyValue(exception!, 'LAST-MODIFIED')).toBe('20261127T100000Z');

    service().setNow('2026-11-28T10:00:00Z');
    const deleted = await service().request('DELETE', `/events/${occurrences[2]!.id}`, { as: 'admin' });
    expect(deleted.status, deleted.text).toBe(200);
    const after = vevents(await feedOf(series))[0]!;
    expect(after).toContain('EXDATE;TZID=Europe/Berlin:20270119T190000');
    expect(propertyValue(after, 'SEQUENCE')).toBe('2');
    expect(propertyValue(after, 'LAST-MODIFIED')).toBe('20261128T100000Z');
  });

  it('feeds: two RRULEs (Fastmail) are written as one RRULE and RDATEs that Python expands to the same occurrences', async () => {
    const text = calendar(
      [
        'UID:club-nights@fastmail.example',
        'DTSTART;TZID=Europe/London:20270105T180000',
        'DTEND;TZID=Europe/London:20270105T200000',
        'RRULE:FREQ=WEEKLY;BYDAY=TU;UNTIL=20270330T235959Z',
        'RRULE:FREQ=MONTHLY;BYDAY=1TU,3TH;COUNT=6',
        'SUMMARY:Club night',
      ],
      [
        'UID:open-studio@fastmail.example',
        'DTSTART;TZID=America/New_York:20270104T090000',
        'DTEND;TZID=America/New_York:20270104T100000',
        'RRULE:FREQ=WEEKLY;BYDAY=MO',
        'RRULE:FREQ=MONTHLY;BYDAY=-1FR',
        'EXDATE;TZID=America/New_York:20270129T090000',
        'SUMMARY:Open studio',
      ],
    );
    expect(await importText(text)).toMatchObject({ created: 2, skipped: [] });
    const club = await listed('Club night');
    // Tuesdays 5 Jan – 30 Mar (13), and the third Thursdays 21 Jan, 18 Feb, 18 Mar.
    expect(club).toHaveLength(16);
    const clubFeed = vevents(await feedOf(club[0]!.id))[0]!;
    expect(clubFeed.filter((line) => line.startsWith('RRULE'))).toEqual([
      'RRULE:FREQ=WEEKLY;BYDAY=TU;UNTIL=20270330T235959Z',
    ]);
    expect(clubFeed).toContain('RDATE;TZID=Europe/London:20270121T180000,20270218T180000,20270318T180000');
    // Two rules without an end: the first is kept, the other's instances are RDATEs to the horizon.
    const studio = await listed('Open studio');
    const studioText = await feedOf(studio[0]!.id);
    const studioFeed = vevents(studioText)[0]!;
    expect(studioFeed.filter((line) => line.startsWith('RRULE'))).toEqual(['RRULE:FREQ=WEEKLY;BYDAY=MO']);
    // The excluded 29 January is an RDATE too: the EXDATE excludes it, as it did the rule's instance.
    const rdate = studioFeed.find((line) => line.startsWith('RDATE;TZID=America/New_York:'));
    expect(rdate?.split(/[:,]/).slice(1, 3)).toEqual(['20270129T090000', '20270226T090000']);

    if (!requirePythonIcal('the Python expansion of a feed with two rules')) return;
    const instants = (events: Listed[]) => events.map((e) => `${e.utc_start_date.replace(' ', 'T')}Z`);
    const clubPython = await expandWithPython(
      await feedOf(club[0]!.id),
      '2026-01-01T00:00:00Z',
      '2030-01-01T00:00:00Z',
    );
    expect(startInstants(clubPython)).toEqual(instants(club));
    // Unending rules: the other's RDATEs reach the horizon (two years from now); compared over a half year.
    const studioPython = await expandWithPython(studioText, '2026-01-01T00:00:00Z', '2027-07-01T00:00:00Z');
    const studioListed = instants(studio).filter((start) => start < '2027-07-01');
    // Mondays 4 Jan – 28 Jun (26), last Fridays 26 Feb – 25 Jun (5; 29 Jan excluded).
    expect(studioListed).toHaveLength(31);
    expect(startInstants(studioPython)).toEqual(studioListed);
  });
});
