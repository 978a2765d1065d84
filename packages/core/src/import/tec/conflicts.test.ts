/**
 * What a broken or hostile source answers, on SQLite and PostgreSQL: records that clash with each
 * other (one post id for an event and a venue, one term id for a category and a tag, a slug twice in one
 * taxonomy, parents that loop) refuse the import before its first write, with or without `remapIds`; values no
 * column here holds (ids beyond 32 bits, slugs beyond 200 characters, impossible dates, U+0000, oversized
 * sizes and coordinates) are skipped or left out before the write, never failing halfway through it.
 */

import { testDialects } from '@calendar-events/tests/databases';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CalendarDatabase } from '../../db/database.js';
import { createUser } from '../../resources/users/repository.js';
import { conflictsWithin, TecSourceConflictError } from './conflicts.js';
import { importTecSnapshot, type TecWriteOptions } from './service.js';
import { isStorableSourceId, MAX_SOURCE_ID } from './source.js';
import { recordedSnapshot } from './testdata/snapshot.js';
import type { TecRecord, TecSnapshot } from './types.js';

const OPTIONS: TecWriteOptions = { fallbackAuthor: 'admin', now: new Date('2026-11-26T08:00:00Z') };
const dialects = await testDialects();

describe('conflictsWithin', () => {
  const record = (kind: 'event' | 'venue' | 'category' | 'tag', sourceId: number, slug: string) => ({
    kind,
    sourceId,
    slug,
  });

  it('finds one id for two records of one id space, and one slug twice in a kind', () => {
    expect(
      conflictsWithin([record('event', 7, 'a'), record('venue', 7, 'b'), record('venue', 8, 'b')]),
    ).toEqual([
      { first: { kind: 'event', id: 7 }, second: { kind: 'venue', id: 7 }, shared: 'id' },
      { first: { kind: 'venue', id: 7 }, second: { kind: 'venue', id: 8 }, shared: 'slug', slug: 'b' },
    ]);
    expect(conflictsWithin([record('category', 3, 'music'), record('category', 4, 'music')])).toEqual([
      {
        first: { kind: 'category', id: 3 },
        second: { kind: 'category', id: 4 },
        shared: 'slug',
        slug: 'music',
      },
    ]);
  });

  it('lets a slug be shared across kinds, and unnamed or trashed slugs be repeated', () => {
    expect(
      conflictsWithin([
        record('category', 3, 'music'),
        record('tag', 4, 'music'),
        record('event', 5, ''),
        record('event', 6, ''),
        record('event', 9, 'gala__trashed'),
        record('event', 10, 'gala__trashed'),
      ]),
    ).toEqual([]);
  });

  it('takes ids from 1 to the largest 32-bit integer only', () => {
    expect(MAX_SOURCE_ID).toBe(2_147_483_647);
    for (const id of [1, 2_147_483_647]) expect(isStorableSourceId(id)).toBe(true);
    for (const id of [0, -1, 1.5, 2_147_483_648, 9_007_199_254_740_991, Number.NaN, '5', null])
      expect(isStorableSourceId(id)).toBe(false);
  });
});

