/**
 * SPEC §12: a list costs a constant number of SQL statements whatever `per_page` is, and each search index
 * serves substring matches. The plans of the list queries themselves are checked in list-plans.test.ts,
 * on a calendar large enough for the planners' choices to mean something.
 */

import { testDialects } from '@calendar-events/tests/databases';
import { apiRequest } from '@calendar-events/tests/requests';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CalendarCore, createCalendarCore } from '../../src/core.js';
import type { CalendarDatabase } from '../../src/db/database.js';
import { textOf } from '../../src/http/respond.js';
import { createApiKey, createUser } from '../../src/resources/users/repository.js';

const dialects = await testDialects();
const NOW = new Date('2026-03-10T12:00:00Z');

describe.each(dialects)('list cost ($name)', (dialect) => {
  let database: CalendarDatabase;
  let close: () => Promise<void>;
  let core: CalendarCore;
  let key: string;
  const statements: Array<{ sql: string; parameters: readonly unknown[] }> = [];
  let recording = false;

  async function call(method: string, path: string, body?: unknown) {
    const res = await core.handle(apiRequest(method, path, { key, body }));
    const json = res.body ? JSON.parse(textOf(res)!) : undefined;
    if (res.status >= 300) throw new Error(`${method} ${path} → ${res.status} ${res.body}`);
    return json;
  }

  /** Statements one anonymous GET runs. */
  async function cost(
    path: string,
  ): Promise<{ count: number; items: number; queries: string[]; total: string | undefined }> {
    statements.length = 0;
    recording = true;
    const res = await core.handle(apiRequest('GET', path));
    recording = false;
    expect(res.status, `${path}: ${res.body?.slice(0, 200)}`).toBe(200);
    const body = JSON.parse(textOf(res)!);
    const items = (body.events ??
      body.venues ??
      body.organizers ??
      body.categories ??
      body.tags) as unknown[];
    return {
      count: statements.length,
      items: items.length,
      queries: statements.map((s) => s.sql),
      total: res.headers['X-WP-Total'],
    };
  }

  beforeAll(async () => {
    ({ database, close } = await dialect.open({
      onQuery: (text, parameters) => {
        if (recording) statements.push({ sql: text, parameters });
      },
    }));
    await createUser(database.kysely, { login: 'admin', role: 'administrator' });
    key = await createApiKey(database.kysely, 'admin');
    // Uncached answers: these tests count and explain the queries a list runs.
    core = createCalendarCore({ database, clock: () => NOW, geolocation: true, cache: false });
    const venues = [];
    for (let v = 0; v < 5; v++)
      venues.push(
        (
          await call('POST', '/venues', {
            venue: `Hall ${v}`,
            city: 'Berlin',
            geo_lat: 52.5 + v / 100,
            geo_lng: 13.4,
            image: `https://img.test/v${v}.jpg`,
          })
        ).id,
      );
    const organizers = [];
    for (let o = 0; o < 5; o++)
      organizers.push(
        (await call('POST', '/organizers', { organizer: `Org ${o}`, image: `https://img.test/o${o}.jpg` }))
          .id,
      );
    for (let e = 0; e < 60; e++) {
      const day = String((e % 28) + 1).padStart(2, '0');
      const event = await call('POST', '/events', {
        title: `Concert ${e}`,
        description: `Live music number ${e}`,
        start_date: `2026-04-${day} 19:00:00`,
        end_date: `2026-04-${day} 21:00:00`,
        venue: venues[e % 5],
        organizer: [organizers[e % 5], organizers[(e + 1) % 5]],
        categories: [`Genre ${e % 4}`, 'Music'],
        tags: [`tag-${e % 6}`],
        image: `https://img.test/e${e}.jpg`,
        cost: '$10 - $20',
      });
      await call('POST', `/events/${event.id}`, { title: `Konzert ${e}`, multilang_language: 'de' });
    }
    // A tree: the genres under Music, two of them a level deeper (their urls run through their ancestors).
    const categories: Array<{ id: number; slug: string }> = (await call('GET', '/categories?per_page=50'))
      .categories;
    const idOf = (slug: string) => categories.find((c) => c.slug === slug)!.id;
    for (const genre of [0, 1, 2, 3])
      await call('POST', `/categories/${idOf(`genre-${genre}`)}`, {
        parent: idOf(genre < 2 ? 'music' : 'genre-0'),
      });
  }, 120_000);
  afterAll(() => close());

  it.each([
    ['/events', 'events'],
    ['/events?categories=music&venue=VENUE&start_date=2026-04-01&end_date=2026-04-30', 'filtered events'],
    ['/events?search=concert%20music', 'searched events'],
    ['/events?organizer=ORGANIZER&tags=tag-1', 'events by organizer and tag'],
    ['/events?featured=false', 'not featured events'],
    ['/events?geoloc_lat=52.5&geoloc_lng=13.4&geoloc_radius=50', 'events near a point'],
    ['/events?multilang_language=de', 'German events'],
    ['/venues', 'venues'],
    ['/venues?search=hall', 'searched venues'],
    ['/organizers', 'organizers'],
    ['/organizers?search=org', 'searched organizers'],
    ['/categories?hide_empty=false', 'categories'],
    ['/tags?hide_empty=false', 'tags'],
    ['/categories?hide_empty=false&search=genre', 'searched categories'],
  ])('%s costs the same number of statements for 1, 10 and 50 items (%s)', async (path) => {
    const venueId = (await call('GET', '/venues?per_page=1')).venues[0].id;
    const organizerId = (await call('GET', '/organizers?per_page=1')).organizers[0].id;
    const base = path.replace('VENUE', String(venueId)).replace('ORGANIZER', String(organizerId));
    const sep = base.includes('?') ? '&' : '?';
    await cost(`${base}${sep}per_page=2`); // warm the cached total: its first computation costs one more
    const [one, ten, fifty] = [
      await cost(`${base}${sep}per_page=1`),
      await cost(`${base}${sep}per_page=10`),
      await cost(`${base}${sep}per_page=50`),
    ];
    console.log(
      `${dialect.name} ${base}: ${one.count}/${ten.count}/${fifty.count} statements for ${one.items}/${ten.items}/${fifty.items} items`,
    );
    expect(one.items).toBe(1);
    expect(ten.items).toBeGreaterThan(1);
    expect(ten.count).toBe(one.count);
    expect(fifty.count).toBe(one.count);
  });

  it('finds the matches of a search once when its total is not kept: the page and the total come together', async () => {
    const searched = await cost('/events?search=concert%20music&per_page=5');
    // Apart from SQLite's look at the first matches of each trigram (posts/rarest-trigram.ts).
    const readingTheIndex = searched.queries.filter(
      (text) => /\bevent_search\b/.test(text) && !/json_each/.test(text),
    );
    expect(readingTheIndex).toHaveLength(1);
    expect(readingTheIndex[0]).toMatch(/"matched"/);
    expect(searched.items).toBe(5);
    expect(searched.total).toBe('60');
    // Past the last page there is no row to bring the total: it is counted, and the answer is the plugin's 404.
    const past = await core.handle(apiRequest('GET', '/events?search=concert%20music&per_page=5&page=13'));
    expect(past.status).toBe(404);
    expect(JSON.parse(textOf(past)!).code).toBe('event-archive-page-not-found');
  });

  it('computes an answer once for requests that ask for it together, with the response cache on', async () => {
    const cached = createCalendarCore({ database, clock: () => NOW, geolocation: true });
    /**
     * The statements of the answers, by kind: reads of the data version and pages of events (not the
     * maintenance a request may start, such as the series' horizon, which a slow machine runs more often).
     */
    async function statementsOf(paths: string[]): Promise<{ versions: number; pages: number }> {
      statements.length = 0;
      recording = true;
      const answers = await Promise.all(paths.map((path) => cached.handle(apiRequest('GET', path))));
      recording = false;
      expect(answers.map((res) => res.status)).toEqual(paths.map(() => 200));
      expect(new Set(answers.map((res) => textOf(res))).size).toBe(1);
      const count = (pattern: RegExp) => statements.filter((s) => pattern.test(s.sql)).length;
      return { versions: count(/from data_version/), pages: count(/from "events" where .* limit/) };
    }
    await statementsOf(['/events?per_page=5']); // what a core reads once (its caches of counts…)
    // …and keeps per data version besides answers: the venues and organizers of these nine events.
    await statementsOf(['/events?per_page=9&_warm=1']);
    expect(await statementsOf(['/events?per_page=9&_computed=1'])).toEqual({ versions: 1, pages: 1 });
    expect(await statementsOf(['/events?per_page=9&_computed=1'])).toEqual({ versions: 1, pages: 0 });
    const together = await statementsOf(Array.from({ length: 5 }, () => '/events?per_page=9'));
    // The other four wait for the first one's answer, and share its read of the data version (one a turn).
    expect(together).toEqual({ versions: 1, pages: 1 });
  });

  // Each search table's own trigram index finds a substring: FTS5 `MATCH` on SQLite (the virtual table's
  // index, `M` for MATCH), the `pg_trgm` GIN index on PostgreSQL (sequential scans off: the tables are tiny),
  // on the events' text folded as written (migration 0030), on the others' text as it is.
  it.each([
    ['event_search', 'event_id', sql`body_folded like lower('%concert%')`, 'event_search_folded_trgm'],
    ['linked_post_search', 'post_id', sql`body ilike '%concert%'`, 'linked_post_search_body_trgm'],
    ['term_search', 'term_id', sql`body ilike '%concert%'`, 'term_search_body_trgm'],
  ] as const)('has the %s index serve substring matches', async (table, key, match, index) => {
    if (database.traits.name === 'sqlite') {
      const rows = await sql<{ detail: string }>`explain query plan select rowid from ${sql.table(
        `${table}_fts`,
      )} where ${sql.table(`${table}_fts`)} match '"concert"'`.execute(database.kysely);
      expect(rows.rows.map((r) => r.detail).join('\n')).toMatch(
        new RegExp(`SCAN ${table}_fts VIRTUAL TABLE INDEX \\d+:M`),
      );
      return;
    }
    const plan = await database.kysely.connection().execute(async (db) => {
      await sql`set enable_seqscan = off`.execute(db);
      const rows = await sql<{
        'QUERY PLAN': string;
      }>`explain select ${sql.ref(key)} from ${sql.table(table)} where ${match}`.execute(db);
      await sql`set enable_seqscan = on`.execute(db);
      return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(new RegExp(`Bitmap Index Scan on ${index}`));
  });
});
