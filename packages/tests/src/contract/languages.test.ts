/** Content per language with field-by-field fallback, on every resource and both addresses (SPEC §2, §7). */
import { beforeEach, expect, it } from 'vitest';
import { describeContract } from '../index.js';

describeContract('languages', (service) => {
  beforeEach(async () => {
    await service().reset();
    service().setNow('2026-03-10T12:00:00Z');
  });

  it('stores venue, organizer, category and tag texts per language, leaving the other language alone', async () => {
    const cases = [
      ['/venues', { venue: 'Town Hall', description: 'Old building' }, { venue: 'Rathaus' }, 'venue'],
      [
        '/organizers',
        { organizer: 'City Choir', description: 'Singers' },
        { organizer: 'Stadtchor' },
        'organizer',
      ],
      ['/categories', { name: 'Music', description: 'Sounds' }, { name: 'Musik' }, 'name'],
      ['/tags', { name: 'Outdoor', description: 'Fresh air' }, { name: 'Draußen' }, 'name'],
    ] as const;
    for (const [path, english, german, nameKey] of cases) {
      const created = await service().request('POST', path, { json: english, as: 'admin' });
      expect(created.status, path).toBe(201);
      const id = created.json.id;
      const updated = await service().request('POST', `${path}/${id}`, {
        json: { ...german, multilang_language: 'de' },
        as: 'admin',
      });
      expect(updated.json[nameKey], path).toBe(Object.values(german)[0]);
      // German reads fall back to the English description; English reads are unchanged.
      const de = await service().request('GET', `/de/calendar/events/v1${path}/${id}`);
      expect(de.json[nameKey], path).toBe(Object.values(german)[0]);
      expect(de.json.description, path).toMatch(new RegExp(english.description));
      const en = await service().request('GET', `${path}/${id}`);
      expect(en.json[nameKey], path).toBe(Object.values(english)[0]);
    }
  });

  it('fills the default language on the first write in another language', async () => {
    const created = await service().request('POST', '/de/calendar/events/v1/events', {
      json: { title: 'Sommerfest', start_date: '2026-06-01 18:00', end_date: '2026-06-01 23:00' },
      as: 'admin',
    });
    expect(created.status).toBe(201);
    expect(created.json.title).toBe('Sommerfest');
    const en = await service().request('GET', `/events/${created.json.id}`);
    expect(en.json.title).toBe('Sommerfest');
    await service().request('POST', `/events/${created.json.id}`, {
      json: { title: 'Summer party' },
      as: 'admin',
    });
    const de = await service().request('GET', `/de/calendar/events/v1/events/${created.json.id}`);
    expect(de.json.title).toBe('Sommerfest');
  });

  it('embeds linked records and terms in the request language', async () => {
    const venue = await service().request('POST', '/venues', { json: { venue: 'Town Hall' }, as: 'admin' });
    await service().request('POST', `/venues/${venue.json.id}`, {
      json: { venue: 'Rathaus', multilang_language: 'de' },
      as: 'admin',
    });
    const category = await service().request('POST', '/categories', { json: { name: 'Music' }, as: 'admin' });
    await service().request('POST', `/categories/${category.json.id}`, {
      json: { name: 'Musik', multilang_language: 'de' },
      as: 'admin',
    });
    const event = await service().request('POST', '/events', {
      json: {
        title: 'Gig',
        start_date: '2026-04-01 20:00',
        end_date: '2026-04-01 22:00',
        venue: venue.json.id,
        categories: [category.json.id],
      },
      as: 'admin',
    });
    const de = await service().request('GET', `/events/${event.json.id}`, {
      query: { multilang_language: 'de' },
    });
    expect(de.json.venue.venue).toBe('Rathaus');
    expect(de.json.categories[0].name).toBe('Musik');
    expect(de.json.title).toBe('Gig');
    const list = await service().request('GET', '/de/calendar/events/v1/events');
    expect(list.json.events[0].venue.venue).toBe('Rathaus');
  });

  it('documents the password parameter on both addresses', async () => {
    for (const root of ['/calendar/events/v1', '/de/calendar/events/v1']) {
      const index = await service().request('GET', root);
      const single = index.json.routes['/calendar/events/v1/events/(?P<id>\\d+)'];
      const methodsWithPassword = single.endpoints
        .filter((endpoint: { args: Record<string, unknown> }) => 'password' in endpoint.args)
        .map((endpoint: { methods: string[] }) => endpoint.methods.join(','));
      expect(methodsWithPassword, root).toEqual(['GET', 'DELETE', 'POST,PUT,PATCH']);
    }
  });
});
