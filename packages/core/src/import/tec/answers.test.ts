/**
 * After an import, this service answers for each record as the plugin answered for the same id:
 * the real plugin's recorded answers (testdata/) are imported on SQLite and PostgreSQL, and every event, venue,
 * organizer, category and tag is read back through `core.handle` and compared field by field. The service runs
 * with the source's site URL, so permalinks agree too.
 */

import { testDialects } from '@calendar-events/tests/databases';
import { apiRequest } from '@calendar-events/tests/requests';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CalendarCore, createCalendarCore } from '../../core.js';
import { readDataVersion } from '../../db/data-version.js';
import type { CalendarDatabase } from '../../db/database.js';
import { textOf } from '../../http/respond.js';
import { createApiKey, createUser } from '../../resources/users/repository.js';
import { importTecSnapshot } from './service.js';
import { allCreated, recordedSnapshot, SOURCE_SITE } from './testdata/snapshot.js';
import type { TecImportReport, TecRecord } from './types.js';

// biome-ignore lint/suspicious/noExplicitAny: answers are plain JSON of any shape
type Json = any;

const NOW = new Date('2026-11-26T08:00:00Z');
const dialects = await testDialects();

/** What may differ between the plugin's answer and ours for the same record, and why. */
function comparable(record: Json, kind: 'event' | 'linked'): Json {
  const out = structuredClone(record);
  // The service's own REST addresses.
  delete out.rest_url;
  delete out.json_ld;
  if (kind === 'event') {
    // Embedded terms' counts are the whole site's at the source; the snapshot holds a part of it.
    for (const term of [...out.categories, ...out.tags]) {
      delete term.count;
      delete term.urls;
    }
    if (!Array.isArray(out.venue)) out.venue = comparable(out.venue, 'linked');
    out.organizer = out.organizer.map((o: Json) => comparable(o, 'linked'));
  }
  return out;
}

