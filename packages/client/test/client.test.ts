/**
 * The client against a live service on every binding (Express and Fastify, SQLite and PostgreSQL): list, read,
 * create with each credential, typed errors, pages over `next_rest_url`, an .ics file, the widget feed and the
 * change log.
 */
import { describeContract } from '@calendar-events/tests';
import { beforeEach, expect, it } from 'vitest';
import { type CalendarClient, createCalendarClient } from '../src/index.js';

describeContract('typed client', (service) => {
  let anonymous: CalendarClient;
  let admin: CalendarClient;
  const baseUrl = () => `${service().baseUrl}/calendar/events/v1`;

  beforeEach(async () => {
    await service().reset();
    service().setNow('2026-03-10T12:00:00Z');
    anonymous = createCalendarClient({ baseUrl: baseUrl() });
    admin = createCalendarClient({ baseUrl: baseUrl(), auth: { bearer: service().users.admin.key } });
  });

  const createEvent = async (title: string, day: string) => {
    const { data, error, response } = await admin.POST('/events', {
      body: { title, start_date: `${day} 19:00:00`, end_date: `${day} 21:00:00` },
    });
    expect(error, JSON.stringify(error)).toBeUndefined();
    expect(response.status).toBe(201);
    return data!;
  };

  it('creates with a Bearer key and with Basic, then lists and reads what it made', async () => {
    const first = await createEvent('Concert', '2026-04-01');
    expect(first.title).toBe('Concert');
    const basic = createCalendarClient({
      baseUrl: baseUrl(),
      auth: { basic: { user: 'admin', password: service().users.admin.key } },
    });
    const second = await basic.POST('/events', {
      body: { title: 'Recital', start_date: '2026-04-02 19:00:00', end_date: '2026-04-02 20:00:00' },
    });
    expect(second.response.status).toBe(201);

    const list = await anonymous.GET('/events', { params: { query: { start_date: '2026-03-01' } } });
    expect(list.data?.events.map((event) => event.title)).toEqual(['Concert', 'Recital']);
    expect(list.data?.total).toBe(2);
    const one = await anonymous.GET('/events/{id}', { params: { path: { id: first.id } } });
    expect(one.data?.utc_start_date).toBe('2026-04-01 19:00:00');
  });

  it('types the error answers', async () => {
    const missing = await anonymous.GET('/events/{id}', { params: { path: { id: 999_999 } } });
    expect(missing.data).toBeUndefined();
    expect(missing.response.status).toBe(404);
    // `code` is the catalog's union: a typo here would not compile.
    const code: 'rest-event-not-found' | undefined =
      missing.error?.code === 'rest-event-not-found' ? missing.error.code : undefined;
    expect(code).toBe('rest-event-not-found');
    expect(missing.error?.data.status).toBe(404);
    const refused = await anonymous.POST('/events', {
      body: { title: 'No key', start_date: '2026-04-01 10:00', end_date: '2026-04-01 11:00' },
    });
    expect(refused.response.status).toBe(401);
    expect(refused.error?.code).toBe('rest_forbidden');
  });

  it('walks the pages of a list over next_rest_url, bounded by maxPages', async () => {
    for (let day = 1; day <= 5; day++) await createEvent(`Night ${day}`, `2026-04-0${day}`);
    const titles: string[] = [];
    let pages = 0;
    for await (const page of anonymous.pages('/events', { per_page: 2, start_date: '2026-03-01' })) {
      pages++;
      titles.push(...page.events.map((event) => event.title));
    }
    expect(pages).toBe(3);
    expect(titles).toEqual(['Night 1', 'Night 2', 'Night 3', 'Night 4', 'Night 5']);
    const bounded = [];
    for await (const page of anonymous.pages(
      '/events',
      { per_page: 2, start_date: '2026-03-01' },
      { maxPages: 2 },
    ))
      bounded.push(page);
    expect(bounded).toHaveLength(2);
  });

  it('fetches an event as .ics text, and the widget feed typed', async () => {
    const event = await createEvent('Concert', '2026-04-01');
    const ics = await anonymous.GET('/events/{id}/ical', {
      params: { path: { id: event.id } },
      parseAs: 'text',
    });
    expect(ics.response.headers.get('content-type')).toBe('text/calendar; charset=UTF-8');
    expect(ics.data).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics.data).toContain('SUMMARY:Concert');
    const feed = await anonymous.GET('/events/calendar', {
      params: { query: { start: '2026-04-01T00:00:00Z', end: '2026-04-02T00:00:00Z' } },
    });
    expect(feed.data?.map((item) => [item.title, item.start])).toEqual([
      ['Concert', '2026-04-01T19:00:00+00:00'],
    ]);
  });

  it('follows the change log from a sync token', async () => {
    const pages = [];
    for await (const page of admin.changes()) pages.push(page);
    expect(pages).toHaveLength(1);
    const since = pages[0]!.next_token;
    const event = await createEvent('Concert', '2026-04-01');
    await createEvent('Recital', '2026-04-02');
    const seen = [];
    for await (const page of admin.changes({ since, limit: 1 })) seen.push(...page.changes);
    expect(seen.map((change) => [change.type, change.action])).toEqual([
      ['event', 'created'],
      ['event', 'created'],
    ]);
    expect(seen[0]!.id).toBe(event.id);
    const bounded = [];
    for await (const page of admin.changes({ since, limit: 1, maxPages: 1 })) bounded.push(page);
    expect(bounded).toHaveLength(1);
    expect(bounded[0]!.has_more).toBe(true);
  });
});