describe.each(dialects)('records of the source that clash with each other ($name)', (dialect) => {
  let database: CalendarDatabase;
  let close: () => Promise<void>;

  async function written(): Promise<number[]> {
    const counts: number[] = [];
    for (const table of ['posts', 'terms', 'images', 'tec_origins'] as const) {
      const row = await database.kysely
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      counts.push(Number(row.n));
    }
    return counts;
  }

  beforeEach(async () => {
    ({ database, close } = await dialect.open());
    await createUser(database.kysely, { login: 'admin', role: 'administrator' });
  });
  afterEach(() => close());

  const withRecord = (snapshot: TecSnapshot, list: 'venues' | 'tags', record: TecRecord): TecSnapshot => ({
    ...snapshot,
    [list]: [...snapshot[list], record],
  });

  it.each([false, true])(
    'refuses a venue with the id of an event before anything is written (remapIds: %s)',
    async (remapIds) => {
      const snapshot = recordedSnapshot();
      const event = snapshot.events[0]!;
      const twin = { ...snapshot.venues[0]!, id: event.id, slug: 'twin-hall', venue: 'Twin hall' };
      const refused = importTecSnapshot(database, withRecord(snapshot, 'venues', twin), {
        ...OPTIONS,
        remapIds,
      });
      await expect(refused).rejects.toThrow(TecSourceConflictError);
      await expect(refused).rejects.toThrow(
        new RegExp(
          `: event ${event.id} and venue ${event.id} \\(WordPress gives events, venues and organizers one id space`,
        ),
      );
      expect(await written()).toEqual([0, 0, 0, 0]);
    },
  );

  it('refuses a tag with the id of a category, and a category slug twice', async () => {
    const snapshot = recordedSnapshot();
    const category = snapshot.categories[0]!;
    const tag = { ...snapshot.tags[0]!, id: category.id, slug: 'twin-tag' };
    const slugTwice = {
      ...snapshot,
      categories: [...snapshot.categories, { ...category, id: 999_999, name: 'Again' }],
    };
    for (const source of [withRecord(snapshot, 'tags', tag), slugTwice]) {
      const refused = importTecSnapshot(database, source, OPTIONS);
      await expect(refused).rejects.toThrow(TecSourceConflictError);
      expect(await written()).toEqual([0, 0, 0, 0]);
    }
    await expect(importTecSnapshot(database, slugTwice, OPTIONS)).rejects.toThrow(
      `categories ${category.id} and 999999 share the slug "${category.slug}"`,
    );
  });

  it('refuses parents that loop or chain, or that are not events, even across batches', async () => {
    const snapshot = recordedSnapshot();
    const [a, b, c, ...rest] = snapshot.events;
    const venue = snapshot.venues[0]!;
    const sources: [TecRecord[], RegExp][] = [
      [
        [{ ...a!, post_parent: b!.id }, { ...b!, post_parent: a!.id }, c!],
        /belongs to event \d+, which is not/,
      ],
      [
        [a!, { ...b!, post_parent: a!.id }, { ...c!, post_parent: b!.id }],
        new RegExp(`event ${c!.id} belongs to event ${b!.id}`),
      ],
      [[{ ...a!, post_parent: a!.id }, b!, c!], new RegExp(`event ${a!.id} belongs to event ${a!.id}`)],
      [[{ ...a!, post_parent: venue.id }, b!, c!], new RegExp(`event ${a!.id} belongs to venue ${venue.id}`)],
    ];
    for (const [events, message] of sources) {
      const refused = importTecSnapshot(
        database,
        { ...snapshot, events: [...events, ...rest] },
        {
          ...OPTIONS,
          batchSize: 1,
        },
      );
      await expect(refused).rejects.toThrow(message);
      expect(await written()).toEqual([0, 0, 0, 0]);
    }
    // A series: occurrences naming its first event, and a parent the source does not have (left out).
    const series = [a!, { ...b!, post_parent: a!.id }, { ...c!, post_parent: 999_999 }, ...rest];
    const report = await importTecSnapshot(
      database,
      { ...snapshot, events: series },
      { ...OPTIONS, batchSize: 1 },
    );
    expect(report.byKind.event.created).toBe(series.length);
  });

  it('writes text with U+0000 (which PostgreSQL cannot store) without it, on both databases alike', async () => {
    const snapshot = recordedSnapshot();
    const events = snapshot.events.map((event, index) =>
      index === snapshot.events.length - 1
        ? { ...event, title: 'Nul\u0000 gala', description: 'a\u0000b' }
        : event,
    );
    const report = await importTecSnapshot(database, { ...snapshot, events }, { ...OPTIONS, batchSize: 1 });
    expect(report.byKind.event.created).toBe(events.length);
    const texts = await database.kysely
      .selectFrom('post_texts')
      .select(['title', 'description'])
      .where('post_id', '=', events.at(-1)!.id)
      .execute();
    expect(texts).toContainEqual({ title: 'Nul gala', description: 'ab' });
  });

  it('skips records whose slug or dates no WordPress stores, leaves out what no column here holds, refuses a long API root', async () => {
    const snapshot = recordedSnapshot();
    const long = 'x'.repeat(3000);
    const [first, second, ...rest] = snapshot.events;
    const image = { url: `https://example.org/${long}.jpg`, width: 10, height: 10 };
    const huge = { url: 'https://example.org/huge.jpg', width: 1e12, height: 10, filesize: 3e9 };
    const late = { ...rest[1]!, end_date: '2026-13-45 25:61:61', utc_end_date: '2026-13-45 25:61:61' };
    const events = [
      { ...first!, slug: long },
      { ...second!, image },
      { ...rest[0]!, image: huge },
      late,
      ...rest.slice(2),
    ];
    const venues = snapshot.venues.map((venue, index) =>
      index === 0 ? { ...venue, geo_lat: '1e300', geo_lng: -1e39 } : venue,
    );
    const categories = [...snapshot.categories, { ...snapshot.categories[0]!, id: 999_998, slug: long }];
    const report = await importTecSnapshot(database, { ...snapshot, events, categories, venues }, OPTIONS);
    expect(report.skipped).toEqual([
      { kind: 'category', id: 999_998, reason: 'its slug is longer than 200 characters' },
      { kind: 'event', id: first!.id, reason: 'its slug is longer than 200 characters' },
      { kind: 'event', id: late.id, reason: 'utc_end_date is not a date: "2026-13-45 25:61:61"' },
    ]);
    expect(
      await database.kysely.selectFrom('images').select('url').where('url', 'like', '%xxx%').execute(),
    ).toEqual([]);

    const before = await written();
    await expect(
      importTecSnapshot(database, { ...snapshot, apiRoot: `https://example.org/${long}` }, OPTIONS),
    ).rejects.toThrow("The source's API root is longer than 2000 characters");
    expect(await written()).toEqual(before);
  });

  it('skips a record whose id no database here stores, and says why', async () => {
    const snapshot = recordedSnapshot();
    const huge = { ...snapshot.venues[0]!, id: 2_147_483_648, slug: 'far-hall' };
    const report = await importTecSnapshot(database, withRecord(snapshot, 'venues', huge), OPTIONS);
    expect(report.skipped).toContainEqual({
      kind: 'venue',
      id: 2_147_483_648,
      reason: 'the id 2147483648 is not a whole number from 1 to 2147483647',
    });
  });
});
