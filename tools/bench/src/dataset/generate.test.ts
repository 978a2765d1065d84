import { type CalendarCore, type CalendarDatabase, createCalendarCore, textOf } from '@calendar-events/core';
import { sanitizeSlug } from '@calendar-events/core/internal';
import { createSqliteDatabase } from '@calendar-events/core/sqlite';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CalendarGenerator } from './generate.js';
import { loadCalendar, removeAddedRecords } from './load.js';
import { CITIES } from './places.js';
import { SeededRandom } from './random.js';
import type { DatasetFacts } from './shape.js';
import { fastWallTimeToUtcMs, wallTimeToUtcMs } from './wall-times.js';

const silent = { write() {}, isTTY: false };

describe('wall times', () => {
  it('converts like luxon on every zone, including DST nights', () => {
    const random = new SeededRandom(7);
    const zones = [...new Set(CITIES.map((c) => c.timezone)), 'UTC'];
    for (const zone of zones) {
      for (let i = 0; i < 200; i++) {
        const day = new Date(Date.UTC(2025, 0, 1) + random.integer(0, 1100) * 86_400_000);
        const time = {
          year: day.getUTCFullYear(),
          month: day.getUTCMonth() + 1,
          day: day.getUTCDate(),
          hour: random.pick([0, 1, 2, 3, 4, 12, 19, 23]),
          minute: random.pick([0, 30, 59]),
          second: random.pick([0, 59]),
        };
        expect(fastWallTimeToUtcMs(time, zone), `${zone} ${JSON.stringify(time)}`).toBe(
          wallTimeToUtcMs(time, zone),
        );
      }
    }
  });
});

