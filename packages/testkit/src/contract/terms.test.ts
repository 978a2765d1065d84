/** Categories and tags over HTTP (ref §2.4(b), §3.2, §5.8, §5.8b, §8.2). */
import { beforeEach, expect, it } from 'vitest';
import { describeContract } from '../index.js';

describeContract('categories and tags', (service) => {
  beforeEach(async () => {
    await service().reset();
  });

  it('creates, reads, updates and deletes a category with the term-endpoint shape', async () => {
    const created = await service().request('POST', '/categories', {
      json: { name: 'Music', description: 'All music' },
      as: 'admin',
    });
    expect(created.status).toBe(201);
    expect(created.headers.location).toBe(
      `${service().baseUrl}/calendar/events/v1/categories/${created.json.id}`,
    );
    expect(Object.keys(created.json)).toEqual([
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
    expect(Object.keys(tag.json)).toEqual([
      'id',
      'count',
      'description',
      'name',
      'slug',
      'taxonomy',
      'meta',
      'url',
      'urls',
    ]);
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

  it('lets authors manage categories but not tags', async () => {
    const category = await service().request('POST', '/categories', {
      json: { name: 'By author' },
      as: 'author',
    });
    expect(category.status).toBe(201);
    const tag = await service().request('POST', '/tags', { json: { name: 'By author' }, as: 'author' });
    expect(tag.status).toBe(403);
    const contributor = await service().request('POST', '/categories', {
      json: { name: 'By contributor' },
      as: 'contributor',
    });
    expect(contributor.status).toBe(403);
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
});
