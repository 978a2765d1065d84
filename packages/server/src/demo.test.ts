/** The demo calendar creates its events as a client of the plugin would after SPEC §14 (maps, costs). */
import { type CalendarCore, connectDatabase, createCalendarCore, textOf } from '@calendar-events/core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDemoCalendar } from './demo.js';

interface DemoEvent {
  title: string;
  cost: string;
  cost_details: { currency_symbol: string; values: string[] };
  show_map: boolean;
  show_map_link: boolean;
  venue: unknown;
}

let core: CalendarCore;
let events: DemoEvent[];

beforeAll(async () => {
  const database = await connectDatabase('sqlite::memory:');
  await database.migrate();
  core = createCalendarCore({ database, clock: () => new Date('2026-03-10T12:00:00Z') });
  await seedDemoCalendar(core, { now: new Date('2026-03-10T12:00:00Z') });
  const res = await core.handle({
    method: 'GET',
    url: '/calendar/events/v1/events?per_page=50&start_date=2026-01-01&end_date=2027-12-31',
    mountPath: '',
    headers: { host: 'demo.test' },
  });
  events = (JSON.parse(textOf(res) ?? '{}') as { events: DemoEvent[] }).events;
});

afterAll(async () => {
  await core.close();
});

it('asks for a map on the events with a venue, and for none on online events', () => {
  expect(events.length).toBe(40);
  for (const event of events) {
    const hasVenue = !Array.isArray(event.venue);
    expect(event.show_map, event.title).toBe(hasVenue);
    expect(event.show_map_link, event.title).toBe(hasVenue);
  }
});

it('sends costs without a symbol, shown with the site default, and Free for free events', () => {
  const jazz = events.find((event) => event.title.startsWith('Late Night Jazz Session'));
  expect(jazz?.cost).toBe('$12');
  expect(jazz?.cost_details.currency_symbol).toBe('');
  const workshop = events.find((event) => event.title.startsWith('TypeScript for Beginners'));
  expect(workshop?.cost).toBe('Free');
  expect(workshop?.cost_details.values).toEqual(['free']);
});
