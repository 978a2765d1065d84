/**
 * Categories and tags over HTTP, through the same dispatcher `core.handle` uses, on SQLite and (when a server
 * answers at TEST_PG_URL or postgres://postgres@127.0.0.1:5432/test) PostgreSQL. The route table here holds
 * only the term routes, so these tests do not depend on the rest of the API.
 */

import { randomBytes } from 'node:crypto';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authenticateWithApiKey } from '../../auth/api-keys.js';
import type { Role, UserPrincipal } from '../../auth/principal.js';
import { createCountCache } from '../../cache/count-cache.js';
import { type CalendarConfig, resolveConfig } from '../../config.js';
import type { CalendarDatabase } from '../../db/database.js';
import type { PostStatus } from '../../db/schema.js';
import { testDialects } from '../../db/test-databases.js';
import { createDispatcher, createUrlBuilder } from '../../http/handle.js';
import { textOf } from '../../http/respond.js';
import { silentLogger } from '../../logger.js';
import type { RequestContext } from '../../route-table/context.js';
import { createScheduledPublisher } from '../posts/publish-due.js';
import { createApiKey, createUser } from '../users/repository.js';
import { findTermIdsForFilter, loadEventTerms, resolveEventTermIds, setEventTerms } from './event-terms.js';
import { categoryRoutes, tagRoutes } from './terms.js';

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

  /** The dispatcher over a database handle that counts the statements it runs (one per dialect). */
  let shared: ReturnType<typeof createDispatcher> | undefined;
  function dispatcher() {
    shared ??= makeDispatcher();
    return shared;
  }

  function makeDispatcher() {
    const counter: KyselyPlugin = {
      transformQuery: (args) => {
        statements++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const counted: CalendarDatabase = { ...database, kysely: database.kysely.withPlugin(counter) };
    const publishDue = createScheduledPublisher();
    return createDispatcher({
      config,
      database: counted,
      routes: [...categoryRoutes(), ...tagRoutes()],
      clock: () => NOW,
      authenticate: (request) => authenticateWithApiKey(database.kysely, request.headers),
      logger: silentLogger,
      ticketProvider: undefined,
      // These tests change rows directly between requests, which the response cache cannot see.
      responseCache: false,
      // As core.ts does: publishes due events before a request.
      beforeEachRequest: (now) => publishDue(counted, now),
    });
  }

  async function call(
    method: string,
    path: string,
    options: { as?: Role; body?: Record<string, unknown> } = {},
  ): Promise<Reply> {
    const headers: Record<string, string> = { host: 'api.example', 'content-type': 'application/json' };
    if (options.as) headers.authorization = `Bearer ${keys[options.as]}`;
    const response = await dispatcher().handle({
      method,
      url: `/calendar/events/v1${path}`,
      mountPath: '',
      headers,
      ...(options.body ? { body: { kind: 'raw', data: JSON.stringify(options.body) } as const } : {}),
    });
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

  describe('single terms', () => {
    it('creates a category: 201, Location, the endpoint shape in its key order, no _links', async () => {
      const parent = await createCategory({ name: 'Music' });
      const reply = await call('POST', '/categories', {
        as: 'editor',
        body: { name: 'Jazz', description: 'Term description', slug: 'jazz-nights', parent },
      });
      expect(reply.status).toBe(201);
      const id = reply.json.id;
      expect(reply.headers.Location).toBe(`${API}/categories/${id}`);
      expect(Object.keys(reply.json)).toEqual([
        'id',
        'count',
        'description',
        'name',
        'slug',
        'taxonomy',
        'parent',
        'meta',
        'url',
        'urls',
      ]);
      expect(reply.json).toEqual({
        id,
        count: 0,
        description: 'Term description',
        name: 'Jazz',
        slug: 'jazz-nights',
        taxonomy: 'tribe_events_cat',
        parent,
        meta: [],
        url: `${SITE}/events/category/music/jazz-nights/`,
        urls: {
          self: `${API}/categories/${id}`,
          collection: `${API}/categories`,
          up: `${API}/categories/${parent}`,
        },
      });
      const read = await call('GET', `/categories/${id}`);
      expect(read.status).toBe(200);
      expect(read.json).toEqual(reply.json);
    });

    it('creates a tag: no parent key, post_tag, the tag permalink, no up link', async () => {
      const reply = await call('POST', '/tags', { as: 'editor', body: { name: 'Open Air' } });
      expect(reply.status).toBe(201);
      expect(reply.json).toEqual({
        id: reply.json.id,
        count: 0,
        description: '',
        name: 'Open Air',
        slug: 'open-air',
        taxonomy: 'post_tag',
        meta: [],
        url: `${SITE}/tag/open-air/`,
        urls: { self: `${API}/tags/${reply.json.id}`, collection: `${API}/tags` },
      });
    });

    it('validates before it authorizes, then answers 401/403 by role (categories: authors too; tags: editors)', async () => {
      expect((await call('POST', '/categories', { body: { name: '' } })).status).toBe(400);
      const missing = await call('POST', '/categories', { body: {} });
      expect(missing.json).toEqual({
        code: 'rest_missing_callback_param',
        message: 'Missing parameter(s): name',
        data: { status: 400, params: ['name'] },
      });
      expect((await call('POST', '/categories', { body: { name: 'A' } })).status).toBe(401);
      expect((await call('POST', '/categories', { as: 'subscriber', body: { name: 'A' } })).status).toBe(403);
      expect((await call('POST', '/categories', { as: 'contributor', body: { name: 'A' } })).status).toBe(
        403,
      );
      expect((await call('POST', '/categories', { as: 'author', body: { name: 'A' } })).status).toBe(201);
      expect((await call('POST', '/tags', { as: 'author', body: { name: 'A' } })).status).toBe(403);
      expect((await call('POST', '/tags', { as: 'administrator', body: { name: 'A' } })).status).toBe(201);
      const id = await createTag({ name: 'B' });
      expect((await call('DELETE', `/tags/${id}`)).status).toBe(401);
      expect((await call('DELETE', `/tags/${id}`, { as: 'author' })).status).toBe(403);
    });

    it('rejects empty strings and bad parents with rest_invalid_param', async () => {
      for (const [key, value] of [
        ['name', ''],
        ['description', ''],
        ['slug', ''],
        ['parent', ''],
        ['parent', '2389'],
        ['parent', 'foo'],
        ['name', '<b></b>'],
      ] as const) {
        const reply = await call('POST', '/categories', { as: 'editor', body: { name: 'Ok', [key]: value } });
        expect(reply.status, `${key}=${value}`).toBe(400);
        expect(reply.json.code).toBe('rest_invalid_param');
        expect(Object.keys(reply.json.data.params)).toEqual([key]);
      }
    });

    it('answers 400 for an id that is no term of the route taxonomy, 404 for a non-numeric id', async () => {
      const tag = await createTag({ name: 'A tag' });
      const category = await createCategory({ name: 'A category' });
      for (const path of [
        `/categories/${tag}`,
        '/categories/2389',
        `/tags/${category}`,
        '/categories/99999999999999999999',
      ]) {
        const reply = await call('GET', path);
        expect(reply.status, path).toBe(400);
        expect(reply.json).toEqual({
          code: 'rest_invalid_param',
          message: 'Invalid parameter(s): id',
          data: { status: 400, params: { id: 'Invalid parameter.' }, details: [] },
        });
      }
      expect((await call('DELETE', `/categories/${tag}`, { as: 'editor' })).status).toBe(400);
      expect((await call('GET', '/categories/foo')).status).toBe(404);
    });

    it('refuses a duplicate name under the same parent (any case) with term_exists and the existing id', async () => {
      const parent = await createCategory({ name: 'Parent' });
      const first = await createCategory({ name: 'Concerts', parent });
      const again = await call('POST', '/categories', { as: 'editor', body: { name: 'CONCERTS', parent } });
      expect(again.json).toEqual({
        code: 'term_exists',
        message: 'A term with the name provided already exists with this parent.',
        data: { status: 400, term_id: first },
      });
      expect(again.status).toBe(400);
      // Another parent is another level of the tree.
      expect((await call('POST', '/categories', { as: 'editor', body: { name: 'Concerts' } })).status).toBe(
        201,
      );
      // As in WordPress, a free slug sent explicitly lets the name exist twice.
      expect(
        (
          await call('POST', '/categories', {
            as: 'editor',
            body: { name: 'Concerts', parent, slug: 'concerts-b' },
          })
        ).status,
      ).toBe(201);

      await createTag({ name: 'Outdoor' });
      const tag = await call('POST', '/tags', { as: 'editor', body: { name: 'outdoor' } });
      expect(tag.status).toBe(400);
      expect(tag.json.message).toBe('A term with the name provided already exists in this taxonomy.');
    });

    it('suffixes a taken slug on create and refuses another term’s slug on update', async () => {
      const first = await createTag({ name: 'Rock', slug: 'rock' });
      const second = await call('POST', '/tags', {
        as: 'editor',
        body: { name: 'Rock and Roll', slug: 'Rock' },
      });
      expect(second.json.slug).toBe('rock-2');
      const update = await call('POST', `/tags/${second.json.id}`, { as: 'editor', body: { slug: 'rock' } });
      expect(update.status).toBe(400);
      expect(update.json).toEqual({
        code: 'duplicate_term_slug',
        message: 'The slug “rock” is already in use by another term.',
        data: { status: 400 },
      });
      // A term may keep (resend) its own slug.
      expect((await call('PATCH', `/tags/${first}`, { as: 'editor', body: { slug: 'rock' } })).status).toBe(
        200,
      );
    });

    it('updates partially with POST, PUT and PATCH', async () => {
      const parent = await createCategory({ name: 'Parent' });
      const id = await createCategory({ name: 'Old', description: 'Kept', parent });
      const renamed = await call('PUT', `/categories/${id}`, { as: 'editor', body: { name: 'New' } });
      expect(renamed.status).toBe(200);
      expect(renamed.json).toMatchObject({ name: 'New', description: 'Kept', slug: 'old', parent });
      const described = await call('PATCH', `/categories/${id}`, {
        as: 'editor',
        body: { description: 'Changed' },
      });
      expect(described.json).toMatchObject({ name: 'New', description: 'Changed', parent });
      const detached = await call('POST', `/categories/${id}`, {
        as: 'editor',
        body: { parent: 0, slug: 'fresh' },
      });
      expect(detached.json).toMatchObject({ name: 'New', slug: 'fresh', parent: 0 });
      expect(detached.json.urls.up).toBeUndefined();
    });

    it('refuses a parent that would make a loop', async () => {
      const top = await createCategory({ name: 'Top' });
      const middle = await createCategory({ name: 'Middle', parent: top });
      const bottom = await createCategory({ name: 'Bottom', parent: middle });
      for (const parent of [top, bottom]) {
        const reply = await call('POST', `/categories/${top}`, { as: 'editor', body: { parent } });
        expect(reply.status).toBe(400);
        expect(Object.keys(reply.json.data.params)).toEqual(['parent']);
      }
    });

    it('deletes for good: 200 with the term as it was; children move up; events lose the term', async () => {
      const top = await createCategory({ name: 'Top' });
      const middle = await createCategory({ name: 'Middle', parent: top, description: 'Term description' });
      const bottom = await createCategory({ name: 'Bottom', parent: middle });
      const published = await event();
      await link(middle, [published, await event()]);
      const before = (await call('GET', `/categories/${middle}`)).json;
      expect(before.count).toBe(2);
      const reply = await call('DELETE', `/categories/${middle}`, { as: 'editor' });
      expect(reply.status).toBe(200);
      expect(reply.json).toEqual(before);
      expect((await call('GET', `/categories/${middle}`)).status).toBe(400);
      expect((await call('GET', `/categories/${bottom}`)).json.parent).toBe(top);
      expect((await loadEventTerms(context(), [published])).get(published)).toEqual({
        categories: [],
        tags: [],
      });
    });

    it('keeps names plain text and descriptions free of scripts', async () => {
      const id = await createCategory({
        name: '  <b>Rock</b> &amp; Roll ',
        description: 'Fish & Chips <script>alert(1)</script><a href="javascript:x()">link</a> <em>fine</em>',
      });
      const reply = await call('GET', `/categories/${id}`);
      expect(reply.json.name).toBe('Rock & Roll');
      expect(reply.json.slug).toBe('rock-roll');
      expect(reply.json.description).toBe('Fish &amp; Chips <a>link</a> <em>fine</em>');
      const plain = await createCategory({ name: 'Plain', description: '  Fish & Chips  ' });
      expect((await call('GET', `/categories/${plain}`)).json.description).toBe('Fish & Chips');
    });

    it('stores texts per language and falls back field by field to the default language', async () => {
      const id = await createCategory({ name: 'Concert', description: 'Live music' });
      const german = await call('POST', `/categories/${id}?multilang_language=de`, {
        as: 'editor',
        body: { name: 'Konzert' },
      });
      expect(german.json).toMatchObject({ name: 'Konzert', description: 'Live music' });
      expect((await call('GET', `/categories/${id}`)).json.name).toBe('Concert');
      expect((await call('GET', `/categories/${id}?multilang_language=de`)).json.name).toBe('Konzert');
      // A term first written in German also gets its English (default) text.
      const created = await call('POST', '/tags?multilang_language=de', {
        as: 'editor',
        body: { name: 'Draußen' },
      });
      expect((await call('GET', `/tags/${created.json.id}`)).json.name).toBe('Draußen');
      // Search uses the request language's text.
      const found = await call('GET', '/categories?hide_empty=false&search=konz&multilang_language=de');
      expect(found.json.total).toBe(1);
      expect((await call('GET', '/categories?hide_empty=false&search=konz')).json.total).toBe(0);
    });
  });

  describe('lists', () => {
    it('pages like the plugin: envelope order, links with only `page`, headers, 200 past the end', async () => {
      for (let n = 1; n <= 9; n++) await createTag({ name: `Event Tag ${n}` });
      const first = await call('GET', '/tags?hide_empty=false&per_page=3&page=1');
      expect(first.status).toBe(200);
      expect(Object.keys(first.json)).toEqual(['rest_url', 'total', 'total_pages', 'tags', 'next_rest_url']);
      expect(first.json).toMatchObject({
        rest_url: `${API}/tags/`,
        total: 9,
        total_pages: 3,
        next_rest_url: `${API}/tags/?page=2`,
      });
      expect(first.headers).toMatchObject({
        'X-TEC-Total': '9',
        'X-TEC-TotalPages': '3',
        'X-WP-Total': '9',
        'X-WP-TotalPages': '3',
      });
      expect(first.headers.Link).toBe(`<${API}/tags/?page=2>; rel="next"`);
      const second = await call('GET', '/tags?hide_empty=false&per_page=3&page=2');
      expect(second.json.previous_rest_url).toBe(`${API}/tags/`);
      expect(second.json.next_rest_url).toBe(`${API}/tags/?page=3`);
      const third = await call('GET', '/tags?hide_empty=false&per_page=3&page=3');
      expect(third.json.previous_rest_url).toBe(`${API}/tags/?page=2`);
      expect(third.json.next_rest_url).toBeUndefined();
      const past = await call('GET', '/tags?hide_empty=false&per_page=3&page=7');
      expect(past.status).toBe(200);
      expect(past.json).toEqual({
        rest_url: `${API}/tags/`,
        total: 9,
        total_pages: 3,
        tags: [],
        previous_rest_url: `${API}/tags/?page=6`,
      });
      const empty = await call('GET', '/categories');
      expect(empty.json).toEqual({
        rest_url: `${API}/categories/`,
        total: 0,
        total_pages: 0,
        categories: [],
      });
      expect((await call('GET', '/tags?hide_empty=false&per_page=100')).json.tags).toHaveLength(9);
    });

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
      expect(small).toBeLessThanOrEqual(2);
    });

    it('counts published events only and hides empty terms unless hide_empty=false', async () => {
      const used = await createCategory({ name: 'Used' });
      const draftOnly = await createCategory({ name: 'Draft only' });
      await createCategory({ name: 'Unused' });
      await link(used, [
        await event('publish'),
        await event('future', '2030-01-01 00:00:00'),
        await event('draft'),
      ]);
      await link(draftOnly, [await event('draft'), await event('future', '2031-01-01 00:00:00')]);
      const shown = await call('GET', '/categories');
      expect(shown.json.categories.map((c: { name: string; count: number }) => [c.name, c.count])).toEqual([
        ['Used', 2],
      ]);
      const all = await call('GET', '/categories?hide_empty=false');
      expect(all.json.categories.map((c: { name: string }) => c.name)).toEqual([
        'Draft only',
        'Unused',
        'Used',
      ]);
      expect((await call('GET', '/categories?hide_empty=maybe')).json.data.params).toEqual({
        hide_empty: 'hide_empty is not of type boolean.',
      });
    });

    it('keeps an empty category whose descendant has events (WordPress hierarchical lists)', async () => {
      const music = await createCategory({ name: 'Music' });
      const jazz = await createCategory({ name: 'Jazz', parent: music });
      const bebop = await createCategory({ name: 'Bebop', parent: jazz });
      await createCategory({ name: 'Theatre' });
      await link(bebop, [await event()]);
      const names = (await call('GET', '/categories')).json.categories.map((c: { name: string }) => c.name);
      expect(names).toEqual(['Bebop', 'Jazz', 'Music']);
      const children = await call('GET', `/categories?parent=${music}`);
      expect(children.json.categories.map((c: { id: number }) => c.id)).toEqual([jazz]);
      const top = await call('GET', '/categories?parent=0&hide_empty=false');
      expect(top.json.categories.map((c: { name: string }) => c.name)).toEqual(['Music', 'Theatre']);
      for (const bad of ['', '2389', 'foo'])
        expect((await call('GET', `/categories?parent=${bad}`)).status).toBe(400);
    });

    it('orders by name case-insensitively by default, and by id, slug, count, include on request', async () => {
      const b = await createTag({ name: 'b' });
      const a = await createTag({ name: 'A' });
      const c = await createTag({ name: 'C' });
      const ids = async (query: string) =>
        (await call('GET', `/tags?hide_empty=false&${query}`)).json.tags.map((t: { id: number }) => t.id);
      expect(await ids('')).toEqual([a, b, c]);
      expect(await ids('order=desc&orderby=id')).toEqual([c, a, b]);
      expect(await ids('order=ASC&orderby=id')).toEqual([b, a, c]);
      expect(await ids('order=whatever&orderby=name')).toEqual([c, b, a]);
      expect(await ids('orderby=unknown')).toEqual([a, b, c]);
      expect(await ids(`orderby=include&include=${c},${b},${a}`)).toEqual([c, b, a]);
      await Promise.all([event(), event()]).then((events) =>
        Promise.all(events.map((e) => setEventTerms(context(), e, 'tag', [c]))),
      );
      expect(await ids('orderby=count&order=desc')).toEqual([c, b, a]);
      for (const query of ['order=&orderby=id', 'order=desc&orderby=']) {
        expect((await call('GET', `/tags?${query}`)).status, query).toBe(400);
      }
    });

    it('filters by search (name or slug), slug, include and exclude (ids or slugs)', async () => {
      await createTag({ name: 'Foo' });
      await createTag({ name: 'Bar' });
      const baz = await createTag({ name: 'Baz' });
      await createTag({ name: 'One', slug: 'foo-bar' });
      const total = async (query: string) =>
        (await call('GET', `/tags?hide_empty=false&${query}`)).json.total;
      expect(await total('search=foo')).toBe(2);
      expect(await total('search=bar')).toBe(2);
      expect(await total('search=zoot')).toBe(0);
      expect(await total('search=%25')).toBe(0);
      expect(await total('slug=foo-bar')).toBe(1);
      expect(await total('slug=Foo Bar')).toBe(1);
      expect(await total('slug=nope')).toBe(0);
      expect(await total(`include=${baz},foo`)).toBe(2);
      expect(await total(`exclude[]=${baz}&exclude[]=bar`)).toBe(2);
      for (const query of [
        'search=',
        'slug=',
        'include=2389,1235',
        `exclude=${baz},nope`,
        'include=',
        'include=99999999999',
      ]) {
        expect((await call('GET', `/tags?hide_empty=false&${query}`)).status, query).toBe(400);
      }
    });

    it('filters by event (`event` wins over `post`) and guards events the caller may not read', async () => {
      const one = await createTag({ name: 'One' });
      const two = await createTag({ name: 'Two' });
      await createTag({ name: 'Three' });
      const first = await event();
      const second = await event();
      await setEventTerms(context(), first, 'tag', [one, two]);
      await setEventTerms(context(), second, 'tag', [two]);
      expect((await call('GET', `/tags?hide_empty=false&post=${first}`)).json.total).toBe(2);
      expect((await call('GET', `/tags?hide_empty=false&event=${first}`)).json.total).toBe(2);
      expect((await call('GET', `/tags?hide_empty=false&post=${first}&event=${second}`)).json.total).toBe(1);
      for (const [key, value] of [
        ['post', ''],
        ['post', '999999'],
        ['post', 'foo'],
        ['event', ''],
        ['event', String(one)],
      ]) {
        expect((await call('GET', `/tags?${key}=${value}`)).status, `${key}=${value}`).toBe(400);
      }
      const draft = await event('draft');
      await setEventTerms(context(), draft, 'tag', [one]);
      expect((await call('GET', `/tags?hide_empty=false&event=${draft}`)).status).toBe(401);
      expect((await call('GET', `/tags?hide_empty=false&event=${draft}`, { as: 'subscriber' })).status).toBe(
        403,
      );
      expect((await call('GET', `/tags?hide_empty=false&event=${draft}`, { as: 'editor' })).json.total).toBe(
        1,
      );
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
