/**
 * The list parameters of `GET /categories` and `GET /tags` (SPEC §9, ref §3.2, §5.8, §6.6): search, include,
 * exclude, order/orderby, hide_empty, parent, post/event and slug.
 */
import { beforeEach, expect, it } from 'vitest';
import { describeContract, type TestResponse } from '../index.js';

type Kind = 'categories' | 'tags';

const names = (res: TestResponse, key: Kind): string[] => {
  expect(res.status, res.text).toBe(200);
  return res.json[key].map((term: { name: string }) => term.name);
};

const expectInvalidParam = (res: TestResponse, name: string) => {
  expect(res.status, res.text).toBe(400);
  expect(res.json.code).toBe('rest_invalid_param');
  expect(res.json.data.status).toBe(400);
  expect(Object.keys(res.json.data.params)).toEqual([name]);
};

describeContract('category and tag list filters', (service) => {
  beforeEach(async () => {
    await service().reset();
    service().setNow('2026-03-10T12:00:00Z');
  });

  const term = async (kind: Kind, json: Record<string, unknown>): Promise<number> => {
    const res = await service().request('POST', `/${kind}`, { json, as: 'admin' });
    expect(res.status, res.text).toBe(201);
    return res.json.id;
  };
  const event = async (json: Record<string, unknown>): Promise<number> => {
    const res = await service().request('POST', '/events', {
      json: { title: 'Event', start_date: '2026-04-01 10:00:00', end_date: '2026-04-01 11:00:00', ...json },
      as: 'admin',
    });
    expect(res.status, res.text).toBe(201);
    return res.json.id;
  };
  const list = (kind: Kind, query: Record<string, unknown> = {}) =>
    service().request('GET', `/${kind}`, { query: { per_page: 50, ...query } });

  /** Names b, A, C (ids in that order), slugs zulu, yankee, alpha, used by 1, 3 and 2 events. */
  const orderFixtures = async (kind: Kind) => {
    const b = await term(kind, { name: 'b', slug: 'zulu' });
    const a = await term(kind, { name: 'A', slug: 'yankee' });
    const c = await term(kind, { name: 'C', slug: 'alpha' });
    await event({ [kind]: [a, b] });
    await event({ [kind]: [a, c] });
    await event({ [kind]: [a, c] });
    return { a, b, c };
  };

  for (const kind of ['categories', 'tags'] as const) {
    it(`${kind}: orders by name (case-insensitive) by default; by id, slug or count; order=desc`, async () => {
      await orderFixtures(kind);
      const byName = await list(kind);
      expect(names(byName, kind)).toEqual(['A', 'b', 'C']);
      expect(byName.json.total).toBe(3);
      expect(names(await list(kind, { order: 'desc' }), kind)).toEqual(['C', 'b', 'A']);
      expect(names(await list(kind, { order: 'DESC' }), kind)).toEqual(['C', 'b', 'A']);
      expect(names(await list(kind, { order: 'ASC' }), kind)).toEqual(['A', 'b', 'C']);
      expect(names(await list(kind, { orderby: 'name', order: 'asc' }), kind)).toEqual(['A', 'b', 'C']);
      expect(names(await list(kind, { orderby: 'id' }), kind)).toEqual(['b', 'A', 'C']);
      expect(names(await list(kind, { orderby: 'id', order: 'desc' }), kind)).toEqual(['C', 'A', 'b']);
      expect(names(await list(kind, { orderby: 'slug' }), kind)).toEqual(['C', 'A', 'b']);
      expect(names(await list(kind, { orderby: 'slug', order: 'desc' }), kind)).toEqual(['b', 'A', 'C']);
      expect(names(await list(kind, { orderby: 'count' }), kind)).toEqual(['b', 'C', 'A']);
      expect(names(await list(kind, { orderby: 'count', order: 'desc' }), kind)).toEqual(['A', 'C', 'b']);
    });

    it(`${kind}: unknown orderby values fall back to name; any order but asc is descending (ref §5.8)`, async () => {
      await orderFixtures(kind);
      expect(names(await list(kind, { orderby: 'foo' }), kind)).toEqual(['A', 'b', 'C']);
      expect(names(await list(kind, { order: 'foo' }), kind)).toEqual(['C', 'b', 'A']);
    });

    it(`${kind}: "" for order, orderby, slug or search is a 400`, async () => {
      await orderFixtures(kind);
      for (const name of ['order', 'orderby', 'slug', 'search']) {
        expectInvalidParam(await list(kind, { [name]: '' }), name);
      }
    });

    it(`${kind}: search matches a name or slug fragment, case-insensitively; no match is total 0`, async () => {
      await term(kind, { name: 'Foo' });
      await term(kind, { name: 'Bar', slug: 'foo-bar' });
      await term(kind, { name: 'Baz' });
      await term(kind, { name: 'Seafood' });
      await term(kind, { name: 'Other' });
      const foo = await list(kind, { search: 'foo', hide_empty: 'false' });
      expect(names(foo, kind)).toEqual(['Bar', 'Foo', 'Seafood']);
      expect(foo.json.total).toBe(3);
      expect(names(await list(kind, { search: 'FOO', hide_empty: 'false' }), kind)).toEqual([
        'Bar',
        'Foo',
        'Seafood',
      ]);
      expect(names(await list(kind, { search: 'ba', hide_empty: 'false' }), kind)).toEqual(['Bar', 'Baz']);
      const none = await list(kind, { search: 'zzz', hide_empty: 'false' });
      expect(none.json[kind]).toEqual([]);
      expect(none.json.total).toBe(0);
      expect(none.json.total_pages).toBe(0);
      expect(none.headers['x-tec-total']).toBe('0');
    });

    it(`${kind}: include and exclude take existing ids only`, async () => {
      const { a, b, c } = await orderFixtures(kind);
      const include = await list(kind, { include: `${c},${a}` });
      expect(names(include, kind)).toEqual(['A', 'C']);
      expect(include.json.total).toBe(2);
      expect(names(await list(kind, { include: [b] }), kind)).toEqual(['b']);
      expect(names(await list(kind, { exclude: [a] }), kind)).toEqual(['b', 'C']);
      expect(names(await list(kind, { exclude: `${a},${c}` }), kind)).toEqual(['b']);
      expect(names(await list(kind, { include: [a, b], exclude: [b] }), kind)).toEqual(['A']);
      expectInvalidParam(await list(kind, { include: 999999 }), 'include');
      expectInvalidParam(await list(kind, { include: `${a},999999` }), 'include');
      expectInvalidParam(await list(kind, { exclude: 999999 }), 'exclude');
      expectInvalidParam(await list(kind, { include: 'foo' }), 'include');
    });

    it(`${kind}: hide_empty defaults to true`, async () => {
      await term(kind, { name: 'Unused' });
      const used = await term(kind, { name: 'Used' });
      await event({ [kind]: [used] });
      const hidden = await list(kind);
      expect(names(hidden, kind)).toEqual(['Used']);
      expect(hidden.json.total).toBe(1);
      expect(names(await list(kind, { hide_empty: 'true' }), kind)).toEqual(['Used']);
      const all = await list(kind, { hide_empty: 'false' });
      expect(names(all, kind)).toEqual(['Unused', 'Used']);
      expect(all.json.total).toBe(2);
      expect(names(await list(kind, { hide_empty: '0' }), kind)).toEqual(['Unused', 'Used']);
      const bad = await list(kind, { hide_empty: 'x' });
      expectInvalidParam(bad, 'hide_empty');
      expect(bad.json.data.params.hide_empty).toBe('hide_empty is not of type boolean.');
    });

    it(`${kind}: post and event list that event's terms; event wins over post`, async () => {
      const { a, b, c } = await orderFixtures(kind);
      const first = await event({ [kind]: [c, a] });
      const second = await event({ [kind]: [b] });
      const bare = await event({ title: 'Bare' });
      const post = await list(kind, { post: first });
      expect(names(post, kind)).toEqual(['A', 'C']);
      expect(post.json.total).toBe(2);
      expect(names(await list(kind, { event: second }), kind)).toEqual(['b']);
      expect(names(await list(kind, { post: first, event: second }), kind)).toEqual(['b']);
      expect(names(await list(kind, { event: bare }), kind)).toEqual([]);
      const venue = await service().request('POST', '/venues', { json: { venue: 'Hall' }, as: 'admin' });
      for (const name of ['post', 'event']) {
        expectInvalidParam(await list(kind, { [name]: 999999 }), name);
        expectInvalidParam(await list(kind, { [name]: 'foo' }), name);
        expectInvalidParam(await list(kind, { [name]: '' }), name);
        expectInvalidParam(await list(kind, { [name]: venue.json.id }), name);
      }
    });

    it(`${kind}: slug is an exact match`, async () => {
      await term(kind, { name: 'Foo' });
      await term(kind, { name: 'Foo Bar' });
      const res = await list(kind, { slug: 'foo', hide_empty: 'false' });
      expect(names(res, kind)).toEqual(['Foo']);
      expect(res.json.total).toBe(1);
      expect(names(await list(kind, { slug: 'foo-bar', hide_empty: 'false' }), kind)).toEqual(['Foo Bar']);
      expect(names(await list(kind, { slug: 'fo', hide_empty: 'false' }), kind)).toEqual([]);
    });
  }

  it('orderby=include follows the include list; orderby=description sorts by description (ref §5.8)', async () => {
    const { a, b, c } = await orderFixtures('categories');
    expect(
      names(await list('categories', { include: `${c},${a},${b}`, orderby: 'include' }), 'categories'),
    ).toEqual(['C', 'A', 'b']);
    await service().request('POST', `/categories/${a}`, { json: { description: 'zz last' }, as: 'admin' });
    await service().request('POST', `/categories/${b}`, { json: { description: 'Middle' }, as: 'admin' });
    await service().request('POST', `/categories/${c}`, {
      json: { description: 'alpha first' },
      as: 'admin',
    });
    expect(names(await list('categories', { orderby: 'description' }), 'categories')).toEqual([
      'C',
      'b',
      'A',
    ]);
  });

  it('name order follows the collation: case- and accent-insensitive (SPEC §9 "as the plugin\'s database collation sorts")', async () => {
    for (const name of ['Zebra', 'Ärger', 'apfel', 'Birne', 'éclair', 'Eis']) await term('tags', { name });
    expect(names(await list('tags', { hide_empty: 'false' }), 'tags')).toEqual([
      'apfel',
      'Ärger',
      'Birne',
      'éclair',
      'Eis',
      'Zebra',
    ]);
  });

  it('search and name order use the request language, with fallback to the default language', async () => {
    const music = await term('categories', { name: 'Music' });
    const theatre = await term('categories', { name: 'Theatre' });
    await term('categories', { name: 'Dance' });
    const de1 = await service().request('POST', `/categories/${music}`, {
      json: { name: 'Musik', multilang_language: 'de' },
      as: 'admin',
    });
    expect(de1.status, de1.text).toBe(200);
    const de2 = await service().request('POST', `/categories/${theatre}`, {
      json: { name: 'Bühne', multilang_language: 'de' },
      as: 'admin',
    });
    expect(de2.status, de2.text).toBe(200);
    const de = (query: Record<string, unknown>) =>
      service().request('GET', '/de/calendar/events/v1/categories', {
        query: { hide_empty: 'false', ...query },
      });
    expect(names(await de({}), 'categories')).toEqual(['Bühne', 'Dance', 'Musik']);
    expect(names(await de({ search: 'musik' }), 'categories')).toEqual(['Musik']);
    // The slug is shared by all languages, so "music" still finds it by slug.
    expect(names(await de({ search: 'music' }), 'categories')).toEqual(['Musik']);
    expect(names(await de({ search: 'dance' }), 'categories')).toEqual(['Dance']);
    expect(names(await list('categories', { hide_empty: 'false' }), 'categories')).toEqual([
      'Dance',
      'Music',
      'Theatre',
    ]);
    expect(names(await list('categories', { search: 'bühne', hide_empty: 'false' }), 'categories')).toEqual(
      [],
    );
    expect(
      names(
        await list('categories', { search: 'bühne', hide_empty: 'false', multilang_language: 'de' }),
        'categories',
      ),
    ).toEqual(['Bühne']);
  });

  it('categories: parent lists the direct children only', async () => {
    const parent = await term('categories', { name: 'Parent' });
    const child1 = await term('categories', { name: 'Child 1', parent });
    await term('categories', { name: 'Child 2', parent });
    await term('categories', { name: 'Grandchild', parent: child1 });
    await term('categories', { name: 'Top' });
    const children = await list('categories', { parent, hide_empty: 'false' });
    expect(names(children, 'categories')).toEqual(['Child 1', 'Child 2']);
    expect(children.json.total).toBe(2);
    expect(names(await list('categories', { parent: child1, hide_empty: 'false' }), 'categories')).toEqual([
      'Grandchild',
    ]);
    const tag = await term('tags', { name: 'A tag' });
    expectInvalidParam(await list('categories', { parent: 2389 }), 'parent');
    expectInvalidParam(await list('categories', { parent: '' }), 'parent');
    expectInvalidParam(await list('categories', { parent: 'foo' }), 'parent');
    expectInvalidParam(await list('categories', { parent: tag }), 'parent');
  });

  it('a term of the other taxonomy is not accepted by include or exclude', async () => {
    const category = await term('categories', { name: 'A category' });
    const tag = await term('tags', { name: 'A tag' });
    expect(tag).not.toBe(category);
    expectInvalidParam(await list('categories', { include: tag }), 'include');
    expectInvalidParam(await list('tags', { exclude: category }), 'exclude');
  });
});
