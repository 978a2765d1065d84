/**
 * Ids of the source taken here, on SQLite and PostgreSQL: a clash refuses the import before anything
 * is written; `remapIds` gives the clashing records fresh ids and translates every reference to them; a second
 * run finds the remapped records again; and after an import, creates through the API get fresh ids (the
 * counters of both databases moved past the imported ids).
 */

import { testDialects } from '@calendar-events/tests/databases';
import { apiRequest } from '@calendar-events/tests/requests';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type CalendarCore, createCalendarCore } from '../../core.js';
import type { CalendarDatabase } from '../../db/database.js';
import { textOf } from '../../http/respond.js';
import { createApiKey, createUser } from '../../resources/users/repository.js';
import { importTecSnapshot, TecIdClashError, type TecWriteOptions } from './service.js';
import { recordedSnapshot, renumbered, SOURCE_SITE } from './testdata/snapshot.js';
import type { TecSnapshot } from './types.js';

// biome-ignore lint/suspicious/noExplicitAny: answers are plain JSON of any shape
type Json = any;

const NOW = new Date('2026-11-26T08:00:00Z');
const dialects = await testDialects();
const OPTIONS: TecWriteOptions = { fallbackAuthor: 'admin', now: NOW };

describe.each(dialects)('clashing ids ($name)', (dialect) => {
  let database: CalendarDatabase;
  let close: () => Promise<void>;
  let core: CalendarCore;
  let key: string;

  async function call(method: string, path: string, body?: unknown): Promise<Json> {
    const response = await core.handle(apiRequest(method, path, { key, body }));
    expect(response.status, `${method} ${path}: ${textOf(response)?.slice(0, 300)}`).toBeLessThan(300);
    return JSON.parse(textOf(response)!);
  }

  async function count(table: 'posts' | 'terms' | 'tec_origins'): Promise<number> {
    const row = await database.kysely
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The recorded source with venue 130 and category 30 (Music, parent of Jazz) renumbered to the local 1s. */
  function clashingSnapshot(): TecSnapshot {
    return renumbered(renumbered(recordedSnapshot(), 'venue', 130, 1), 'category', 30, 1);
  }

  beforeEach(async () => {
    ({ database, close } = await dialect.open());
    await createUser(database.kysely, { login: 'admin', role: 'administrator' });
    key = await createApiKey(database.kysely, 'admin');
    core = createCalendarCore({ database, siteUrl: SOURCE_SITE, clock: () => NOW, cache: false });
    expect((await call('POST', '/venues', { venue: 'Town hall' })).id).toBe(1);
    expect((await call('POST', '/categories', { name: 'Local' })).id).toBe(1);
  });
  afterEach(() => close());

  it('refuses an import whose ids are taken here, listing every clash, with nothing written', async () => {
    const error = await importTecSnapshot(database, clashingSnapshot(), OPTIONS).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TecIdClashError);
    expect((error as TecIdClashError).clashes).toEqual([
      { kind: 'category', id: 1, holder: 'category 1 "local"', taken: 'id' },
      { kind: 'venue', id: 1, holder: 'venue 1 "Town hall"', taken: 'id' },
    ]);
    expect((error as Error).message).toBe(
      '2 record(s) of the source clash with records here: category 1 (category 1 "local"), venue 1 (venue 1 "Town hall"). Nothing was written; with remapIds, records whose id is taken get new ones.',
    );
    expect([await count('posts'), await count('terms'), await count('tec_origins')]).toEqual([1, 1, 0]);
  });

  it('gives clashing records fresh ids with remapIds, translating every reference, and finds them again', async () => {
    const report = await importTecSnapshot(database, clashingSnapshot(), { ...OPTIONS, remapIds: true });
    const venueId = report.remapped.find((r) => r.kind === 'venue')!.to;
    const categoryId = report.remapped.find((r) => r.kind === 'category')!.to;
    expect(report.remapped).toEqual([
      { kind: 'category', from: 1, to: categoryId },
      { kind: 'venue', from: 1, to: venueId },
    ]);
    // Fresh ids: beyond every id of the source (the largest post id is 163, the largest term id 170).
    expect(venueId).toBeGreaterThan(163);
    expect(categoryId).toBeGreaterThan(170);
    const event = await call('GET', '/events/145');
    expect(event.venue).toMatchObject({ id: venueId, venue: 'Venue 1', global_id: '127.0.0.1?id=130' });
    expect(event.categories.map((c: Json) => [c.id, c.slug])).toEqual([[categoryId, 'music']]);
    expect((await call('GET', '/categories/170')).parent).toBe(categoryId);
    expect((await call('GET', `/categories/${categoryId}`)).count).toBe(2);
    // The local records keep their ids and content.
    expect((await call('GET', '/venues/1')).venue).toBe('Town hall');
    expect((await call('GET', '/categories/1')).name).toBe('Local');

    for (const remapIds of [true, false]) {
      const again = await importTecSnapshot(database, clashingSnapshot(), { ...OPTIONS, remapIds });
      expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 58, remapped: [] });
    }
  });

  it('refuses a slug taken here by another record, remapIds or not', async () => {
    await call('POST', '/venues', { venue: 'Venue 3' });
    for (const remapIds of [false, true]) {
      const error = await importTecSnapshot(database, recordedSnapshot(), { ...OPTIONS, remapIds }).catch(
        (e: unknown) => e,
      );
      expect((error as TecIdClashError).clashes).toEqual([
        { kind: 'venue', id: 132, holder: 'venue 2 holds the slug "venue-3"', taken: 'slug' },
      ]);
      expect((error as Error).message).toMatch(/a slug taken here must be freed here first/);
    }
    expect(await count('tec_origins')).toBe(0);
  });

  it('gives an image whose id is taken here a fresh id, and reuses an image whose URL is known here', async () => {
    const local = await call('POST', '/organizers', {
      organizer: 'Photographer',
      image: 'https://img.test/mine.jpg',
    });
    const snapshot = recordedSnapshot();
    const withImage = snapshot.events.find((e) => e.id === 163) as Json;
    withImage.image.id = local.image.id;
    const other = snapshot.events.find((e) => e.id === 145) as Json;
    other.image = { url: 'https://img.test/mine.jpg', id: 999, width: 10, height: 10 };
    await importTecSnapshot(database, snapshot, OPTIONS);
    const moved = (await call('GET', '/events/163?password=swing')).image;
    expect(moved.url).toBe(withImage.image.url);
    expect(moved.id).toBeGreaterThan(local.image.id);
    expect((await call('GET', '/events/145')).image).toEqual(local.image);
    expect((await call('GET', `/organizers/${local.id}`)).image).toEqual(local.image);
  });

  it('gives creates through the API ids beyond the imported ones', async () => {
    await importTecSnapshot(database, clashingSnapshot(), { ...OPTIONS, remapIds: true });
    const ids = async (table: 'posts' | 'terms' | 'images') =>
      (await database.kysely.selectFrom(table).select('id').execute()).map((row) => row.id);
    const [posts, terms, images] = [await ids('posts'), await ids('terms'), await ids('images')];
    const event = await call('POST', '/events', {
      title: 'After the move',
      start_date: '2026-12-01 10:00:00',
      end_date: '2026-12-01 11:00:00',
      image: 'https://img.test/after.jpg',
      categories: ['Brand new'],
    });
    expect(event.id).toBeGreaterThan(Math.max(...posts));
    expect(event.image.id).toBeGreaterThan(Math.max(...images, 520));
    expect(event.categories[0].id).toBeGreaterThan(Math.max(...terms));
    expect((await call('POST', '/venues', { venue: 'New hall' })).id).toBe(event.id + 1);
  });

  it('gives creates ids beyond the imported ones in an empty database too', async () => {
    const fresh = await dialect.open();
    try {
      await createUser(fresh.database.kysely, { login: 'admin', role: 'administrator' });
      const freshKey = await createApiKey(fresh.database.kysely, 'admin');
      await importTecSnapshot(fresh.database, recordedSnapshot(), OPTIONS);
      const freshCore = createCalendarCore({ database: fresh.database, clock: () => NOW, cache: false });
      const created = await freshCore.handle(
        apiRequest('POST', '/organizers', { key: freshKey, body: { organizer: 'Newcomer' } }),
      );
      expect(JSON.parse(textOf(created)!).id).toBe(164);
      const tag = await freshCore.handle(
        apiRequest('POST', '/tags', { key: freshKey, body: { name: 'new' } }),
      );
      expect(JSON.parse(textOf(tag)!).id).toBe(171);
    } finally {
      await fresh.close();
    }
  });
});
