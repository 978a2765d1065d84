/**
 * SPEC §12: every list filter, and every search, is served by an index. The plans are read with EXPLAIN
 * (PostgreSQL) and EXPLAIN QUERY PLAN (SQLite) from the page query a real request runs, on a calendar large
 * enough for the planner's choice to mean something: a few records written through the API, and tens of
 * thousands of filler rows written straight into the tables in the shape the API writes them. PostgreSQL
 * gets statistics (ANALYZE, as autovacuum would gather them); SQLite none, as the service never runs ANALYZE.
 */
import { formatUtc } from '@calendar-events/core/internal';

import { testDialects } from '@calendar-events/tests/databases';
import { apiRequest } from '@calendar-events/tests/requests';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CalendarCore, createCalendarCore } from '../../src/core.js';
import { bumpDataVersion } from '../../src/db/data-version.js';
import type { CalendarDatabase } from '../../src/db/database.js';
import { textOf } from '../../src/http/respond.js';
import { createApiKey, createUser } from '../../src/resources/users/repository.js';

const dialects = await testDialects();
const NOW = new Date('2026-03-10T12:00:00Z');

/** A word only the API-written records contain: a selective search. */
const RARE = 'zanzibarium';
const FILLER = { venues: 15_000, organizers: 15_000, terms: 5000, events: 20_000 };
const VENUE_BASE = 100_000;
const ORGANIZER_BASE = 120_000;
const EVENT_BASE = 200_000;
const CATEGORY_BASE = 100_000;
const TAG_BASE = 110_000;

/** Filler rows go straight into the tables, including the search tables the schema type does not list. */
type LooseSchema = Record<string, Record<string, unknown>>;

const utc = (ms: number) => formatUtc(new Date(ms));

