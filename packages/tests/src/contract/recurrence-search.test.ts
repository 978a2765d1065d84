/**
 * Searching and counting a series' occurrences. An occurrence that follows its series shares the
 * series' search rows instead of holding copies; one edited or deleted on its own has rows of
 * its own from then on. Both ways a search runs are checked: starting from the trigram index (few matches for
 * the page asked), and walking the events in date order (a daily series' seven hundred matches, one per page).
 */
import { beforeEach, expect, it } from 'vitest';
import { describeContract } from '../index.js';
import type { TestResponse } from '../service.js';

describeContract('recurring events: search and term counts', (service) => {
  beforeEach(async () => {
    await service().reset();
    service().setNow('2026-11-25T12:00:00Z');
  });

  const request = (method: 'GET' | 'POST' | 'DELETE', path: string, json?: Record<string, unknown>) =>
    service().request(method, path, { as: 'admin', ...(json ? { json } : {}) });
  const total = (res: TestResponse) => Number(res.headers['x-wp-total']);
  const ids = (res: TestResponse) => res.json.events.map((event: { id: number }) => event.id);
  const search = (word: string, query = '') =>
    request('GET', `/events?search=${word}&start_date=2026-12-01${query}`);

  /** Every day at 19:00 in Berlin from 1 December, up to the default horizon of 24 months. */
  async function dailySeries() {
    const created = await request('POST', '/events', {
      title: 'Evening concert',
      description: '<p>Zanzibarium nights by the river.</p>',
      start_date: '2026-12-01 19:00:00',
      end_date: '2026-12-01 21:00:00',
      timezone: 'Europe/Berlin',
      categories: ['Music'],
      recurrence: ['RRULE:FREQ=DAILY'],
    });
    expect(created.status).toBe(201);
    const days = (
      await request('GET', `/events?post_parent=${created.json.id}&start_date=2026-12-01&per_page=3`)
    ).json.events;
    return {
      series: created.json,
      days: total(await search('zanzibarium')),
      second: days[0],
      third: days[1],
    };
  }

  it('finds every occurrence by the series text, an exception by its own, whichever way the page is found', async () => {
    const { series, days, second, third } = await dailySeries();
    expect(days).toBeGreaterThan(700);
    // Few rows asked for this many matches: the list walks the dates; many rows: it starts from the index.
    expect(ids(await search('zanzibarium', '&per_page=1'))).toEqual([series.id]);
    expect(ids(await search('zanzibarium', '&per_page=50')).slice(0, 3)).toEqual([
      series.id,
      second.id,
      third.id,
    ]);

    // Edited on its own, the second day becomes an exception: its new title is its alone, its description stays.
    expect((await request('POST', `/events/${second.id}`, { title: 'Solo recital' })).status).toBe(200);
    expect(ids(await search('recital'))).toEqual([second.id]);
    expect(total(await search('zanzibarium'))).toBe(days);

    // A new description of the series reaches every occurrence but the exception.
    await request('POST', `/events/${series.id}`, { description: '<p>Quartet evening.</p>' });
    expect(total(await search('quartet'))).toBe(days - 1);
    expect(ids(await search('zanzibarium'))).toEqual([second.id]);
    const fromSecondDay = '&start_date=2026-12-02&per_page=1';
    expect(ids(await search('quartet', fromSecondDay))).toEqual([third.id]);
    expect(ids(await search('zanzibarium', fromSecondDay))).toEqual([second.id]);
    expect(ids(await search('evening', fromSecondDay))).toEqual([third.id]);
  });

  it('keeps the text a deleted occurrence had, and forgets the rows of occurrences removed', async () => {
    const { series, days, third } = await dailySeries();
    expect((await request('DELETE', `/events/${third.id}`)).status).toBe(200);
    await request('POST', `/events/${series.id}`, { description: '<p>Quartet evening.</p>' });
    expect(ids(await search('zanzibarium', '&status=trash'))).toEqual([third.id]);
    expect(total(await search('quartet'))).toBe(days - 1);
    // The recurrence stopped: the occurrences go, their shared rows with them; the series keeps its own.
    await request('POST', `/events/${series.id}`, { recurrence: [] });
    expect(ids(await search('quartet'))).toEqual([series.id]);
  });

  it('counts every occurrence in its terms through creation, trash, restore and removal', async () => {
    const { series, days } = await dailySeries();
    const music = () =>
      request('GET', `/categories/${series.categories[0].id}`).then((res) => res.json.count);
    expect(await music()).toBe(days);
    const jazz = await request('POST', '/categories', { name: 'Jazz' });
    await request('POST', `/events/${series.id}`, { categories: [jazz.json.id] });
    expect(await music()).toBe(0);
    const jazzCount = () => request('GET', `/categories/${jazz.json.id}`).then((res) => res.json.count);
    expect(await jazzCount()).toBe(days);
    await request('DELETE', `/events/${series.id}`);
    expect(await jazzCount()).toBe(0);
    await request('POST', `/events/${series.id}`, { status: 'publish' });
    expect(await jazzCount()).toBe(days);
    await request('POST', `/events/${series.id}`, { status: 'draft' });
    expect(await jazzCount()).toBe(0);
    await request('POST', `/events/${series.id}`, { status: 'publish' });
    await request('POST', `/events/${series.id}`, { recurrence: [] });
    expect(await jazzCount()).toBe(1);
  });
});
