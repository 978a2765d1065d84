/**
 * Exceptions real producers write that the first import lost: the first instance of a series excluded, moved
 * or cancelled (RFC 5545: DTSTART is the first instance of the set, EXDATE removes it, RECURRENCE-ID names it),
 * Outlook's all-day series whose exceptions and UNTIL are DATE-TIMEs at local midnight, and a RANGE=THISANDFUTURE.
 * Each file is imported with `POST /events/import`, its listed occurrences compared with Python's expansion of
 * the same file, and the feed of what was imported expanded by Python again. The first occurrence of a series
 * is deleted, moved and edited through the REST API as well.
 */
import { readFileSync } from 'node:fs';
import { beforeEach, expect, it } from 'vitest';
import { describeContract, expandWithPython, type PythonOccurrence, requirePythonIcal } from '../index.js';

const TESTDATA = new URL('../../../core/src/ical/testdata/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(`${name}.ics`, TESTDATA), 'utf8');

interface Listed {
  id: number;
  title: string;
  all_day: boolean;
  start_date: string;
  utc_start_date: string;
  series_id?: number;
  is_exception?: boolean;
  recurrence?: string[];
}

/** An occurrence as both sides can say it: an all-day one by its date, another by its UTC start; its title. */
const keyOf = (event: Listed) =>
  `${event.all_day ? event.start_date.slice(0, 10) : `${event.utc_start_date.replace(' ', 'T')}Z`} ${event.title}`;
const pythonKey = (occurrence: PythonOccurrence) => `${occurrence.start} ${occurrence.summary}`;

describeContract('ical import of exceptions of the first instance and of all-day series', (service) => {
  beforeEach(async () => {
    await service().reset();
    service().setNow('2026-11-26T12:00:00Z');
  });

  const importText = (text: string) =>
    service().request('POST', '/events/import', {
      body: text,
      headers: { 'content-type': 'text/calendar' },
      as: 'editor',
    });

  async function listed(): Promise<Listed[]> {
    const res = await service().request('GET', '/events', {
      query: { start_date: '2026-01-01', end_date: '2028-12-31', per_page: 100 },
      as: 'admin',
    });
    expect(res.status).toBe(200);
    return res.json.events as Listed[];
  }

  /** Python's occurrences of a calendar text, cancelled ones left out (the import makes them EXDATEs). */
  async function python(text: string): Promise<string[]> {
    const occurrences = await expandWithPython(text, '2026-01-01', '2029-01-01');
    return occurrences
      .filter((occurrence) => occurrence.status !== 'CANCELLED')
      .map(pythonKey)
      .sort();
  }

  /** The listed occurrences equal Python's expansion of the file, and of the feed of what was imported. */
  async function matchesPython(text: string): Promise<Listed[]> {
    const events = await listed();
    const keys = events.map(keyOf).sort();
    if (!requirePythonIcal('the Python expansion of imported files')) return events;
    expect(keys).toEqual(await python(text));
    const feed = await service().request('GET', '/events/ical', { query: { start_date: '2026-01-01' } });
    expect(feed.status).toBe(200);
    expect(await python(feed.text)).toEqual(keys);
    return events;
  }

  it('the first instance excluded by EXDATE, moved by a RECURRENCE-ID, cancelled: as Python expands them', async () => {
    const text = fixture('first-instance');
    expect((await importText(text)).json).toEqual({ created: 3, updated: 0, unchanged: 0, skipped: [] });
    const events = await matchesPython(text);
    const titles = events.map((event) => `${event.start_date} ${event.title}`);
    expect(titles).not.toContain('2027-01-05 18:00:00 Reading group');
    expect(titles).not.toContain('2027-01-06 19:00:00 Choir');
    expect(titles).not.toContain('2027-01-11 00:00:00 Yoga retreat');
    // The moved first rehearsal is an exception of its series, which keeps its rule and its id.
    const moved = events.find((event) => event.title === 'Choir (first rehearsal moved)')!;
    expect(moved).toMatchObject({ start_date: '2027-01-07 20:00:00', is_exception: true });
    const series = await service().request('GET', `/events/${moved.series_id}`, { as: 'admin' });
    expect(series.json).toMatchObject({ title: 'Choir', recurrence: ['RRULE:FREQ=WEEKLY;COUNT=4'] });
    expect(events.filter((event) => event.series_id === moved.series_id)).toHaveLength(4);
    // Importing the file again changes nothing.
    expect((await importText(text)).json).toEqual({ created: 0, updated: 0, unchanged: 3, skipped: [] });
    expect((await listed()).map(keyOf)).toEqual(events.map(keyOf));
  });

  it('a newer file moves the first instance again, and its series keeps the exception when it changes', async () => {
    const text = fixture('first-instance');
    await importText(text);
    const newer = text
      .replace(
        'SUMMARY:Choir (first rehearsal moved)',
        'SEQUENCE:1\r\nSUMMARY:Choir (first rehearsal, new room)',
      )
      .replace(/SUMMARY:Choir\r?\n/, 'SEQUENCE:1\nSUMMARY:Choir rehearsal\n');
    expect((await importText(newer)).json).toMatchObject({ updated: 1, skipped: [] });
    const events = await matchesPython(newer);
    expect(events.filter((event) => event.title.startsWith('Choir')).map((e) => e.title)).toEqual([
      'Choir (first rehearsal, new room)',
      'Choir rehearsal',
      'Choir rehearsal',
      'Choir rehearsal',
    ]);
  });

  it('Outlook all-day series: EXDATE, RECURRENCE-ID and UNTIL at local midnight name their days', async () => {
    const text = fixture('outlook-all-day');
    expect((await importText(text)).json).toEqual({ created: 2, updated: 0, unchanged: 0, skipped: [] });
    const events = await matchesPython(text);
    const days = (title: string) =>
      events.filter((event) => event.title === title).map((event) => event.start_date.slice(0, 10));
    // Mondays 4 January to 22 March 2027 (UNTIL: midnight of the 22nd in Berlin), less the 11th (EXDATE)
    // and the 18th (moved to the Tuesday).
    expect(days('Bin collection')).toEqual([
      '2027-01-04',
      '2027-01-25',
      '2027-02-01',
      '2027-02-08',
      '2027-02-15',
      '2027-02-22',
      '2027-03-01',
      '2027-03-08',
      '2027-03-15',
      '2027-03-22',
    ]);
    expect(days('Bin collection (Tuesday)')).toEqual(['2027-01-19']);
    // 1 to 5 February (UNTIL: midnight of the 5th in Berlin), less the 1st, the series' own day, and the 3rd.
    expect(days('Team away day')).toEqual(['2027-02-02', '2027-02-04', '2027-02-05']);
    const series = events.find((event) => event.title === 'Bin collection')!;
    expect(series.recurrence).toEqual([
      'RRULE:FREQ=WEEKLY;UNTIL=20270322;INTERVAL=1;BYDAY=MO;WKST=MO',
      'EXDATE;VALUE=DATE:20270111',
    ]);
    expect((await importText(text)).json).toEqual({ created: 0, updated: 0, unchanged: 2, skipped: [] });
  });

  it('RANGE=THISANDFUTURE: the occurrence it names is changed, and the report says the later ones are not', async () => {
    const text = fixture('this-and-future');
    const report = (await importText(text)).json;
    expect(report).toMatchObject({ created: 1, updated: 0, unchanged: 0 });
    expect(report.skipped).toEqual([
      {
        uid: 'planning@future.test',
        line: 12,
        reason: expect.stringMatching(
          /^RECURRENCE-ID;RANGE=THISANDFUTURE changes this occurrence and the later ones: only this one was changed/,
        ),
      },
    ]);
    // As Python's expansion reads the file too: the one occurrence moved.
    const events = await matchesPython(text);
    expect(events.map((event) => `${event.start_date} ${event.title}`)).toEqual([
      '2027-01-05 09:00:00 Planning',
      '2027-01-12 09:00:00 Planning',
      '2027-01-19 13:00:00 Planning (new slot)',
      '2027-01-26 09:00:00 Planning',
      '2027-02-02 09:00:00 Planning',
    ]);
  });

  async function createSeries(title: string) {
    const res = await service().request('POST', '/events', {
      json: {
        title,
        timezone: 'Europe/Berlin',
        start_date: '2027-02-02 18:00:00',
        end_date: '2027-02-02 19:00:00',
        recurrence: ['RRULE:FREQ=WEEKLY;COUNT=4'],
      },
      as: 'admin',
    });
    expect(res.status, res.text).toBe(201);
    return res.json as Listed;
  }

  const ofSeries = async (id: number) =>
    (await listed())
      .filter((event) => (event.series_id ?? event.id) === id)
      .map((e) => `${e.start_date} ${e.title}`);

  it('REST: the first occurrence is moved and edited alone with occurrence_only; the series keeps its rule', async () => {
    const series = await createSeries('Course');
    const moved = await service().request('PUT', `/events/${series.id}`, {
      json: {
        occurrence_only: true,
        title: 'Course (kick-off)',
        start_date: '2027-02-03 10:00:00',
        end_date: '2027-02-03 12:00:00',
      },
      as: 'admin',
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.json).toMatchObject({
      series_id: series.id,
      is_exception: true,
      title: 'Course (kick-off)',
    });
    expect(moved.json.id).not.toBe(series.id);
    expect(await ofSeries(series.id)).toEqual([
      '2027-02-03 10:00:00 Course (kick-off)',
      '2027-02-09 18:00:00 Course',
      '2027-02-16 18:00:00 Course',
      '2027-02-23 18:00:00 Course',
    ]);
    // The series itself is still readable by its id, with its rule; editing it leaves the exception alone.
    const renamed = await service().request('PUT', `/events/${series.id}`, {
      json: { title: 'Course B' },
      as: 'admin',
    });
    expect(renamed.json).toMatchObject({ title: 'Course B', recurrence: ['RRULE:FREQ=WEEKLY;COUNT=4'] });
    expect(await ofSeries(series.id)).toEqual([
      '2027-02-03 10:00:00 Course (kick-off)',
      '2027-02-09 18:00:00 Course B',
      '2027-02-16 18:00:00 Course B',
      '2027-02-23 18:00:00 Course B',
    ]);
    // The exception is an occurrence like any other: deleting it by its id excludes its date.
    const deleted = await service().request('DELETE', `/events/${moved.json.id}`, { as: 'admin' });
    expect(deleted.status, deleted.text).toBe(200);
    expect(await ofSeries(series.id)).toHaveLength(3);
    const after = await service().request('GET', `/events/${series.id}`, { as: 'admin' });
    expect(after.json.recurrence).toEqual([
      'RRULE:FREQ=WEEKLY;COUNT=4',
      'EXDATE;TZID=Europe/Berlin:20270202T180000',
    ]);
    if (!requirePythonIcal('the Python expansion of a feed')) return;
    const feed = await service().request('GET', `/events/${series.id}/ical`);
    expect(await python(feed.text)).toEqual(
      (await listed())
        .filter((e) => (e.series_id ?? e.id) === series.id)
        .map(keyOf)
        .sort(),
    );
  });

  it('REST: the first occurrence is deleted alone with occurrence_only, and comes back from the trash', async () => {
    const series = await createSeries('Workshop');
    const deleted = await service().request('DELETE', `/events/${series.id}`, {
      query: { occurrence_only: 'true' },
      as: 'admin',
    });
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.json).toMatchObject({ series_id: series.id, status: 'trash' });
    expect(await ofSeries(series.id)).toEqual([
      '2027-02-09 18:00:00 Workshop',
      '2027-02-16 18:00:00 Workshop',
      '2027-02-23 18:00:00 Workshop',
    ]);
    // The same through the recurrence: an EXDATE of the series' start, as an .ics file says it.
    const other = await createSeries('Lab');
    await service().request('PUT', `/events/${other.id}`, {
      json: { recurrence: ['RRULE:FREQ=WEEKLY;COUNT=4', 'EXDATE;TZID=Europe/Berlin:20270202T180000'] },
      as: 'admin',
    });
    expect(await ofSeries(other.id)).toHaveLength(3);
    // Restored, the occurrence is back at its date.
    const restored = await service().request('PUT', `/events/${deleted.json.id}`, {
      json: { status: 'publish' },
      as: 'admin',
    });
    expect(restored.status, restored.text).toBe(200);
    expect(await ofSeries(series.id)).toHaveLength(4);
    // An event that is no series has no first occurrence of its own.
    const single = await service().request('POST', '/events', {
      json: { title: 'Single', start_date: '2027-02-02 18:00:00', end_date: '2027-02-02 19:00:00' },
      as: 'admin',
    });
    const refused = await service().request('DELETE', `/events/${single.json.id}`, {
      query: { occurrence_only: 'true' },
      as: 'admin',
    });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ code: 'rest_invalid_param', data: { status: 400 } });
  });
});
