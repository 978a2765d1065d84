/**
 * SPEC §14, as the real plugin answered (`reference/tec-transcripts/decided/`): the category `term_exists`
 * message (07), `search` as a list on venues and organizers (08), the strict-mode default window (09), a
 * duplicate-avoidance hit that keeps the stored name (06), hierarchical child category URLs (10) and tags
 * refusing `parent` (11).
 */
import { beforeEach, expect, it } from 'vitest';
import { describeContract, type TestResponse } from '../index.js';

const NOW = '2026-11-25T17:32:07Z';

/** A query component of a list's `rest_url`, decoded. */
const restQuery = (res: TestResponse, name: string): string | null =>
  new URL(res.json.rest_url).searchParams.get(name);

describeContract('SPEC §14: terms, linked-record search and dedupe, strict default window', (service) => {
  beforeEach(async () => {
    await service().reset();
    service().setNow(NOW);
  });

  const post = async (path: string, json: Record<string, unknown>, as = 'admin') =>
    service().request('POST', path, { json, as });

  // decided/07-category-term-exists-message.json
  it('a duplicate category name: term_exists "… with this parent."; tags keep "… in this taxonomy."', async () => {
    const first = await post('/categories', { name: 'Cat b' });
    expect(first.status, first.text).toBe(201);
    const again = await post('/categories', { name: 'Cat b' });
    expect(again.status).toBe(400);
    expect(again.json).toEqual({
      code: 'term_exists',
      message: 'A term with the name provided already exists with this parent.',
      data: { status: 400, term_id: first.json.id },
      additional_data: [first.json.id, first.json.id],
    });

    const tag = await post('/tags', { name: 'Tag b' });
    const tagAgain = await post('/tags', { name: 'Tag b' });
    expect(tagAgain.status).toBe(400);
    expect(tagAgain.json).toEqual({
      code: 'term_exists',
      message: 'A term with the name provided already exists in this taxonomy.',
      data: { status: 400, term_id: tag.json.id },
      additional_data: [tag.json.id, tag.json.id],
    });
  });

  // decided/08-search-as-list.json
  it('search given as a list on venues and organizers is a 400 rest_invalid_param (params.search)', async () => {
    for (const path of ['/venues', '/organizers']) {
      for (const query of ['search%5B%5D=a&search%5B%5D=b', 'search%5B%5D=a']) {
        const res = await service().request('GET', path, { query });
        expect(res.status, `${path}?${query}`).toBe(400);
        expect(res.json).toEqual({
          code: 'rest_invalid_param',
          message: 'Invalid parameter(s): search',
          data: { status: 400, params: { search: 'Invalid parameter.' }, details: [] },
        });
      }
    }
  });

  // decided/09-strict-dates-default-window.json
  it('strict_dates without start_date: from yesterday 23:59:00 to now + 24 months, unsnapped', async () => {
    const create = async (title: string, start: string, end: string) => {
      const res = await post('/events', { title, start_date: start, end_date: end });
      expect(res.status, res.text).toBe(201);
    };
    await create('Yesterday 23:58', '2026-11-24 23:58:00', '2026-11-25 01:00:00');
    await create('Yesterday 23:59', '2026-11-24 23:59:00', '2026-11-25 01:00:00');
    await create('Ends in 24 months', '2028-11-25 10:00:00', '2028-11-25 17:32:07');
    await create('Ends later that day', '2028-11-25 10:00:00', '2028-11-25 17:32:08');
    const res = await service().request('GET', '/events', { query: { strict_dates: '1' } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.events.map((e: { title: string }) => e.title)).toEqual([
      'Yesterday 23:59',
      'Ends in 24 months',
    ]);
    expect(restQuery(res, 'start_date')).toBe('2026-11-24 23:59:00');
    expect(restQuery(res, 'end_date')).toBe('2028-11-25 17:32:07');

    // With an explicit start, the default end is still unsnapped (the recorded request).
    const withStart = await service().request('GET', '/events', {
      query: { start_date: '2026-11-26 11:00:00', strict_dates: 'yes' },
    });
    expect(withStart.status).toBe(200);
    expect(restQuery(withStart, 'start_date')).toBe('2026-11-26 11:00:00');
    expect(restQuery(withStart, 'end_date')).toBe('2028-11-25 17:32:07');

    // Inclusive mode keeps its whole days.
    const inclusive = await service().request('GET', '/events');
    expect(restQuery(inclusive, 'start_date')).toBe('2026-11-24 00:00:00');
    expect(restQuery(inclusive, 'end_date')).toBe('2028-11-25 23:59:59');
  });

  // decided/06-venue-dedupe-keeps-name.json
  it('a dedupe hit on a name differing only in letter case links the record and keeps its stored name', async () => {
    const venue = await post('/venues', { venue: 'Venue Hall x1' });
    expect(venue.status, venue.text).toBe(201);
    const again = await post('/venues', { venue: 'venue hall x1', phone: '999' });
    expect(again.status).toBe(201);
    expect(again.json).toMatchObject({
      id: venue.json.id,
      venue: 'Venue Hall x1',
      slug: 'venue-hall-x1',
      phone: '999',
    });
    expect((await service().request('GET', `/venues/${venue.json.id}`)).json.venue).toBe('Venue Hall x1');

    const organizer = await post('/organizers', { organizer: 'Org Name' });
    const orgAgain = await post('/organizers', { organizer: 'ORG NAME', email: 'o@example.test' });
    expect(orgAgain.json).toMatchObject({ id: organizer.json.id, organizer: 'Org Name' });

    // Inline in an event write, the same.
    const event = await post('/events', {
      title: 'Linked',
      start_date: '2026-12-01 10:00:00',
      end_date: '2026-12-01 11:00:00',
      venue: { venue: 'VENUE HALL X1' },
      organizer: [{ organizer: 'org name' }],
    });
    expect(event.status, event.text).toBe(201);
    expect(event.json.venue).toMatchObject({ id: venue.json.id, venue: 'Venue Hall x1' });
    expect(event.json.organizer[0]).toMatchObject({ id: organizer.json.id, organizer: 'Org Name' });
  });

  // decided/10-child-category-url.json
  it("a child category's url runs through its ancestors' slugs, in the item and in lists", async () => {
    const top = await post('/categories', { name: 'B top' });
    const child = await post('/categories', { name: 'Cat child', parent: top.json.id });
    const grandchild = await post('/categories', { name: 'Grand', parent: child.json.id });
    expect(child.json.url).toBe('http://calendar.test/events/category/b-top/cat-child/');
    const read = await service().request('GET', `/categories/${child.json.id}`);
    expect(read.json).toMatchObject({
      parent: top.json.id,
      url: 'http://calendar.test/events/category/b-top/cat-child/',
      urls: { up: `${service().baseUrl}/calendar/events/v1/categories/${top.json.id}` },
    });
    expect(grandchild.json.url).toBe('http://calendar.test/events/category/b-top/cat-child/grand/');
    expect(top.json.url).toBe('http://calendar.test/events/category/b-top/');

    const list = await service().request('GET', '/categories', { query: { hide_empty: 'false' } });
    expect(list.status).toBe(200);
    const urls = Object.fromEntries(
      list.json.categories.map((c: { slug: string; url: string }) => [c.slug, c.url]),
    );
    expect(urls).toEqual({
      'b-top': 'http://calendar.test/events/category/b-top/',
      'cat-child': 'http://calendar.test/events/category/b-top/cat-child/',
      grand: 'http://calendar.test/events/category/b-top/cat-child/grand/',
    });

    // A renamed parent slug moves its children's urls.
    await service().request('PATCH', `/categories/${top.json.id}`, { json: { slug: 'top' }, as: 'admin' });
    const moved = await service().request('GET', `/categories/${grandchild.json.id}`);
    expect(moved.json.url).toBe('http://calendar.test/events/category/top/cat-child/grand/');
  });

  // decided/11-tag-parent-rejected.json
  it('a tag created or updated with parent is a 400 rest_taxonomy_not_hierarchical', async () => {
    const b = await post('/tags', { name: 'TP b' });
    const refused = {
      code: 'rest_taxonomy_not_hierarchical',
      message: 'Cannot set parent term, taxonomy is not hierarchical.',
      data: { status: 400 },
    };
    const created = await post('/tags', { name: 'TP x', parent: b.json.id });
    expect(created.status).toBe(400);
    expect(created.json).toEqual(refused);
    const zero = await post('/tags', { name: 'TP x', parent: 0 });
    expect(zero.status).toBe(400);
    expect(zero.json).toEqual(refused);
    for (const method of ['POST', 'PUT', 'PATCH']) {
      const updated = await service().request(method, `/tags/${b.json.id}`, {
        json: { name: 'TP renamed', parent: b.json.id },
        as: 'admin',
      });
      expect(updated.status, method).toBe(400);
      expect(updated.json).toEqual(refused);
    }
    // Nothing was written.
    const tags = await service().request('GET', '/tags', { query: { hide_empty: 'false' } });
    expect(tags.json.tags.map((t: { name: string }) => t.name)).toEqual(['TP b']);
    // Permission still comes first.
    const anonymous = await service().request('POST', '/tags', { json: { name: 'TP y', parent: 1 } });
    expect(anonymous.status).toBe(401);
  });

  // SPEC §14, the rest_url echo (tec-transcripts/3*.json): effective relative bounds, no featured=0/ticketed=0.
  it('rest_url echoes the effective relative bounds and no featured=0 or ticketed=0; next_rest_url keeps them', async () => {
    for (let n = 1; n <= 3; n++) {
      const res = await post('/events', {
        title: `E${n}`,
        start_date: `2026-12-0${n} 10:00:00`,
        end_date: `2026-12-0${n} 11:00:00`,
      });
      expect(res.status, res.text).toBe(201);
    }
    const query = {
      starts_after: '2026-11-30',
      ends_before: '2026-12-09 08:00',
      featured: 'false',
      ticketed: 'false',
    };
    const res = await service().request('GET', '/events', { query: { ...query, per_page: 2 } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.events.map((e: { title: string }) => e.title)).toEqual(['E1', 'E2']);
    const echoed = new URL(res.json.rest_url).searchParams;
    expect(echoed.get('starts_after')).toBe('2026-11-30 23:59:59');
    expect(echoed.get('ends_before')).toBe('2026-12-09 23:59:59');
    expect(echoed.has('featured')).toBe(false);
    expect(echoed.has('ticketed')).toBe(false);
    expect(echoed.has('start_date')).toBe(false);
    const next = new URL(res.json.next_rest_url).searchParams;
    expect(next.get('starts_after')).toBe('2026-11-30 23:59:59');
    expect(next.get('page')).toBe('2');

    const strict = await service().request('GET', '/events', {
      query: { starts_after: '2026-12-01 10:00:00', strict_dates: '1' },
    });
    expect(strict.json.events.map((e: { title: string }) => e.title)).toEqual(['E2', 'E3']);
    expect(new URL(strict.json.rest_url).searchParams.get('starts_after')).toBe('2026-12-01 10:00:00');
    expect(new URL(strict.json.rest_url).searchParams.get('strict_dates')).toBe('1');
  });
});
