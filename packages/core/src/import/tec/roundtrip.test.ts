/**
 * A round trip through the writer, on SQLite and PostgreSQL: a calendar made through this service's
 * API (drafts, trash, a private and a scheduled event, costs in the plugin's forms, images, a category tree,
 * unused venues and organizers) is read back as a client of the plugin's API reads it, imported into an empty
 * database, and every record answers there exactly as it did at the source: same ids, same answers.
 */

import { testDialects } from '@calendar-events/tests/databases';
import { apiRequest } from '@calendar-events/tests/requests';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CalendarCore, createCalendarCore } from '../../core.js';
import type { CalendarDatabase } from '../../db/database.js';
import { textOf } from '../../http/respond.js';
import { createApiKey, createUser } from '../../resources/users/repository.js';
import { importTecSnapshot } from './service.js';
import { allCreated } from './testdata/snapshot.js';
import type { TecImportReport, TecSnapshot } from './types.js';

// biome-ignore lint/suspicious/noExplicitAny: answers are plain JSON of any shape
type Json = any;

const NOW = new Date('2026-11-26T08:00:00Z');
const SITE = 'https://calendar.example';
const dialects = await testDialects();

interface Side {
  database: CalendarDatabase;
  close(): Promise<void>;
  core: CalendarCore;
  key: string;
}

async function openSide(dialect: (typeof dialects)[number]): Promise<Side> {
  const { database, close } = await dialect.open();
  await createUser(database.kysely, { login: 'admin', role: 'administrator' });
  const key = await createApiKey(database.kysely, 'admin');
  const core = createCalendarCore({ database, siteUrl: SITE, clock: () => NOW, cache: false });
  return { database, close, core, key };
}

async function call(side: Side, method: string, path: string, body?: unknown): Promise<Json> {
  const response = await side.core.handle(apiRequest(method, path, { key: side.key, body }));
  expect(response.status, `${method} ${path}: ${textOf(response)?.slice(0, 300)}`).toBeLessThan(300);
  return JSON.parse(textOf(response)!);
}

/** Makes a calendar at the source, as its users would; returns the id of the event hidden from listings. */
async function makeCalendar(source: Side): Promise<number> {
  const post = (path: string, body: unknown) => call(source, 'POST', path, body);
  const hall = await post('/venues', {
    venue: 'Town hall',
    city: 'Berlin',
    country: 'Germany',
    show_map: true,
  });
  await post('/venues', { venue: 'Unused barn', address: '1 Field Rd', phone: '555-0199' });
  const org = await post('/organizers', { organizer: 'Jazz Society', email: 'jazz@example.test' });
  await post('/organizers', { organizer: 'Nobody yet', website: 'https://nobody.example' });
  const music = await post('/categories', { name: 'Music', description: 'All music' });
  await post('/categories', { name: 'Jazz', parent: music.id });
  const base = { start_date: '2026-12-10 19:30:00', end_date: '2026-12-10 22:00:00', venue: hall.id };
  const event = (fields: Record<string, unknown>) => post('/events', { ...base, ...fields });
  await event({
    title: 'Jazz night',
    categories: ['jazz'],
    tags: ['live', 'late'],
    organizer: [org.id],
    cost: '15',
  });
  await event({ title: 'Market', cost: '0 - 20', all_day: true, image: 'https://img.example/market.jpg' });
  await event({ title: 'Decimal', cost: '10,20', website: 'https://decimal.example', featured: true });
  await event({ title: 'Euro', cost: '12 €', timezone: 'Europe/Berlin', sticky: true });
  const hidden = await event({ title: 'Free', cost: 'Free', hide_from_listings: true, show_map_link: true });
  await event({ title: 'Draft idea', status: 'draft' });
  await event({ title: 'Pending idea', status: 'pending', organizer: [org.id] });
  await event({ title: 'Members only', status: 'private', categories: ['music'] });
  await event({ title: 'Next year', status: 'future', date: '2027-01-01 09:00:00' });
  const trashed = await event({ title: 'Cancelled', categories: ['music'] });
  await call(source, 'DELETE', `/events/${trashed.id}`);
  return hidden.id;
}

