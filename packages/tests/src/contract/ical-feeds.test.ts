/**
 * The iCalendar feeds: `GET /events/ical` and `GET /events/{id}/ical`. Every feed is parsed back
 * with ical.js; the list rules (filters, language, hidden and protected events) and the read rules of one
 * event are the JSON routes' own.
 */
import ICAL from 'ical.js';
import { beforeEach, expect, it } from 'vitest';
import {
  describeContract,
  expandWithPython,
  parseManyWithPython,
  parseWithPython,
  requirePythonIcal,
  startInstants,
  type TestResponse,
} from '../index.js';

interface Feed {
  res: TestResponse;
  calendar: ICAL.Component;
  events: ICAL.Component[];
  /** The unfolded content lines. */
  lines: string[];
}

function readFeed(res: TestResponse): Feed {
  expect(res.status, res.text).toBe(200);
  expect(res.headers['content-type']).toBe('text/calendar; charset=UTF-8');
  expect(res.text.endsWith('END:VCALENDAR\r\n')).toBe(true);
  const calendar = new ICAL.Component(ICAL.parse(res.text) as unknown[]);
  return {
    res,
    calendar,
    events: calendar.getAllSubcomponents('vevent'),
    lines: res.text.replace(/\r\n[ \t]/g, '').split('\r\n'),
  };
}

const summaries = (feed: Feed) => feed.events.map((e) => e.getFirstPropertyValue('summary'));