describe.each(dialects)('list query plans ($name)', (dialect) => {
  let database: CalendarDatabase;
  let close: () => Promise<void>;
  let core: CalendarCore;
  let key: string;
  const statements: Array<{ sql: string; parameters: readonly unknown[] }> = [];
  let recording = false;
  const ids: Record<string, number> = {};

  async function call(method: string, path: string, body?: unknown) {
    const res = await core.handle(apiRequest(method, path, { key, body }));
    if (res.status >= 300) throw new Error(`${method} ${path} → ${res.status} ${res.body}`);
    return JSON.parse(textOf(res)!);
  }

  /** Rows in the shape the API writes them, many at a time. */
  async function fill(db: Kysely<LooseSchema>, adminId: number) {
    const insert = async (table: string, rows: Array<Record<string, unknown>>) => {
      const columns = Object.keys(rows[0]!).length;
      const chunk = Math.floor(30_000 / columns);
      for (let start = 0; start < rows.length; start += chunk)
        await db
          .insertInto(table)
          .values(rows.slice(start, start + chunk))
          .execute();
    };
    const post = (id: number, type: string, n: number, status = 'publish') => ({
      id,
      type,
      status,
      author_id: adminId,
      slug: `filler-${type}-${n}`,
      date_utc: utc(Date.UTC(2025, 0, 1) + n * 60_000),
      modified_utc: utc(Date.UTC(2025, 0, 1)),
      password: '',
      image_id: null,
      trashed_from: null,
    });
    const text = (postId: number, title: string, description: string) => ({
      post_id: postId,
      language: 'en',
      title,
      description,
      excerpt: null,
    });
    const cities = ['Berlin', 'Hamburg', 'Lyon', 'Porto', 'Turin', 'Ghent', 'Graz', 'Basel'];

    const posts = [];
    const texts = [];
    const venues = [];
    const organizers = [];
    const linkedSearch = [];
    for (let n = 0; n < FILLER.venues; n++) {
      const id = VENUE_BASE + n;
      const city = cities[n % cities.length]!;
      posts.push(post(id, 'venue', n));
      texts.push(text(id, `Hall ${n}`, `A concert hall in ${city}`));
      venues.push({
        id,
        address: `${n} Main Street`,
        city,
        country: 'Germany',
        province: '',
        state: '',
        zip: String(10_000 + n),
        phone: `+49 30 ${1_000_000 + n}`,
        stateprovince: '',
        website: '',
        show_map: 1,
        show_map_link: 1,
        geo_lat: 40 + (n % 200) / 10,
        geo_lng: (n % 100) / 10,
      });
      linkedSearch.push({
        post_id: id,
        body: [
          `${n} Main Street`,
          city,
          String(10_000 + n),
          `+49 30 ${1_000_000 + n}`,
          `Hall ${n}`,
          `A concert hall in ${city}`,
        ].join('\n'),
      });
    }
    for (let n = 0; n < FILLER.organizers; n++) {
      const id = ORGANIZER_BASE + n;
      posts.push(post(id, 'organizer', n));
      texts.push(text(id, `Society ${n}`, 'Friends of live music'));
      organizers.push({
        id,
        phone: `+33 1 ${2_000_000 + n}`,
        website: '',
        email: `info${n}@society.example`,
      });
      linkedSearch.push({
        post_id: id,
        body: [
          `+33 1 ${2_000_000 + n}`,
          `info${n}@society.example`,
          `Society ${n}`,
          'Friends of live music',
        ].join('\n'),
      });
    }
    const terms = [];
    const termTexts = [];
    const termSearch = [];
    for (let n = 0; n < FILLER.terms; n++) {
      for (const [taxonomy, base] of [
        ['category', CATEGORY_BASE],
        ['tag', TAG_BASE],
      ] as const) {
        const id = base + n;
        terms.push({ id, taxonomy, slug: `filler-${taxonomy}-${n}`, parent_id: 0, event_count: 40 });
        termTexts.push({ term_id: id, language: 'en', name: `Filler ${taxonomy} ${n}`, description: null });
        termSearch.push({ term_id: id, body: `filler-${taxonomy}-${n}\nFiller ${taxonomy} ${n}` });
      }
    }
    const events = [];
    const eventSearch = [];
    const eventOrganizers = [];
    const eventTerms = [];
    for (let n = 0; n < FILLER.events; n++) {
      const id = EVENT_BASE + n;
      // Spread over the year after NOW, a little over two events an hour.
      const start = NOW.getTime() + n * 25 * 60_000;
      posts.push(post(id, 'event', n, n % 10 === 0 ? 'draft' : 'publish'));
      texts.push(text(id, `Concert ${n}`, `Live music night number ${n}`));
      events.push({
        id,
        start_local: utc(start),
        end_local: utc(start + 7_200_000),
        start_utc: utc(start),
        end_utc: utc(start + 7_200_000),
        timezone: 'UTC',
        all_day: 0,
        cost: '[]',
        currency_symbol: '',
        currency_code: '',
        currency_position: '',
        website: null,
        show_map: 1,
        show_map_link: 1,
        hide_from_listings: 0,
        sticky: 0,
        featured: n % 100 === 0 ? 1 : 0,
        venue_id: VENUE_BASE + (n % FILLER.venues),
        parent_id: null,
      });
      for (const language of ['en', 'de'])
        eventSearch.push({ event_id: id, language, body: `Concert ${n}\n\nLive music night number ${n}` });
      eventOrganizers.push({
        event_id: id,
        organizer_id: ORGANIZER_BASE + (n % FILLER.organizers),
        position: 0,
      });
      eventTerms.push(
        { event_id: id, term_id: CATEGORY_BASE + (n % FILLER.terms), position: 0 },
        { event_id: id, term_id: TAG_BASE + (n % FILLER.terms), position: 1 },
      );
    }
    await insert('posts', posts);
    await insert('post_texts', texts);
    await insert('venues', venues);
    await insert('organizers', organizers);
    await insert('linked_post_search', linkedSearch);
    await insert('terms', terms);
    await insert('term_texts', termTexts);
    await insert('term_search', termSearch);
    await insert('events', events);
    await insert('event_search', eventSearch);
    await insert('event_organizers', eventOrganizers);
    await insert('event_terms', eventTerms);
  }

  beforeAll(async () => {
    ({ database, close } = await dialect.open({
      onQuery: (text, parameters) => {
        if (recording) statements.push({ sql: text, parameters });
      },
    }));
    const admin = await createUser(database.kysely, { login: 'admin', role: 'administrator' });
    key = await createApiKey(database.kysely, 'admin');
    core = createCalendarCore({ database, clock: () => NOW, geolocation: true, cache: false });

    ids.venue = (
      await call('POST', '/venues', {
        venue: `${RARE} Hall`,
        city: 'Quokkaville',
        geo_lat: 52.5,
        geo_lng: 13.4,
      })
    ).id;
    ids.organizer = (
      await call('POST', '/organizers', { organizer: `${RARE} Society`, email: 'hello@quokka.example' })
    ).id;
    const parent = await call('POST', '/events', {
      title: `The ${RARE} night`,
      description: 'A rare evening',
      start_date: '2026-04-01 19:00:00',
      end_date: '2026-04-01 21:00:00',
      venue: ids.venue,
      organizer: [ids.organizer],
      categories: [`${RARE} category`],
      tags: [`${RARE} tag`],
      featured: true,
    });
    ids.event = parent.id;
    ids.category = parent.categories[0].id;
    ids.tag = parent.tags[0].id;
    ids.child = (
      await call('POST', '/events', {
        title: 'The second night',
        start_date: '2026-04-02 19:00:00',
        end_date: '2026-04-02 21:00:00',
        post_parent: ids.event,
      })
    ).id;
    await fill(database.kysely as unknown as Kysely<LooseSchema>, admin.id);
    // As autovacuum would soon after such a load: statistics, and the GIN indexes' pending entries merged.
    if (database.traits.name === 'postgres') await sql`vacuum analyze`.execute(database.kysely);
  }, 120_000);
  afterAll(() => close());

  /**
   * The plan of the page query (the statement with LIMIT and OFFSET) of an anonymous list request, or of its
   * total (the `count(*)`).
   */
  async function planOf(path: string, statement: 'page' | 'total' = 'page'): Promise<string> {
    statements.length = 0;
    recording = true;
    const res = await core.handle(apiRequest('GET', path));
    recording = false;
    expect(res.status, `${path}: ${res.body?.slice(0, 300)}`).toBe(200);
    // The last statement with a limit: a total not kept comes with a page of the matches (`matched`), and a
    // common word's page then walks the date order in a statement of its own.
    const page = statements.findLast((s) =>
      statement === 'page'
        ? /\blimit\b/i.test(s.sql) && /\boffset\b/i.test(s.sql)
        : /\bcount\(\*\)/i.test(s.sql),
    );
    expect(page, `the ${statement} query`).toBeDefined();
    const text = inline(page!.sql, page!.parameters, database.traits.name === 'sqlite' ? '?' : '$');
    if (database.traits.name === 'sqlite') {
      const { rows } = await sql
        .raw<{ detail: string }>(`explain query plan ${text}`)
        .execute(database.kysely);
      return rows.map((r) => r.detail).join('\n');
    }
    const { rows } = await sql.raw<{ 'QUERY PLAN': string }>(`explain ${text}`).execute(database.kysely);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  }

  const sqlite = dialect.name === 'sqlite';
  /** A full scan of one of these tables (SQLite: `SCAN t`, also through an index, unlike `SEARCH t`). */
  const scanOf = (tables: string) =>
    sqlite ? new RegExp(`\\bSCAN (${tables})\\b`) : new RegExp(`Seq Scan on (${tables})\\b`);
  const eventTables =
    'events|posts|post_texts|event_search|event_terms|event_organizers|venues|organizers|linked_post_search|term_search';
  const scan = scanOf(`${eventTables}|terms|term_texts`);
  const scanOfEventTables = scanOf(eventTables);

  interface PlanCase {
    /** The request; VENUE, ORGANIZER, CATEGORY, TAG and EVENT stand for the ids of the API-written records. */
    path: string;
    sqlite: RegExp;
    postgres: RegExp;
    /**
     * A category or tag list: `terms` and `term_texts` stay small (hundreds of rows) and may be read whole
     * (an unfiltered list sorted by name needs every name anyway); the filter's own index must be used.
     */
    terms?: boolean;
    /** A scan the check finds today, reported rather than hidden: the test fails once it is fixed. */
    knownScan?: 'sqlite';
  }

  const cases: Array<[string, PlanCase]> = [
    [
      'the default window',
      {
        path: '/events',
        // The status copied onto the event makes `events_listing` cover the page.
        sqlite:
          /SEARCH events USING COVERING INDEX events_listing \(status=\? AND hide_from_listings=\? AND start_utc>\?\)/,
        postgres: /Index Scan using events_(start|end|listing)\b/,
      },
    ],
    [
      'venue',
      {
        path: '/events?venue=VENUE',
        // It holds every column the page tests: no event row is read for a walked event.
        sqlite: /SEARCH events USING COVERING INDEX events_venue\b/,
        postgres: /events_venue\b/,
      },
    ],
    [
      'organizer',
      {
        path: '/events?organizer=ORGANIZER',
        sqlite: /SEARCH event_organizers USING COVERING INDEX event_organizers_organizer\b/,
        postgres: /event_organizers_organizer\b/,
      },
    ],
    [
      'categories',
      {
        path: '/events?categories=CATEGORY',
        sqlite: /SEARCH event_terms USING COVERING INDEX event_terms_term\b/,
        postgres: /event_terms_term\b/,
      },
    ],
    [
      'tags',
      {
        path: '/events?tags=TAG',
        sqlite: /SEARCH event_terms USING COVERING INDEX event_terms_term\b/,
        postgres: /event_terms_term\b/,
      },
    ],
    [
      // The venue's index drives; each of its events is tested against the term's primary key, rather
      // than every event of the category being listed first (`LIST SUBQUERY`).
      'categories at a venue',
      {
        path: '/events?categories=CATEGORY&venue=VENUE',
        sqlite:
          /SEARCH events USING COVERING INDEX events_venue\b[\s\S]*CORRELATED SCALAR SUBQUERY[\s\S]*SEARCH event_terms USING COVERING INDEX sqlite_autoindex_event_terms_1 \(event_id=\? AND term_id=\?\)/,
        // Fenced, the term test stays a test of each walked event (SubPlan), not a hash join over the term.
        postgres: /events_venue\b[\s\S]*SubPlan/,
      },
    ],
    [
      'categories and tags',
      {
        path: '/events?categories=CATEGORY&tags=TAG',
        sqlite: /SEARCH event_terms USING COVERING INDEX event_terms_term\b/,
        postgres: /event_terms_term\b/,
      },
    ],
    [
      'featured',
      {
        path: '/events?featured=true',
        sqlite: /SEARCH events USING INDEX events_featured \(featured=\?/,
        postgres: /Index Scan using events_featured on events\s+\(.*\)\s+Index Cond: \(\(featured = 1\)/,
      },
    ],
    [
      'not featured',
      {
        path: '/events?featured=false',
        sqlite: /SEARCH events USING INDEX events_(start|end|featured)\b/,
        postgres: /Index Scan using events_(start|end|featured)\b/,
      },
    ],
    [
      'status',
      {
        path: '/events?status=publish',
        sqlite: /SEARCH events USING COVERING INDEX events_listing \(status=\?/,
        postgres: /Index Scan using events_(start|end|listing)\b/,
      },
    ],
    [
      'post_parent',
      {
        path: '/events?post_parent=EVENT',
        sqlite:
          /SEARCH events USING INDEX events_parent \(parent_id=\? AND status=\? AND hide_from_listings=\?/,
        postgres: /events_parent\b/,
      },
    ],
    [
      'starts_after',
      {
        path: '/events?starts_after=2026-06-01',
        sqlite:
          /SEARCH events USING COVERING INDEX events_listing \(status=\? AND hide_from_listings=\? AND start_utc>\?\)/,
        postgres: /Index Cond: \(start_utc > /,
      },
    ],
    [
      'starts_before',
      {
        path: '/events?starts_before=2026-04-01',
        sqlite:
          /SEARCH events USING COVERING INDEX events_listing \(status=\? AND hide_from_listings=\? AND start_utc<\?\)/,
        postgres: /Index Cond: \(start_utc < /,
      },
    ],
    // The end filters also bound the start (the longest-event bound of `event_bounds` for ends_after), so a range
    // of the start or end index serves them.
    [
      'ends_after',
      {
        path: '/events?ends_after=2027-01-01',
        sqlite:
          /SEARCH events USING (COVERING )?INDEX events_(start|end|listing) \((status=\? AND hide_from_listings=\? AND )?(start|end)_utc[<>]/,
        postgres: /Index Cond: \(.*(start|end)_utc [<>]/,
      },
    ],
    [
      'ends_before',
      {
        path: '/events?ends_before=2026-04-01',
        sqlite:
          /SEARCH events USING (COVERING )?INDEX events_(start|end|listing) \((status=\? AND hide_from_listings=\? AND )?(start|end)_utc[<>]/,
        postgres: /Index Cond: \(.*(start|end)_utc [<>]/,
      },
    ],
    [
      'a selective search',
      {
        path: `/events?search=${RARE}`,
        sqlite: /SCAN event_search_fts VIRTUAL TABLE INDEX \d+:M/,
        postgres: /Bitmap Index Scan on event_search_folded_trgm/,
      },
    ],
    [
      'a selective search, and the occurrences sharing a matching series’ search rows',
      {
        path: `/events?search=${RARE}`,
        sqlite: /SCAN event_search_fts VIRTUAL TABLE INDEX \d+:M[\s\S]*INDEX events_series \(series_id=\?\)/,
        // The occurrences through their owner (`coalesce(follows_id, id)`).
        postgres: /Bitmap Index Scan on event_search_folded_trgm[\s\S]*using events_owner on events/,
      },
    ],
    [
      'a selective search of two words',
      {
        path: `/events?search=${RARE}%20night`,
        sqlite: /SCAN event_search_fts VIRTUAL TABLE INDEX \d+:M/,
        postgres:
          /Bitmap Index Scan on event_search_folded_trgm\s+\(.*\)\s+Index Cond: \(\(body_folded ~~ '%zanzibarium%'::text\) AND \(body_folded ~~ '%night%'::text\)\)/,
      },
    ],
    [
      'a search with an exclusion',
      {
        path: `/events?search=${RARE}%20-cancelled`,
        sqlite: /SCAN event_search_fts VIRTUAL TABLE INDEX \d+:M/,
        postgres: /Bitmap Index Scan on event_search_folded_trgm/,
      },
    ],
    [
      'a search and a category',
      {
        path: `/events?search=${RARE}&categories=CATEGORY`,
        sqlite: /SCAN event_search_fts VIRTUAL TABLE INDEX \d+:M|event_terms_term/,
        postgres: /event_search_folded_trgm|event_terms_term/,
      },
    ],
    [
      'a point and radius',
      { path: '/events?geoloc_lat=52.5&geoloc_lng=13.4', sqlite: /venues_geo\b/, postgres: /venues_geo\b/ },
    ],
    [
      'venues',
      {
        path: '/venues',
        sqlite: /SEARCH posts USING COVERING INDEX posts_type_status_date \(type=\? AND status=\?\)/,
        postgres: /Index Only Scan Backward using posts_type_status_date/,
      },
    ],
    [
      'venues of an event',
      {
        path: '/venues?event=EVENT',
        sqlite: /SEARCH events USING INTEGER PRIMARY KEY/,
        postgres: /Index Scan using events_pkey/,
      },
    ],
    [
      'venues with events',
      {
        path: '/venues?has_events=true',
        sqlite: /SEARCH events USING COVERING INDEX events_venue\b/,
        postgres: /events_venue\b/,
      },
    ],
    [
      'venues with upcoming events',
      {
        path: '/venues?only_with_upcoming=true',
        // Covering since events_venue holds start_utc.
        sqlite: /SEARCH events USING (?:COVERING )?INDEX events_venue\b/,
        postgres: /events_venue\b/,
      },
    ],
    [
      'venue search',
      {
        path: `/venues?search=${RARE}`,
        sqlite: /SCAN linked_post_search_fts VIRTUAL TABLE INDEX \d+:M/,
        postgres: /Bitmap Index Scan on linked_post_search_body_trgm/,
      },
    ],
    [
      'venue search of two fragments',
      {
        path: `/venues?search=${RARE}%20hall`,
        sqlite: /SCAN linked_post_search_fts VIRTUAL TABLE INDEX \d+:M/,
        postgres: /Bitmap Index Scan on linked_post_search_body_trgm/,
      },
    ],
    [
      'organizers',
      {
        path: '/organizers',
        sqlite: /SEARCH posts USING COVERING INDEX posts_type_status_date \(type=\? AND status=\?\)/,
        postgres: /Index Only Scan Backward using posts_type_status_date/,
      },
    ],
    [
      'organizers of an event',
      {
        path: '/organizers?event=EVENT',
        sqlite:
          /SEARCH event_organizers USING COVERING INDEX sqlite_autoindex_event_organizers_1 \(event_id=\?/,
        postgres: /Index Only Scan (Backward )?using event_organizers_pk/,
      },
    ],
    [
      'organizers with events',
      {
        path: '/organizers?has_events=true',
        sqlite: /event_organizers_organizer\b/,
        postgres: /event_organizers_organizer\b/,
      },
    ],
    [
      'organizers with upcoming events',
      {
        path: '/organizers?only_with_upcoming=true',
        sqlite: /event_organizers_organizer\b/,
        postgres: /event_organizers_organizer\b/,
      },
    ],
    [
      'organizer search',
      {
        path: `/organizers?search=${RARE}`,
        sqlite: /SCAN linked_post_search_fts VIRTUAL TABLE INDEX \d+:M/,
        postgres: /Bitmap Index Scan on linked_post_search_body_trgm/,
      },
    ],
    [
      'tags',
      {
        path: '/tags?hide_empty=false',
        sqlite: /SEARCH terms USING INDEX terms_(parent|taxonomy_slug) \(taxonomy=\?/,
        postgres: /Index Scan on terms_(parent|taxonomy_slug)|Index Scan using terms_(parent|taxonomy_slug)/,
        terms: true,
      },
    ],
    [
      'tag search',
      {
        path: '/tags?search=zanz',
        sqlite: /SCAN term_search_fts VIRTUAL TABLE INDEX \d+:M/,
        postgres: /Bitmap Index Scan on term_search_body_trgm/,
        terms: true,
      },
    ],
    [
      'category search',
      {
        path: `/categories?search=${RARE}`,
        sqlite: /SCAN term_search_fts VIRTUAL TABLE INDEX \d+:M/,
        postgres: /Bitmap Index Scan on term_search_body_trgm/,
        terms: true,
      },
    ],
    [
      'a category by slug',
      {
        path: '/categories?slug=filler-category-7',
        sqlite: /terms_taxonomy_slug \(taxonomy=\? AND slug=\?/,
        postgres: /Index Scan using terms_taxonomy_slug/,
        terms: true,
      },
    ],
    [
      'the tags of an event',
      {
        path: '/tags?post=EVENT',
        sqlite: /SEARCH event_terms USING COVERING INDEX sqlite_autoindex_event_terms_1 \(event_id=\?\)/,
        postgres: /event_terms_pk/,
        terms: true,
      },
    ],
    [
      'child categories',
      {
        path: '/categories?parent=CATEGORY',
        sqlite: /terms_parent \(taxonomy=\? AND parent_id=\?/,
        postgres: /Index Scan using terms_parent/,
        terms: true,
      },
    ],
    [
      'included tags',
      {
        path: '/tags?include=TAG',
        sqlite: /SEARCH terms USING INTEGER PRIMARY KEY|terms_(parent|taxonomy_slug)/,
        postgres: /terms_pkey|terms_(parent|taxonomy_slug)/,
        terms: true,
      },
    ],
    [
      'events modified since',
      {
        path: '/events?updated_since=2026-03-10',
        sqlite: /posts_type_modified \(type=\? AND modified_utc>\?\)/,
        postgres: /posts_type_modified\b/,
      },
    ],
    [
      'venues modified since',
      {
        path: '/venues?updated_since=2026-03-10',
        sqlite: /posts_type_modified \(type=\? AND modified_utc>\?\)/,
        postgres: /posts_type_modified\b/,
      },
    ],
    [
      // Later than every change the log holds (its times are the database's clock), so the log is asked.
      'tags changed since',
      {
        path: '/tags?hide_empty=false&updated_since=2099-01-01',
        sqlite: /change_log_type_time \(type=\? AND changed_utc>\?\)/,
        postgres: /change_log_type_time\b/,
        terms: true,
      },
    ],
  ];

  it('reads the changes of one list after a sync token from their own index', async () => {
    const version = await sql<{ v: number }>`select version as v from data_version where id = 1`.execute(
      database.kysely,
    );
    const text = `select record_id from change_log where type = 'tag' and (version, id) > (${Number(version.rows[0]!.v)}, 0)
      and (was_public = 1 or is_public = 1) order by version, id limit 2001`;
    const rows = sqlite
      ? (await sql.raw<{ detail: string }>(`explain query plan ${text}`).execute(database.kysely)).rows.map(
          (r) => r.detail,
        )
      : (await sql.raw<{ 'QUERY PLAN': string }>(`explain ${text}`).execute(database.kysely)).rows.map(
          (r) => r['QUERY PLAN'],
        );
    const plan = rows.join('\n');
    console.log(`${dialect.name} changes of a list\n${plan}`);
    // PostgreSQL may start from the position in the log's order instead, as cheap when few changes follow it.
    expect(plan).toMatch(
      sqlite ? /change_log_type \(type=\? AND version>\?\)/ : /Index Scan using change_log_/,
    );
    expect(plan).not.toMatch(scanOf('change_log'));
  });

  for (const [what, c] of cases) {
    const known = c.knownScan === dialect.name;
    (known ? it.fails : it)(`serves ${what} (${c.path}) from an index`, async () => {
      const path = c.path
        .replace('VENUE', String(ids.venue))
        .replace('ORGANIZER', String(ids.organizer))
        .replace('CATEGORY', String(ids.category))
        .replace('TAG', String(ids.tag))
        .replace('EVENT', String(ids.event));
      const plan = await planOf(path);
      console.log(`${dialect.name} ${path}\n${plan}`);
      expect(plan).toMatch(sqlite ? c.sqlite : c.postgres);
      expect(plan).not.toMatch(c.terms ? scanOfEventTables : scan);
    });
  }

  it('walks the date order for a common word, testing each event, instead of sorting every match', async () => {
    // PostgreSQL's statistics tell it so; SQLite is told by the count (see DateWalkable in events/list-query.ts).
    const plan = await planOf('/events?search=concert');
    console.log(`${dialect.name} /events?search=concert\n${plan}`);
    if (sqlite) {
      expect(plan).toMatch(/SEARCH events USING (COVERING )?INDEX events_(start|listing)\b/);
      expect(plan).toMatch(
        /SEARCH event_search USING INDEX event_search_event_language \(event_id=\? AND language=\?\)/,
      );
      expect(plan).not.toMatch(/event_search_fts/);
    } else expect(plan).toMatch(/Index Scan using events_(start|listing)\b/);
    expect(plan).not.toMatch(scan);
  });

  it.each([
    [
      '/events',
      'the default window',
      /USING COVERING INDEX events_listing \(status=\? AND hide_from_listings=\?/,
    ],
    ['/events?featured=true&start_date=2026-03-01', 'featured events from a date', /USING INDEX events_/],
  ])(
    'counts the total of %s (%s) from the events alone, the status copied onto them',
    async (path, _what, sqlitePlan) => {
      // Totals are cached per data version, and earlier tests asked for these lists.
      await bumpDataVersion(database.kysely);
      const plan = await planOf(path, 'total');
      console.log(`${dialect.name} total of ${path}\n${plan}`);
      // Not one post row read per event: the status is on the event.
      expect(plan).not.toMatch(/\bposts\b/);
      // PostgreSQL may read the whole events table for a total of nine events in ten, as it does here.
      if (sqlite) {
        expect(plan).toMatch(sqlitePlan);
        expect(plan).not.toMatch(scan);
      }
    },
  );

  it('counts the total of a search from its matches, looked up by id, not by walking the date range', async () => {
    await bumpDataVersion(database.kysely);
    const plan = await planOf(`/events?search=${RARE}`, 'total');
    console.log(`${dialect.name} total of /events?search=${RARE}\n${plan}`);
    if (sqlite) {
      expect(plan).toMatch(/SEARCH events USING INTEGER PRIMARY KEY \(rowid=\?\)/);
      expect(plan).not.toMatch(/events_(listing|start|own_start)\b/);
      expect(plan).toMatch(/SCAN event_search_fts VIRTUAL TABLE INDEX \d+:M/);
    } else expect(plan).toMatch(/event_search_folded_trgm/);
    expect(plan).not.toMatch(scan);
    // With a category, the term's index may lead instead: the count is planned as the database sees fit.
    const withCategory = await planOf(`/events?search=${RARE}&categories=${ids.category}`, 'total');
    expect(withCategory).not.toMatch(scan);
    expect(statements.find((s) => /\bcount\(\*\)/i.test(s.sql))?.sql).not.toMatch(/not indexed/);
  });

  it('counts a geolocation list from the venues near the point, not by walking the date range', async () => {
    await bumpDataVersion(database.kysely);
    const path = '/events?geoloc_lat=50&geoloc_lng=5&geoloc_radius=30';
    const plan = await planOf(path, 'total');
    console.log(`${dialect.name} total of ${path}\n${plan}`);
    expect(plan).toMatch(/venues_geo\b/);
    if (sqlite) {
      expect(plan).toMatch(/SEARCH events USING (COVERING )?INDEX events_venue \(venue_id=\?/);
      expect(plan).not.toMatch(/events_(listing|start|own_start)\b/);
    }
    expect(plan).not.toMatch(scan);
  });

  it('reads the search table whole for words under three characters only, which no trigram index holds', async () => {
    const plan = await planOf('/events?search=dj');
    console.log(`${dialect.name} /events?search=dj\n${plan}`);
    expect(plan).not.toMatch(/event_search_fts|event_search_folded_trgm/);
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
