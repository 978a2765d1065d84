/**
 * Running an import again, on SQLite and PostgreSQL: a second run over the same snapshot writes
 * nothing; a record changed at the source is updated with all its fields and links; a dry run reports and
 * writes nothing; an interrupted run keeps its committed batches and the next run finishes it; a missing
 * fallback author refuses before anything is written.
 */

import { testDialects } from '@calendar-events/tests/databases';
import { apiRequest } from '@calendar-events/tests/requests';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCalendarCore } from '../../core.js';
import { readDataVersion } from '../../db/data-version.js';
import type { CalendarDatabase } from '../../db/database.js';
import { textOf } from '../../http/respond.js';
import { createUser } from '../../resources/users/repository.js';
import { importTecSnapshot, type TecWriteOptions } from './service.js';
import { recordedSnapshot, SOURCE_SITE } from './testdata/snapshot.js';
import type { TecKind, TecSnapshot } from './types.js';

// biome-ignore lint/suspicious/noExplicitAny: answers are plain JSON of any shape
type Json = any;

const NOW = new Date('2026-11-26T08:00:00Z');
const dialects = await testDialects();
const TOTAL = { category: 6, tag: 18, venue: 11, organizer: 6, event: 17 };
const OPTIONS: TecWriteOptions = { fallbackAuthor: 'importer', now: NOW };