const ALL_STATUSES = 'publish,future,draft,pending,private,trash';

/**
 * What a client of the plugin's API reads of the source (an administrator's application password). Lists leave
 * out events hidden from listings (as the plugin's do): those are read one by one.
 */
async function readSource(source: Side, hidden: readonly number[]): Promise<TecSnapshot> {
  const list = async (path: string, key: string) => (await call(source, 'GET', path))[key] as Json[];
  const listed = await list(`/events?status=${ALL_STATUSES}&per_page=50&start_date=2000-01-01`, 'events');
  const single = await Promise.all(hidden.map((id) => call(source, 'GET', `/events/${id}`)));
  return {
    apiRoot: `${SITE}/wp-json/tribe/events/v1`,
    events: [...listed, ...single],
    venues: await list('/venues?per_page=50', 'venues'),
    organizers: await list('/organizers?per_page=50', 'organizers'),
    categories: await list('/categories?per_page=50&hide_empty=false', 'categories'),
    tags: await list('/tags?per_page=50&hide_empty=false', 'tags'),
    users: [{ id: 1, login: 'admin' }],
  };
}

describe.each(dialects)('a round trip through the writer ($name)', (dialect) => {
  let source: Side;
  let target: Side;
  let snapshot: TecSnapshot;
  let report: TecImportReport;
  let hidden: number;

  beforeAll(async () => {
    [source, target] = [await openSide(dialect), await openSide(dialect)];
    hidden = await makeCalendar(source);
    snapshot = await readSource(source, [hidden]);
    report = await importTecSnapshot(target.database, snapshot, { fallbackAuthor: 'admin', now: NOW });
  });
  afterAll(async () => {
    await source.close();
    await target.close();
  });

  it('creates every record it read', () => {
    expect(snapshot.events).toHaveLength(10);
    expect(report.byKind).toEqual(allCreated({ category: 2, tag: 2, venue: 2, organizer: 2, event: 10 }));
  });

  it('answers every list as the source does', async () => {
    for (const path of [
      `/events?status=${ALL_STATUSES}&per_page=50&start_date=2000-01-01`,
      '/events?per_page=50&start_date=2000-01-01',
      '/venues?per_page=50',
      '/organizers?per_page=50',
      '/categories?per_page=50&hide_empty=false',
      '/tags?per_page=50',
      // The search rows of each kind were written as the service writes them.
      '/events?search=jazz&start_date=2000-01-01',
      '/venues?search=barn',
      '/organizers?search=society',
      '/categories?search=jaz&hide_empty=false',
      '/tags?search=lat&hide_empty=false',
    ]) {
      const answer = await call(source, 'GET', path);
      expect(
        Object.values(answer).some((value) => Array.isArray(value) && value.length > 0),
        path,
      ).toBe(true);
      expect(await call(target, 'GET', path), path).toEqual(answer);
    }
  });

  it('answers every record as the source does, single reads included', async () => {
    const single = (kind: string, id: number) => `/${kind}/${id}`;
    for (const event of snapshot.events.filter((e) => e.status !== 'trash'))
      expect(await call(target, 'GET', single('events', event.id))).toEqual(
        await call(source, 'GET', single('events', event.id)),
      );
    for (const [kind, records] of [
      ['venues', snapshot.venues],
      ['organizers', snapshot.organizers],
      ['categories', snapshot.categories],
      ['tags', snapshot.tags],
    ] as const)
      for (const record of records)
        expect(await call(target, 'GET', single(kind, record.id))).toEqual(
          await call(source, 'GET', single(kind, record.id)),
        );
  });

  it('finds everything unchanged when the source is read again', async () => {
    const again = await importTecSnapshot(target.database, await readSource(source, [hidden]), {
      fallbackAuthor: 'admin',
    });
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 18 });
  });
});
