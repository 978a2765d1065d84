/** Categories and tags over HTTP (ref §2.4(b), §3.2, §5.8, §5.8b, §8.2). */
import { beforeEach, expect, it } from 'vitest';
import { describeContract } from '../index.js';

const NOW = '2030-06-15T12:00:00Z';
const SITE = 'http://calendar.test';
/** A category's keys in the order of the term endpoint (ref §2.4b); a tag's lack `parent`. */
const CATEGORY_KEYS = [
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
];

describeContract('categories and tags', (service) => {
  beforeEach(async () => {
    await service().reset();
    service().setNow(NOW);
  });

  const api = () => `${service().baseUrl}/calendar/events/v1`;
  const call = (
    method: string,
    path: string,
    options: { as?: string; body?: Record<string, unknown> } = {},
  ) =>
    service().request(method, path, {
      ...(options.body ? { json: options.body } : {}),
      ...(options.as ? { as: options.as } : {}),
    });
  const create = async (kind: 'categories' | 'tags', body: Record<string, unknown>) => {
    const reply = await call('POST', `/${kind}`, { as: 'editor', body });
    expect(reply.status, reply.text).toBe(201);
    return reply.json.id as number;
  };
  const createCategory = (body: Record<string, unknown>) => create('categories', body);
  const createTag = (body: Record<string, unknown>) => create('tags', body);
  /** An event carrying the given terms, published unless `status` says otherwise. */
  const event = async (
    terms: { categories?: number[]; tags?: number[] } = {},
    extra: Record<string, unknown> = {},
  ) => {
    const reply = await call('POST', '/events', {
      as: 'admin',
      body: {
        title: 'Event',
        start_date: '2030-01-01 10:00',
        end_date: '2030-01-01 12:00',
        ...terms,
        ...extra,
      },
    });
    expect(reply.status, reply.text).toBe(201);
    return reply.json.id as number;
  };

  it('creates, reads, updates and deletes a category with the term-endpoint shape', async () => {
    const created = await service().request('POST', '/categories', {
      json: { name: 'Music', description: 'All music' },
      as: 'admin',
    });
    expect(created.status).toBe(201);
    expect(created.headers.location).toBe(
      `${service().baseUrl}/calendar/events/v1/categories/${created.json.id}`,
    );
    expect(Object.keys(created.json)).toEqual(CATEGORY_KEYS);
    expect(created.json).toMatchObject({
      count: 0,
      name: 'Music',
      slug: 'music',
      taxonomy: 'tribe_events_cat',
      parent: 0,
      meta: [],
    });
    expect(created.json.url).toBe('http://calendar.test/events/category/music/');
    const child = await service().request('POST', '/categories', {
      json: { name: 'Jazz', parent: created.json.id },
      as: 'admin',
    });
    expect(child.json.urls.up).toBe(`${service().baseUrl}/calendar/events/v1/categories/${created.json.id}`);
    const duplicate = await service().request('POST', '/categories', {
      json: { name: 'Music' },
      as: 'admin',
    });
    expect(duplicate.status).toBe(400);
    expect(duplicate.json.code).toBe('term_exists');
    const updated = await service().request('PATCH', `/categories/${created.json.id}`, {
      json: { description: 'Changed' },
      as: 'admin',
    });
    expect(updated.json).toMatchObject({ name: 'Music', description: 'Changed' });
    const deleted = await service().request('DELETE', `/categories/${created.json.id}`, { as: 'admin' });
    expect(deleted.status).toBe(200);
    expect(deleted.json.id).toBe(created.json.id);
    const gone = await service().request('GET', `/categories/${created.json.id}`);
    expect(gone.status).toBe(400);
  });

  it('tags have no parent; a category id on the tags route is a 400', async () => {
    const tag = await service().request('POST', '/tags', { json: { name: 'Rock' }, as: 'admin' });
    expect(Object.keys(tag.json)).toEqual(CATEGORY_KEYS.filter((key) => key !== 'parent'));
    expect(tag.json.taxonomy).toBe('post_tag');
    expect(tag.json.url).toBe('http://calendar.test/tag/rock/');
    const category = await service().request('POST', '/categories', { json: { name: 'Cat' }, as: 'admin' });
    const wrong = await service().request('GET', `/tags/${category.json.id}`);
    expect(wrong.status).toBe(400);
  });

  it('lists with the term envelope; hide_empty defaults to true', async () => {
    for (const name of ['b', 'A', 'C'])
      await service().request('POST', '/tags', { json: { name }, as: 'admin' });
    const hidden = await service().request('GET', '/tags');
    expect(hidden.json.tags).toEqual([]);
    const all = await service().request('GET', '/tags', { query: { hide_empty: 'false', per_page: 2 } });
    expect(Object.keys(all.json)).toEqual(['rest_url', 'total', 'total_pages', 'tags', 'next_rest_url']);
    expect(all.json.tags.map((t: { name: string }) => t.name)).toEqual(['A', 'b']);
    expect(all.json.rest_url).toBe(`${service().baseUrl}/calendar/events/v1/tags/`);
    expect(all.json.next_rest_url).toBe(`${service().baseUrl}/calendar/events/v1/tags/?page=2`);
    expect(all.headers['x-tec-total']).toBe('3');
    const past = await service().request('GET', '/tags', { query: { hide_empty: 'false', page: 9 } });
    expect(past.status).toBe(200);
    expect(past.json.tags).toEqual([]);
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
    expect((await call('POST', '/categories', { as: 'contributor', body: { name: 'A' } })).status).toBe(403);
    expect((await call('POST', '/categories', { as: 'author', body: { name: 'A' } })).status).toBe(201);
    expect((await call('POST', '/tags', { as: 'author', body: { name: 'A' } })).status).toBe(403);
    expect((await call('POST', '/tags', { as: 'admin', body: { name: 'A' } })).status).toBe(201);
    const id = await createTag({ name: 'B' });
    expect((await call('DELETE', `/tags/${id}`)).status).toBe(401);
    expect((await call('DELETE', `/tags/${id}`, { as: 'author' })).status).toBe(403);
  });

  it('validates term parameters before permissions', async () => {
    const emptyDescription = await service().request('POST', '/categories', {
      json: { name: 'X', description: '' },
    });
    expect(emptyDescription.status).toBe(400);
    const badParent = await service().request('POST', '/categories', {
      json: { name: 'X', parent: 2389 },
      as: 'admin',
    });
    expect(badParent.status).toBe(400);
    expect(badParent.json.data.params).toHaveProperty('parent');
  });

  it('creates a category: 201, Location, the endpoint shape in its key order, no _links', async () => {
    const parent = await createCategory({ name: 'Music' });
    const reply = await call('POST', '/categories', {
      as: 'editor',
      body: { name: 'Jazz', description: 'Term description', slug: 'jazz-nights', parent },
    });
    expect(reply.status).toBe(201);
    const id = reply.json.id;
    expect(reply.headers.location).toBe(`${api()}/categories/${id}`);
    expect(Object.keys(reply.json)).toEqual(CATEGORY_KEYS);
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
        self: `${api()}/categories/${id}`,
        collection: `${api()}/categories`,
        up: `${api()}/categories/${parent}`,
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
      urls: { self: `${api()}/tags/${reply.json.id}`, collection: `${api()}/tags` },
    });
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
      additional_data: [first, first],
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
    const published = await event({ categories: [middle] });
    await event({ categories: [middle] });
    const before = (await call('GET', `/categories/${middle}`)).json;
    expect(before.count).toBe(2);
    const reply = await call('DELETE', `/categories/${middle}`, { as: 'editor' });
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual(before);
    expect((await call('GET', `/categories/${middle}`)).status).toBe(400);
    expect((await call('GET', `/categories/${bottom}`)).json.parent).toBe(top);
    const after = (await call('GET', `/events/${published}`)).json;
    expect({ categories: after.categories, tags: after.tags }).toEqual({ categories: [], tags: [] });
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

  it('pages like the plugin: envelope order, links with only `page`, headers, 200 past the end', async () => {
    for (let n = 1; n <= 9; n++) await createTag({ name: `Event Tag ${n}` });
    const first = await call('GET', '/tags?hide_empty=false&per_page=3&page=1');
    expect(first.status).toBe(200);
    expect(Object.keys(first.json)).toEqual(['rest_url', 'total', 'total_pages', 'tags', 'next_rest_url']);
    expect(first.json).toMatchObject({
      rest_url: `${api()}/tags/`,
      total: 9,
      total_pages: 3,
      next_rest_url: `${api()}/tags/?page=2`,
    });
    expect(first.headers).toMatchObject({
      'x-tec-total': '9',
      'x-tec-totalpages': '3',
      'x-wp-total': '9',
      'x-wp-totalpages': '3',
    });
    expect(first.headers.link).toBe(`<${api()}/tags/?page=2>; rel="next"`);
    const second = await call('GET', '/tags?hide_empty=false&per_page=3&page=2');
    expect(second.json.previous_rest_url).toBe(`${api()}/tags/`);
    expect(second.json.next_rest_url).toBe(`${api()}/tags/?page=3`);
    const third = await call('GET', '/tags?hide_empty=false&per_page=3&page=3');
    expect(third.json.previous_rest_url).toBe(`${api()}/tags/?page=2`);
    expect(third.json.next_rest_url).toBeUndefined();
    const past = await call('GET', '/tags?hide_empty=false&per_page=3&page=7');
    expect(past.status).toBe(200);
    expect(past.json).toEqual({
      rest_url: `${api()}/tags/`,
      total: 9,
      total_pages: 3,
      tags: [],
      previous_rest_url: `${api()}/tags/?page=6`,
    });
    const empty = await call('GET', '/categories');
    expect(empty.json).toEqual({
      rest_url: `${api()}/categories/`,
      total: 0,
      total_pages: 0,
      categories: [],
    });
    expect((await call('GET', '/tags?hide_empty=false&per_page=100')).json.tags).toHaveLength(9);
  });

  it('counts published events only and hides empty terms unless hide_empty=false', async () => {
    // A scheduled event counts once its publication date has passed: schedule two, then move the clock past one.
    service().setNow('2030-06-01T12:00:00Z');
    const used = await createCategory({ name: 'Used' });
    const draftOnly = await createCategory({ name: 'Draft only' });
    await createCategory({ name: 'Unused' });
    await event({ categories: [used] });
    await event({ categories: [used] }, { status: 'future', date: '2030-06-10 00:00:00' });
    await event({ categories: [used] }, { status: 'draft' });
    await event({ categories: [draftOnly] }, { status: 'draft' });
    await event({ categories: [draftOnly] }, { status: 'future', date: '2031-01-01 00:00:00' });
    service().setNow(NOW);
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
    await event({ categories: [bebop] });
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
    await Promise.all([event({ tags: [c] }), event({ tags: [c] })]);
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
    const total = async (query: string) => (await call('GET', `/tags?hide_empty=false&${query}`)).json.total;
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
    // Ids restart at 1 for terms and for posts: a venue takes post id 1, so the id of tag `one` names no event.
    expect((await call('POST', '/venues', { as: 'admin', body: { venue: 'Hall' } })).status).toBe(201);
    const one = await createTag({ name: 'One' });
    const two = await createTag({ name: 'Two' });
    await createTag({ name: 'Three' });
    const first = await event({ tags: [one, two] });
    const second = await event({ tags: [two] });
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
    const draft = await event({ tags: [one] }, { status: 'draft' });
    expect((await call('GET', `/tags?hide_empty=false&event=${draft}`)).status).toBe(401);
    expect((await call('GET', `/tags?hide_empty=false&event=${draft}`, { as: 'subscriber' })).status).toBe(
      403,
    );
    expect((await call('GET', `/tags?hide_empty=false&event=${draft}`, { as: 'editor' })).json.total).toBe(1);
  });
});
