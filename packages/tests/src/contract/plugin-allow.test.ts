/**
 * SPEC §14: `Allow` lists the methods the caller may use on the route, as the plugin's answers show
 * (reference/tec-transcripts: 02–17, 19–30 and decided/*): anonymous reads `GET`, writers `GET, POST` on a
 * collection and every method on a record they may edit; no `Allow` on `rest_no_route`.
 */
import { beforeEach, expect, it } from 'vitest';
import { describeContract } from '../index.js';

describeContract('plugin answers: Allow per caller', (service) => {
  beforeEach(async () => {
    await service().reset();
    service().setNow('2026-11-25T17:30:00Z');
  });

  const createEvent = (title: string, as = 'admin') =>
    service().request('POST', '/events', {
      json: { title, start_date: '2026-11-27 10:00:00', end_date: '2026-11-27 12:00:00' },
      as,
    });

  it('collections: GET for anonymous callers and subscribers, GET, POST for writers', async () => {
    for (const path of ['/events', '/venues', '/organizers', '/categories', '/tags']) {
      expect((await service().request('GET', path)).headers.allow, path).toBe('GET');
      expect((await service().request('GET', path, { as: 'subscriber' })).headers.allow, path).toBe('GET');
      expect((await service().request('GET', path, { as: 'admin' })).headers.allow, path).toBe('GET, POST');
      expect((await service().request('GET', path, { as: 'editor' })).headers.allow, path).toBe('GET, POST');
    }
    // 04/05: a refused create names only what the caller may do.
    const json = { title: 'x', start_date: '2026-11-27 10:00:00', end_date: '2026-11-27 12:00:00' };
    const anonymous = await service().request('POST', '/events', { json });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.allow).toBe('GET');
    const subscriber = await service().request('POST', '/events', { json, as: 'subscriber' });
    expect(subscriber.status).toBe(403);
    expect(subscriber.headers.allow).toBe('GET');
    // 06, 07, 20, 21: a writer's create, refused for its input or made.
    const missingStart = await service().request('POST', '/events', { json: { title: 'x' }, as: 'admin' });
    expect(missingStart.status).toBe(400);
    expect(missingStart.headers.allow).toBe('GET, POST');
    // A body that does not parse: the route matched, so the caller's methods still come back.
    const badJson = await service().request('POST', '/events', {
      body: '{"title":',
      headers: { 'content-type': 'application/json' },
      as: 'admin',
    });
    expect(badJson.status).toBe(400);
    expect(badJson.headers.allow).toBe('GET, POST');
    for (const as of ['admin', 'contributor', 'author']) {
      const made = await createEvent('Made', as);
      expect(made.status, as).toBe(201);
      expect(made.headers.allow, as).toBe('GET, POST');
    }
    // 09-strict-dates: anonymous list; 08-search-as-list: an anonymous 400 on a collection.
    const bad = await service().request('GET', '/venues', { query: { search: ['a', 'b'] } });
    expect(bad.status).toBe(400);
    expect(bad.headers.allow).toBe('GET');
  });

  it('records: GET for anonymous callers, every method for those who may edit the record', async () => {
    const { json: event } = await createEvent('Jazz night');
    // 08, 09, 17: anonymous reads, found or not.
    expect((await service().request('GET', `/events/${event.id}`)).headers.allow).toBe('GET');
    expect((await service().request('GET', `/events/by-slug/${event.slug}`)).headers.allow).toBe('GET');
    const missing = await service().request('GET', '/events/999999');
    expect(missing.status).toBe(404);
    expect(missing.headers.allow).toBe('GET');
    // 19, 26: the administrator's update and delete.
    const updated = await service().request('POST', `/events/${event.id}`, {
      json: { title: 'y' },
      as: 'admin',
    });
    expect(updated.status).toBe(200);
    expect(updated.headers.allow).toBe('GET, DELETE, POST, PUT, PATCH');
    // A contributor may not edit another's published event: only GET.
    expect((await service().request('GET', `/events/${event.id}`, { as: 'contributor' })).headers.allow).toBe(
      'GET',
    );
    const trashed = await service().request('DELETE', `/events/${event.id}`, { as: 'admin' });
    expect(trashed.status).toBe(200);
    expect(trashed.headers.allow).toBe('GET, DELETE, POST, PUT, PATCH');
    // 27: a trashed event read anonymously.
    const gone = await service().request('GET', `/events/${event.id}`);
    expect(gone.status).toBe(403);
    expect(gone.headers.allow).toBe('GET');
    // decided/04: the old slug read anonymously.
    const oldSlug = await service().request('GET', `/events/by-slug/${event.slug}`);
    expect(oldSlug.status).toBe(400);
    expect(oldSlug.headers.allow).toBe('GET');
    // decided/05: the administrator's update of an unknown slug.
    const unknown = await service().request('PUT', '/events/by-slug/no-such-slug', {
      json: { title: 'x' },
      as: 'admin',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.allow).toBe('GET, DELETE, POST, PUT, PATCH');
    // decided/10: a category read anonymously (the term routes' order is GET, POST/PUT/PATCH, DELETE).
    const category = await service().request('POST', '/categories', { json: { name: 'Cat' }, as: 'admin' });
    expect((await service().request('GET', `/categories/${category.json.id}`)).headers.allow).toBe('GET');
    expect(
      (await service().request('GET', `/categories/${category.json.id}`, { as: 'admin' })).headers.allow,
    ).toBe('GET, POST, PUT, PATCH, DELETE');
  });

  it('answers kept per caller stay per caller, and rest_no_route has no Allow', async () => {
    // The same URL, asked in turn by callers with other rights, twice each (the second from the cache).
    for (let round = 0; round < 2; round++) {
      expect((await service().request('GET', '/events')).headers.allow).toBe('GET');
      expect((await service().request('GET', '/events', { as: 'editor' })).headers.allow).toBe('GET, POST');
    }
    // 18: no route for the path; none for the method on a known path either.
    const noRoute = await service().request('GET', '/events/not-a-number');
    expect(noRoute.status).toBe(404);
    expect(noRoute.json.code).toBe('rest_no_route');
    expect(noRoute.headers.allow).toBeUndefined();
    const noMethod = await service().request('PUT', '/events', { json: {}, as: 'admin' });
    expect(noMethod.status).toBe(404);
    expect(noMethod.json.code).toBe('rest_no_route');
    expect(noMethod.headers.allow).toBeUndefined();
    // OPTIONS answers the route's description with the caller's methods.
    const { json: event } = await createEvent('Opt');
    expect((await service().request('OPTIONS', `/events/${event.id}`)).headers.allow).toBe('GET');
    expect((await service().request('OPTIONS', `/events/${event.id}`, { as: 'admin' })).headers.allow).toBe(
      'GET, DELETE, POST, PUT, PATCH',
    );
  });
});
