/**
 * Every route of seed §4.1, on both addresses, and the error codes of ref §4 the other suites leave out.
 * Together with the resource suites this covers the whole route table on every binding.
 */
import { beforeAll, expect, it } from 'vitest';
import { describeContract } from '../index.js';

const ROUTE_KEYS = [
  '/calendar/events/v1',
  '/calendar/events/v1/doc',
  '/calendar/events/v1/events',
  '/calendar/events/v1/events/(?P<id>\\d+)',
  '/calendar/events/v1/events/by-slug/(?P<slug>[^/]+)',
  '/calendar/events/v1/events/import',
  '/calendar/events/v1/events/ical',
  '/calendar/events/v1/events/(?P<id>\\d+)/ical',
  '/calendar/events/v1/events/calendar',
  '/calendar/events/v1/venues',
  '/calendar/events/v1/venues/(?P<id>\\d+)',
  '/calendar/events/v1/venues/by-slug/(?P<slug>[^/]+)',
  '/calendar/events/v1/organizers',
  '/calendar/events/v1/organizers/(?P<id>\\d+)',
  '/calendar/events/v1/organizers/by-slug/(?P<slug>[^/]+)',
  '/calendar/events/v1/categories',
  '/calendar/events/v1/categories/(?P<id>\\d+)',
  '/calendar/events/v1/tags',
  '/calendar/events/v1/tags/(?P<id>\\d+)',
  '/calendar/events/v1/changes',
  '/calendar/events/v1/changes/stream',
  '/calendar/events/v1/webhooks',
  '/calendar/events/v1/webhooks/(?P<id>\\d+)',
  '/calendar/events/v1/webhooks/(?P<id>\\d+)/deliveries',
  '/calendar/events/v1/webhooks/(?P<id>\\d+)/replay',
];

