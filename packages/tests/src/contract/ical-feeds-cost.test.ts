/**
 * What a list feed costs and how it may be kept: over a calendar of daily series (each hundreds
 * of occurrences), the feed's entries are found without walking the occurrences: the statements of a page
 * do not grow with the calendar, a page past the end is a quick 404 and a page beyond the feed's reach a 400
 * naming `page`; the entries are those of the list, each series once at its first match. Feeds tell caches
 * how long they are fresh and who may keep them, and one subscription written in two orders is one answer.
 */
import ICAL from 'ical.js';
import { beforeEach, expect, it } from 'vitest';
import { describeContract, type TestResponse } from '../index.js';

/** The titles of a feed's entries in order: a series once (its exceptions share its UID). */
function entries(res: TestResponse): string[] {
  expect(res.status, res.text).toBe(200);
  const calendar = new ICAL.Component(ICAL.parse(res.text) as unknown[]);
  const byUid = new Map<string, string>();
  for (const event of calendar.getAllSubcomponents('vevent')) {
    const uid = String(event.getFirstPropertyValue('uid'));
    // The series' own VEVENT (no RECURRENCE-ID) names the entry.
    if (!byUid.has(uid) || !event.hasProperty('recurrence-id'))
      byUid.set(uid, String(event.getFirstPropertyValue('summary')));
  }
  return [...byUid.values()];
}