describe('the generated calendar', () => {
  let database: CalendarDatabase;
  let core: CalendarCore;
  let facts: DatasetFacts;
  let administratorKey: string;

  /** A request as the administrator, or anonymous for reads (the administrator also sees drafts). */
  const call = async (method: string, url: string, body?: unknown) => {
    const response = await core.handle({
      method,
      url,
      mountPath: '',
      headers: {
        host: 'bench.test',
        ...(method !== 'GET' ? { authorization: `Bearer ${administratorKey}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: { kind: 'raw' as const, data: JSON.stringify(body) } } : {}),
    });
    return { status: response.status, json: response.body ? JSON.parse(textOf(response)!) : undefined };
  };

  beforeAll(async () => {
    database = createSqliteDatabase(':memory:');
    // A fifth of the events in weekly series: every check below holds for them too.
    ({ facts, administratorKey } = await loadCalendar(database, 2000, silent, 'test', { seriesShare: 0.2 }));
    core = createCalendarCore({ database, geolocation: true });
  });
  afterAll(() => core.close());

  it('is the same for the same size and moment', () => {
    const make = (seriesShare: number) => {
      const generator = new CalendarGenerator({
        events: 200,
        now: new Date('2026-05-01T10:00:00Z'),
        administratorId: 1,
        authorIds: [2, 3],
        seriesShare,
      });
      generator.referenceRows();
      return { ...generator.nextEvents(200), ...generator.recurrenceRows() };
    };
    expect(make(0)).toEqual(make(0));
    expect(make(0.2)).toEqual(make(0.2));
    expect(make(0).event_series).toEqual([]);
    expect(make(0.2).event_series.length).toBeGreaterThan(0);
  });

  it("gives every row of a table the same keys, none undefined (the loader's columns are the first row's)", () => {
    const generator = new CalendarGenerator({
      events: 2000,
      now: new Date('2026-05-01T10:00:00Z'),
      administratorId: 1,
      authorIds: [2, 3],
      seriesShare: 0.2,
    });
    const sets = [generator.referenceRows()];
    while (generator.remainingEvents > 0) sets.push(generator.nextEvents(500));
    sets.push(generator.recurrenceRows());
    for (const set of sets)
      for (const [table, list] of Object.entries(set) as Array<[string, Array<Record<string, unknown>>]>) {
        const keys = (row: Record<string, unknown>) =>
          Object.keys(row)
            .filter((key) => row[key] !== undefined)
            .join();
        const first = Object.keys(list[0] ?? {}).join();
        expect({ table, others: list.filter((row) => keys(row) !== first).length }).toEqual({
          table,
          others: 0,
        });
      }
  });

  it('answers a generated event by id and by slug', async () => {
    const sample = facts.sampleEvents[0]!;
    const byId = await call('GET', `/calendar/events/v1/events/${sample.id}`);
    expect(byId.status).toBe(200);
    expect(byId.json).toMatchObject({ id: sample.id, slug: sample.slug, status: 'publish' });
    expect(byId.json.organizer.length).toBeGreaterThan(0);
    // Term counts are the published events carrying the term, however the service keeps them.
    const category = byId.json.categories[0];
    // An occurrence that follows its series carries the series' terms.
    const published = await database.kysely
      .selectFrom('events')
      .innerJoin('event_terms', (join) =>
        join.on('event_terms.event_id', '=', sql<number>`coalesce(events.follows_id, events.id)`),
      )
      .innerJoin('posts', 'posts.id', 'events.id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('event_terms.term_id', '=', category.id)
      .where('posts.status', '=', 'publish')
      .executeTakeFirstOrThrow();
    expect(category.count).toBe(Number(published.n));
    const bySlug = await call('GET', `/calendar/events/v1/events/by-slug/${sample.slug}`);
    expect(bySlug.json.id).toBe(sample.id);
  });

  it('stores trashed events under <slug>__trashed, as the service trashes them (SPEC §14)', async () => {
    const trashed = await database.kysely
      .selectFrom('posts')
      .select(['id', 'slug'])
      .where('type', '=', 'event')
      .where('status', '=', 'trash')
      .execute();
    expect(trashed.length).toBeGreaterThan(0);
    for (const post of trashed) expect(post.slug).toMatch(/__trashed$/);
  });

  it('counts what the service counts for the scenarios', async () => {
    const list = await call('GET', '/calendar/events/v1/events');
    expect(list.json.total).toBe(facts.listedInDefaultWindow);
    const { filtered, search, geolocation } = facts;
    const filteredList = await call(
      'GET',
      `/calendar/events/v1/events?categories=${filtered.category}&venue=${filtered.venue}&start_date=${filtered.startDate}&end_date=${filtered.endDate}&per_page=50`,
    );
    expect(filteredList.json.total).toBe(filtered.matches);
    expect(filtered.matches).toBeGreaterThan(0);
    const searched = await call('GET', `/calendar/events/v1/events?search=${search.word}`);
    expect(searched.json.total).toBe(search.matchesInDefaultWindow);
    const near = await call(
      'GET',
      `/calendar/events/v1/events?geoloc_lat=${geolocation.lat}&geoloc_lng=${geolocation.lng}&geoloc_radius=25`,
    );
    expect(near.status).toBe(200);
    expect(near.json.total).toBeGreaterThan(0);
  });

  it('holds the search rows the service itself writes', async () => {
    // A German and an English-only event: rewriting their title through the API makes the service
    // rebuild their search rows, which must not change them.
    const german = await database.kysely
      .selectFrom('post_texts')
      .select(['post_id', 'title'])
      .where('language', '=', 'de')
      .where('post_id', '>', facts.shape.venues + facts.shape.organizers)
      .orderBy('post_id')
      .executeTakeFirstOrThrow();
    const english = await database.kysely
      .selectFrom('post_texts')
      .select(['post_id', 'title'])
      .where('language', '=', 'en')
      .where(
        'post_id',
        'not in',
        database.kysely.selectFrom('post_texts').select('post_id').where('language', '=', 'de'),
      )
      .where('post_id', '>', facts.shape.venues + facts.shape.organizers)
      .orderBy('post_id')
      .executeTakeFirstOrThrow();
    const searchRows = (id: number) =>
      database.kysely
        .selectFrom('event_search')
        .select(['language', 'body'])
        .where('event_id', '=', id)
        .orderBy('language')
        .execute();
    for (const [language, row] of [
      ['de', german],
      ['en', english],
    ] as const) {
      const before = await searchRows(row.post_id);
      expect(before).toHaveLength(2);
      const update = await call(
        'PATCH',
        `/calendar/events/v1/events/${row.post_id}?multilang_language=${language}`,
        {
          title: row.title,
        },
      );
      expect(update.status).toBe(200);
      expect(await searchRows(row.post_id)).toEqual(before);
    }
  });

  it('is put back as generated after events were created', async () => {
    const category = facts.create.categories[0]!;
    const countOf = async () =>
      (await call('GET', `/calendar/events/v1/categories?search=${category}`)).json.categories.find(
        (c: { slug: string }) => c.slug === category,
      ).count;
    const before = await countOf();
    for (const n of [1, 2]) {
      const created = await call('POST', '/calendar/events/v1/events', {
        title: `Created ${n}`,
        start_date: '2030-01-01 10:00:00',
        end_date: '2030-01-01 11:00:00',
        categories: [category],
      });
      expect(created.status).toBe(201);
    }
    expect(await countOf()).toBe(before + 2);
    expect(await removeAddedRecords(database, facts.lastGeneratedPostId, administratorKey)).toBe(2);
    expect(await countOf()).toBe(before);
    const left = await database.kysely
      .selectFrom('posts')
      .select('id')
      .where('id', '>', facts.lastGeneratedPostId)
      .execute();
    expect(left).toEqual([]);
  });

  it('gives the slugs the service gives', async () => {
    for (const title of ["Beginners' Rock & Pop Night with Zoë García", 'Łódź Jazz Cellar Opening']) {
      const created = await call('POST', '/calendar/events/v1/events', {
        title,
        start_date: '2030-01-01 10:00:00',
        end_date: '2030-01-01 11:00:00',
      });
      expect(created.status).toBe(201);
      expect(created.json.slug).toBe(sanitizeSlug(title));
    }
  });
});

describe('the generated weekly series', () => {
  let database: CalendarDatabase;
  let core: CalendarCore;
  let facts: DatasetFacts;
  let administratorKey: string;

  const call = async (method: string, url: string, body?: unknown) => {
    const response = await core.handle({
      method,
      url: `/calendar/events/v1${url}`,
      mountPath: '',
      headers: {
        host: 'bench.test',
        authorization: `Bearer ${administratorKey}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: { kind: 'raw' as const, data: JSON.stringify(body) } } : {}),
    });
    return { status: response.status, json: response.body ? JSON.parse(textOf(response)!) : undefined };
  };

  /** Every row of a series and its occurrences, in a stable order. */
  async function rowsOf(seriesId: number) {
    const occurrences = await database.kysely
      .selectFrom('events')
      .select(['id as event_id', 'series_id', 'original_start_utc', 'follows_id'])
      .where('series_id', '=', seriesId)
      .orderBy('id')
      .execute();
    const ids = [seriesId, ...occurrences.map((row) => row.event_id)];
    const rows = async (table: string, key: string) => {
      const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}
        where ${sql.ref(key)} in (${sql.join(ids)})`.execute(database.kysely);
      return rows.map((row) => JSON.stringify(row)).sort();
    };
    return {
      occurrences,
      series: await rows('event_series', 'event_id'),
      // The series' own modification date moves with any write of it.
      posts: (await rows('posts', 'id')).map((row) =>
        JSON.parse(row).id === seriesId ? row.replace(/"modified_utc":"[^"]*"/, '') : row,
      ),
      events: await rows('events', 'id'),
      texts: await rows('post_texts', 'post_id'),
      search: (
        await sql<Record<string, unknown>>`select event_id, language, body from event_search
          where event_id in (${sql.join(ids)})`.execute(database.kysely)
      ).rows
        .map((row) => JSON.stringify(row))
        .sort(),
      organizers: await rows('event_organizers', 'event_id'),
      terms: await rows('event_terms', 'event_id'),
    };
  }

  /** The generated series: a COUNT one, an UNTIL one, and one whose weeks cross a change of UTC offset. */
  async function chosenSeries(): Promise<Array<{ id: number; rule: string }>> {
    const series = await database.kysely
      .selectFrom('event_series')
      .select(['event_id', 'recurrence'])
      .orderBy('event_id')
      .execute();
    const withCount = series.find((row) => row.recurrence.includes('COUNT='))!;
    const withUntil = series.find((row) => row.recurrence.includes('UNTIL='))!;
    let acrossDst: (typeof series)[number] | undefined;
    for (const row of series) {
      const starts = await database.kysely
        .selectFrom('events')
        .select('start_utc')
        .where((eb) => eb.or([eb('id', '=', row.event_id), eb('parent_id', '=', row.event_id)]))
        .execute();
      if (new Set(starts.map((start) => start.start_utc.slice(11))).size > 1) {
        acrossDst = row;
        break;
      }
    }
    expect(withCount).toBeDefined();
    expect(withUntil).toBeDefined();
    expect(acrossDst, 'a series across a change of daylight saving time').toBeDefined();
    return [withCount, withUntil, acrossDst!].map((row) => ({ id: row.event_id, rule: row.recurrence }));
  }

  beforeAll(async () => {
    database = createSqliteDatabase(':memory:');
    ({ facts, administratorKey } = await loadCalendar(database, 1000, silent, 'test', { seriesShare: 0.2 }));
    core = createCalendarCore({ database });
  });
  afterAll(() => core.close());

  it('make up the share asked for, each series with its occurrences', async () => {
    const share = facts.series!.events / facts.shape.events;
    expect(share).toBeGreaterThan(0.18);
    expect(share).toBeLessThan(0.25);
    const children = await database.kysely
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('parent_id', 'is not', null)
      .executeTakeFirstOrThrow();
    const occurrences = await database.kysely
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('series_id', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(Number(occurrences.n)).toBe(Number(children.n));
    expect(Number(occurrences.n) + facts.series!.series).toBe(facts.series!.events);
  });

  it('are what the service makes of the same event and rule', async () => {
    for (const { id, rule } of await chosenSeries()) {
      const series = await call('GET', `/events/${id}`);
      expect(series.json.recurrence).toEqual(JSON.parse(rule));
      // The same event and rule created through the API: the same occurrences, at the same times.
      const created = await call('POST', '/events', {
        title: `Copy of ${id}`,
        start_date: series.json.start_date,
        end_date: series.json.end_date,
        timezone: series.json.timezone,
        recurrence: series.json.recurrence,
      });
      expect(created.status).toBe(201);
      expect(created.json.recurrence, 'the lines as the service keeps them').toEqual(JSON.parse(rule));
      const times = async (seriesId: number) =>
        (
          await database.kysely
            .selectFrom('events as e')
            .select(['e.start_local', 'e.end_local', 'e.start_utc', 'e.end_utc', 'e.original_start_utc'])
            .where('e.series_id', '=', seriesId)
            .orderBy('e.start_utc')
            .execute()
        ).map((row) => Object.values(row).join(' '));
      const generated = await times(id);
      expect(generated.length).toBeGreaterThan(0);
      expect(await times(created.json.id)).toEqual(generated);
    }
    // Put back as generated: the copies go with their occurrences.
    expect(await removeAddedRecords(database, facts.lastGeneratedPostId, administratorKey)).toBeGreaterThan(
      3,
    );
  });

  it('stay as generated when the horizon keeper extends them, days later', async () => {
    const chosen = await chosenSeries();
    const before = await Promise.all(chosen.map(({ id }) => rowsOf(id)));
    const posts = async () =>
      Number(
        (
          await database.kysely
            .selectFrom('posts')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const count = await posts();
    const horizons = () =>
      database.kysely.selectFrom('event_series').select('horizon_utc').distinct().execute();
    const [generated] = await horizons();
    // A server started three days after the calendar was generated: its horizon keeper's first round moves
    // every series' horizon and extends it, which must find no date to add.
    const later = createCalendarCore({
      database,
      clock: () => new Date(Date.now() + 3 * 86_400_000),
      horizonKeeper: false,
    });
    await later.horizonKeeper.runRound();
    const moved = await horizons();
    expect(moved.length).toBe(1);
    expect(moved[0]!.horizon_utc > generated!.horizon_utc, 'the keeper moved the horizons').toBe(true);
    expect(await posts()).toBe(count);
    const after = await Promise.all(chosen.map(({ id }) => rowsOf(id)));
    for (const [index, rows] of after.entries()) {
      const { series: _series, ...rest } = rows;
      const { series: _before, ...restBefore } = before[index]!;
      expect(rest).toEqual(restBefore);
    }
  });

  it("leave the service's reconcile nothing to change", async () => {
    for (const { id } of await chosenSeries()) {
      const before = await rowsOf(id);
      const { json } = await call('GET', `/events/${id}`);
      // The same title again: the write reconciles the series with its rule and copies its data into every
      // occurrence, which must find each row as it is.
      const same = await call('PATCH', `/events/${id}`, { title: json.title });
      expect(same.status).toBe(200);
      expect(await rowsOf(id)).toEqual(before);
      // A new title: every occurrence keeps its id and takes the title.
      const renamed = await call('PATCH', `/events/${id}`, { title: `${json.title} (renamed)` });
      expect(renamed.status).toBe(200);
      const after = await rowsOf(id);
      expect(after.occurrences).toEqual(before.occurrences);
      // Their texts are the series' (they follow it): each answers the new title.
      for (const occurrence of before.occurrences.slice(0, 3))
        expect((await call('GET', `/events/${occurrence.event_id}`)).json.title).toBe(
          `${json.title} (renamed)`,
        );
    }
  });
});