describeContract('ical-feeds', (service) => {
  beforeEach(async () => {
    await service().reset();
    service().setNow('2026-03-10T12:00:00Z');
  });

  const create = async (json: Record<string, unknown>) => {
    const res = await service().request('POST', '/events', {
      json: { title: 'Concert', start_date: '2026-04-01 20:00:00', end_date: '2026-04-01 22:00:00', ...json },
      as: 'admin',
    });
    expect(res.status, res.text).toBe(201);
    return res.json as { id: number; slug: string; modified_utc: string; date_utc: string };
  };
  /** Every feed the suite reads, for Python to parse at the end. */
  const produced: string[] = [];
  const feed = async (path: string, query?: Record<string, unknown>) => {
    const read = readFeed(await service().request('GET', path, query ? { query } : {}));
    produced.push(read.res.text);
    return read;
  };

  it('exports one event: headers, calendar properties, UID, times and stamps', async () => {
    const event = await create({ description: '<p>Loud, <b>very</b> loud.</p><p>Bring ear plugs.</p>' });
    const one = await feed(`/events/${event.id}/ical`);
    expect(one.res.headers['content-disposition']).toBe('attachment; filename="calendar-test-concert.ics"');
    expect(one.res.headers.etag).toBeDefined();
    expect(one.lines).toEqual(
      expect.arrayContaining([
        'VERSION:2.0',
        'METHOD:PUBLISH',
        'CALSCALE:GREGORIAN',
        'X-WR-CALNAME:calendar.test',
        'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
        'X-PUBLISHED-TTL:PT1H',
        'DTSTART:20260401T200000Z',
        'DTEND:20260401T220000Z',
        `UID:${event.id}@calendar.test`,
        'SEQUENCE:0',
        'SUMMARY:Concert',
        'URL:http://calendar.test/event/concert/',
        'DTSTAMP:20260310T120000Z',
        'CREATED:20260310T120000Z',
        'LAST-MODIFIED:20260310T120000Z',
      ]),
    );
    expect(one.events).toHaveLength(1);
    expect(one.events[0]!.getFirstPropertyValue('description')).toBe('Loud, very loud.\n\nBring ear plugs.');
  });

  it('exports all-day events as dates, the end exclusive', async () => {
    const event = await create({
      title: 'Market',
      all_day: true,
      start_date: '2026-12-05 00:00:00',
      end_date: '2026-12-06 23:59:59',
    });
    const one = await feed(`/events/${event.id}/ical`);
    expect(one.lines).toContain('DTSTART;VALUE=DATE:20261205');
    expect(one.lines).toContain('DTEND;VALUE=DATE:20261207');
    expect((one.events[0]!.getFirstPropertyValue('dtstart') as ICAL.Time).isDate).toBe(true);
  });

  it('exports an event in its zone with the VTIMEZONE, which gives the same instant', async () => {
    const event = await create({
      timezone: 'Europe/Berlin',
      start_date: '2026-07-01 19:30:00',
      end_date: '2026-07-01 21:45:00',
    });
    const one = await feed(`/events/${event.id}/ical`);
    expect(one.lines).toContain('DTSTART;TZID=Europe/Berlin:20260701T193000');
    const zones = one.calendar.getAllSubcomponents('vtimezone');
    expect(zones.map((z) => z.getFirstPropertyValue('tzid'))).toEqual(['Europe/Berlin']);
    const start = one.events[0]!.getFirstPropertyValue('dtstart') as ICAL.Time;
    start.zone = new ICAL.Timezone(zones[0]!);
    expect(start.toUnixTime()).toBe(Date.parse('2026-07-01T17:30:00Z') / 1000);
  });

  it('exports the venue as LOCATION and GEO, the organizer and the categories', async () => {
    const category = await service().request('POST', '/categories', { json: { name: 'Music' }, as: 'admin' });
    const event = await create({
      venue: {
        venue: 'Kleiner Saal',
        address: 'Dammtorwall 46',
        city: 'Hamburg',
        zip: '20355',
        country: 'Germany',
        geo_lat: 53.5584,
        geo_lng: 9.9833,
      },
      organizer: [{ organizer: 'Kammermusikfreunde', email: 'info@kammer.example' }],
      categories: [category.json.id],
    });
    const one = await feed(`/events/${event.id}/ical`);
    expect(one.lines).toContain('LOCATION:Kleiner Saal\\, Dammtorwall 46\\, Hamburg\\, 20355\\, Germany');
    expect(one.lines).toContain('GEO:53.5584;9.9833');
    expect(one.lines).toContain('CATEGORIES:Music');
    expect(one.lines).toContain('ORGANIZER;CN=Kammermusikfreunde:MAILTO:info@kammer.example');
    const plain = await create({ title: 'No venue', venue: { venue: 'Hall', city: 'Kiel' } });
    const none = await feed(`/events/${plain.id}/ical`);
    expect(none.lines).toContain('LOCATION:Hall\\, Kiel');
    expect(none.res.text).not.toContain('GEO:');
    expect(none.res.text).not.toContain('ORGANIZER');
  });

  it('lists the events of the JSON list in a feed, with its filters', async () => {
    const category = await service().request('POST', '/categories', { json: { name: 'Music' }, as: 'admin' });
    await create({ title: 'Past', start_date: '2026-01-01 10:00', end_date: '2026-01-01 11:00' });
    await create({ title: 'Gig', categories: [category.json.id] });
    await create({ title: 'Talk', start_date: '2026-05-01 10:00', end_date: '2026-05-01 11:00' });
    const all = await feed('/events/ical');
    expect(summaries(all)).toEqual(['Gig', 'Talk']);
    expect(all.res.headers['content-disposition']).toBe('attachment; filename="calendar-test-events.ics"');
    expect(summaries(await feed('/events/ical', { categories: 'music' }))).toEqual(['Gig']);
    expect(summaries(await feed('/events/ical', { start_date: '2026-04-15' }))).toEqual(['Talk']);
    expect(summaries(await feed('/events/ical', { start_date: '2025-12-01' }))).toEqual([
      'Past',
      'Gig',
      'Talk',
    ]);
    expect(summaries(await feed('/events/ical', { search: 'talk' }))).toEqual(['Talk']);
    expect(summaries(await feed('/events/ical', { per_page: 1, page: 2 }))).toEqual(['Talk']);
    const bad = await service().request('GET', '/events/ical', { query: { categories: 'nonexistent' } });
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe('rest_invalid_param');
  });

  it('gives more than a JSON page by default, up to per_page (capped at 1000)', async () => {
    for (let i = 0; i < 12; i++)
      await create({
        title: `E${i}`,
        start_date: `2026-04-${String(i + 1).padStart(2, '0')} 10:00`,
        end_date: `2026-04-${String(i + 1).padStart(2, '0')} 11:00`,
      });
    expect((await feed('/events/ical')).events).toHaveLength(12);
    expect((await feed('/events/ical', { per_page: 5 })).events).toHaveLength(5);
    expect((await feed('/events/ical', { per_page: 5000 })).events).toHaveLength(12);
  });

  it('speaks the language of the address or of multilang_language', async () => {
    const event = await create({ title: 'Summer party' });
    await service().request('POST', `/events/${event.id}`, {
      json: { title: 'Sommerfest', multilang_language: 'de' },
      as: 'admin',
    });
    expect(summaries(await feed('/events/ical'))).toEqual(['Summer party']);
    expect(summaries(await feed('/de/calendar/events/v1/events/ical'))).toEqual(['Sommerfest']);
    expect(summaries(await feed('/events/ical', { multilang_language: 'de' }))).toEqual(['Sommerfest']);
    expect(summaries(await feed(`/events/${event.id}/ical`, { multilang_language: 'de' }))).toEqual([
      'Sommerfest',
    ]);
  });

  it('answers 304 to If-None-Match with the ETag, and a new ETag after a change', async () => {
    const event = await create({});
    for (const path of ['/events/ical', `/events/${event.id}/ical`]) {
      const first = await service().request('GET', path);
      const again = await service().request('GET', path, {
        headers: { 'if-none-match': first.headers.etag! },
      });
      expect(again.status, path).toBe(304);
      expect(again.text).toBe('');
    }
    const before = await service().request('GET', '/events/ical');
    service().setNow('2026-03-10T12:00:05Z');
    await service().request('POST', `/events/${event.id}`, { json: { title: 'Changed' }, as: 'admin' });
    const after = await service().request('GET', '/events/ical', {
      headers: { 'if-none-match': before.headers.etag! },
    });
    expect(after.status).toBe(200);
    expect(after.text).toContain('SUMMARY:Changed');
  });

  it('follows the list rules for hidden and protected events, the read rules for one', async () => {
    const hidden = await create({ title: 'Hidden', hide_from_listings: true });
    const secret = await create({
      title: 'Secret',
      password: 'pw',
      description: 'Members only',
      venue: { venue: 'Back room' },
    });
    const list = await feed('/events/ical');
    expect(summaries(list)).toEqual(['Secret']);
    expect(list.res.text).not.toContain('Members only');
    expect(list.res.text).not.toContain('LOCATION');
    const unlocked = await feed('/events/ical', { password: 'pw' });
    expect(unlocked.res.text).toContain('DESCRIPTION:Members only');
    // Anonymous searches skip protected events, as the JSON list does.
    expect(summaries(await feed('/events/ical', { search: 'secret' }))).toEqual([]);

    expect(summaries(await feed(`/events/${hidden.id}/ical`))).toEqual(['Hidden']);
    const locked = await service().request('GET', `/events/${secret.id}/ical`);
    const lockedJson = await service().request('GET', `/events/${secret.id}`);
    expect(locked.status).toBe(lockedJson.status);
    expect(locked.json).toEqual(lockedJson.json);
    expect((await feed(`/events/${secret.id}/ical`, { password: 'pw' })).res.text).toContain('Members only');

    const draft = await create({ title: 'Draft', status: 'draft' });
    await service().request('DELETE', `/events/${hidden.id}`, { as: 'admin' });
    // Draft: 401/403 event-not-accessible; trashed: 403 event-no-longer-available; missing: 404.
    for (const path of [`/events/${draft.id}`, `/events/${hidden.id}`, '/events/999999']) {
      const [ical, json] = await Promise.all([
        service().request('GET', `${path}/ical`),
        service().request('GET', path),
      ]);
      expect(ical.status, path).toBe(json.status);
      expect(ical.json, path).toEqual(json.json);
      expect(ical.status, path).toBeGreaterThanOrEqual(400);
    }
    expect(summaries(await feed('/events/ical'))).not.toContain('Draft');
    // An editor's feed lists drafts, as an editor's JSON list does.
    const editor = readFeed(await service().request('GET', '/events/ical', { as: 'editor' }));
    expect(summaries(editor)).toContain('Draft');
  });

  it('exports a series once with its rule and exceptions; Python expands it to the JSON list’s dates', async () => {
    // Tuesdays 19:00 Berlin across the end of summer time (25 October): one hour earlier in UTC after it.
    const series = await create({
      title: 'Weekly',
      timezone: 'Europe/Berlin',
      start_date: '2026-10-13 19:00:00',
      end_date: '2026-10-13 21:00:00',
      recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=8'],
    });
    const listed = async () =>
      (
        await service().request('GET', '/events', { query: { start_date: '2026-01-01', per_page: 50 } })
      ).json.events.filter((e: { id: number; series_id?: number }) => (e.series_id ?? e.id) === series.id);
    const occurrences = (await listed()).slice(1);
    expect(occurrences).toHaveLength(7);
    const moved = await service().request('POST', `/events/${occurrences[1].id}`, {
      json: { title: 'Weekly (moved)', start_date: '2026-10-27 20:00:00', end_date: '2026-10-27 22:00:00' },
      as: 'admin',
    });
    expect(moved.json.is_exception).toBe(true);
    await service().request('DELETE', `/events/${occurrences[3].id}`, { as: 'admin' });
    await create({ title: 'Single', start_date: '2026-11-01 10:00', end_date: '2026-11-01 11:00' });

    for (const list of [
      await feed('/events/ical'),
      await feed('/events/ical', { start_date: '2026-11-15' }),
      await feed(`/events/${occurrences[4].id}/ical`),
    ]) {
      expect(summaries(list).slice(0, 2)).toEqual(['Weekly', 'Weekly (moved)']);
      const [master, exception] = list.events;
      expect(master!.getFirstPropertyValue('uid')).toBe(`${series.id}@calendar.test`);
      expect(exception!.getFirstPropertyValue('uid')).toBe(`${series.id}@calendar.test`);
      expect(list.lines.filter((l) => l.startsWith('RRULE:FREQ=WEEKLY'))).toEqual([
        'RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=8',
      ]);
      expect(exception!.getAllProperties('rrule')).toEqual([]);
      expect(list.lines).toContain('DTSTART;TZID=Europe/Berlin:20261013T190000');
      expect(list.lines).toContain('EXDATE;TZID=Europe/Berlin:20261110T190000');
      expect(list.lines).toContain('RECURRENCE-ID;TZID=Europe/Berlin:20261027T190000');
      expect(list.lines).toContain('DTSTART;TZID=Europe/Berlin:20261027T200000');
    }
    const all = await feed('/events/ical');
    expect(summaries(all)).toEqual(['Weekly', 'Weekly (moved)', 'Single']);
    // A series counts once toward per_page, however many of its occurrences match.
    expect(summaries(await feed('/events/ical', { per_page: 1 }))).toEqual(['Weekly', 'Weekly (moved)']);
    expect(summaries(await feed('/events/ical', { per_page: 1, page: 2 }))).toEqual(['Single']);

    if (!requirePythonIcal('the Python expansion of a feed')) return;
    // An independent reader expands the feed to exactly the instants the JSON list holds as events.
    const expected = (await listed()).map(
      (e: { utc_start_date: string }) => `${e.utc_start_date.replace(' ', 'T')}Z`,
    );
    const expanded = (
      await expandWithPython(all.res.text, '2026-01-01T00:00:00Z', '2028-01-01T00:00:00Z')
    ).filter((occurrence) => occurrence.uid === `${series.id}@calendar.test`);
    expect(startInstants(expanded)).toEqual(expected);
    expect(expected).toHaveLength(7);
    expect(expanded.find((o) => o.start === '2026-10-27T19:00:00Z')?.summary).toBe('Weekly (moved)');
  });

  it('leaves out the dates of exceptions the list does not show: hidden, or a draft for anonymous readers', async () => {
    const series = await create({
      title: 'Weekly',
      timezone: 'Europe/Berlin',
      start_date: '2026-10-13 19:00:00',
      end_date: '2026-10-13 21:00:00',
      recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=5'],
    });
    const listed = async (as?: 'admin') =>
      (
        await service().request('GET', '/events', {
          query: { start_date: '2026-01-01', per_page: 50 },
          ...(as ? { as } : {}),
        })
      ).json.events.filter((e: { id: number; series_id?: number }) => (e.series_id ?? e.id) === series.id);
    const occurrences = (await listed()).slice(1);
    const edit = (id: number, json: Record<string, unknown>) =>
      service().request('POST', `/events/${id}`, { json, as: 'admin' });
    expect((await edit(occurrences[0].id, { hide_from_listings: true })).json.is_exception).toBe(true);
    expect((await edit(occurrences[1].id, { status: 'draft' })).json.is_exception).toBe(true);
    expect(await listed()).toHaveLength(3);

    const anonymous = await feed('/events/ical');
    expect(summaries(anonymous)).toEqual(['Weekly']);
    expect(anonymous.lines).toContain('EXDATE;TZID=Europe/Berlin:20261020T190000');
    expect(anonymous.lines).toContain('EXDATE;TZID=Europe/Berlin:20261027T190000');
    expect(anonymous.lines.filter((l) => l.startsWith('RECURRENCE-ID'))).toEqual([]);
    // An editor's list shows the draft: the editor's feed has it as an exception, the hidden one still out.
    const editor = readFeed(await service().request('GET', '/events/ical', { as: 'editor' }));
    expect(editor.lines).toContain('RECURRENCE-ID;TZID=Europe/Berlin:20261027T190000');
    expect(editor.lines).toContain('EXDATE;TZID=Europe/Berlin:20261020T190000');
    expect(editor.lines).not.toContain('EXDATE;TZID=Europe/Berlin:20261027T190000');

    if (!requirePythonIcal('the Python expansion of a feed')) return;
    const expected = (await listed()).map(
      (e: { utc_start_date: string }) => `${e.utc_start_date.replace(' ', 'T')}Z`,
    );
    const expanded = (
      await expandWithPython(anonymous.res.text, '2026-01-01T00:00:00Z', '2028-01-01T00:00:00Z')
    ).filter((occurrence) => occurrence.uid === `${series.id}@calendar.test`);
    expect(startInstants(expanded)).toEqual(expected);
  });

  it('exports an all-day series as dates, its deleted day a DATE EXDATE; Python agrees with the list', async () => {
    const series = await create({
      title: 'Market days',
      all_day: true,
      start_date: '2026-04-04 00:00:00',
      end_date: '2026-04-04 23:59:59',
      recurrence: ['RRULE:FREQ=MONTHLY;BYDAY=1SA;COUNT=4'],
    });
    const listed = async () =>
      (
        await service().request('GET', '/events', { query: { start_date: '2026-01-01', per_page: 50 } })
      ).json.events.filter((e: { id: number; series_id?: number }) => (e.series_id ?? e.id) === series.id);
    const [, second] = await listed();
    await service().request('DELETE', `/events/${second.id}`, { as: 'admin' });
    const one = await feed(`/events/${series.id}/ical`);
    expect(one.lines).toEqual(
      expect.arrayContaining([
        'DTSTART;VALUE=DATE:20260404',
        'DTEND;VALUE=DATE:20260405',
        'EXDATE;VALUE=DATE:20260502',
      ]),
    );
    if (!requirePythonIcal('the Python expansion of a feed')) return;
    const expanded = await expandWithPython(one.res.text, '2026-01-01', '2027-01-01');
    const days = (await listed()).map((e: { start_date: string }) => e.start_date.slice(0, 10));
    expect(startInstants(expanded)).toEqual(days);
    expect(days).toEqual(['2026-04-04', '2026-06-06', '2026-07-04']);
  });

  it('writes feeds Python’s icalendar reads: the fields, and every feed this suite read', async () => {
    if (!requirePythonIcal('the Python parse of the feeds')) return;
    const event = await create({
      title: 'Kammerkonzert',
      timezone: 'Europe/Berlin',
      venue: { venue: 'Saal', city: 'Hamburg', geo_lat: 53.5, geo_lng: 10 },
      organizer: [{ organizer: 'Freunde', email: 'info@kammer.example' }],
      categories: ['Music'],
    });
    const parsed = await parseWithPython((await feed(`/events/${event.id}/ical`)).res.text);
    expect(parsed.timezones).toEqual(['Europe/Berlin']);
    expect(parsed.events[0]).toMatchObject({
      uid: `${event.id}@calendar.test`,
      summary: 'Kammerkonzert',
      dtstart: '2026-04-01T20:00:00+02:00',
      dtstartTzid: 'Europe/Berlin',
      location: 'Saal, Hamburg',
      geo: [53.5, 10],
      organizer: { value: 'MAILTO:info@kammer.example', cn: 'Freunde' },
      categories: ['Music'],
      sequence: 0,
    });
    const results = await parseManyWithPython(produced);
    expect(produced.length).toBeGreaterThan(1);
    expect(results.filter((result) => result instanceof Error)).toEqual([]);
  });
});

describeContract(
  'iCalendar feeds: the site name',
  (service) => {
    it('names the calendar and its files after the site, as the plugin does after WordPress’s site title', async () => {
      const res = await service().request('GET', '/events/ical');
      expect(res.status).toBe(200);
      expect(res.text).toContain('X-WR-CALNAME:Kulturkalender Süd');
      expect(res.text).toContain('X-WR-CALDESC:Events for Kulturkalender Süd');
      expect(res.headers['content-disposition']).toBe('attachment; filename="kulturkalender-sud-events.ics"');
    });
  },
  { siteName: 'Kulturkalender Süd' },
);