describe.each(dialects)('an imported calendar answers as the plugin did ($name)', (dialect) => {
  let database: CalendarDatabase;
  let close: () => Promise<void>;
  let core: CalendarCore;
  let key: string;
  let report: TecImportReport;
  let versionBefore: number | undefined;
  const snapshot = recordedSnapshot();

  async function get(path: string): Promise<Json> {
    const response = await core.handle(apiRequest('GET', path, { key }));
    expect(response.status, `${path}: ${textOf(response)?.slice(0, 300)}`).toBe(200);
    return JSON.parse(textOf(response)!);
  }

  beforeAll(async () => {
    ({ database, close } = await dialect.open());
    await createUser(database.kysely, { login: 'admin', role: 'administrator' });
    await createUser(database.kysely, { login: 'importer', role: 'editor' });
    key = await createApiKey(database.kysely, 'admin');
    core = createCalendarCore({ database, siteUrl: SOURCE_SITE, clock: () => NOW });
    versionBefore = await readDataVersion(database.kysely);
    report = await importTecSnapshot(database, snapshot, { fallbackAuthor: 'importer', now: NOW });
  });
  afterAll(() => close());

  it('reports every record created', () => {
    expect(report.byKind).toEqual(allCreated({ category: 6, tag: 18, venue: 11, organizer: 6, event: 17 }));
    expect(report.skipped).toEqual([]);
    expect(report.remapped).toEqual([]);
  });

  it('moves the data version', async () => {
    expect(await readDataVersion(database.kysely)).toBeGreaterThan(versionBefore ?? 0);
  });

  /** The source's answer with its author as mapped here: admin by login, the others to the fallback. */
  async function expectedEvent(source: TecRecord): Promise<Json> {
    const users = await database.kysely.selectFrom('users').select(['id', 'login']).execute();
    const local = users.find((u) => u.login === (source.author === '1' ? 'admin' : 'importer'))!;
    return { ...comparable(source, 'event'), author: String(local.id) };
  }

  it('answers each published, private and scheduled event as the plugin did', async () => {
    const events = snapshot.events.filter((e) => ![9, 11, 161, 163].includes(e.id));
    expect(events.map((e) => e.status).sort()).toEqual(['future', 'private', ...Array(11).fill('publish')]);
    for (const source of events) {
      const ours = await get(`/events/${source.id}`);
      expect(comparable(ours, 'event'), `event ${source.id}`).toEqual(await expectedEvent(source));
    }
  });

  it("answers the source's global ids in lists too, embedded venues and organizers included", async () => {
    const listed = (await get('/events?per_page=50&start_date=2026-01-01')).events as Json[];
    expect(listed.length).toBeGreaterThan(10);
    for (const event of listed) {
      const source = snapshot.events.find((e) => e.id === event.id) as Json;
      expect([event.global_id, event.global_id_lineage]).toEqual([
        source.global_id,
        source.global_id_lineage,
      ]);
      if (!Array.isArray(event.venue)) expect(event.venue.global_id).toBe(source.venue.global_id);
    }
    const venues = (await get('/venues?per_page=50')).venues as Json[];
    expect(venues.map((v) => v.global_id).sort()).toEqual(
      snapshot.venues.map((v) => v.global_id as string).sort(),
    );
  });

  it('answers the trashed event as the plugin did, in the list of trashed events', async () => {
    const source = snapshot.events.find((e) => e.id === 9)!;
    const trashed = (await get('/events?status=trash')).events;
    expect(trashed.map((e: Json) => e.id)).toEqual([9]);
    expect(comparable(trashed[0], 'event')).toEqual(await expectedEvent(source));
    expect(trashed[0].slug).toBe('jazz-night__trashed');
  });

  it('gives drafts the source left unnamed and undated a slug from the title and dates from the site zone', async () => {
    const draft = await get('/events/11');
    const source = snapshot.events.find((e) => e.id === 11)!;
    expect(draft).toMatchObject({
      status: 'draft',
      slug: 'contributor-event',
      date: source.date,
      date_utc: source.date,
      modified_utc: source.modified,
      url: `${SOURCE_SITE}/event/contributor-event/`,
      website: `${SOURCE_SITE}/event/contributor-event/`,
      start_date: source.start_date,
      utc_end_date: source.utc_end_date,
      global_id: source.global_id,
    });
    const pending = await get('/events/161');
    expect(pending).toMatchObject({
      status: 'pending',
      slug: 'pending-market',
      date_utc: '2026-11-25 17:10:00',
    });
  });

  it('keeps image, password, time zone, postfix currency and flags', async () => {
    const source = snapshot.events.find((e) => e.id === 163)! as Json;
    const locked = await get('/events/163?password=swing');
    expect(locked).toMatchObject({
      title: 'Jazz in Berlin',
      timezone: 'Europe/Berlin',
      start_date: '2026-12-04 20:00:00',
      utc_start_date: '2026-12-04 19:00:00',
      cost: '12€ – 25€',
      cost_details: source.cost_details,
      website: 'https://jazz.example/tickets',
      sticky: true,
      hide_from_listings: true,
      show_map: true,
      image: { url: source.image.url, id: 520, extension: 'jpg', width: 1200, height: 800, filesize: 81234 },
      categories: [expect.objectContaining({ id: 170, slug: 'jazz', parent: 30 })],
    });
    const anonymous = await core.handle(apiRequest('GET', '/events/163'));
    expect(JSON.parse(textOf(anonymous)!).code).toBe('event-password-protected');
    const image = await database.kysely
      .selectFrom('images')
      .selectAll()
      .where('id', '=', 520)
      .executeTakeFirst();
    expect(image).toMatchObject({ mime_type: 'image/jpeg', width: 1200 });
  });

  it('maps authors by login, else to the fallback author', async () => {
    const users = await database.kysely.selectFrom('users').select(['id', 'login']).execute();
    const idOf = (login: string) => String(users.find((u) => u.login === login)!.id);
    expect((await get('/events/145')).author).toBe(idOf('admin'));
    expect((await get('/events/12')).author).toBe(idOf('importer'));
    expect((await get('/events/161')).author).toBe(idOf('importer'));
  });

  it('answers every venue and organizer as the plugin did, unused ones too', async () => {
    for (const [path, records] of [
      ['venues', snapshot.venues],
      ['organizers', snapshot.organizers],
    ] as const) {
      for (const source of records as TecRecord[]) {
        const ours = await get(`/${path}/${source.id}`);
        expect(comparable(ours, 'linked'), `${path} ${source.id}`).toEqual(comparable(source, 'linked'));
      }
    }
  });

  it('answers categories and tags with their hierarchy, names, slugs and counts of the imported events', async () => {
    const jazz = await get('/categories/170');
    expect(jazz).toMatchObject({
      id: 170,
      name: 'Jazz',
      slug: 'jazz',
      parent: 30,
      description: 'Live jazz, <em>mostly</em> late.',
      url: `${SOURCE_SITE}/events/category/music/jazz/`,
      // Event 163 is published.
      count: 1,
    });
    for (const source of [...snapshot.categories, ...snapshot.tags] as Json[]) {
      const path = source.taxonomy === 'post_tag' ? 'tags' : 'categories';
      const ours = await get(`/${path}/${source.id}`);
      expect({ name: ours.name, slug: ours.slug, parent: ours.parent ?? 0, url: ours.url }).toEqual({
        name: source.name,
        slug: source.slug,
        parent: source.parent ?? 0,
        url: source.url,
      });
    }
    // Music (30): the published events 145 and 150 carry it (the trashed 9 does not count).
    expect((await get('/categories/30')).count).toBe(2);
  });
});
