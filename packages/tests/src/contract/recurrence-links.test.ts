/**
 * A series' texts, terms and organizers on its occurrences. An occurrence that follows its series
 * has none of its own: the series' stand for it, in every record, list filter, term count and
 * linked-post filter, in every language, and they change with the series. One edited or deleted on its own
 * keeps, from then on, those it had.
 */
import { beforeEach, expect, it } from 'vitest';
import { describeContract } from '../index.js';
import type { TestResponse } from '../service.js';

describeContract('recurring events: texts, terms and organizers', (service) => {
  beforeEach(async () => {
    await service().reset();
    service().setNow('2026-11-25T12:00:00Z');
  });

  const request = (method: 'GET' | 'POST' | 'DELETE', path: string, json?: Record<string, unknown>) =>
    service().request(method, path, { as: 'admin', ...(json ? { json } : {}) });
  const total = (res: TestResponse) => Number(res.headers['x-wp-total']);
  const ids = (res: TestResponse) => res.json.events.map((event: { id: number }) => event.id);
  const named = (items: Array<{ name?: string; organizer?: string }>) =>
    items.map((item) => item.name ?? item.organizer);
  const listed = (query: string) => request('GET', `/events?start_date=2026-12-01&${query}`);

  /** A weekly series of ten Tuesdays from 1 December, at a venue, with a category, a tag and two organizers. */
  async function weeklySeries() {
    const venue = await request('POST', '/venues', { venue: 'River Hall' });
    const ada = await request('POST', '/organizers', { organizer: 'Ada' });
    const bo = await request('POST', '/organizers', { organizer: 'Bo' });
    const created = await request('POST', '/events', {
      title: 'Tuesday concert',
      start_date: '2026-12-01 19:00:00',
      end_date: '2026-12-01 21:00:00',
      timezone: 'Europe/Berlin',
      venue: venue.json.id,
      organizer: [ada.json.id, bo.json.id],
      categories: ['Music'],
      tags: ['Evening'],
      recurrence: ['RRULE:FREQ=WEEKLY;COUNT=10'],
    });
    expect(created.status).toBe(201);
    const occurrences = (await request('GET', `/events?post_parent=${created.json.id}&start_date=2026-12-01`))
      .json.events as Array<{ id: number }>;
    expect(occurrences).toHaveLength(9);
    return {
      series: created.json,
      occurrences: occurrences.map((o) => o.id),
      venue: venue.json.id as number,
      ada: ada.json.id as number,
      bo: bo.json.id as number,
      music: created.json.categories[0].id as number,
      evening: created.json.tags[0].id as number,
    };
  }

  it('gives every occurrence the series’ terms and organizers, in records, filters and counts', async () => {
    const { series, occurrences, venue, ada, bo, music, evening } = await weeklySeries();
    const second = await request('GET', `/events/${occurrences[0]}`);
    expect(named(second.json.categories)).toEqual(['Music']);
    expect(named(second.json.tags)).toEqual(['Evening']);
    expect(named(second.json.organizer)).toEqual(['Ada', 'Bo']);

    const all = [series.id, ...occurrences];
    expect(ids(await listed(`categories=${music}`))).toEqual(all);
    expect(ids(await listed(`tags=${evening}`))).toEqual(all);
    expect(ids(await listed(`organizer=${bo}`))).toEqual(all);
    // With a venue, the list walks the venue's events and tests each one's terms.
    expect(ids(await listed(`categories=${music}&venue=${venue}`))).toEqual(all);
    expect(total(await listed(`categories=${music}&tags=${evening}&organizer=${ada}`))).toBe(10);

    expect((await request('GET', `/categories/${music}`)).json.count).toBe(10);
    expect((await request('GET', `/tags/${evening}`)).json.count).toBe(10);
    expect(named((await request('GET', `/categories?event=${occurrences[3]}`)).json.categories)).toEqual([
      'Music',
    ]);
    expect(
      named((await request('GET', `/organizers?event=${occurrences[3]}`)).json.organizers).sort(),
    ).toEqual(['Ada', 'Bo']);
  });

  it('moves them with the series, except on an occurrence edited or deleted on its own', async () => {
    const { series, occurrences, ada, bo, music } = await weeklySeries();
    const [second, third, fourth] = occurrences as [number, number, number];
    // An exception by its title keeps the terms and organizers it had; one by its tags keeps its categories.
    expect((await request('POST', `/events/${second}`, { title: 'Solo recital' })).status).toBe(200);
    expect((await request('POST', `/events/${third}`, { tags: ['Late'] })).status).toBe(200);
    expect((await request('DELETE', `/events/${fourth}`)).status).toBe(200);

    const jazz = (await request('POST', '/categories', { name: 'Jazz' })).json.id as number;
    await request('POST', `/events/${series.id}`, { categories: [jazz], organizer: [bo] });

    // Texts too, in every language: the German title reaches the followers, the exceptions keep theirs.
    await request('POST', `/events/${series.id}`, { title: 'Dienstagskonzert', multilang_language: 'de' });
    const german = async (id: number) =>
      (await service().request('GET', `/de/calendar/events/v1/events/${id}`, { as: 'admin' })).json.title;
    expect(await german(occurrences[5]!)).toBe('Dienstagskonzert');
    expect(await german(second)).toBe('Solo recital');
    expect(await german(third)).toBe('Tuesday concert');
    expect((await request('GET', `/events/${occurrences[5]}`)).json.title).toBe('Tuesday concert');

    const followers = occurrences.slice(3);
    expect(ids(await listed(`categories=${jazz}`))).toEqual([series.id, ...followers]);
    expect(ids(await listed(`categories=${music}`))).toEqual([second, third]);
    expect(ids(await listed(`organizer=${ada}`))).toEqual([second, third]);
    expect(total(await listed(`organizer=${bo}`))).toBe(9);
    expect((await request('GET', `/categories/${jazz}`)).json.count).toBe(7);
    // Music: the two exceptions; the trashed occurrence counts for nothing.
    expect((await request('GET', `/categories/${music}`)).json.count).toBe(2);
    const thirdNow = (await request('GET', `/events/${third}`)).json;
    expect(named(thirdNow.categories)).toEqual(['Music']);
    expect(named(thirdNow.tags)).toEqual(['Late']);
    expect(named(thirdNow.organizer)).toEqual(['Ada', 'Bo']);
    const fifth = (await request('GET', `/events/${followers[0]}`)).json;
    expect(named(fifth.categories)).toEqual(['Jazz']);
    expect(named(fifth.tags)).toEqual(['Evening']);
    expect(named(fifth.organizer)).toEqual(['Bo']);
    // The trashed occurrence keeps the terms it had (a trashed event is not readable by id).
    expect(ids(await listed(`categories=${music}&status=trash`))).toEqual([fourth]);

    // The series stops recurring: its followers go, and their counts with them.
    await request('POST', `/events/${series.id}`, { recurrence: [] });
    expect((await request('GET', `/categories/${jazz}`)).json.count).toBe(1);
    expect((await request('GET', `/categories/${music}`)).json.count).toBe(0);
  });

  it('finds an organizer with upcoming events through the occurrences still to come', async () => {
    const { ada } = await weeklySeries();
    // The series' own date is past; seven of its occurrences are still to come.
    service().setNow('2026-12-20T12:00:00Z');
    const upcoming = await request('GET', '/organizers?only_with_upcoming=1');
    expect(upcoming.json.organizers.map((o: { id: number }) => o.id)).toContain(ada);
    service().setNow('2027-03-01T12:00:00Z');
    const later = await request('GET', '/organizers?only_with_upcoming=1');
    expect(later.status === 404 || !later.json.organizers?.some((o: { id: number }) => o.id === ada)).toBe(
      true,
    );
  });
});
