/**
 * The widget feed, `GET /events/calendar`: what FullCalendar and EventCalendar read from `events: '<url>'`.
 * Every event overlapping [start, end), series occurrences with their series as groupId, all-day ends
 * exclusive, the range read with its offset or in timeZone or the site's zone, the budgets, who sees what, and
 * the pipeline's ETag and CORS. The site's zone is Europe/Berlin here, so that "no offset" differs from UTC.
 */
import { beforeEach, expect, it } from 'vitest';
import { describeContract, type TestResponse } from '../index.js';

const FEED = '/events/calendar';

interface WidgetEvent {
  id: string;
  groupId?: string;
  title: string;
  start: string;
  end: string;
  allDay: boolean;
  url: string;
  extendedProps: Record<string, unknown> & { excerpt: string; venue: { name: string } | null };
}

describeContract(
  'calendar feed',
  (service) => {
    beforeEach(async () => {
      await service().reset();
      service().setNow('2026-11-25T12:00:00Z');
    });

    const create = async (title: string, start: string, end: string, json: Record<string, unknown> = {}) => {
      const res = await service().request('POST', '/events', {
        json: { title, start_date: start, end_date: end, timezone: 'Europe/Berlin', ...json },
        as: 'admin',
      });
      expect(res.status, res.text).toBe(201);
      return res.json as { id: number; url: string };
    };
    const feed = async (query: Record<string, string>, as?: string): Promise<WidgetEvent[]> => {
      const res = await service().request('GET', FEED, { query, ...(as ? { as } : {}) });
      expect(res.status, res.text).toBe(200);
      expect(Array.isArray(res.json)).toBe(true);
      return res.json as WidgetEvent[];
    };
    const titles = (events: WidgetEvent[]) => events.map((e) => e.title);
    const refused = async (query: Record<string, string>): Promise<TestResponse> => {
      const res = await service().request('GET', FEED, { query });
      expect(res.status, res.text).toBe(400);
      expect(res.json.data.status).toBe(400);
      return res;
    };

    it('lists every event overlapping the range: starts before, spans it, inside; not one ending at its start', async () => {
      await create('Late show', '2026-12-09 22:00:00', '2026-12-10 02:00:00');
      await create('Festival', '2026-12-08 10:00:00', '2026-12-12 10:00:00');
      const concert = await create('Concert', '2026-12-10 19:00:00', '2026-12-10 21:00:00', {
        excerpt: 'Loud &amp; <b>late</b>',
        venue: { venue: 'Town Hall', city: 'Bonn' },
      });
      await create('Ends at the start', '2026-12-09 20:00:00', '2026-12-10 00:00:00');
      await create('Starts at the end', '2026-12-11 00:00:00', '2026-12-11 01:00:00');
      await create('Next week', '2026-12-17 10:00:00', '2026-12-17 11:00:00');
      const events = await feed({ start: '2026-12-10T00:00:00+01:00', end: '2026-12-11T00:00:00+01:00' });
      expect(titles(events)).toEqual(['Festival', 'Late show', 'Concert']);
      const shown = events[2]!;
      expect(shown).toMatchObject({
        id: String(concert.id),
        title: 'Concert',
        start: '2026-12-10T19:00:00+01:00',
        end: '2026-12-10T21:00:00+01:00',
        allDay: false,
        url: concert.url,
      });
      expect(shown.groupId).toBeUndefined();
      expect(shown.extendedProps).toMatchObject({ excerpt: 'Loud & late', timezone: 'Europe/Berlin' });
      expect(shown.extendedProps.venue).toMatchObject({ name: 'Town Hall', city: 'Bonn' });
      // What both widgets need to place it: a parseable start and end, the end after the start.
      for (const event of events) expect(Date.parse(event.end)).toBeGreaterThan(Date.parse(event.start));
    });

    it('gives all-day events as dates, the end the day after the last day', async () => {
      await create('Market', '2026-12-05 00:00:00', '2026-12-06 23:59:59', { all_day: true });
      const inside = await feed({ start: '2026-12-06', end: '2026-12-07' });
      expect(inside).toHaveLength(1);
      expect(inside[0]).toMatchObject({
        title: 'Market',
        start: '2026-12-05',
        end: '2026-12-07',
        allDay: true,
      });
      expect(await feed({ start: '2026-12-07', end: '2026-12-08' })).toEqual([]);
    });

    it('includes the occurrences of a series, each with the series as groupId', async () => {
      const series = await create('Choir', '2026-12-01 19:00:00', '2026-12-01 21:00:00', {
        recurrence: ['RRULE:FREQ=WEEKLY;COUNT=6'],
      });
      const events = await feed({ start: '2026-12-01T00:00:00+01:00', end: '2027-01-01T00:00:00+01:00' });
      expect(events.map((e) => e.start)).toEqual([
        '2026-12-01T19:00:00+01:00',
        '2026-12-08T19:00:00+01:00',
        '2026-12-15T19:00:00+01:00',
        '2026-12-22T19:00:00+01:00',
        '2026-12-29T19:00:00+01:00',
      ]);
      expect(new Set(events.map((e) => e.groupId))).toEqual(new Set([String(series.id)]));
      expect(events[0]!.id).toBe(String(series.id));
      expect(new Set(events.map((e) => e.id)).size).toBe(5);
    });

    it('reads the range with its offset, in timeZone without one, else in the site zone', async () => {
      // 18:00–20:00 UTC.
      await create('Concert', '2026-12-10 19:00:00', '2026-12-10 21:00:00');
      expect(await feed({ start: '2026-12-10T17:00:00Z', end: '2026-12-10T18:00:00Z' })).toEqual([]);
      expect(titles(await feed({ start: '2026-12-10T17:00:00Z', end: '2026-12-10T18:00:01Z' }))).toEqual([
        'Concert',
      ]);
      // No offset: New York wall time, and the answer in New York's time.
      const newYork = await feed({
        start: '2026-12-10T12:00:00',
        end: '2026-12-10T13:30:00',
        timeZone: 'America/New_York',
      });
      expect(newYork).toHaveLength(1);
      expect(newYork[0]).toMatchObject({
        start: '2026-12-10T13:00:00-05:00',
        end: '2026-12-10T15:00:00-05:00',
      });
      expect(
        await feed({
          start: '2026-12-10T10:00:00',
          end: '2026-12-10T12:59:59',
          timeZone: 'America/New_York',
        }),
      ).toEqual([]);
      // Neither: the site's zone (Berlin), where the concert ends at 21:00.
      expect(titles(await feed({ start: '2026-12-10T20:59:00', end: '2026-12-10T23:00:00' }))).toEqual([
        'Concert',
      ]);
      expect(await feed({ start: '2026-12-10T21:00:00', end: '2026-12-10T23:00:00' })).toEqual([]);
      // An offset wins over timeZone for the range; the answer is written in timeZone.
      const utc = await feed({
        start: '2026-12-10T18:30:00+01:00',
        end: '2026-12-10T19:30:00+01:00',
        timeZone: 'UTC',
      });
      expect(utc[0]).toMatchObject({ start: '2026-12-10T18:00:00+00:00', end: '2026-12-10T20:00:00+00:00' });
    });

    it('refuses what is not a range it serves: 400 in the error envelope', async () => {
      const missing = await service().request('GET', FEED, { query: { start: '2026-12-01' } });
      expect(missing.status).toBe(400);
      expect(missing.json.code).toBe('rest_missing_callback_param');
      for (const query of [
        { start: 'tomorrow', end: '2026-12-02' },
        { start: '2026-02-30', end: '2026-03-02' },
        { start: '2026-12-01', end: '2026-12-02', timeZone: 'Mars/Olympus' },
      ])
        expect((await refused(query)).json.code).toBe('rest_invalid_param');
      const backwards = await refused({ start: '2026-12-02', end: '2026-12-01' });
      expect(backwards.json.data.params.end).toMatch(/later than start/);
      const long = await refused({ start: '2026-01-01', end: '2027-02-06' });
      expect(long.json.data.params.end).toMatch(/400 days/);
      expect(await feed({ start: '2026-01-01', end: '2027-02-05' })).toEqual([]);
    });

    it('refuses a range holding more events than one answer gives, and serves a shorter one', async () => {
      // Hourly for 2001 hours: one more than the budget, made in one write.
      await create('Vigil', '2026-12-01 00:00:00', '2026-12-01 00:30:00', {
        recurrence: ['RRULE:FREQ=HOURLY;COUNT=2001'],
      });
      const res = await refused({ start: '2026-12-01', end: '2027-03-01' });
      expect(res.json).toMatchObject({
        code: 'rest_calendar_too_many_events',
        data: { status: 400, max_events: 2000 },
      });
      expect(await feed({ start: '2026-12-01', end: '2026-12-02' })).toHaveLength(24);
    });

    it('shows only what the caller may read; a protected event without its password shows no content', async () => {
      await create('Public', '2026-12-10 10:00:00', '2026-12-10 11:00:00');
      await create('Board meeting', '2026-12-10 12:00:00', '2026-12-10 13:00:00', { status: 'private' });
      await create('Planned', '2026-12-10 14:00:00', '2026-12-10 15:00:00', { status: 'draft' });
      await create('Secret', '2026-12-10 16:00:00', '2026-12-10 17:00:00', {
        password: 'sesame',
        excerpt: 'Hidden words',
        venue: { venue: 'Cellar' },
      });
      const range = { start: '2026-12-10', end: '2026-12-11' };
      expect(titles(await feed(range))).toEqual(['Public', 'Secret']);
      expect(titles(await feed(range, 'subscriber'))).toEqual(['Public', 'Secret']);
      expect(titles(await feed(range, 'admin'))).toEqual(['Public', 'Board meeting', 'Planned', 'Secret']);
      const secret = (await feed(range))[1]!;
      expect(secret.extendedProps).toMatchObject({ excerpt: '', venue: null });
      const unlocked = (await feed({ ...range, password: 'sesame' }))[1]!;
      expect(unlocked.extendedProps).toMatchObject({ excerpt: 'Hidden words', venue: { name: 'Cellar' } });
    });

    it('reads a constant number of statements, whatever the number of events', async () => {
      const range = { start: '2026-12-01', end: '2027-01-01' };
      const count = async () => {
        // A new data version each time: the answer cache does not answer it.
        const { result, statements } = await service().statementsDuring(() => feed(range));
        return { events: result.length, statements: statements.length };
      };
      await create('First', '2026-12-02 10:00:00', '2026-12-02 11:00:00', { venue: { venue: 'Hall A' } });
      const one = await count();
      await create('Weekly', '2026-12-03 10:00:00', '2026-12-03 11:00:00', {
        recurrence: ['RRULE:FREQ=WEEKLY;COUNT=4'],
        venue: { venue: 'Hall B' },
        organizer: [{ organizer: 'Org' }],
        categories: ['Music'],
      });
      await create('Third', '2026-12-20 10:00:00', '2026-12-20 11:00:00', { venue: { venue: 'Hall C' } });
      const many = await count();
      expect(one.events).toBe(1);
      expect(many.events).toBe(6);
      expect(many.statements).toBeLessThanOrEqual(one.statements + 2);
    });

    it('answers with an ETag, 304 to a matching If-None-Match, and CORS as configured', async () => {
      await create('Concert', '2026-12-10 19:00:00', '2026-12-10 21:00:00');
      const query = { start: '2026-12-01', end: '2027-01-01' };
      const first = await service().request('GET', FEED, {
        query,
        headers: { origin: 'https://widget.example' },
      });
      expect(first.status).toBe(200);
      expect(first.headers['content-type']).toMatch(/^application\/json/);
      expect(first.headers['access-control-allow-origin']).toBe('*');
      const etag = first.headers.etag;
      expect(etag).toBeDefined();
      const again = await service().request('GET', FEED, { query, headers: { 'if-none-match': etag! } });
      expect(again.status).toBe(304);
      await create('Encore', '2026-12-11 19:00:00', '2026-12-11 21:00:00');
      const changed = await service().request('GET', FEED, { query, headers: { 'if-none-match': etag! } });
      expect(changed.status).toBe(200);
      expect(titles(changed.json)).toEqual(['Concert', 'Encore']);
    });
  },
  { timezone: 'Europe/Berlin', cors: { origins: '*' } },
);
