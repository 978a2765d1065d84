/**
 * The storage functions of categories and tags (event-terms.ts, repository.ts, list-query.ts), on SQLite and
 * (when a server answers at TEST_PG_URL or postgres://postgres@127.0.0.1:5432/test) PostgreSQL. Terms are
 * created through `core.handle`, as a client creates them; the HTTP answers themselves are the contract suite's
 * (packages/tests/src/contract/terms.test.ts).
 */

import { randomBytes } from 'node:crypto';
import { testDialects } from '@calendar-events/tests/databases';
import { apiRequest } from '@calendar-events/tests/requests';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Role, UserPrincipal } from '../../auth/principal.js';
import { createCountCache } from '../../cache/count-cache.js';
import { type CalendarConfig, resolveConfig } from '../../config.js';
import { type CalendarCore, createCalendarCore } from '../../core.js';
import type { CalendarDatabase } from '../../db/database.js';
import type { PostStatus, Taxonomy } from '../../db/schema.js';
import { createUrlBuilder } from '../../http/request-url.js';
import { textOf } from '../../http/respond.js';
import { silentLogger } from '../../logger.js';
import type { RequestContext } from '../../route-table/context.js';
import { createApiKey, createUser } from '../users/repository.js';
import {
  findTermIdsForFilter,
  loadEventTerms,
  resolveEventTermIds,
  resolveEventTerms,
  setEventTerms,
} from './event-terms.js';

const NOW = new Date('2030-06-15T12:00:00Z');
const SITE = 'https://site.example';
const API = 'http://api.example/calendar/events/v1';
const dialects = await testDialects();

interface Reply {
  status: number;
  headers: Record<string, string>;
  // biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary JSON
  json: any;
}