describeContract('ical-feeds-cost', (service) => {
  beforeEach(async () => {
    await service().reset();
    // The default window starts on 2026-03-09 (yesterday), in UTC (the test site's zone).
    service().setNow('2026-03-10T12:00:00Z');
  });

  const create = async (title: string, start: string, end: string, recurrence?: string[]) => {
    const res = await service().request('POST', '/events', {
      json: { title, start_date: start, end_date: end, ...(recurrence ? { recurrence } : {}) },
      as: 'admin',
    });
    expect(res.status, res.text).toBe(201);
    return res.json as { id: number };
  };
  /** A daily series that began before the window, at `hour` o'clock: its first match is on 2026-03-09. */
  const daily = (hour: number) => {
    const at = String(hour).padStart(2, '0');
    return create(`Daily ${hour}`, `2026-03-01 ${at}:00:00`, `2026-03-01 ${at}:30:00`, ['RRULE:FREQ=DAILY']);
  };
  const feed = (query: Record<string, unknown> = {}, as?: 'admin') =>
    service().request('GET', '/events/ical', { query, ...(as ? { as } : {}) });

  /**
   * Six daily series, one that starts later, three events on their own, and an exception of the 10
   * o'clock series moved before all others on the window's first day.
   */
  async function calendar() {
    for (const hour of [6, 8, 10, 12, 14, 16]) await daily(hour);
    await create('Future daily', '2026-05-01 09:00:00', '2026-05-01 10:00:00', ['RRULE:FREQ=DAILY']);
    await create('Early single', '2026-03-09 07:30:00', '2026-03-09 08:00:00');
    await create('March single', '2026-03-20 10:00:00', '2026-03-20 11:00:00');
    await create('June single', '2026-06-01 10:00:00', '2026-06-01 11:00:00');
    const day = await service().request('GET', '/events', {
      query: { start_date: '2026-03-09', end_date: '2026-03-09', search: 'Daily 10' },
    });
    const [occurrence] = day.json.events as Array<{ id: number }>;
    const moved = await service().request('POST', `/events/${occurrence!.id}`, {
      json: { start_date: '2026-03-09 05:00:00', end_date: '2026-03-09 05:30:00' },
      as: 'admin',
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.json.is_exception).toBe(true);
  }

  const ORDER = [
    'Daily 10', // its exception, at 05:00, is its first match
    'Daily 6',
    'Early single',
    'Daily 8',
    'Daily 12',
    'Daily 14',
    'Daily 16',
    'March single',
    'Future daily',
    'June single',
  ];

  it('lists each series once at its first match, in the list order, page by page', async () => {
    await calendar();
    const whole = await feed();
    expect(entries(whole)).toEqual(ORDER);
    // The moved occurrence is there as the series' exception.
    expect(whole.text.replace(/\r\n[ \t]/g, '')).toMatch(/RECURRENCE-ID[^\r]*:20260309T100000/);
    const pages: string[] = [];
    for (let page = 1; page <= 4; page++) pages.push(...entries(await feed({ per_page: 3, page })));
    expect(pages).toEqual(ORDER);
    const after = await feed({ per_page: 3, page: 5 });
    expect(after.status).toBe(404);
    expect(after.json.code).toBe('event-archive-page-not-found');
    // The filters still apply to the series: a search, a window that leaves the early days out.
    expect(entries(await feed({ search: 'Daily 1' }))).toEqual([
      'Daily 10',
      'Daily 12',
      'Daily 14',
      'Daily 16',
    ]);
    expect(entries(await feed({ start_date: '2026-04-15', end_date: '2026-05-15' }))).toEqual([
      'Daily 6',
      'Daily 8',
      'Daily 10',
      'Daily 12',
      'Daily 14',
      'Daily 16',
      'Future daily',
    ]);
    // A window that ends before a series starts leaves it out.
    expect(entries(await feed({ start_date: '2026-03-10', end_date: '2026-03-20' }))).not.toContain(
      'Future daily',
    );
  });

  it('with include, lists the named events (an occurrence for its series) that pass the other filters', async () => {
    const series = await daily(8);
    const single = await create('Single', '2026-04-01 20:00:00', '2026-04-01 21:00:00');
    const occurrences = await service().request('GET', '/events', {
      query: { post_parent: series.id, per_page: 2 },
    });
    const occurrence = (occurrences.json.events as Array<{ id: number }>)[1]!;
    const include = `${single.id},${occurrence.id}`;
    // In publication order, as the list orders `include`: the series was published first.
    expect(entries(await feed({ include }))).toEqual(['Daily 8', 'Single']);
    expect(entries(await feed({ include, search: 'Daily' }))).toEqual(['Daily 8']);
  });

  it('runs the same statements whatever the number of occurrences, and answers a page far past the end at once', async () => {
    await calendar();
    const count = async (query: Record<string, unknown>) =>
      (await service().statementsDuring(() => feed(query))).statements.length;
    const first = await count({ per_page: 50 });
    const farPage = await service().statementsDuring(() => feed({ per_page: 3, page: 3000 }));
    expect(farPage.result.status).toBe(404);
    const far = farPage.statements.length;
    // Twice as many series, so twice as many occurrences: no more statements for either page.
    for (const hour of [7, 9, 11, 13, 15, 17]) await daily(hour);
    expect(await count({ per_page: 50, search: 'Daily' })).toBeLessThanOrEqual(first + 2);
    expect(await count({ per_page: 49 })).toBe(first);
    expect(await count({ per_page: 3, page: 2999 })).toBe(far);
    // A constant: the filters, the entries, the content of one page.
    expect(first).toBeLessThanOrEqual(15);
    expect(far).toBeLessThanOrEqual(6);
  });

  it('refuses a page beyond the reach of a feed with 400 naming page, before any query of events', async () => {
    await daily(6);
    const refused = await service().statementsDuring(() => feed({ page: 101 }));
    expect(refused.result.status).toBe(400);
    expect(refused.result.json.code).toBe('rest_invalid_param');
    expect(Object.keys(refused.result.json.data.params)).toEqual(['page']);
    expect(refused.statements.filter((text) => /\bfrom "events"/.test(text))).toEqual([]);
    expect((await feed({ page: 1e9, per_page: 1e9 })).status).toBe(400);
    // The last page within reach is asked: past the end, 404.
    expect((await feed({ page: 10, per_page: 1000 })).status).toBe(404);
  });

  it('tells caches how long a feed is fresh, and that a signed-in or unlocked one is private', async () => {
    const event = await create('Concert', '2026-04-01 20:00:00', '2026-04-01 22:00:00');
    const secret = await service().request('POST', '/events', {
      json: {
        title: 'Members',
        start_date: '2026-04-02 20:00:00',
        end_date: '2026-04-02 22:00:00',
        password: 'pw',
      },
      as: 'admin',
    });
    expect(secret.status).toBe(201);
    const anonymous = await feed();
    expect(anonymous.headers['cache-control']).toBe('public, max-age=300, must-revalidate');
    expect(anonymous.headers.vary).toMatch(/\bAuthorization\b/);
    const one = await service().request('GET', `/events/${event.id}/ical`);
    expect(one.headers['cache-control']).toBe('public, max-age=300, must-revalidate');
    expect((await feed({}, 'admin')).headers['cache-control']).toBe('private, no-cache');
    expect((await feed({ password: 'pw' })).headers['cache-control']).toBe('private, no-cache');
    const unlocked = await service().request('GET', `/events/${secret.json.id}/ical`, {
      query: { password: 'pw' },
    });
    expect(unlocked.headers['cache-control']).toBe('private, no-cache');
    // A calendar app that polls with the ETag gets a 304 that repeats the policy.
    const again = await service().request('GET', '/events/ical', {
      headers: { 'if-none-match': anonymous.headers.etag! },
    });
    expect(again.status).toBe(304);
    expect(again.headers['cache-control']).toBe('public, max-age=300, must-revalidate');
  });

  it('keeps one answer for a subscription whatever the order of its parameters', async () => {
    await daily(6);
    await create('Concert', '2026-04-01 20:00:00', '2026-04-01 22:00:00');
    const first = await service().statementsDuring(() =>
      service().request('GET', '/events/ical?search=Daily&per_page=5&start_date=2026-03-01'),
    );
    const reordered = await service().statementsDuring(() =>
      service().request('GET', '/events/ical?start_date=2026-03-01&per_page=5&search=Daily'),
    );
    expect(reordered.result.status).toBe(200);
    expect(reordered.result.text).toBe(first.result.text);
    // Served from the answer cache: at most the read of the data version, none of the feed's queries.
    expect(reordered.statements.filter((text) => /\bfrom "events"/.test(text))).toEqual([]);
    expect(first.statements.filter((text) => /\bfrom "events"/.test(text)).length).toBeGreaterThan(0);
  });
});

const ticketed = new Set<number>();

describeContract(
  'ical-feeds-cost with a ticket provider',
  (service) => {
    beforeEach(async () => {
      await service().reset();
      service().setNow('2026-03-10T12:00:00Z');
      ticketed.clear();
    });

    it('finds a series by the one occurrence a provider names, not only by its first one', async () => {
      const series = await service().request('POST', '/events', {
        json: {
          title: 'Daily 6',
          start_date: '2026-03-01 06:00:00',
          end_date: '2026-03-01 06:30:00',
          recurrence: ['RRULE:FREQ=DAILY'],
        },
        as: 'admin',
      });
      expect(series.status, series.text).toBe(201);
      const free = await service().request('POST', '/events', {
        json: { title: 'Free', start_date: '2026-04-01 10:00:00', end_date: '2026-04-01 11:00:00' },
        as: 'admin',
      });
      expect(free.status, free.text).toBe(201);
      const day = await service().request('GET', '/events', {
        query: { post_parent: series.json.id, start_date: '2026-03-20', end_date: '2026-03-20' },
      });
      ticketed.add((day.json.events as Array<{ id: number }>)[0]!.id);
      const feed = (query: Record<string, unknown>) => service().request('GET', '/events/ical', { query });
      expect(entries(await feed({ ticketed: 'true' }))).toEqual(['Daily 6']);
      expect(entries(await feed({ ticketed: 'false' }))).toEqual(['Daily 6', 'Free']);
    });
  },
  { ticketProvider: { ticketedEventIds: async () => [...ticketed] } },
);
