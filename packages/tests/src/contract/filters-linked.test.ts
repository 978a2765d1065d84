/**
 * The list parameters of `GET /venues` and `GET /organizers` (SPEC §9, ref §3.1, §4.2, §5.7, §6.4, §6.5):
 * `search` fragments, `event`, `has_events`, `only_with_upcoming`, `status`, and the publication-date order.
 */
import { beforeEach, expect, it } from 'vitest';
import { describeContract, type TestResponse } from '../index.js';

const NOW = Date.parse('2026-03-10T12:00:00Z');

const names = (res: TestResponse, key: 'venues' | 'organizers'): string[] => {
  expect(res.status, res.text).toBe(200);
  const field = key === 'venues' ? 'venue' : 'organizer';
  return res.json[key].map((item: Record<string, string>) => item[field]);
};

const restQuery = (res: TestResponse, name: string): string | null =>
  new URL(res.json.rest_url).searchParams.get(name);

const expectInvalidParam = (res: TestResponse, name: string) => {
  expect(res.status, res.text).toBe(400);
  expect(res.json.code).toBe('rest_invalid_param');
  expect(res.json.data.status).toBe(400);
  expect(Object.keys(res.json.data.params)).toEqual([name]);
};

describeContract('venue and organizer list filters', (service) => {
  let minutes = 0;
  /** Moves the clock a minute on, so that every record has its own publication date. */
  const tick = () => {
    minutes += 1;
    service().setNow(new Date(NOW + minutes * 60_000));
  };

  beforeEach(async () => {
    await service().reset();
    minutes = 0;
    service().setNow(new Date(NOW));
  });

  const venue = async (json: Record<string, unknown>): Promise<number> => {
    tick();
    const res = await service().request('POST', '/venues', { json, as: 'admin' });
    expect(res.status, res.text).toBe(201);
    return res.json.id;
  };
  const organizer = async (json: Record<string, unknown>): Promise<number> => {
    tick();
    const res = await service().request('POST', '/organizers', { json, as: 'admin' });
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
  const venues = (query: Record<string, unknown> | string = {}, as?: string) =>
    service().request('GET', '/venues', {
      query: typeof query === 'string' ? query : { per_page: 50, ...query },
      ...(as ? { as } : {}),
    });
  const organizers = (query: Record<string, unknown> | string = {}, as?: string) =>
    service().request('GET', '/organizers', {
      query: typeof query === 'string' ? query : { per_page: 50, ...query },
      ...(as ? { as } : {}),
    });

  // ---------------------------------------------------------------- search (ref §6.5, SPEC §9)

  it('venue search: every fragment in one field, any field (ref §6.5 "temple avenue")', async () => {
    await venue({ venue: 'Le Marais Hall', address: '100, Avenue du Temple', city: 'Paris', zip: '75003' });
    await venue({ venue: 'Split Hall', address: 'Temple Road', city: 'Avenue City' });
    await venue({ venue: 'Phone Hall', phone: '555-1234', city: 'Lyon', description: 'A cosy cellar' });
    const temple = await venues({ search: 'temple avenue' });
    expect(names(temple, 'venues')).toEqual(['Le Marais Hall']);
    expect(temple.json.total).toBe(1);
    expect(restQuery(temple, 'search')).toBe('temple avenue');
    expect(names(await venues({ search: 'TEMPLE' }), 'venues')).toEqual(['Split Hall', 'Le Marais Hall']);
    expect(names(await venues({ search: '75003' }), 'venues')).toEqual(['Le Marais Hall']);
    expect(names(await venues({ search: '555-1234' }), 'venues')).toEqual(['Phone Hall']);
    expect(names(await venues({ search: 'lyon' }), 'venues')).toEqual(['Phone Hall']);
    expect(names(await venues({ search: 'cosy' }), 'venues')).toEqual(['Phone Hall']);
    expect(names(await venues({ search: 'marais' }), 'venues')).toEqual(['Le Marais Hall']);
    expect(names(await venues({ search: 'hall' }), 'venues')).toEqual([
      'Phone Hall',
      'Split Hall',
      'Le Marais Hall',
    ]);
  });

  it('search matches the request language, with field fallback to the default language (SPEC §7)', async () => {
    const hall = await venue({ venue: 'Town Hall', description: 'Near the river', city: 'Bonn' });
    await venue({ venue: 'Opera House', city: 'Köln' });
    const de = await service().request('POST', `/venues/${hall}`, {
      json: { venue: 'Rathaus', multilang_language: 'de' },
      as: 'admin',
    });
    expect(de.status, de.text).toBe(200);
    const deVenues = (query: Record<string, unknown>) =>
      service().request('GET', '/de/calendar/events/v1/venues', { query });
    expect(names(await deVenues({ search: 'rathaus' }), 'venues')).toEqual(['Rathaus']);
    expect(names(await deVenues({ search: 'river' }), 'venues')).toEqual(['Rathaus']);
    expect(names(await deVenues({ search: 'town' }), 'venues')).toEqual([]);
    expect(names(await deVenues({ search: 'opera' }), 'venues')).toEqual(['Opera House']);
    expect(names(await venues({ search: 'rathaus' }), 'venues')).toEqual([]);
    expect(names(await venues({ search: 'town' }), 'venues')).toEqual(['Town Hall']);
    expect(names(await venues({ search: 'rathaus', multilang_language: 'de' }), 'venues')).toEqual([
      'Rathaus',
    ]);
  });

  it('venue search does not look at country or website', async () => {
    await venue({ venue: 'Country Hall', country: 'Zanzibaria' });
    await venue({ venue: 'Web Hall', website: 'https://quokkaweb.example.com' });
    expect(names(await venues({ search: 'zanzibaria' }), 'venues')).toEqual([]);
    expect(names(await venues({ search: 'quokkaweb' }), 'venues')).toEqual([]);
  });

  it('organizer search: phones, e-mails, websites (ref §6.5 examples)', async () => {
    await organizer({
      organizer: 'Alpha',
      phone: '111111111',
      email: 'alpha@common.com',
      website: 'http://one.com',
    });
    await organizer({
      organizer: 'Beta',
      phone: '111112222',
      email: 'beta@common.com',
      website: 'http://two.com',
    });
    await organizer({ organizer: 'Gamma', phone: '222222222', email: 'gamma@other.org' });
    expect(names(await organizers({ search: '1111' }), 'organizers')).toEqual(['Beta', 'Alpha']);
    expect(names(await organizers({ search: '@common.com' }), 'organizers')).toEqual(['Beta', 'Alpha']);
    const one = await organizers({ search: 'http://one.com' });
    expect(names(one, 'organizers')).toEqual(['Alpha']);
    expect(one.json.total).toBe(1);
    expect(names(await organizers({ search: 'gamma' }), 'organizers')).toEqual(['Gamma']);
    expect(names(await organizers({ search: '2222' }), 'organizers')).toEqual(['Gamma', 'Beta']);
  });

  it('search with no match: an empty list and total 0 (SPEC §9 overrides the plugin quirk)', async () => {
    await venue({ venue: 'Hall' });
    await organizer({ organizer: 'Org' });
    for (const [res, key] of [
      [await venues({ search: 'nothing-like-this' }), 'venues'],
      [await organizers({ search: 'nothing-like-this' }), 'organizers'],
    ] as const) {
      expect(res.status).toBe(200);
      expect(res.json[key]).toEqual([]);
      expect(res.json.total).toBe(0);
      expect(res.json.total_pages).toBe(0);
      expect(res.headers['x-tec-total']).toBe('0');
      expect(res.headers['x-tec-totalpages']).toBe('0');
    }
  });

  it('search given as an array is a 400 rest_invalid_param, as "" is (SPEC §14)', async () => {
    for (const path of ['/venues', '/organizers']) {
      const res = await service().request('GET', path, { query: 'search[]=a' });
      expect(res.status, path).toBe(400);
      expectInvalidParam(res, 'search');
      expectInvalidParam(await service().request('GET', path, { query: { search: ['a', 'b'] } }), 'search');
      expectInvalidParam(await service().request('GET', path, { query: { search: '' } }), 'search');
    }
  });

  // ---------------------------------------------------------------- event (ref §5.7, §6.5)

  it('event: the venue and organizers of that event, subject to the status filter', async () => {
    const hall = await venue({ venue: 'Hall' });
    await venue({ venue: 'Other Hall' });
    const org1 = await organizer({ organizer: 'Org One' });
    const org2 = await organizer({ organizer: 'Org Two' });
    const hidden = await organizer({ organizer: 'Draft Org', status: 'draft' });
    await organizer({ organizer: 'Unlinked Org' });
    const linked = await event({ venue: hall, organizer: [org1, hidden, org2] });
    const bare = await event({ title: 'Bare' });

    const v = await venues({ event: linked });
    expect(names(v, 'venues')).toEqual(['Hall']);
    expect(v.json.total).toBe(1);
    expect(names(await organizers({ event: linked }), 'organizers')).toEqual(['Org Two', 'Org One']);
    expect(names(await organizers({ event: linked }, 'editor'), 'organizers')).toEqual([
      'Draft Org',
      'Org Two',
      'Org One',
    ]);
    const none = await venues({ event: bare });
    expect(none.status).toBe(200);
    expect(none.json.venues).toEqual([]);
    expect(none.json.total).toBe(0);
    expect(names(await organizers({ event: bare }), 'organizers')).toEqual([]);

    for (const list of [venues, organizers]) {
      expectInvalidParam(await list({ event: 999999 }), 'event');
      expectInvalidParam(await list({ event: 'foo' }), 'event');
      expectInvalidParam(await list({ event: '' }), 'event');
      expectInvalidParam(await list({ event: hall }), 'event');
    }
  });

  // ---------------------------------------------------------------- has_events (ref §6.5)

  it('has_events: linked to an event that is not a draft or pending (published, scheduled, private, trashed)', async () => {
    const published = await venue({ venue: 'With published' });
    const draft = await venue({ venue: 'With draft' });
    const pending = await venue({ venue: 'With pending' });
    const privateV = await venue({ venue: 'With private' });
    const scheduled = await venue({ venue: 'With scheduled' });
    await venue({ venue: 'Without events' });
    const trashed = await venue({ venue: 'With trashed' });
    await event({ venue: published });
    await event({ venue: draft, status: 'draft' });
    await event({ venue: pending, status: 'pending' });
    await event({ venue: privateV, status: 'private' });
    await event({ venue: scheduled, status: 'future', date: '2026-03-20 10:00:00' });
    const toTrash = await event({ venue: trashed });
    expect((await service().request('DELETE', `/events/${toTrash}`, { as: 'admin' })).status).toBe(200);

    const yes = await venues({ has_events: 'true' });
    expect(names(yes, 'venues')).toEqual([
      'With trashed',
      'With scheduled',
      'With private',
      'With published',
    ]);
    expect(yes.json.total).toBe(4);
    expect(names(await venues({ has_events: 'false' }), 'venues')).toEqual([
      'Without events',
      'With pending',
      'With draft',
    ]);
    expect(names(await venues({ has_events: '1' }), 'venues')).toEqual([
      'With trashed',
      'With scheduled',
      'With private',
      'With published',
    ]);
  });

  it('has_events works for organizers too', async () => {
    const a = await organizer({ organizer: 'Busy' });
    const b = await organizer({ organizer: 'Only drafts' });
    await organizer({ organizer: 'Idle' });
    await event({ organizer: [a, b] });
    await event({ organizer: [b], status: 'draft' });
    const c = await organizer({ organizer: 'Drafted' });
    await event({ organizer: [c], status: 'draft' });
    expect(names(await organizers({ has_events: 'true' }), 'organizers')).toEqual(['Only drafts', 'Busy']);
    expect(names(await organizers({ has_events: 'false' }), 'organizers')).toEqual(['Drafted', 'Idle']);
  });

  // ---------------------------------------------------------------- only_with_upcoming (ref §6.5)

  it('only_with_upcoming: linked to an event starting from now, counting the statuses the caller may see', async () => {
    const past = await organizer({ organizer: 'Past only' });
    const running = await organizer({ organizer: 'Already running' });
    const upcoming = await organizer({ organizer: 'Upcoming' });
    const draft = await organizer({ organizer: 'Upcoming draft' });
    const privateO = await organizer({ organizer: 'Upcoming private' });
    const pending = await organizer({ organizer: 'Upcoming pending' });
    await organizer({ organizer: 'No events' });
    await event({ organizer: [past], start_date: '2026-03-01 10:00:00', end_date: '2026-03-01 11:00:00' });
    await event({ organizer: [running], start_date: '2026-03-10 11:00:00', end_date: '2026-03-10 18:00:00' });
    await event({ organizer: [upcoming] });
    await event({ organizer: [draft], status: 'draft' });
    await event({ organizer: [privateO], status: 'private' });
    await event({ organizer: [pending], status: 'pending' });

    const anonymous = await organizers({ only_with_upcoming: 'true' });
    expect(names(anonymous, 'organizers')).toEqual(['Upcoming']);
    expect(anonymous.json.total).toBe(1);
    expect(names(await organizers({ only_with_upcoming: 'true' }, 'editor'), 'organizers')).toEqual([
      'Upcoming pending',
      'Upcoming private',
      'Upcoming draft',
      'Upcoming',
    ]);
    // false means no filter, not "without upcoming events".
    expect(names(await organizers({ only_with_upcoming: 'false' }), 'organizers')).toEqual([
      'No events',
      'Upcoming pending',
      'Upcoming private',
      'Upcoming draft',
      'Upcoming',
      'Already running',
      'Past only',
    ]);
  });

  it('only_with_upcoming works for venues too', async () => {
    const old = await venue({ venue: 'Old' });
    const soon = await venue({ venue: 'Soon' });
    await event({ venue: old, start_date: '2025-03-01 10:00:00', end_date: '2025-03-01 11:00:00' });
    await event({ venue: soon, start_date: '2026-03-11 10:00:00', end_date: '2026-03-11 11:00:00' });
    expect(names(await venues({ only_with_upcoming: '1' }), 'venues')).toEqual(['Soon']);
    expect(names(await venues(), 'venues')).toEqual(['Soon', 'Old']);
  });

  // ---------------------------------------------------------------- status (ref §6.4)

  it('status: anonymous callers may only ask for publish; editors see drafts and may filter', async () => {
    await venue({ venue: 'Public' });
    await venue({ venue: 'Drafty', status: 'draft' });
    await venue({ venue: 'Waiting', status: 'pending' });
    const anonymous = await venues();
    expect(names(anonymous, 'venues')).toEqual(['Public']);
    expect(restQuery(anonymous, 'status')).toBe('publish');
    expect(names(await venues({ status: 'publish' }), 'venues')).toEqual(['Public']);
    expectInvalidParam(await venues({ status: 'draft' }), 'status');
    expectInvalidParam(await venues({ status: 'publish,draft' }), 'status');
    expectInvalidParam(await venues({ status: 'draft' }, 'subscriber'), 'status');
    expect(names(await venues({}, 'editor'), 'venues')).toEqual(['Waiting', 'Drafty', 'Public']);
    expect(names(await venues({ status: 'draft' }, 'editor'), 'venues')).toEqual(['Drafty']);
    expect(names(await venues({ status: 'draft,publish' }, 'editor'), 'venues')).toEqual([
      'Drafty',
      'Public',
    ]);
    expectInvalidParam(await venues({ status: 'foo' }, 'editor'), 'status');
    expectInvalidParam(await venues({ status: 'foo,publish' }, 'editor'), 'status');

    await organizer({ organizer: 'Public Org' });
    await organizer({ organizer: 'Draft Org', status: 'draft' });
    expect(names(await organizers(), 'organizers')).toEqual(['Public Org']);
    expect(names(await organizers({}, 'admin'), 'organizers')).toEqual(['Draft Org', 'Public Org']);
    expectInvalidParam(await organizers({ status: 'draft' }), 'status');
  });

  // ---------------------------------------------------------------- order and paging (ref §3.1)

  it('orders by publication date descending and pages with 404 past the end', async () => {
    await organizer({ organizer: 'First', date: '2026-01-01 10:00:00' });
    await organizer({ organizer: 'Newest', date: '2026-03-01 10:00:00' });
    await organizer({ organizer: 'Middle', date: '2026-02-01 10:00:00' });
    expect(names(await organizers(), 'organizers')).toEqual(['Newest', 'Middle', 'First']);
    const page2 = await organizers({ per_page: 2, page: 2 });
    expect(names(page2, 'organizers')).toEqual(['First']);
    expect(page2.json.total).toBe(3);
    expect(page2.json.total_pages).toBe(2);
    const past = await organizers({ per_page: 2, page: 3 });
    expect(past.status).toBe(404);
    expect(past.json).toEqual({
      code: 'organizer-archive-page-not-found',
      message: 'The requested organizer archive page does not exist',
      data: { status: 404 },
    });
    expectInvalidParam(await organizers({ per_page: 0 }), 'per_page');
    expectInvalidParam(await venues({ page: 'foo' }), 'page');
  });
});
