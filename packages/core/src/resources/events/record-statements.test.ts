/**
 * An event answer reads the event with its texts, its organizers' ids and what its series says of it in one
 * statement (an occurrence that follows its series has the series' texts and organizers): no statement of
 * their own for the texts, the organizer links or the series, in a read by id, by slug, or a list.
 */

import { testDialects } from '@calendar-events/tests/databases';
import { apiRequest } from '@calendar-events/tests/requests';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CalendarCore, createCalendarCore } from '../../core.js';
import { textOf } from '../../http/respond.js';
import { createApiKey, createUser } from '../users/repository.js';

const dialects = await testDialects();

describe.each(dialects)('statements of an event answer ($name)', (dialect) => {
  let close: () => Promise<void>;
  let core: CalendarCore;
  let key: string;
  let series: { id: number; slug: string };
  let occurrence: number;
  let organizers: number[];
  const statements: string[] = [];

  const send = async (method: string, path: string, body?: unknown) => {
    const response = await core.handle(apiRequest(method, path, { key, body }));
    return { status: response.status, json: JSON.parse(textOf(response)!) };
  };
  /** Statements other than the records' own (which reads `tec_origins` too) that read texts or series facts. */
  const ownReads = () =>
    statements.filter(
      (text) =>
        !text.includes('"tec_origins"') &&
        /"post_texts" as "t" on|from "post_texts"|"event_series"/.test(text),
    );

  beforeAll(async () => {
    let database: Awaited<ReturnType<typeof dialect.open>>['database'];
    ({ database, close } = await dialect.open({ onQuery: (text) => statements.push(text) }));
    await createUser(database.kysely, { login: 'admin', role: 'administrator' });
    key = await createApiKey(database.kysely, 'admin');
    // No horizon keeper: its look for series to extend, in the background, is not an answer's statement.
    core = createCalendarCore({ database, responseCache: false, horizonKeeper: false });
    organizers = [
      (await send('POST', '/organizers', { organizer: 'Second' })).json.id,
      (await send('POST', '/organizers', { organizer: 'First' })).json.id,
    ].reverse();
    series = (
      await send('POST', '/events', {
        organizer: organizers,
        title: 'Reading',
        excerpt: 'Weekly',
        start_date: '2027-04-06 19:00:00',
        end_date: '2027-04-06 21:00:00',
        timezone: 'Europe/Berlin',
        recurrence: ['RRULE:FREQ=WEEKLY;COUNT=3'],
        status: 'publish',
      })
    ).json;
    // German title only: the excerpt falls back to English.
    await send('POST', `/events/${series.id}?lang=de`, { title: 'Lesung' });
    const listed = await send('GET', `/events?post_parent=${series.id}&start_date=2027-04-10`);
    occurrence = listed.json.events[0].id;
  }, 60_000);
  afterAll(() => close());

  it.each([
    ['by id, the series', () => `/events/${series.id}?lang=de`],
    ['by slug', () => `/events/by-slug/${series.slug}?lang=de`],
    ['by id, an occurrence', () => `/events/${occurrence}?lang=de`],
  ])('%s', async (_, path) => {
    statements.length = 0;
    const { status, json } = await send('GET', path());
    expect(status).toBe(200);
    expect(json.title).toBe('Lesung');
    expect(json.excerpt).toContain('Weekly');
    expect(json.organizer.map((o: { id: number }) => o.id)).toEqual(organizers);
    if (json.id === series.id) expect(json.recurrence).toEqual(['RRULE:FREQ=WEEKLY;COUNT=3']);
    else {
      expect(json.series_id).toBe(series.id);
      expect(json.original_start_date).toBe('2027-04-13 19:00:00');
    }
    expect(ownReads().map((text) => text.slice(0, 300))).toEqual([]);
  });

  it('a list', async () => {
    statements.length = 0;
    const { json } = await send('GET', `/events?post_parent=${series.id}&start_date=2027-04-01&lang=de`);
    // The series' occurrences after the first.
    expect(json.events.map((event: { title: string }) => event.title)).toEqual(['Lesung', 'Lesung']);
    for (const event of json.events)
      expect(event.organizer.map((o: { organizer: string }) => o.organizer)).toEqual(['First', 'Second']);
    expect(json.events.every((event: { series_id: number }) => event.series_id === series.id)).toBe(true);
    expect(ownReads().map((text) => text.slice(0, 300))).toEqual([]);
  });
});