describe.each(dialects)('importing again ($name)', (dialect) => {
  let database: CalendarDatabase;
  let close: () => Promise<void>;

  async function get(path: string): Promise<Json> {
    const core = createCalendarCore({ database, siteUrl: SOURCE_SITE, clock: () => NOW, cache: false });
    const response = await core.handle(apiRequest('GET', path));
    expect(response.status, path).toBe(200);
    return JSON.parse(textOf(response)!);
  }

  async function rowCounts(): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const table of ['posts', 'terms', 'images', 'event_terms', 'event_search', 'tec_origins'] as const) {
      const row = await database.kysely
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      out[table] = Number(row.n);
    }
    return out;
  }

  beforeEach(async () => {
    ({ database, close } = await dialect.open());
    await createUser(database.kysely, { login: 'importer', role: 'editor' });
  });
  afterEach(() => close());

  it('creates nothing on a second run, reports everything unchanged and leaves the data version', async () => {
    await importTecSnapshot(database, recordedSnapshot(), OPTIONS);
    const [rows, version] = [await rowCounts(), await readDataVersion(database.kysely)];
    const again = await importTecSnapshot(database, recordedSnapshot(), OPTIONS);
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 58, remapped: [], skipped: [] });
    for (const kind of Object.keys(TOTAL) as TecKind[])
      expect(again.byKind[kind]).toEqual({ created: 0, updated: 0, unchanged: TOTAL[kind] });
    expect(await rowCounts()).toEqual(rows);
    expect(await readDataVersion(database.kysely)).toBe(version);
  });

  it('updates a record whose modified_utc changed, its fields and links replaced, and a term whose content changed', async () => {
    await importTecSnapshot(database, recordedSnapshot(), OPTIONS);
    expect((await get('/categories/33')).count).toBe(2);
    const changed: TecSnapshot = recordedSnapshot();
    const event = changed.events.find((e) => e.id === 146) as Json;
    Object.assign(event, {
      title: 'Event 2, moved',
      modified_utc: '2026-11-26 07:00:00',
      modified: '2026-11-26 07:00:00',
      start_date: '2026-12-24 18:00:00',
      utc_start_date: '2026-12-24 18:00:00',
      end_date: '2026-12-24 20:00:00',
      utc_end_date: '2026-12-24 20:00:00',
      featured: true,
      venue: [],
      organizer: [],
      tags: [],
      categories: structuredClone(changed.events.find((e) => e.id === 145)!.categories),
    });
    // Event 147 (category 36) went back to draft at the source.
    Object.assign(changed.events.find((e) => e.id === 147)!, {
      status: 'draft',
      modified_utc: '2026-11-26 07:10:00',
    });
    const community = changed.categories.find((c) => c.id === 39) as Json;
    community.name = 'Neighbours';
    const version = await readDataVersion(database.kysely);
    const report = await importTecSnapshot(database, changed, OPTIONS);
    expect(report.byKind.event).toEqual({ created: 0, updated: 2, unchanged: 15 });
    expect(report.byKind.category).toEqual({ created: 0, updated: 1, unchanged: 5 });
    expect(report.updated).toBe(3);
    expect(await readDataVersion(database.kysely)).toBeGreaterThan(version!);
    expect(await get('/events/146')).toMatchObject({
      title: 'Event 2, moved',
      modified_utc: '2026-11-26 07:00:00',
      start_date: '2026-12-24 18:00:00',
      featured: true,
      venue: [],
      organizer: [],
      tags: [],
      categories: [expect.objectContaining({ id: 30 })],
    });
    // The counts moved with the event's categories: 33 lost it, 30 gained it.
    expect((await get('/categories/33')).count).toBe(1);
    expect((await get('/categories/30')).count).toBe(3);
    expect((await get('/categories/39')).name).toBe('Neighbours');
    expect((await get('/categories/36')).count).toBe(1);
    // The list index's copy of the status followed the post's.
    const statuses = await database.kysely
      .selectFrom('events')
      .innerJoin('posts', 'posts.id', 'events.id')
      .select(['events.status as listed', 'posts.status'])
      .where('events.id', '=', 147)
      .executeTakeFirstOrThrow();
    expect(statuses).toEqual({ listed: 'draft', status: 'draft' });
    expect((await get('/events?search=moved&start_date=2026-12-01')).events.map((e: Json) => e.id)).toEqual([
      146,
    ]);
  });

  it('reports in a dry run what the run would do, and writes nothing', async () => {
    const rows = await rowCounts();
    const version = await readDataVersion(database.kysely);
    const dry = await importTecSnapshot(database, recordedSnapshot(), { ...OPTIONS, dryRun: true });
    expect(await rowCounts()).toEqual(rows);
    expect(await readDataVersion(database.kysely)).toBe(version);
    const real = await importTecSnapshot(database, recordedSnapshot(), OPTIONS);
    expect(dry).toEqual({ ...real, dryRun: true });
    expect(real.created).toBe(58);

    const changed = recordedSnapshot();
    (changed.venues[0] as Json).modified_utc = '2026-11-26 07:30:00';
    const after = await rowCounts();
    const dryUpdate = await importTecSnapshot(database, changed, { ...OPTIONS, dryRun: true });
    expect(dryUpdate.byKind.venue).toEqual({ created: 0, updated: 1, unchanged: 10 });
    expect(await rowCounts()).toEqual(after);
    expect((await importTecSnapshot(database, changed, OPTIONS)).byKind.venue.updated).toBe(1);
  });

  it('keeps the committed batches of an interrupted run, and the next run finishes it', async () => {
    const progress: string[] = [];
    const interrupted = importTecSnapshot(database, recordedSnapshot(), {
      ...OPTIONS,
      batchSize: 4,
      onProgress({ kind, done, total }) {
        progress.push(`${kind} ${done}/${total}`);
        if (kind === 'event' && done === 8) throw new Error('the connection to the source was lost');
      },
    });
    await expect(interrupted).rejects.toThrow('the connection to the source was lost');
    expect(progress.slice(0, 3)).toEqual(['category 0/6', 'category 4/6', 'category 6/6']);
    expect(progress.at(-1)).toBe('event 8/17');
    const events = await database.kysely.selectFrom('events').select('id').execute();
    expect(events).toHaveLength(8);

    const resumed = await importTecSnapshot(database, recordedSnapshot(), { ...OPTIONS, batchSize: 4 });
    expect(resumed.byKind.event).toEqual({ created: 9, updated: 0, unchanged: 8 });
    expect(resumed.byKind.venue).toEqual({ created: 0, updated: 0, unchanged: 11 });
    expect((await get('/categories/30')).count).toBe(2);
    expect((await get('/events/154')).venue.id).toBe(139);
  });

  it('is seen at once by a service that caches its answers (the data version moved)', async () => {
    // No background jobs: this core is left open, and their rounds would write beside the next tests.
    const cached = createCalendarCore({
      database,
      siteUrl: SOURCE_SITE,
      clock: () => NOW,
      horizonKeeper: false,
      changePruner: false,
      webhookDeliverer: false,
    });
    const venues = async () =>
      JSON.parse(textOf(await cached.handle(apiRequest('GET', '/venues?per_page=50')))!).venues.length;
    expect(await venues()).toBe(0);
    await importTecSnapshot(database, recordedSnapshot(), OPTIONS);
    expect(await venues()).toBe(11);
  });

  it('refuses before writing anything when the fallback author does not exist', async () => {
    const rows = await rowCounts();
    await expect(
      importTecSnapshot(database, recordedSnapshot(), { ...OPTIONS, fallbackAuthor: 'nobody' }),
    ).rejects.toThrow('No user with the login "nobody"');
    expect(await rowCounts()).toEqual(rows);
  });

  it('maps authors by nicename when the source tells no logins (read without credentials)', async () => {
    const author = await createUser(database.kysely, { login: 'author', role: 'author' });
    const snapshot = recordedSnapshot();
    snapshot.users = snapshot.users.map(({ id, slug }) => ({ id, slug: slug! }));
    await importTecSnapshot(database, snapshot, OPTIONS);
    const authors = await database.kysely
      .selectFrom('posts')
      .select(['id', 'author_id'])
      .where('id', 'in', [12, 145])
      .execute();
    const importer = await database.kysely
      .selectFrom('users')
      .select('id')
      .where('login', '=', 'importer')
      .executeTakeFirstOrThrow();
    expect(Object.fromEntries(authors.map((row) => [row.id, row.author_id]))).toEqual({
      12: author.id,
      145: importer.id,
    });
  });

  it('skips a record it cannot read, with the reason, and writes the others', async () => {
    const snapshot = recordedSnapshot();
    (snapshot.events[0] as Json).start_date = 'soon';
    (snapshot.events[1] as Json).status = 'archived';
    const report = await importTecSnapshot(database, snapshot, OPTIONS);
    expect(report.skipped).toEqual([
      { kind: 'event', id: 145, reason: 'start_date is not a date: "soon"' },
      { kind: 'event', id: 146, reason: 'unknown status "archived"' },
    ]);
    expect(report.byKind.event.created).toBe(15);
  });
});
