/**
 * SPEC §12: a list costs a constant number of SQL statements whatever `per_page` is, and the main list,
 * filter and search queries are served by indexes (EXPLAIN on both databases).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CalendarCore, createCalendarCore } from './core.js';
import type { CalendarDatabase } from './db/database.js';
import { testDialects } from './db/test-databases.js';
import { createApiKey, createUser } from './resources/users/repository.js';

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
    const res = await core.handle({
      method,
      url: `/calendar/events/v1${path}`,
      mountPath: '',
      headers: { host: 'x', authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      ...(body ? { body: { kind: 'raw' as const, data: JSON.stringify(body) } } : {}),
    });
    const json = res.body ? JSON.parse(res.body) : undefined;
    if (res.status >= 300) throw new Error(`${method} ${path} → ${res.status} ${res.body}`);
    return json;
  }

  /** Statements one anonymous GET runs. */
  async function cost(path: string): Promise<{ count: number; items: number; queries: string[] }> {
    statements.length = 0;
    recording = true;
    const res = await core.handle({
      method: 'GET',
      url: `/calendar/events/v1${path}`,
      mountPath: '',
      headers: { host: 'x' },
    });
    recording = false;
    expect(res.status, `${path}: ${res.body?.slice(0, 200)}`).toBe(200);
    const body = JSON.parse(res.body!);
    const items = (body.events ??
      body.venues ??
      body.organizers ??
      body.categories ??
      body.tags) as unknown[];
    return { count: statements.length, items: items.length, queries: statements.map((s) => s.sql) };
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
    core = createCalendarCore({ database, clock: () => NOW, geolocation: true, responseCache: false });
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
  }, 120_000);
  afterAll(() => close());

  it.each([
    ['/events', 'events'],
    ['/events?categories=music&venue=VENUE&start_date=2026-04-01&end_date=2026-04-30', 'filtered events'],
    ['/events?search=concert%20music', 'searched events'],
    ['/events?geoloc_lat=52.5&geoloc_lng=13.4&geoloc_radius=50', 'events near a point'],
    ['/events?multilang_language=de', 'German events'],
    ['/venues', 'venues'],
    ['/organizers', 'organizers'],
    ['/categories?hide_empty=false', 'categories'],
    ['/tags?hide_empty=false', 'tags'],
  ])('%s costs the same number of statements for 1, 10 and 50 items (%s)', async (path) => {
    const venueId = (await call('GET', '/venues?per_page=1')).venues[0].id;
    const base = path.replace('VENUE', String(venueId));
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

  it('has the search index serve substring matches on its own', async () => {
    if (database.traits.name === 'sqlite') {
      const rows = await sql<{
        detail: string;
      }>`explain query plan select rowid from event_search_fts where event_search_fts match '"concert"'`.execute(
        database.kysely,
      );
      expect(rows.rows.map((r) => r.detail).join('\n')).toMatch(/VIRTUAL TABLE INDEX/);
      return;
    }
    const plan = await database.kysely.connection().execute(async (db) => {
      await sql`set enable_seqscan = off`.execute(db);
      const rows = await sql<{
        'QUERY PLAN': string;
      }>`explain select event_id from event_search where body ilike '%concert%'`.execute(db);
      await sql`set enable_seqscan = on`.execute(db);
      return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/event_search_body_trgm/);
  });

  /** The plan of the page query (the statement with LIMIT) of a list request. */
  async function planOf(path: string): Promise<string> {
    statements.length = 0;
    recording = true;
    await core.handle({
      method: 'GET',
      url: `/calendar/events/v1${path}`,
      mountPath: '',
      headers: { host: 'x' },
    });
    recording = false;
    const page = statements.find((s) => /\blimit\b/i.test(s.sql) && /from "events"/i.test(s.sql))!;
    expect(page, 'a page query').toBeDefined();
    if (database.traits.name === 'sqlite') {
      const rows = await sql
        .raw<{ detail: string }>(`explain query plan ${inline(page.sql, page.parameters, '?')}`)
        .execute(database.kysely);
      return rows.rows.map((r) => r.detail).join('\n');
    }
    // Small test tables make a sequential scan cheapest; switching it off shows whether an index can serve.
    return database.kysely.connection().execute(async (db) => {
      await sql`set enable_seqscan = off`.execute(db);
      const rows = await sql
        .raw<{ 'QUERY PLAN': string }>(`explain ${inline(page.sql, page.parameters, '$')}`)
        .execute(db);
      await sql`set enable_seqscan = on`.execute(db);
      return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
  }

  it.each([
    ['/events', /events_start|events_end/],
    ['/events?venue=VENUE', /events_venue/],
    ['/events?categories=music', /event_terms_term|sqlite_autoindex_event_terms/],
    ['/events?search=concert', /event_search_fts|event_search/],
    ['/events?geoloc_lat=52.5&geoloc_lng=13.4', /venues_geo/],
  ])('serves %s from an index', async (path, index) => {
    const venueId = (await call('GET', '/venues?per_page=1')).venues[0].id;
    const plan = await planOf(path.replace('VENUE', String(venueId)));
    console.log(`${dialect.name} ${path}\n${plan}`);
    expect(plan).toMatch(index);
    if (database.traits.name === 'sqlite')
      expect(plan).not.toMatch(/SCAN (events|posts|event_terms|venues)\b(?! USING)/);
    else expect(plan).not.toMatch(/Seq Scan on (events|posts|event_terms|venues)\b/);
  });
});

/** Puts the parameters into the SQL text for EXPLAIN (test data only: numbers and plain strings). */
function inline(text: string, parameters: readonly unknown[], style: '?' | '$'): string {
  const literal = (value: unknown) =>
    typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
  if (style === '?') {
    let index = 0;
    return text.replace(/\?/g, () => literal(parameters[index++]));
  }
  return text.replace(/\$(\d+)/g, (_, n) => literal(parameters[Number(n) - 1]));
}