describe.each(dialects)('categories and tags ($name)', (dialect) => {
  let database: CalendarDatabase;
  let close: () => Promise<void>;
  let config: CalendarConfig;
  let statements = 0;
  const keys: Partial<Record<Role, string>> = {};
  const userIds: Partial<Record<Role, number>> = {};

  beforeAll(async () => {
    ({ database, close } = await dialect.open());
    config = resolveConfig({ siteUrl: SITE });
  });
  afterAll(() => close());

  beforeEach(async () => {
    const db = database.kysely;
    for (const table of [
      'event_terms',
      'term_texts',
      'terms',
      'post_texts',
      'posts',
      'api_keys',
      'users',
    ] as const)
      await db.deleteFrom(table).execute();
    for (const role of ['administrator', 'editor', 'author', 'contributor', 'subscriber'] as const) {
      const user = await createUser(db, { login: role, role });
      userIds[role] = user.id;
      keys[role] = await createApiKey(db, role);
    }
  });

  /** The service over a database handle that counts the statements it runs (one per dialect). */
  let shared: CalendarCore | undefined;
  function core() {
    shared ??= makeCore();
    return shared;
  }

  function makeCore() {
    const counter: KyselyPlugin = {
      transformQuery: (args) => {
        statements++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const counted: CalendarDatabase = { ...database, kysely: database.kysely.withPlugin(counter) };
    return createCalendarCore({
      siteUrl: SITE,
      database: counted,
      clock: () => NOW,
      logger: silentLogger,
      // These tests change rows directly between requests, which the response cache cannot see.
      cache: false,
    });
  }

  async function call(
    method: string,
    path: string,
    options: { as?: Role; body?: Record<string, unknown> } = {},
  ): Promise<Reply> {
    const response = await core().handle(
      apiRequest(method, path, { key: options.as ? keys[options.as] : undefined, body: options.body }),
    );
    return {
      status: response.status,
      headers: response.headers,
      json: response.body ? JSON.parse(textOf(response)!) : undefined,
    };
  }

  const createCategory = async (body: Record<string, unknown>) => {
    const reply = await call('POST', '/categories', { as: 'editor', body });
    expect(reply.status, JSON.stringify(reply.json)).toBe(201);
    return reply.json.id as number;
  };
  const createTag = async (body: Record<string, unknown>) => {
    const reply = await call('POST', '/tags', { as: 'editor', body });
    expect(reply.status, JSON.stringify(reply.json)).toBe(201);
    return reply.json.id as number;
  };

  /** An event row (only what terms look at: type, status, publication date). */
  async function event(status: PostStatus = 'publish', dateUtc = '2030-01-01 00:00:00'): Promise<number> {
    const row = await database.kysely
      .insertInto('posts')
      .values({
        type: 'event',
        status,
        author_id: userIds.administrator!,
        slug: `event-${randomBytes(4).toString('hex')}`,
        date_utc: dateUtc,
        modified_utc: dateUtc,
        password: '',
        image_id: null,
        trashed_from: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Its event row: an event's terms are read through it (an occurrence carries its series' terms).
    await database.kysely
      .insertInto('events')
      .values({
        id: row.id,
        start_local: dateUtc,
        end_local: dateUtc,
        start_utc: dateUtc,
        end_utc: dateUtc,
        timezone: 'UTC',
        all_day: 0,
        cost: '[]',
        currency_symbol: '',
        currency_code: '',
        currency_position: '',
        website: null,
        show_map: 0,
        show_map_link: 0,
        hide_from_listings: 0,
        sticky: 0,
        featured: 0,
        venue_id: null,
        parent_id: null,
        follows_id: null,
      })
      .execute();
    return row.id;
  }

  function context(language = 'en', principal: UserPrincipal | null = null): RequestContext {
    return {
      config,
      database,
      db: database.kysely,
      principal,
      language,
      addressLanguage: language,
      now: NOW,
      urls: createUrlBuilder('http://api.example', '/calendar/events/v1', config.siteUrl),
      logger: silentLogger,
      ticketProvider: undefined,
      counts: createCountCache(),
    };
  }

  const link = (termId: number, eventIds: number[]) =>
    Promise.all(eventIds.map((eventId) => setEventTerms(context(), eventId, 'category', [termId])));

  describe('lists', () => {
    it('runs the same number of statements whatever per_page is', async () => {
      for (let n = 1; n <= 12; n++) {
        const id = await createCategory({ name: `Category ${n}` });
        await link(id, [await event()]);
      }
      // The first request of a clock second also checks for scheduled posts that are due: warm it up.
      await call('GET', '/categories?per_page=1');
      statements = 0;
      expect((await call('GET', '/categories?per_page=2')).json.categories).toHaveLength(2);
      const small = statements;
      statements = 0;
      expect((await call('GET', '/categories?per_page=12')).json.categories).toHaveLength(12);
      expect(statements).toBe(small);
      // The terms, their total, and (with the response cache off, as here) the change log's position for the
      // last page's Sync-Token, which a cached answer takes from the data version it is kept under instead.
      expect(small).toBeLessThanOrEqual(3);
    });
  });

  describe('terms of events', () => {
    it('resolves ids, slugs and names, skips unknown ids, creates unknown names, keeps order without duplicates', async () => {
      const rock = await createTag({ name: 'Rock', slug: 'rock-music' });
      const jazz = await createTag({ name: 'Jazz' });
      const resolved = await resolveEventTermIds(context(), 'tag', [
        jazz,
        'rock-music',
        'JAZZ',
        '999999',
        999998,
        ' New One ',
        'new one',
        'Another',
        String(rock),
      ]);
      expect(resolved.slice(0, 2)).toEqual([jazz, rock]);
      expect(resolved).toHaveLength(4);
      const created = await call('GET', `/tags/${resolved[2]}`);
      expect(created.json).toMatchObject({ name: 'New One', slug: 'new-one' });
      expect((await call('GET', `/tags/${resolved[3]}`)).json.name).toBe('Another');
      // German names are found in German.
      await call('POST', `/tags/${jazz}?multilang_language=de`, { as: 'editor', body: { name: 'Dschäss' } });
      expect(await resolveEventTermIds(context('de'), 'tag', ['dschäss'])).toEqual([jazz]);
    });

    it('resolves categories and tags together, each within its own taxonomy', async () => {
      const category = await createCategory({ name: 'Both Kinds', slug: 'both-kinds' });
      const tag = await createTag({ name: 'Both Kinds', slug: 'both-kinds' });
      const resolved = await resolveEventTerms(
        context(),
        new Map<Taxonomy, Array<string | number>>([
          // A tag's id among the categories is no category: skipped, as an unknown id.
          ['category', ['both-kinds', tag, 'Both kinds']],
          ['tag', [String(category), 'BOTH KINDS', 'Fresh Tag', 'both-kinds']],
        ]),
      );
      expect(resolved.get('category')).toEqual([category]);
      const tags = resolved.get('tag')!;
      expect(tags.slice(0, 1)).toEqual([tag]);
      expect(tags).toHaveLength(2);
      expect((await call('GET', `/tags/${tags[1]}`)).json).toMatchObject({ name: 'Fresh Tag' });
      // Made as a tag only: no category of that name.
      const categories = (await call('GET', '/categories?per_page=50&hide_empty=false')).json
        .categories as Array<{
        name: string;
      }>;
      expect(categories.map((term) => term.name)).toEqual(expect.arrayContaining(['Both Kinds']));
      expect(categories.map((term) => term.name)).not.toContain('Fresh Tag');
    });

    it('uses a term of the same name another write made after the names were looked up, not a second one', async () => {
      const made = await createCategory({ name: 'Made Meanwhile' });
      // The first look-up by name finds nothing, as when the other write had not committed yet; its slug is
      // taken by the time this write looks for a free one.
      let hidden = false;
      const notYetCommitted: KyselyPlugin = {
        transformQuery: (args) => args.node,
        transformResult: async (args) => {
          const first = args.result.rows[0] as Record<string, unknown> | undefined;
          if (hidden || !first || !('name' in first && 'language' in first)) return args.result;
          hidden = true;
          return { ...args.result, rows: [] };
        },
      };
      const resolved = await resolveEventTerms(
        { ...context(), db: database.kysely.withPlugin(notYetCommitted) },
        new Map<Taxonomy, Array<string | number>>([['category', ['Made Meanwhile']]]),
      );
      expect(hidden).toBe(true);
      expect(resolved.get('category')).toEqual([made]);
    });

    it('stores an event’s terms in order and loads the embedded shape for many events at once', async () => {
      const parent = await createCategory({ name: 'Parent' });
      const child = await createCategory({ name: 'Child', parent, description: 'About' });
      const tag = await createTag({ name: 'Tag' });
      const first = await event();
      const second = await event();
      await setEventTerms(context(), first, 'category', [child, parent, child]);
      await setEventTerms(context(), first, 'tag', [tag]);
      await setEventTerms(context(), second, 'tag', [tag]);
      // Replacing one taxonomy leaves the other alone.
      await setEventTerms(context(), second, 'category', [parent]);
      await setEventTerms(context(), second, 'category', []);

      statements = 0;
      const loaded = await loadEventTerms(context(), [first, second, 424242]);
      expect(loaded.get(424242)).toEqual({ categories: [], tags: [] });
      expect(loaded.get(second)?.categories).toEqual([]);
      const categories = loaded.get(first)?.categories as Array<Record<string, unknown>>;
      expect(categories.map((c) => c.id)).toEqual([child, parent]);
      expect(Object.keys(categories[0]!)).toEqual([
        'name',
        'slug',
        'term_group',
        'term_taxonomy_id',
        'taxonomy',
        'description',
        'parent',
        'count',
        'filter',
        'id',
        'urls',
      ]);
      expect(categories[0]).toEqual({
        name: 'Child',
        slug: 'child',
        term_group: 0,
        term_taxonomy_id: child,
        taxonomy: 'tribe_events_cat',
        description: 'About',
        parent,
        count: 1,
        filter: 'raw',
        id: child,
        urls: {
          self: `${API}/categories/${child}`,
          collection: `${API}/categories`,
          up: `${API}/categories/${parent}`,
        },
      });
      expect(loaded.get(second)?.tags).toEqual([
        {
          name: 'Tag',
          slug: 'tag',
          term_group: 0,
          term_taxonomy_id: tag,
          taxonomy: 'post_tag',
          description: '',
          parent: 0,
          count: 2,
          filter: 'raw',
          id: tag,
          urls: { self: `${API}/tags/${tag}`, collection: `${API}/tags` },
        },
      ]);
    });

    it('resolves list filters by slug or id, and reports an unknown item', async () => {
      const music = await createCategory({ name: 'Music' });
      const numbered = await createCategory({ name: 'Numbered', slug: String(music + 1000) });
      expect(await findTermIdsForFilter(context(), 'category', ['music', String(music), music])).toEqual([
        music,
      ]);
      // A slug that looks like an id is a slug first.
      expect(await findTermIdsForFilter(context(), 'category', [String(music + 1000)])).toEqual([numbered]);
      expect(await findTermIdsForFilter(context(), 'category', ['music', 'nope'])).toBeUndefined();
      expect(await findTermIdsForFilter(context(), 'tag', [music])).toBeUndefined();
    });
  });
});