describeContract('every route', (service) => {
  const ids: Record<string, number> = {};
  const slugs: Record<string, string> = {};

  beforeAll(async () => {
    await service().reset();
    service().setNow('2026-03-10T12:00:00Z');
    const venue = await service().request('POST', '/venues', { json: { venue: 'Route Hall' }, as: 'admin' });
    const organizer = await service().request('POST', '/organizers', {
      json: { organizer: 'Route Org' },
      as: 'admin',
    });
    const event = await service().request('POST', '/events', {
      form: {
        title: 'Route Event',
        start_date: '2026-04-01 10:00',
        end_date: '2026-04-01 11:00',
        venue: { venue: 'Form Hall', city: 'Bonn' },
        organizer: [{ organizer: 'Form Org' }],
      },
      as: 'admin',
    });
    expect(event.status).toBe(201);
    expect(event.json.venue.city).toBe('Bonn');
    expect(event.json.organizer[0].organizer).toBe('Form Org');
    Object.assign(ids, { venue: venue.json.id, organizer: organizer.json.id, event: event.json.id });
    Object.assign(slugs, { venue: venue.json.slug, organizer: organizer.json.slug, event: event.json.slug });
  });

  it('GET {ns}: the namespace index lists every route in order', async () => {
    const res = await service().request('GET', '/calendar/events/v1');
    expect(res.status).toBe(200);
    expect(res.json.namespace).toBe('calendar/events/v1');
    expect(Object.keys(res.json.routes)).toEqual(ROUTE_KEYS);
    const events = res.json.routes['/calendar/events/v1/events'];
    expect(events.methods).toEqual(['GET', 'POST']);
    expect(events.endpoints[1].args.title).toMatchObject({ type: 'string', required: true });
    expect(events._links.self[0].href).toBe(`${service().baseUrl}/calendar/events/v1/events`);
    expect(res.json.routes['/calendar/events/v1/events/(?P<id>\\d+)']).not.toHaveProperty('_links');
    expect(res.json._links.up[0].href).toBe(`${service().baseUrl}/`);
  });

  it('GET {ns}/doc: an OpenAPI document whose server is the API root with a trailing slash', async () => {
    const res = await service().request('GET', '/doc');
    expect(res.status).toBe(200);
    expect(res.json).toHaveProperty('openapi');
    expect(res.json.info).toMatchObject({
      version: expect.any(String),
      title: expect.any(String),
      description: expect.any(String),
    });
    expect(res.json.servers[0].url).toBe(`${service().baseUrl}/calendar/events/v1/`);
    expect(res.json.paths['/events']).toHaveProperty('get');
    expect(res.json.paths['/events/{id}']).toHaveProperty('get');
  });

  it('serves the second address with German descriptions', async () => {
    const index = await service().request('GET', '/de/calendar/events/v1');
    expect(index.status).toBe(200);
    const args = index.json.routes['/calendar/events/v1/events'].endpoints[0].args;
    expect(args.page.description).toBe('Die Seite der Ergebnisse.');
    const doc = await service().request('GET', '/de/calendar/events/v1/doc');
    expect(doc.json.servers[0].url).toBe(`${service().baseUrl}/de/calendar/events/v1/`);
    const events = await service().request('GET', '/de/calendar/events/v1/events');
    expect(events.status).toBe(200);
    expect(events.json.rest_url).toContain('/de/calendar/events/v1/events/');
    const missing = await service().request('GET', '/de/calendar/events/v1/nope');
    expect(missing.json.code).toBe('rest_no_route');
  });

  it('reads, updates and deletes every resource by id and by slug', async () => {
    const calls: Array<[string, string, Record<string, unknown>?]> = [
      ['GET', `/events/${ids.event}`],
      ['GET', `/events/by-slug/${slugs.event}`],
      ['PATCH', `/events/by-slug/${slugs.event}`, { excerpt: 'By slug' }],
      ['PUT', `/events/${ids.event}`, { title: 'Route Event' }],
      ['GET', `/venues/${ids.venue}`],
      ['GET', `/venues/by-slug/${slugs.venue}`],
      ['PUT', `/venues/by-slug/${slugs.venue}`, { city: 'Köln' }],
      ['PATCH', `/venues/${ids.venue}`, { zip: '50667' }],
      ['GET', `/organizers/${ids.organizer}`],
      ['GET', `/organizers/by-slug/${slugs.organizer}`],
      ['POST', `/organizers/by-slug/${slugs.organizer}`, { phone: '123' }],
      ['PUT', `/organizers/${ids.organizer}`, { email: 'o@example.com' }],
      ['GET', '/venues'],
      ['GET', '/organizers'],
      ['GET', '/categories'],
      ['GET', '/tags'],
    ];
    for (const [method, path, json] of calls) {
      const res = await service().request(method, path, { ...(json ? { json } : {}), as: 'admin' });
      expect(res.status, `${method} ${path}`).toBe(200);
    }
    const venue = await service().request('GET', `/venues/${ids.venue}`);
    expect(venue.json).toMatchObject({ city: 'Köln', zip: '50667' });
    const event = await service().request('GET', `/events/${ids.event}`);
    expect(event.json.excerpt).toBe('<p>By slug</p>');
    for (const [path, code] of [
      [`/events/by-slug/${slugs.event}`, 'event-is-in-trash'],
      [`/venues/by-slug/${slugs.venue}`, 'venue-is-in-trash'],
      [`/organizers/${ids.organizer}`, 'organizer-is-in-trash'],
    ] as const) {
      const trashed = await service().request('DELETE', path, { as: 'admin' });
      expect(trashed.status).toBe(200);
      // Trashed, a record's slug is `<slug>__trashed` (SPEC §14): the second delete names it so.
      const trashedPath = path.includes('/by-slug/') ? path.replace(/[^/]+$/, trashed.json.slug) : path;
      expect(trashedPath.endsWith('__trashed') || !path.includes('/by-slug/')).toBe(true);
      const again = await service().request('DELETE', trashedPath, { as: 'admin' });
      expect(again.status).toBe(410);
      expect(again.json.code).toBe(code);
    }
  });

  it('covers the remaining error codes', async () => {
    const ticketed = await service().request('GET', '/events', { query: { ticketed: 'true' } });
    expect(ticketed.status).toBe(400);
    expect(ticketed.json.data.details.ticketed.code).toBe('event-tickets-not-active');
    expect((await service().request('GET', '/events', { query: { ticketed: 'false' } })).status).toBe(200);
    const organizers = await service().request('GET', '/organizers', { query: { page: 5 } });
    expect(organizers.status).toBe(404);
    expect(organizers.json.code).toBe('organizer-archive-page-not-found');
    const draftVenue = await service().request('POST', '/venues', {
      json: { venue: 'Secret Hall', status: 'draft' },
      as: 'admin',
    });
    const hidden = await service().request('GET', `/venues/${draftVenue.json.id}`);
    expect(hidden.status).toBe(403);
    expect(hidden.json.code).toBe('venue-not-accessible');
    const a = await service().request('POST', '/tags', { json: { name: 'Alpha' }, as: 'admin' });
    const b = await service().request('POST', '/tags', { json: { name: 'Beta' }, as: 'admin' });
    const clash = await service().request('PATCH', `/tags/${b.json.id}`, {
      json: { slug: a.json.slug },
      as: 'admin',
    });
    expect(clash.status).toBe(400);
    expect(clash.json.code).toBe('duplicate_term_slug');
    const language = await service().request('GET', '/tags', { query: { multilang_language: 'xx' } });
    expect(language.json.data.details.multilang_language.code).toBe('rest_not_in_enum');
    const geo = await service().request('GET', '/events', { query: { geoloc_lat: '52.5' } });
    expect(geo.status).toBe(400);
  });

  it('stores content per language and falls back to the default language', async () => {
    const created = await service().request('POST', '/events', {
      json: {
        title: 'Route Event',
        excerpt: 'By slug',
        start_date: '2026-04-01 10:00',
        end_date: '2026-04-01 11:00',
      },
      as: 'admin',
    });
    ids.event = created.json.id;
    const german = await service().request('POST', `/events/${ids.event}`, {
      json: { title: 'Routen-Veranstaltung', multilang_language: 'de' },
      as: 'admin',
    });
    expect(german.json.title).toBe('Routen-Veranstaltung');
    const english = await service().request('GET', `/events/${ids.event}`);
    expect(english.json.title).toBe('Route Event');
    const viaAddress = await service().request('GET', `/de/calendar/events/v1/events/${ids.event}`);
    expect(viaAddress.json.title).toBe('Routen-Veranstaltung');
    expect(viaAddress.json.excerpt).toBe('<p>By slug</p>');
    const overridden = await service().request('GET', `/de/calendar/events/v1/events/${ids.event}`, {
      query: { multilang_language: 'en' },
    });
    expect(overridden.json.title).toBe('Route Event');
  });
});
