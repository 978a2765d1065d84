/**
 * Recurring events: RFC 5545 lines on an event make it a series whose occurrences are events of their
 * own (the paid edition's model), kept up to a horizon, following the series until edited on their own.
 */
import { beforeEach, expect, it } from 'vitest';
import { describeContract } from '../index.js';
import type { TestResponse } from '../service.js';

const RULE = 'RRULE:FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270630T215959Z';

describeContract('recurring events', (service) => {
  beforeEach(async () => {
    await service().reset();
    service().setNow('2026-11-25T12:00:00Z');
  });

  const createSeries = (json: Record<string, unknown> = {}) =>
    service().request('POST', '/events', {
      json: {
        title: 'Chamber music',
        start_date: '2026-12-01 19:00:00',
        end_date: '2026-12-01 21:00:00',
        timezone: 'Europe/Berlin',
        categories: ['Music'],
        recurrence: [RULE, 'EXDATE;TZID=Europe/Berlin:20261224T190000', 'RDATE;VALUE=DATE:20270102'],
        ...json,
      },
      as: 'admin',
    });
  const occurrences = async (seriesId: number, query = ''): Promise<TestResponse> =>
    service().request('GET', `/events?post_parent=${seriesId}&per_page=50&start_date=2026-01-01${query}`, {
      as: 'admin',
    });
  const total = (res: TestResponse) => Number(res.headers['x-wp-total']);

  it('creates a series whose occurrences are events: each date once, 19:00 Berlin in winter and summer', async () => {
    const res = await createSeries();
    expect(res.status).toBe(201);
    const series = res.json;
    expect(series.recurrence).toEqual([
      RULE,
      'EXDATE;TZID=Europe/Berlin:20261224T190000',
      'RDATE;VALUE=DATE:20270102',
    ]);
    expect(series.series_id).toBeUndefined();
    // Tuesdays and Thursdays from 1 Dec 2026 to 30 Jun 2027: 61 dates, less 24 Dec, plus 2 Jan, less the first.
    const first = await occurrences(series.id);
    expect(total(first)).toBe(60);
    const june = await service().request(
      'GET',
      `/events?post_parent=${series.id}&start_date=2027-06-29&end_date=2027-06-29 23:59:59`,
    );
    const summer = june.json.events[0];
    expect(summer.start_date).toBe('2027-06-29 19:00:00');
    expect(summer.utc_start_date).toBe('2027-06-29 17:00:00');
    expect(summer.end_date).toBe('2027-06-29 21:00:00');
    expect(summer.series_id).toBe(series.id);
    expect(summer.original_start_date).toBe('2027-06-29 19:00:00');
    expect(summer.original_utc_start_date).toBe('2027-06-29 17:00:00');
    expect(summer.is_exception).toBe(false);
    expect(summer.title).toBe('Chamber music');
    expect(summer.categories.map((c: { name: string }) => c.name)).toEqual(['Music']);
    expect(summer.url).toBe('http://calendar.test/event/chamber-music/2027-06-29/');
    expect(summer.slug).toBe(series.slug);
    const december = await service().request(
      'GET',
      '/events?start_date=2026-12-01&end_date=2026-12-10 23:59:59',
    );
    expect(december.json.events.map((e: { start_date: string }) => e.start_date)).toEqual([
      '2026-12-01 19:00:00',
      '2026-12-03 19:00:00',
      '2026-12-08 19:00:00',
      '2026-12-10 19:00:00',
    ]);
    expect(december.json.events[0].id).toBe(series.id);
    expect(december.json.events[0].utc_start_date).toBe('2026-12-01 18:00:00');
    const single = await service().request('GET', `/events/${summer.id}`);
    expect(single.status).toBe(200);
    expect(single.json.series_id).toBe(series.id);
    // The category counts every occurrence: each is an event.
    const music = await service().request('GET', `/categories/${series.categories[0].id}`);
    expect(music.json.count).toBe(61);
  });

  it('refuses a bad rule with 400 rest_invalid_param naming the line and why, and writes nothing', async () => {
    const res = await createSeries({ recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=TU', 'RRULE:FREQ=SOMETIMES'] });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('rest_invalid_param');
    expect(JSON.stringify(res.json)).toContain('line 2');
    expect(JSON.stringify(res.json)).toContain('SOMETIMES');
    const unknownZone = await createSeries({
      recurrence: [RULE, 'EXDATE;TZID=Mars/Olympus:20261224T190000'],
    });
    expect(unknownZone.status).toBe(400);
    expect(JSON.stringify(unknownZone.json)).toContain('Mars/Olympus');
    const list = await service().request('GET', '/events?start_date=2026-01-01', { as: 'admin' });
    expect(list.json.events).toEqual([]);
  });

  it('edits: the series updates its occurrences; an occurrence edited on its own keeps its changes', async () => {
    const series = (await createSeries()).json;
    const list = (await occurrences(series.id)).json.events;
    const edited = list[3];
    const own = await service().request('POST', `/events/${edited.id}`, {
      json: { title: 'Chamber music: guest quartet' },
      as: 'admin',
    });
    expect(own.status).toBe(200);
    expect(own.json.is_exception).toBe(true);
    const refused = await service().request('POST', `/events/${edited.id}`, {
      json: { recurrence: [RULE] },
      as: 'admin',
    });
    expect(refused.status).toBe(400);
    await service().request('POST', `/events/${series.id}`, {
      json: { title: 'Chamber music (new hall)', cost: '12' },
      as: 'admin',
    });
    const after = (await occurrences(series.id)).json.events;
    expect(after.map((e: { id: number }) => e.id)).toEqual(list.map((e: { id: number }) => e.id));
    const byId = new Map(after.map((e: { id: number }) => [e.id, e]));
    expect((byId.get(edited.id) as { title: string }).title).toBe('Chamber music: guest quartet');
    expect((byId.get(list[4].id) as { title: string; cost: string }).title).toBe('Chamber music (new hall)');
    expect((byId.get(list[4].id) as { cost: string }).cost).toBe('$12');
    // A later start time moves every occurrence, keeping ids.
    await service().request('POST', `/events/${series.id}`, {
      json: { start_date: '2026-12-01 20:00:00', end_date: '2026-12-01 22:00:00' },
      as: 'admin',
    });
    const moved = (await occurrences(series.id)).json.events;
    expect(moved.map((e: { id: number }) => e.id)).toEqual(list.map((e: { id: number }) => e.id));
    expect(moved[4].start_date.slice(11)).toBe('20:00:00');
    expect(moved[3].start_date.slice(11)).toBe('19:00:00');
  });

  it('deleting an occurrence excludes its date; changing the rule keeps the exceptions still in it', async () => {
    const series = (await createSeries()).json;
    const list = (await occurrences(series.id)).json.events;
    const thursday = list.find((e: { start_date: string }) => e.start_date.startsWith('2026-12-10'));
    const tuesday = list.find((e: { start_date: string }) => e.start_date.startsWith('2026-12-15'));
    const deleted = await service().request('DELETE', `/events/${thursday.id}`, { as: 'admin' });
    expect(deleted.status).toBe(200);
    expect(deleted.json.status).toBe('trash');
    const reread = await service().request('GET', `/events/${series.id}`);
    expect(reread.json.recurrence).toContain('EXDATE;TZID=Europe/Berlin:20261210T190000');
    expect(total(await occurrences(series.id))).toBe(59);
    await service().request('POST', `/events/${tuesday.id}`, { json: { title: 'Special' }, as: 'admin' });
    const changed = await service().request('POST', `/events/${series.id}`, {
      json: { recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=TU;UNTIL=20270630T215959Z'] },
      as: 'admin',
    });
    expect(changed.status).toBe(200);
    const after = (await occurrences(series.id)).json.events;
    expect(
      after.every(
        (e: { start_date: string }) => new Date(`${e.start_date.slice(0, 10)}T12:00:00Z`).getUTCDay() === 2,
      ),
    ).toBe(true);
    const special = after.find((e: { id: number }) => e.id === tuesday.id);
    expect(special.title).toBe('Special');
    expect(total(await occurrences(series.id))).toBe(30);
  });

  it('trashing the series trashes its occurrences; deleting it for good deletes them', async () => {
    const series = (await createSeries()).json;
    const one = (await occurrences(series.id)).json.events[0];
    expect((await service().request('DELETE', `/events/${series.id}`, { as: 'admin' })).status).toBe(200);
    expect(total(await occurrences(series.id))).toBe(0);
    expect((await service().request('GET', `/events/${one.id}`, { as: 'admin' })).json.code).toBe(
      'event-no-longer-available',
    );
    const gone = await service().request('DELETE', `/events/${series.id}?force=true`, { as: 'admin' });
    expect(gone.status).toBe(200);
    expect((await service().request('GET', `/events/${one.id}`, { as: 'admin' })).status).toBe(404);
  });

  it('restoring a trashed series restores the occurrences trashed with it, not one deleted on its own', async () => {
    const series = (await createSeries()).json;
    const list = (await occurrences(series.id)).json.events;
    await service().request('DELETE', `/events/${list[0].id}`, { as: 'admin' });
    await service().request('DELETE', `/events/${series.id}`, { as: 'admin' });
    expect(total(await occurrences(series.id))).toBe(0);
    const restored = await service().request('POST', `/events/${series.id}`, {
      json: { status: 'publish' },
      as: 'admin',
    });
    expect(restored.status).toBe(200);
    expect(restored.json.slug).toBe('chamber-music');
    const back = await occurrences(series.id);
    expect(total(back)).toBe(59);
    expect(back.json.events[0].slug).toBe('chamber-music');
    expect(back.json.events.map((e: { id: number }) => e.id)).not.toContain(list[0].id);
  });

  it('restoring an occurrence deleted on its own gives its date back to the series', async () => {
    const series = (await createSeries()).json;
    const [first] = (await occurrences(series.id)).json.events;
    const exdate = 'EXDATE;TZID=Europe/Berlin:20261203T190000';
    await service().request('DELETE', `/events/${first.id}`, { as: 'admin' });
    const excluded = await service().request('GET', `/events/${series.id}`);
    expect(excluded.json.recurrence).toContain(exdate);
    const restored = await service().request('POST', `/events/${first.id}`, {
      json: { status: 'publish' },
      as: 'admin',
    });
    expect(restored.status).toBe(200);
    expect(restored.json.is_exception).toBe(true);
    const reread = await service().request('GET', `/events/${series.id}`);
    expect(reread.json.recurrence).not.toContain(exdate);
    expect(reread.json.recurrence).toContain('EXDATE;TZID=Europe/Berlin:20261224T190000');
    expect(total(await occurrences(series.id))).toBe(60);
    // The series changes: the restored day is an exception and stays where it is, once.
    await service().request('POST', `/events/${series.id}`, { json: { title: 'Renamed' }, as: 'admin' });
    const days = (await occurrences(series.id)).json.events;
    expect(days.filter((e: { start_date: string }) => e.start_date === '2026-12-03 19:00:00')).toHaveLength(
      1,
    );
    expect(days[0].title).toBe('Chamber music');
  });

  it('stopping the recurrence ([]) removes the occurrences and the recurrence keys', async () => {
    const series = (await createSeries()).json;
    const res = await service().request('POST', `/events/${series.id}`, {
      json: { recurrence: [] },
      as: 'admin',
    });
    expect(res.status).toBe(200);
    expect(res.json.recurrence).toBeUndefined();
    expect(total(await occurrences(series.id))).toBe(0);
  });
});

describeContract(
  'recurring events: the horizon',
  (service) => {
    beforeEach(async () => {
      await service().reset();
      service().setNow('2026-11-25T12:00:00Z');
    });

    it('keeps occurrences up to the horizon, and moves the horizon forward with the clock', async () => {
      const created = await service().request('POST', '/events', {
        json: {
          title: 'Daily',
          start_date: '2026-12-01 19:00:00',
          end_date: '2026-12-01 20:00:00',
          timezone: 'Europe/Berlin',
          recurrence: 'RRULE:FREQ=DAILY',
        },
        as: 'admin',
      });
      expect(created.status).toBe(201);
      const count = async () =>
        Number(
          (
            await service().request('GET', `/events?post_parent=${created.json.id}&start_date=2026-01-01`, {
              as: 'admin',
            })
          ).headers['x-wp-total'],
        );
      // recurrenceHorizonMonths: 3 → starts before 2027-02-25 12:00 UTC: 1 Dec to 24 Feb, less the series.
      expect(await count()).toBe(85);
      service().setNow('2026-12-25T12:00:00Z');
      // The keeper extends in the background, never inside a request: not yet run, nothing moved.
      expect(await count()).toBe(85);
      expect(await service().core.horizonKeeper.runRound()).toMatchObject({ outcome: 'done', extended: 1 });
      expect(await count()).toBe(113);
    });
  },
  // The test runs the keeper's rounds itself, at the clock readings it sets.
  { recurrenceHorizonMonths: 3, horizonKeeper: false },
);
