/** Event create, read, update and delete (ref §2.1, §4.2, §7; SPEC §10). */
import { beforeEach, expect, it } from 'vitest';
import { describeContract } from '../index.js';

const EVENT_KEYS = [
  'id',
  'global_id',
  'global_id_lineage',
  'author',
  'status',
  'date',
  'date_utc',
  'modified',
  'modified_utc',
  'url',
  'rest_url',
  'title',
  'description',
  'excerpt',
  'slug',
  'image',
  'all_day',
  'start_date',
  'start_date_details',
  'end_date',
  'end_date_details',
  'utc_start_date',
  'utc_start_date_details',
  'utc_end_date',
  'utc_end_date_details',
  'timezone',
  'timezone_abbr',
  'cost',
  'cost_details',
  'website',
  'show_map',
  'show_map_link',
  'hide_from_listings',
  'sticky',
  'featured',
  'categories',
  'tags',
  'venue',
  'organizer',
  'custom_fields',
];

describeContract('events', (service) => {
  beforeEach(async () => {
    await service().reset();
    service().setNow('2026-03-10T12:00:00Z');
  });

  const create = (json: Record<string, unknown>, as = 'admin') =>
    service().request('POST', '/events', {
      json: { title: 'Concert', start_date: '2026-04-01 20:00:00', end_date: '2026-04-01 22:00:00', ...json },
      as,
    });

  it('creates an event: 201, Location, every key in order, the documented quirks', async () => {
    const res = await create({ description: 'Loud music' });
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe(`${service().baseUrl}/calendar/events/v1/events/${res.json.id}`);
    expect(Object.keys(res.json)).toEqual(EVENT_KEYS);
    const event = res.json;
    expect(event.author).toBe(String(service().users.admin.id));
    expect(event.status).toBe('publish');
    expect(event.title).toBe('Concert');
    expect(event.description).toBe('<p>Loud music</p>');
    expect(event.slug).toBe('concert');
    expect(event.url).toBe('http://calendar.test/event/concert/');
    expect(event.rest_url).toBe(`${service().baseUrl}/calendar/events/v1/events/${event.id}`);
    expect(event.global_id).toBe(`calendar.test?id=${event.id}`);
    expect(event.global_id_lineage).toEqual([event.global_id]);
    expect(event.image).toBe(false);
    expect(event.venue).toEqual([]);
    expect(event.organizer).toEqual([]);
    expect(event.categories).toEqual([]);
    expect(event.custom_fields).toEqual([]);
    expect(event.website).toBe(event.url);
    expect(event.start_date_details).toEqual({
      year: '2026',
      month: '04',
      day: '01',
      hour: '20',
      minutes: '00',
      seconds: '00',
    });
    expect(event.cost).toBe('');
    expect(event.cost_details).toEqual({
      currency_symbol: '',
      currency_code: '',
      currency_position: '',
      values: [],
    });
    expect(event.show_map).toBe(false);
    expect(event.featured).toBe(false);
    expect(event.date).toBe('2026-03-10 12:00:00');
    expect(event).not.toHaveProperty('json_ld');
  });

  it('reads by id and by slug, with json_ld', async () => {
    const { json: event } = await create({});
    const byId = await service().request('GET', `/events/${event.id}`);
    expect(byId.status).toBe(200);
    expect(byId.json.json_ld['@type']).toBe('Event');
    const bySlug = await service().request('GET', `/events/by-slug/${event.slug}`);
    expect(bySlug.status).toBe(200);
    expect(bySlug.json.id).toBe(event.id);
  });

  it('answers 404 rest-event-not-found, 400 rest-invalid-event-id, 400 for an unknown slug', async () => {
    const missing = await service().request('GET', '/events/999999');
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({
      code: 'rest-event-not-found',
      message: 'Event with ID 999999 does not exist.',
      data: { status: 404 },
    });
    const venue = await service().request('POST', '/venues', { json: { venue: 'Hall' }, as: 'admin' });
    const wrongType = await service().request('GET', `/events/${venue.json.id}`);
    expect(wrongType.status).toBe(400);
    expect(wrongType.json.code).toBe('rest-invalid-event-id');
    expect(wrongType.json.message).toBe('The specified ID is not a valid event.');
    const slug = await service().request('GET', '/events/by-slug/nothing-here');
    expect(slug.status).toBe(400);
    expect(slug.json.code).toBe('rest_invalid_param');
  });

  it('hides non-public events from those who may not read them', async () => {
    const { json: draft } = await create({ status: 'draft' });
    const anonymous = await service().request('GET', `/events/${draft.id}`);
    expect(anonymous.status).toBe(403);
    expect(anonymous.json.code).toBe('event-not-accessible');
    const editor = await service().request('GET', `/events/${draft.id}`, { as: 'editor' });
    expect(editor.status).toBe(200);
  });

  it('updates partially with POST, PUT and PATCH alike', async () => {
    const { json: event } = await create({
      featured: true,
      website: 'https://example.com',
      cost: '$23',
      description: 'Keep me',
    });
    for (const method of ['POST', 'PUT', 'PATCH']) {
      const res = await service().request(method, `/events/${event.id}`, {
        json: { title: `Renamed ${method}` },
        as: 'admin',
      });
      expect(res.status).toBe(200);
      expect(res.json.title).toBe(`Renamed ${method}`);
      expect(res.json.featured).toBe(true);
      expect(res.json.website).toBe('https://example.com');
      expect(res.json.cost).toBe('$23');
      expect(res.json.description).toBe('<p>Keep me</p>');
      expect(res.json.start_date).toBe('2026-04-01 20:00:00');
    }
  });

  it('parses dates in the event time zone, snaps all-day events, refuses end before start', async () => {
    const berlin = await create({
      timezone: 'Europe/Berlin',
      start_date: '2026-07-01 16:00',
      end_date: '2026-07-01 18:00',
    });
    expect(berlin.json.start_date).toBe('2026-07-01 16:00:00');
    expect(berlin.json.utc_start_date).toBe('2026-07-01 14:00:00');
    expect(berlin.json.timezone).toBe('Europe/Berlin');
    expect(berlin.json.timezone_abbr).toBe('CEST');
    const allDay = await create({ all_day: true, start_date: 'tomorrow 9am', end_date: '+5 days 11am' });
    expect(allDay.json.start_date).toBe('2026-03-11 00:00:00');
    expect(allDay.json.end_date).toBe('2026-03-15 23:59:59');
    expect(allDay.json.all_day).toBe(true);
    const backwards = await create({ start_date: '2026-04-02', end_date: '2026-04-01' });
    expect(backwards.status).toBe(400);
    expect(backwards.json.code).toBe('rest_invalid_param');
    expect(Object.keys(backwards.json.data.params)).toEqual(['end_date']);
    const unparseable = await create({ start_date: 'not a date at all' });
    expect(unparseable.status).toBe(400);
    expect(unparseable.json.data.params).toEqual({ start_date: 'Invalid parameter.' });
  });

  it('links venues and organizers by id or inline, and clears them with empty values', async () => {
    const venue = await service().request('POST', '/venues', {
      json: { venue: 'Hall', city: 'Berlin' },
      as: 'admin',
    });
    const organizer = await service().request('POST', '/organizers', {
      json: { organizer: 'Org' },
      as: 'admin',
    });
    const linked = await create({
      venue: venue.json.id,
      organizer: [organizer.json.id, { organizer: 'Inline Org' }],
    });
    expect(linked.json.venue.id).toBe(venue.json.id);
    expect(linked.json.venue.venue).toBe('Hall');
    expect(linked.json.organizer.map((o: { organizer: string }) => o.organizer)).toEqual([
      'Org',
      'Inline Org',
    ]);
    const inline = await create({ venue: { venue: 'Inline Hall', city: 'Paris' } });
    expect(inline.json.venue.venue).toBe('Inline Hall');
    const cleared = await service().request('POST', `/events/${linked.json.id}`, {
      json: { venue: 0, organizer: [] },
      as: 'admin',
    });
    expect(cleared.json.venue).toEqual([]);
    expect(cleared.json.organizer).toEqual([]);
    const badVenue = await create({ venue: organizer.json.id });
    expect(badVenue.status).toBe(400);
    expect(badVenue.json.data.params).toEqual({ venue: 'Invalid parameter.' });
  });

  it('takes categories and tags by id, slug or name, creating unknown names; "" removes them', async () => {
    const res = await create({ categories: 'Music,Live', tags: ['rock'] });
    expect(res.json.categories.map((c: { name: string }) => c.name)).toEqual(['Music', 'Live']);
    expect(res.json.categories[0]).toMatchObject({
      slug: 'music',
      term_group: 0,
      taxonomy: 'tribe_events_cat',
      parent: 0,
      filter: 'raw',
    });
    expect(Object.keys(res.json.categories[0])).toEqual([
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
    expect(res.json.tags[0].taxonomy).toBe('post_tag');
    const again = await create({ categories: [res.json.categories[1].id, 'music'] });
    expect(again.json.categories.map((c: { name: string }) => c.name)).toEqual(['Live', 'Music']);
    const cleared = await service().request('POST', `/events/${res.json.id}`, {
      json: { categories: '', tags: '' },
      as: 'admin',
    });
    expect(cleared.json.categories).toEqual([]);
    expect(cleared.json.tags).toEqual([]);
  });

  it('parses and formats costs', async () => {
    const range = await create({ cost: ['0$', '20$', '30$'] });
    expect(range.json.cost).toBe('Free – 30$');
    expect(range.json.cost_details).toEqual({
      currency_symbol: '$',
      currency_code: '',
      currency_position: 'postfix',
      values: ['0', '20', '30'],
    });
  });

  it('makes slugs unique per type', async () => {
    const a = await create({});
    const b = await create({});
    expect(a.json.slug).toBe('concert');
    expect(b.json.slug).toBe('concert-2');
    const venue = await service().request('POST', '/venues', { json: { venue: 'Concert' }, as: 'admin' });
    expect(venue.json.slug).toBe('concert');
  });

  it('trashes, answers 410 on a second delete, and purges with force=true', async () => {
    const { json: event } = await create({});
    const trashed = await service().request('DELETE', `/events/${event.id}`, { as: 'admin' });
    expect(trashed.status).toBe(200);
    expect(trashed.json.status).toBe('trash');
    const read = await service().request('GET', `/events/${event.id}`);
    expect(read.status).toBe(403);
    expect(read.json.code).toBe('event-no-longer-available');
    const again = await service().request('DELETE', `/events/${event.id}`, { as: 'admin' });
    expect(again.status).toBe(410);
    expect(again.json).toEqual({
      code: 'event-is-in-trash',
      message: 'The event is already trashed',
      data: { status: 410 },
    });
    const purged = await service().request('DELETE', `/events/${event.id}`, {
      query: { force: 'true' },
      as: 'admin',
    });
    expect(purged.status).toBe(200);
    expect(purged.json.deleted).toBe(true);
    expect(purged.json.previous.id).toBe(event.id);
    const gone = await service().request('GET', `/events/${event.id}`);
    expect(gone.status).toBe(404);
  });

  it('applies the capability matrix, by id and by slug', async () => {
    const { json: adminEvent } = await create({});
    for (const [method, path] of [
      ['POST', `/events/${adminEvent.id}`],
      ['POST', `/events/by-slug/${adminEvent.slug}`],
      ['DELETE', `/events/${adminEvent.id}`],
      ['DELETE', `/events/by-slug/${adminEvent.slug}`],
    ] as const) {
      const res = await service().request(method, path, { json: { title: 'Hijack' }, as: 'contributor' });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    const anonymous = await service().request('PUT', `/events/${adminEvent.id}`, { json: { title: 'x' } });
    expect(anonymous.status).toBe(401);
    const own = await create({ status: 'publish' }, 'contributor');
    expect(own.status).toBe(201);
    expect(own.json.status).toBe('pending');
    const ownDraft = await service().request('POST', `/events/${own.json.id}`, {
      json: { title: 'Mine' },
      as: 'contributor',
    });
    expect(ownDraft.status).toBe(200);
    const editor = await service().request('POST', `/events/${adminEvent.id}`, {
      json: { title: 'Edited' },
      as: 'editor',
    });
    expect(editor.status).toBe(200);
    const subscriber = await create({}, 'subscriber');
    expect(subscriber.status).toBe(403);
    const missing = await service().request('POST', '/events/999999', { json: { title: 'x' }, as: 'admin' });
    expect(missing.status).toBe(404);
    // Another type's id: the record's own edit right first (403), then the 400 for a caller who may edit it.
    const venue = await service().request('POST', '/venues', {
      json: { venue: 'Not an event' },
      as: 'admin',
    });
    const asContributor = await service().request('PATCH', `/events/${venue.json.id}`, {
      json: { title: 'x' },
      as: 'contributor',
    });
    expect(asContributor.status).toBe(403);
    const asEditor = await service().request('PATCH', `/events/${venue.json.id}`, {
      json: { title: 'x' },
      as: 'editor',
    });
    expect(asEditor.status).toBe(400);
    expect(asEditor.json.code).toBe('rest-invalid-event-id');
  });

  it('refuses an inline venue without a name instead of clearing the link', async () => {
    const { json: event } = await create({ venue: { venue: 'Hall' } });
    const res = await service().request('POST', `/events/${event.id}`, {
      json: { venue: { venue: '' } },
      as: 'admin',
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.json.data.params)).toEqual(['venue']);
    const after = await service().request('GET', `/events/${event.id}`);
    expect(after.json.venue.venue).toBe('Hall');
    const cleared = await service().request('POST', `/events/${event.id}`, {
      json: { venue: '' },
      as: 'admin',
    });
    expect(cleared.json.venue).toEqual([]);
  });

  it('protects events with a password', async () => {
    const { json: event } = await create({ password: 'secret', description: 'Hidden' });
    const without = await service().request('GET', `/events/${event.id}`);
    expect(without.status).toBe(403);
    expect(without.json.code).toBe('event-password-protected');
    const wrong = await service().request('GET', `/events/${event.id}`, { query: { password: 'nope' } });
    expect(wrong.status).toBe(403);
    const right = await service().request('GET', `/events/${event.id}`, { query: { password: 'secret' } });
    expect(right.status).toBe(200);
    expect(right.json.description).toBe('<p>Hidden</p>');
    const list = await service().request('GET', '/events');
    expect(list.json.events[0].description).toBe('');
    expect(list.json.events[0].title).toBe('Concert');
    const notEditor = await create({ password: 'x' }, 'author');
    expect(notEditor.status).toBe(403);
  });

  it('applies the password to by-slug reads, removes it with "", and accepts it on delete', async () => {
    const { json: event } = await create({ password: 'secret', description: 'Hidden' });
    const bySlug = await service().request('GET', `/events/by-slug/${event.slug}`);
    expect(bySlug.status).toBe(403);
    expect(bySlug.json.code).toBe('event-password-protected');
    const bySlugRight = await service().request('GET', `/events/by-slug/${event.slug}`, {
      query: { password: 'secret' },
    });
    expect(bySlugRight.status).toBe(200);
    expect(bySlugRight.json.description).toBe('<p>Hidden</p>');
    // Another event's password unlocks nothing.
    await create({ title: 'Other', password: 'other' });
    const otherPassword = await service().request('GET', `/events/${event.id}`, {
      query: { password: 'other' },
    });
    expect(otherPassword.status).toBe(403);

    const removed = await service().request('POST', `/events/${event.id}`, {
      json: { password: '' },
      as: 'editor',
    });
    expect(removed.status, removed.text).toBe(200);
    const open = await service().request('GET', `/events/${event.id}`);
    expect(open.status).toBe(200);
    expect(open.json.description).toBe('<p>Hidden</p>');

    const relocked = await service().request('PATCH', `/events/${event.id}`, {
      json: { password: 'again' },
      as: 'admin',
    });
    expect(relocked.status).toBe(200);
    expect((await service().request('GET', `/events/${event.id}`)).status).toBe(403);
    const trashed = await service().request('DELETE', `/events/${event.id}`, {
      query: { password: 'whatever' },
      as: 'admin',
    });
    expect(trashed.status, trashed.text).toBe(200);
    expect(trashed.json.status).toBe('trash');
  });

  it('registers image URLs once and rejects bad images', async () => {
    const a = await create({ image: 'https://cdn.example.com/poster.jpg' });
    expect(a.json.image).toMatchObject({ url: 'https://cdn.example.com/poster.jpg', extension: 'jpg' });
    const b = await create({ image: 'https://cdn.example.com/poster.jpg' });
    expect(b.json.image.id).toBe(a.json.image.id);
    const byId = await create({ image: a.json.image.id });
    expect(byId.json.image.id).toBe(a.json.image.id);
    const bad = await create({ image: 'ftp://x/y.jpg' });
    expect(bad.status).toBe(400);
    const empty = await create({ image: '' });
    expect(empty.status).toBe(400);
  });

  it('publishes a scheduled event once its date has passed', async () => {
    const scheduled = await create({ status: 'future', date: '2026-03-12 09:00:00', categories: 'Later' });
    expect(scheduled.json.status).toBe('future');
    expect((await service().request('GET', '/events')).json.total).toBe(0);
    service().setNow('2026-03-12T10:00:00Z');
    const list = await service().request('GET', '/events');
    expect(list.json.events.map((e: { id: number }) => e.id)).toEqual([scheduled.json.id]);
    expect(list.json.events[0].status).toBe('publish');
    const category = await service().request('GET', '/categories');
    expect(category.json.categories[0]).toMatchObject({ name: 'Later', count: 1 });
  });

  it('sanitizes HTML in descriptions', async () => {
    const res = await create({
      description: '<p onclick="x()">Hi<script>alert(1)</script> <a href="javascript:alert(1)">x</a></p>',
    });
    expect(res.json.description).not.toMatch(/script|onclick|javascript:/);
  });
});
