/**
 * The non-date list parameters of `GET /events` (SPEC §9, §3, §7; ref §3.1, §4.1, §5.1, §6.2–6.4, §8.3):
 * search, categories/tags, venue/organizer, featured, status, include, post_parent, ticketed, hide_from_listings,
 * password-protected items, paging edge cases and geolocation (on, and off in a second suite).
 */
import { beforeEach, expect, it } from 'vitest';
import { describeContract, type TestResponse, type TestService } from '../index.js';

const NOW = '2026-03-10T12:00:00Z';

// biome-ignore lint/suspicious/noExplicitAny: events as the API answers them
type EventJson = Record<string, any> & { id: number; title: string };

const titles = (res: TestResponse): string[] => {
  expect(res.status, res.text).toBe(200);
  return res.json.events.map((e: EventJson) => e.title);
};

const restQuery = (res: TestResponse, name: string): string | null =>
  new URL(res.json.rest_url).searchParams.get(name);

const expectInvalidParam = (res: TestResponse, name: string) => {
  expect(res.status, res.text).toBe(400);
  expect(res.json.code).toBe('rest_invalid_param');
  expect(res.json.data.status).toBe(400);
  expect(Object.keys(res.json.data.params)).toEqual([name]);
};

function helpers(service: () => TestService) {
  let day = 0;
  /** Creates an event; without dates it gets the next free day in April 2026 (so start order = creation order). */
  const create = async (
    title: string,
    extra: Record<string, unknown> = {},
    as = 'admin',
  ): Promise<EventJson> => {
    day += 1;
    const date = `2026-04-${String(day).padStart(2, '0')}`;
    const res = await service().request('POST', '/events', {
      json: { title, start_date: `${date} 10:00:00`, end_date: `${date} 11:00:00`, ...extra },
      as,
    });
    expect(res.status, res.text).toBe(201);
    return res.json;
  };
  const list = (query: Record<string, unknown> | string = {}, as?: string) =>
    service().request('GET', '/events', {
      query: typeof query === 'string' ? query : { per_page: 50, ...query },
      ...(as ? { as } : {}),
    });
  const resetDays = () => {
    day = 0;
  };
  return { create, list, resetDays };
}

describeContract('event list filters', (service) => {
  const { create, list, resetDays } = helpers(service);

  beforeEach(async () => {
    await service().reset();
    service().setNow(NOW);
    resetDays();
  });

  // ---------------------------------------------------------------- search (SPEC §9, ref §6.2)

  const searchFixtures = async () => {
    const night = await create('Jazz Night', { description: 'Live music in the cellar' });
    await create('Night of Rock', { description: 'Loud guitars' });
    const brunch = await create('Jazz brunch', { excerpt: 'Coffee and jazz' });
    await create('DJ Set', { description: 'Electronic' });
    return { night, brunch };
  };

  it('search: every word must appear in the title, excerpt or description, case-insensitively', async () => {
    await searchFixtures();
    const jazz = await list({ search: 'jazz' });
    expect(titles(jazz)).toEqual(['Jazz Night', 'Jazz brunch']);
    expect(jazz.json.total).toBe(2);
    expect(restQuery(jazz, 'search')).toBe('jazz');
    expect(titles(await list({ search: 'JAZZ' }))).toEqual(['Jazz Night', 'Jazz brunch']);
    // Words may be found in different fields.
    expect(titles(await list({ search: 'jazz LIVE' }))).toEqual(['Jazz Night']);
    expect(titles(await list({ search: 'coffee' }))).toEqual(['Jazz brunch']);
    expect(titles(await list({ search: 'night jazz' }))).toEqual(['Jazz Night']);
    // A word is a substring match (LIKE %word%).
    expect(titles(await list({ search: 'guitar' }))).toEqual(['Night of Rock']);
    expect(titles(await list({ search: 'usic' }))).toEqual(['Jazz Night']);
  });

  it('search: "quoted phrases" and -exclusions', async () => {
    await searchFixtures();
    expect(titles(await list({ search: '"jazz night"' }))).toEqual(['Jazz Night']);
    expect(titles(await list({ search: '"night jazz"' }))).toEqual([]);
    expect(titles(await list({ search: '"in the cellar"' }))).toEqual(['Jazz Night']);
    expect(titles(await list({ search: 'night -rock' }))).toEqual(['Jazz Night']);
    expect(titles(await list({ search: 'jazz -coffee' }))).toEqual(['Jazz Night']);
    expect(titles(await list({ search: '-jazz' }))).toEqual(['Night of Rock', 'DJ Set']);
  });

  it('search: words shorter than three characters work too', async () => {
    await searchFixtures();
    expect(titles(await list({ search: 'dj' }))).toEqual(['DJ Set']);
    expect(titles(await list({ search: 'DJ electronic' }))).toEqual(['DJ Set']);
    expect(titles(await list({ search: 'ja' }))).toEqual(['Jazz Night', 'Jazz brunch']);
  });

  it('search: LIKE wildcards and quotes in the text are taken literally', async () => {
    await searchFixtures();
    await create('100% fun', { description: 'snake_case talk' });
    expect(titles(await list({ search: '%' }))).toEqual(['100% fun']);
    expect(titles(await list({ search: '100%' }))).toEqual(['100% fun']);
    expect(titles(await list({ search: '_' }))).toEqual(['100% fun']);
    expect(titles(await list({ search: 'e_c' }))).toEqual(['100% fun']);
    expect(titles(await list({ search: "rock'n" }))).toEqual([]);
  });

  it('search: no match reports total 0; "" is a 400', async () => {
    await searchFixtures();
    const none = await list({ search: 'zzzz' });
    expect(none.status).toBe(200);
    expect(none.json.events).toEqual([]);
    expect(none.json.total).toBe(0);
    expect(none.json.total_pages).toBe(0);
    expect(none.headers['x-tec-total']).toBe('0');
    expect(none.json).not.toHaveProperty('next_rest_url');
    expectInvalidParam(await list({ search: '' }), 'search');
  });

  it('search: matches the request language, with field fallback to the default language', async () => {
    const { night, brunch } = await searchFixtures();
    const de1 = await service().request('POST', `/events/${night.id}`, {
      json: { title: 'Jazzabend', description: 'Livemusik im Gewölbekeller', multilang_language: 'de' },
      as: 'admin',
    });
    expect(de1.status, de1.text).toBe(200);
    // Only the title is translated: excerpt and description fall back to English.
    const de2 = await service().request('POST', `/events/${brunch.id}`, {
      json: { title: 'Jazz-Frühstück', multilang_language: 'de' },
      as: 'admin',
    });
    expect(de2.status, de2.text).toBe(200);

    const deList = (query: Record<string, unknown>) =>
      service().request('GET', '/de/calendar/events/v1/events', { query });
    expect(titles(await deList({ search: 'jazzabend' }))).toEqual(['Jazzabend']);
    expect(titles(await deList({ search: 'gewölbekeller' }))).toEqual(['Jazzabend']);
    expect(titles(await deList({ search: 'frühstück' }))).toEqual(['Jazz-Frühstück']);
    expect(titles(await deList({ search: 'FRÜHSTÜCK' }))).toEqual(['Jazz-Frühstück']);
    // The English title is replaced in German, the English excerpt is the fallback.
    expect(titles(await deList({ search: 'brunch' }))).toEqual([]);
    expect(titles(await deList({ search: 'coffee' }))).toEqual(['Jazz-Frühstück']);
    // An untranslated event is searched in English on the German address.
    expect(titles(await deList({ search: 'guitars' }))).toEqual(['Night of Rock']);

    // On the default address the German text is not searched...
    expect(titles(await list({ search: 'jazzabend' }))).toEqual([]);
    expect(titles(await list({ search: 'brunch' }))).toEqual(['Jazz brunch']);
    // ...unless multilang_language asks for German.
    expect(titles(await list({ search: 'jazzabend', multilang_language: 'de' }))).toEqual(['Jazzabend']);
    expect(titles(await list({ search: 'coffee', multilang_language: 'de' }))).toEqual(['Jazz-Frühstück']);
    // The parameter wins over the address language.
    expect(titles(await deList({ search: 'jazzabend', multilang_language: 'en' }))).toEqual([]);
  });

  // ---------------------------------------------------------------- categories and tags (SPEC §9, ref §6.2)

  const termFixtures = async () => {
    const e1 = await create('Music outdoors', { categories: 'Music', tags: 'outdoor' });
    const e2 = await create('Theatre indoors', { categories: 'Theatre', tags: 'indoor' });
    const e3 = await create('Musical indoors', { categories: 'Music,Theatre', tags: 'indoor' });
    await create('No terms');
    const music = e1.categories[0].id as number;
    const theatre = e2.categories[0].id as number;
    const outdoor = e1.tags[0].id as number;
    const indoor = e2.tags[0].id as number;
    expect(e3.categories.map((c: { id: number }) => c.id)).toEqual([music, theatre]);
    return { music, theatre, outdoor, indoor };
  };

  it('categories: by slug or id; OR within the list as CSV, array, brackets or repeated keys', async () => {
    const { music, theatre } = await termFixtures();
    expect(titles(await list({ categories: 'music' }))).toEqual(['Music outdoors', 'Musical indoors']);
    expect(titles(await list({ categories: theatre }))).toEqual(['Theatre indoors', 'Musical indoors']);
    const all = ['Music outdoors', 'Theatre indoors', 'Musical indoors'];
    const csv = await list({ categories: 'music,theatre' });
    expect(titles(csv)).toEqual(all);
    expect(csv.json.total).toBe(3);
    expect(titles(await list({ categories: ` ${music} , theatre ` }))).toEqual(all);
    expect(titles(await list({ categories: [music, 'theatre'] }))).toEqual(all);
    expect(titles(await list('per_page=50&categories[]=music&categories[]=theatre'))).toEqual(all);
    expect(titles(await list(`per_page=50&categories=${music}&categories=${theatre}`))).toEqual(all);
  });

  it('tags: by slug or id, OR within the list; categories and tags together must both match', async () => {
    const { music, indoor, outdoor } = await termFixtures();
    expect(titles(await list({ tags: 'outdoor' }))).toEqual(['Music outdoors']);
    expect(titles(await list({ tags: indoor }))).toEqual(['Theatre indoors', 'Musical indoors']);
    expect(titles(await list({ tags: [outdoor, 'indoor'] }))).toEqual([
      'Music outdoors',
      'Theatre indoors',
      'Musical indoors',
    ]);
    const both = await list({ categories: 'music', tags: 'indoor' });
    expect(titles(both)).toEqual(['Musical indoors']);
    expect(both.json.total).toBe(1);
    expect(titles(await list({ categories: [music], tags: 'indoor,outdoor' }))).toEqual([
      'Music outdoors',
      'Musical indoors',
    ]);
    expect(titles(await list({ categories: 'theatre', tags: 'outdoor' }))).toEqual([]);
  });

  it('categories: a numeric item is looked up as a slug first, then as an id (ref §6.2)', async () => {
    const { music } = await termFixtures();
    // On event writes a numeric item is an id (ref §7.3), so the category is created on its own route.
    const category = await service().request('POST', '/categories', { json: { name: '2026' }, as: 'admin' });
    expect(category.status, category.text).toBe(201);
    expect(category.json.slug).toBe('2026');
    expect(category.json.id).not.toBe(2026);
    await create('Year', { categories: [music, category.json.id] });
    expect(titles(await list({ categories: '2026' }))).toEqual(['Year']);
    expect(titles(await list({ categories: String(music) }))).toEqual([
      'Music outdoors',
      'Musical indoors',
      'Year',
    ]);
  });

  it('categories/tags: a term is also known by its name, as term_exists knows it (ref §5.1)', async () => {
    await termFixtures();
    const live = await service().request('POST', '/categories', {
      json: { name: 'Live Jazz', slug: 'lj' },
      as: 'admin',
    });
    await create('Jazz night', { categories: [live.json.id] });
    expect(titles(await list({ categories: 'Live Jazz' }))).toEqual(['Jazz night']);
    expect(titles(await list({ categories: 'live jazz,lj' }))).toEqual(['Jazz night']);
    expect(titles(await list({ tags: 'INDOOR' }))).toEqual(['Theatre indoors', 'Musical indoors']);
  });

  it('categories/tags: an unknown id or slug is a 400 naming the parameter', async () => {
    const { indoor } = await termFixtures();
    expectInvalidParam(await list({ categories: 'nope' }), 'categories');
    expectInvalidParam(await list({ categories: '999999' }), 'categories');
    expectInvalidParam(await list({ categories: 'music,nope' }), 'categories');
    // A tag is not a category.
    expectInvalidParam(await list({ categories: 'indoor' }), 'categories');
    expectInvalidParam(await list({ categories: indoor + 1000 }), 'categories');
    expectInvalidParam(await list({ tags: 'nope' }), 'tags');
    expectInvalidParam(await list({ tags: 'music' }), 'tags');
    const both = await list({ categories: 'nope', tags: 'nope' });
    expect(both.status).toBe(400);
    expect(Object.keys(both.json.data.params).sort()).toEqual(['categories', 'tags']);
  });

  // ---------------------------------------------------------------- venue and organizer (ref §6.2)

  it('venue and organizer: OR across ids, each event once, echoed in rest_url', async () => {
    const v1 = (await service().request('POST', '/venues', { json: { venue: 'Hall One' }, as: 'admin' }))
      .json;
    const v2 = (await service().request('POST', '/venues', { json: { venue: 'Hall Two' }, as: 'admin' }))
      .json;
    const o1 = (
      await service().request('POST', '/organizers', { json: { organizer: 'Org One' }, as: 'admin' })
    ).json;
    const o2 = (
      await service().request('POST', '/organizers', { json: { organizer: 'Org Two' }, as: 'admin' })
    ).json;
    const o3 = (
      await service().request('POST', '/organizers', { json: { organizer: 'Org Three' }, as: 'admin' })
    ).json;
    await create('E1', { venue: v1.id, organizer: [o1.id, o2.id] });
    await create('E2', { venue: v2.id, organizer: [o2.id] });
    await create('E3', { organizer: [o3.id] });
    await create('E4');

    expect(titles(await list({ venue: v1.id }))).toEqual(['E1']);
    const venues = await list({ venue: `${v1.id},${v2.id}` });
    expect(titles(venues)).toEqual(['E1', 'E2']);
    expect(restQuery(venues, 'venue')).toBe(`${v1.id},${v2.id}`);
    expect(titles(await list({ venue: [v2.id] }))).toEqual(['E2']);

    const organizers = await list({ organizer: [o1.id, o2.id] });
    expect(titles(organizers)).toEqual(['E1', 'E2']);
    expect(organizers.json.total).toBe(2);
    expect(restQuery(organizers, 'organizer')).toBe(`${o1.id},${o2.id}`);
    expect(titles(await list({ organizer: `${o3.id}` }))).toEqual(['E3']);
    expect(titles(await list({ organizer: o2.id, venue: v1.id }))).toEqual(['E1']);
    // The status filter still applies: a draft at the venue is only listed for editors.
    await create('E5 draft', { venue: v1.id, organizer: [o1.id], status: 'draft' });
    expect(titles(await list({ venue: v1.id }))).toEqual(['E1']);
    expect(titles(await list({ organizer: o1.id }))).toEqual(['E1']);
    expect(titles(await list({ venue: v1.id }, 'editor'))).toEqual(['E1', 'E5 draft']);
    expect(titles(await list({ organizer: o1.id }, 'editor'))).toEqual(['E1', 'E5 draft']);

    expectInvalidParam(await list({ venue: o1.id }), 'venue');
    expectInvalidParam(await list({ venue: 999999 }), 'venue');
    expectInvalidParam(await list({ venue: `${v1.id},999999` }), 'venue');
    expectInvalidParam(await list({ venue: 'foo' }), 'venue');
    expectInvalidParam(await list({ organizer: v1.id }), 'organizer');
    expectInvalidParam(await list({ organizer: `${o1.id},999999` }), 'organizer');
  });

  // ---------------------------------------------------------------- featured (ref §6.2)

  it('featured=true/false; rest_url echoes featured=1 only, as the plugin (SPEC §14)', async () => {
    await create('Plain');
    await create('Star', { featured: true });
    await create('Plain too', { featured: false });
    const yes = await list({ featured: 'true' });
    expect(titles(yes)).toEqual(['Star']);
    expect(restQuery(yes, 'featured')).toBe('1');
    const no = await list({ featured: 'false' });
    expect(titles(no)).toEqual(['Plain', 'Plain too']);
    expect(restQuery(no, 'featured')).toBeNull();
    expect(titles(await list({ featured: '1' }))).toEqual(['Star']);
    expect(titles(await list({ featured: 'FALSE' }))).toEqual(['Plain', 'Plain too']);
    expect(titles(await list())).toEqual(['Plain', 'Star', 'Plain too']);
    const bad = await list({ featured: 'yes' });
    expectInvalidParam(bad, 'featured');
    expect(bad.json.data.params.featured).toBe('featured is not of type boolean.');
  });

  // ---------------------------------------------------------------- status (ref §6.4)

  const statusFixtures = async () => {
    await create('Published');
    await create('Draft', { status: 'draft' });
    await create('Pending', { status: 'pending' });
    await create('Private', { status: 'private' });
    await create('Scheduled', { status: 'future', date: '2026-03-20 10:00:00' });
    const trashed = await create('Trashed');
    const del = await service().request('DELETE', `/events/${trashed.id}`, { as: 'admin' });
    expect(del.status).toBe(200);
  };

  it('status: anonymous callers and subscribers may only ask for publish', async () => {
    await statusFixtures();
    const anonymous = await list();
    expect(titles(anonymous)).toEqual(['Published']);
    expect(restQuery(anonymous, 'status')).toBe('publish');
    expect(titles(await list({ status: 'publish' }))).toEqual(['Published']);
    expect(titles(await list({ status: 'publish' }, 'subscriber'))).toEqual(['Published']);
    expect(titles(await list({}, 'subscriber'))).toEqual(['Published']);
    expectInvalidParam(await list({ status: 'draft' }), 'status');
    expectInvalidParam(await list({ status: 'publish,draft' }), 'status');
    expectInvalidParam(await list({ status: ['publish', 'draft'] }), 'status');
    expectInvalidParam(await list({ status: 'draft' }, 'subscriber'), 'status');
    expectInvalidParam(await list({ status: 'foo' }), 'status');
  });

  it('status: editors see every status but trash by default, and may filter by any valid status', async () => {
    await statusFixtures();
    expect(titles(await list({}, 'editor'))).toEqual([
      'Published',
      'Draft',
      'Pending',
      'Private',
      'Scheduled',
    ]);
    const drafts = await list({ status: 'draft' }, 'editor');
    expect(titles(drafts)).toEqual(['Draft']);
    expect(restQuery(drafts, 'status')).toBe('draft');
    expect(titles(await list({ status: 'draft,pending' }, 'editor'))).toEqual(['Draft', 'Pending']);
    expect(titles(await list({ status: ['private', 'future'] }, 'editor'))).toEqual(['Private', 'Scheduled']);
    expect(titles(await list({ status: 'publish' }, 'editor'))).toEqual(['Published']);
    expect(titles(await list({ status: 'trash' }, 'admin'))).toEqual(['Trashed']);
    expectInvalidParam(await list({ status: 'foo' }, 'editor'), 'status');
    expectInvalidParam(await list({ status: 'foo,bar,publish' }, 'editor'), 'status');
    expectInvalidParam(await list({ status: 'any' }, 'editor'), 'status');
  });

  it('status: a scheduled event whose date has passed is listed as published', async () => {
    await statusFixtures();
    service().setNow('2026-03-21T12:00:00Z');
    const res = await list();
    expect(titles(res)).toEqual(['Published', 'Scheduled']);
    expect(res.json.events[1].status).toBe('publish');
  });

  it('status: contributors can edit events, so by default they see everyone’s non-trashed events (ref §6.4 quirk)', async () => {
    await statusFixtures();
    expect(titles(await list({}, 'contributor'))).toEqual([
      'Published',
      'Draft',
      'Pending',
      'Private',
      'Scheduled',
    ]);
    expect(titles(await list({ status: 'draft' }, 'contributor'))).toEqual(['Draft']);
  });

  // ---------------------------------------------------------------- include (SPEC §9, ref §6.3)

  it('include: exactly those events, by publication date then id, ignoring every date filter', async () => {
    const a = await create('A', { date: '2026-01-05 10:00:00' });
    const b = await create('B', { date: '2026-01-01 10:00:00' });
    const past = await create('Past', {
      date: '2026-01-03 10:00:00',
      start_date: '2025-01-01 10:00:00',
      end_date: '2025-01-01 11:00:00',
    });
    const farFuture = await create('Far future', {
      date: '2026-01-02 10:00:00',
      start_date: '2029-01-01 10:00:00',
      end_date: '2029-01-01 11:00:00',
    });
    await create('Not included', { date: '2025-12-01 10:00:00' });

    const res = await list({ include: `${a.id},${b.id},${past.id},${farFuture.id}` });
    expect(titles(res)).toEqual(['B', 'Far future', 'Past', 'A']);
    expect(res.json.total).toBe(4);
    expect(restQuery(res, 'include')).toBe(`${a.id},${b.id},${past.id},${farFuture.id}`);
    expect(titles(await list({ include: [past.id, a.id] }))).toEqual(['Past', 'A']);
    expect(titles(await list(`include[]=${a.id}&include[]=${b.id}`))).toEqual(['B', 'A']);
    // Explicit and relative date filters are ignored too.
    expect(
      titles(await list({ include: [a.id, past.id], start_date: '2026-06-01', end_date: '2026-06-30' })),
    ).toEqual(['Past', 'A']);
    expect(titles(await list({ include: [a.id, past.id], starts_after: '2027-01-01' }))).toEqual([
      'Past',
      'A',
    ]);
  });

  it('include: equal publication dates order by id; non-events, unknown ids, hidden and invisible events are left out', async () => {
    const first = await create('First');
    const second = await create('Second');
    const hidden = await create('Hidden', { hide_from_listings: true });
    const draft = await create('Draft', { status: 'draft' });
    const venue = (await service().request('POST', '/venues', { json: { venue: 'Hall' }, as: 'admin' })).json;
    expect(titles(await list({ include: `${second.id},${first.id}` }))).toEqual(['First', 'Second']);
    const mixed = await list({ include: [second.id, venue.id, 999999] });
    expect(titles(mixed)).toEqual(['Second']);
    expect(mixed.json.total).toBe(1);
    expect(titles(await list({ include: hidden.id }))).toEqual([]);
    expect(titles(await list({ include: hidden.id }, 'editor'))).toEqual([]);
    expect(titles(await list({ include: draft.id }))).toEqual([]);
    expect(titles(await list({ include: draft.id }, 'editor'))).toEqual(['Draft']);
  });

  it('include: every item must be a positive integer', async () => {
    expectInvalidParam(await list({ include: 'foo' }), 'include');
    expectInvalidParam(await list({ include: '0' }), 'include');
    expectInvalidParam(await list({ include: '-1' }), 'include');
    expectInvalidParam(await list({ include: '1,foo' }), 'include');
    expectInvalidParam(await list({ include: '1.5' }), 'include');
  });

  // ---------------------------------------------------------------- post_parent (SPEC §9, ref §6.2)

  it('post_parent: only the direct children of that event', async () => {
    const parent = await create('Parent');
    const c1 = await create('Child 1', { post_parent: parent.id });
    await create('Child 2', { post_parent: parent.id });
    await create('Grandchild', { post_parent: c1.id });
    await create('Unrelated');
    const res = await list({ post_parent: parent.id });
    expect(titles(res)).toEqual(['Child 1', 'Child 2']);
    expect(res.json.total).toBe(2);
    expect(restQuery(res, 'post_parent')).toBe(String(parent.id));
    expect(titles(await list({ post_parent: c1.id }))).toEqual(['Grandchild']);
    const venue = (await service().request('POST', '/venues', { json: { venue: 'Hall' }, as: 'admin' })).json;
    expectInvalidParam(await list({ post_parent: venue.id }), 'post_parent');
    expectInvalidParam(await list({ post_parent: 999999 }), 'post_parent');
    expectInvalidParam(await list({ post_parent: 'foo' }), 'post_parent');
    expectInvalidParam(await list({ post_parent: '' }), 'post_parent');
  });

  // ---------------------------------------------------------------- ticketed (SPEC §9, ref §4.1, §6.2)

  it('ticketed=false is accepted and has no effect; ticketed=true is a 400 without a ticket provider', async () => {
    await create('One');
    await create('Two');
    expect(titles(await list({ ticketed: 'false' }))).toEqual(['One', 'Two']);
    expect(titles(await list({ ticketed: '0' }))).toEqual(['One', 'Two']);
    const res = await list({ ticketed: 'true' });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): ticketed',
      data: {
        status: 400,
        params: { ticketed: 'Event Tickets plugin is not activated.' },
        details: {
          ticketed: {
            code: 'event-tickets-not-active',
            message: 'Event Tickets plugin is not activated.',
            data: { status: 400 },
          },
        },
      },
    });
    expect((await list({ ticketed: '1' })).json.data.details.ticketed.code).toBe('event-tickets-not-active');
    expectInvalidParam(await list({ ticketed: 'maybe' }), 'ticketed');
  });

  // ---------------------------------------------------------------- hide_from_listings (SPEC §9, ref §6.1)

  it('hide_from_listings events never appear in lists, but are readable by id', async () => {
    const hidden = await create('Hidden concert', { hide_from_listings: true });
    await create('Visible concert');
    for (const as of [undefined, 'editor', 'admin']) {
      expect(titles(await list({}, as))).toEqual(['Visible concert']);
      expect(titles(await list({ search: 'hidden' }, as))).toEqual([]);
      expect(titles(await list({ ends_after: '1970-01-01' }, as))).toEqual(['Visible concert']);
    }
    const read = await service().request('GET', `/events/${hidden.id}`);
    expect(read.status).toBe(200);
    expect(read.json.hide_from_listings).toBe(true);
  });

  // ---------------------------------------------------------------- password (SPEC §9, ref §8.3)

  it('password-protected events are listed with the protected fields blanked unless the password matches', async () => {
    const venue = (
      await service().request('POST', '/venues', { json: { venue: 'Hall', city: 'Berlin' }, as: 'admin' })
    ).json;
    const protectedEvent = await create('Secret gig', {
      password: 'secret',
      description: 'The details',
      excerpt: 'Short',
      website: 'https://gig.example.com',
      cost: '$10',
      image: 'https://cdn.example.com/poster.jpg',
      all_day: false,
      featured: true,
      sticky: true,
      categories: 'Music',
      tags: 'rock',
      venue: venue.id,
      organizer: [{ organizer: 'Promoter' }],
    });
    await create('Open gig', { description: 'Everyone' });

    const anonymous = await list();
    expect(titles(anonymous)).toEqual(['Secret gig', 'Open gig']);
    const blanked = anonymous.json.events[0];
    expect(blanked).toMatchObject({
      id: protectedEvent.id,
      title: 'Secret gig',
      status: 'publish',
      start_date: protectedEvent.start_date,
      end_date: protectedEvent.end_date,
      utc_start_date: protectedEvent.utc_start_date,
      rest_url: protectedEvent.rest_url,
      url: protectedEvent.url,
      description: '',
      excerpt: '',
      website: '',
      cost: '',
      image: false,
      all_day: null,
      show_map: null,
      show_map_link: null,
      hide_from_listings: null,
      sticky: null,
      featured: null,
      categories: [],
      tags: [],
      venue: [],
      organizer: [],
      custom_fields: [],
    });
    expect(blanked.cost_details).toEqual({
      currency_symbol: '',
      currency_position: '',
      currency_code: '',
      values: [],
    });
    expect(Object.keys(blanked.cost_details)).toEqual([
      'currency_symbol',
      'currency_position',
      'currency_code',
      'values',
    ]);
    // Other events in the list are untouched.
    expect(anonymous.json.events[1].description).toBe('<p>Everyone</p>');
    expect(anonymous.json.events[1].show_map).toBe(false); // not blanked (null); false by default (SPEC §14)

    const wrong = await list({ password: 'nope' });
    expect(wrong.json.events[0].description).toBe('');
    expect(wrong.json.events[0].featured).toBeNull();

    const right = await list({ password: 'secret' });
    const full = right.json.events[0];
    expect(full.description).toBe('<p>The details</p>');
    expect(full.excerpt).toBe('<p>Short</p>');
    expect(full.website).toBe('https://gig.example.com');
    expect(full.cost).toBe('$10');
    expect(full.image).toMatchObject({ url: 'https://cdn.example.com/poster.jpg' });
    expect(full.featured).toBe(true);
    expect(full.sticky).toBe(true);
    expect(full.all_day).toBe(false);
    expect(full.categories.map((c: { slug: string }) => c.slug)).toEqual(['music']);
    expect(full.tags.map((t: { slug: string }) => t.slug)).toEqual(['rock']);
    expect(full.venue.id).toBe(venue.id);
    expect(full.organizer.map((o: { organizer: string }) => o.organizer)).toEqual(['Promoter']);
    expect(right.json.events[1].description).toBe('<p>Everyone</p>');

    // Editors see the fields with context=edit, not without it (ref §8.3).
    const editorView = await list({}, 'editor');
    expect(editorView.json.events[0].description).toBe('');
    const editorEdit = await list({ context: 'edit' }, 'editor');
    expect(editorEdit.json.events[0].description).toBe('<p>The details</p>');
  });

  it('search does not reveal the protected fields of a password-protected event to anonymous callers (SPEC §9 WordPress search semantics, ref §8.3)', async () => {
    // WordPress (WP_Query::parse_search) leaves password-protected posts out of searches by logged-out users;
    // at the least, text that the list blanks (ref §8.3) must not be searchable without the password.
    await create('Secret gig', { password: 'secret', description: 'Backstage codeword zebracorn' });
    await create('Open gig', { description: 'Everyone welcome' });
    expect(titles(await list({ search: 'zebracorn' }))).toEqual([]);
    // The same search with the password is not pinned here (WordPress leaves protected posts out either way).
    expect(titles(await list({ search: 'welcome' }))).toEqual(['Open gig']);
  });

  // ---------------------------------------------------------------- page and per_page (ref §3.1, §5.1)

  it('page and per_page: validation, the last page, and 404 past the end', async () => {
    for (const title of ['One', 'Two', 'Three']) await create(title);
    const second = await list({ per_page: 2, page: 2 });
    expect(titles(second)).toEqual(['Three']);
    expect(second.json.total).toBe(3);
    expect(second.json.total_pages).toBe(2);
    expect(titles(await list({ per_page: 1, page: 3 }))).toEqual(['Three']);
    const past = await list({ per_page: 2, page: 3 });
    expect(past.status).toBe(404);
    expect(past.json).toEqual({
      code: 'event-archive-page-not-found',
      message: 'The requested event archive page does not exist',
      data: { status: 404 },
    });
    // Page 2 of a filtered empty result is a 404 too; page 1 is a 200.
    expect((await list({ search: 'zzzz', page: 2 })).status).toBe(404);
    expect((await list({ search: 'zzzz', page: 1 })).status).toBe(200);
    const capped = await list({ per_page: 51 });
    expect(capped.status).toBe(200);
    expect(restQuery(capped, 'per_page')).toBe('50');
    const defaults = await service().request('GET', '/events');
    expect(restQuery(defaults, 'per_page')).toBe('10');
    expect(restQuery(defaults, 'page')).toBe('1');
    for (const bad of ['0', '-1', 'foo', '1.5', '']) {
      expectInvalidParam(await list({ per_page: bad }), 'per_page');
      expectInvalidParam(await list({ page: bad }), 'page');
    }
  });

  // ---------------------------------------------------------------- geolocation (SPEC §9)

  const geoFixtures = async () => {
    const venue = async (json: Record<string, unknown>) => {
      const res = await service().request('POST', '/venues', { json, as: 'admin' });
      expect(res.status, res.text).toBe(201);
      return res.json.id as number;
    };
    const berlin = await venue({ venue: 'Berlin Hall', city: 'Berlin', geo_lat: 52.52, geo_lng: 13.405 });
    const potsdam = await venue({ venue: 'Potsdam Hall', city: 'Potsdam', geo_lat: 52.39, geo_lng: 13.06 });
    const hamburg = await venue({ venue: 'Hamburg Hall', city: 'Hamburg', geo_lat: 53.55, geo_lng: 9.99 });
    const nowhere = await venue({ venue: 'Unmapped Hall', city: 'Somewhere' });
    await create('In Berlin', { venue: berlin });
    await create('In Potsdam', { venue: potsdam });
    await create('In Hamburg', { venue: hamburg });
    await create('Unmapped', { venue: nowhere });
    await create('No venue');
    await create('Inline Berlin', { venue: { venue: 'Club', city: 'Berlin', geo_lat: 52.5, geo_lng: 13.4 } });
  };

  it('geoloc=true keeps events whose venue has coordinates', async () => {
    await geoFixtures();
    const res = await list({ geoloc: 'true' });
    expect(titles(res)).toEqual(['In Berlin', 'In Potsdam', 'In Hamburg', 'Inline Berlin']);
    expect(res.json.total).toBe(4);
    expectInvalidParam(await list({ geoloc: 'maybe' }), 'geoloc');
    // geoloc=false asks for no geolocation filter: every event, with or without a venue.
    expect((await list({ geoloc: 'false' })).json.total).toBe(6);
  });

  it('geoloc_lat + geoloc_lng: within geoloc_radius km (default 25) by great-circle distance', async () => {
    await geoFixtures();
    const centre = { geoloc_lat: 52.52, geoloc_lng: 13.405 };
    const near = await list(centre);
    expect(titles(near)).toEqual(['In Berlin', 'Inline Berlin']);
    expect(near.json.total).toBe(2);
    expect(titles(await list({ ...centre, geoloc_radius: 25 }))).toEqual(['In Berlin', 'Inline Berlin']);
    // Potsdam is about 27 km from Berlin's centre, Hamburg about 255 km.
    expect(titles(await list({ ...centre, geoloc_radius: 30 }))).toEqual([
      'In Berlin',
      'In Potsdam',
      'Inline Berlin',
    ]);
    expect(titles(await list({ ...centre, geoloc_radius: 300 }))).toEqual([
      'In Berlin',
      'In Potsdam',
      'In Hamburg',
      'Inline Berlin',
    ]);
    expect(titles(await list({ geoloc_lat: 53.55, geoloc_lng: 9.99 }))).toEqual(['In Hamburg']);
    expect(titles(await list({ geoloc_lat: 0, geoloc_lng: 0 }))).toEqual([]);
  });

  it('geoloc_lat without geoloc_lng (or the reverse) is a 400', async () => {
    for (const query of [{ geoloc_lat: 52.52 }, { geoloc_lng: 13.405 }]) {
      const res = await list(query);
      expect(res.status, res.text).toBe(400);
      expect(res.json.code).toBe('rest_invalid_param');
      const names = Object.keys(res.json.data.params);
      expect(names.length).toBeGreaterThan(0);
      for (const name of names) expect(['geoloc_lat', 'geoloc_lng']).toContain(name);
    }
    expectInvalidParam(await list({ geoloc_lat: 'north', geoloc_lng: 13.4 }), 'geoloc_lat');
  });
});

describeContract(
  'event list filters without the geolocation extension',
  (service) => {
    const { create, list, resetDays } = helpers(service);

    beforeEach(async () => {
      await service().reset();
      service().setNow(NOW);
      resetDays();
    });

    it('any geoloc* parameter is a 400 whose message names the geolocation extension', async () => {
      await create('Somewhere');
      expect(titles(await list())).toEqual(['Somewhere']);
      for (const query of [
        { geoloc: 'true' },
        { geoloc: 'false' },
        { geoloc_lat: 52.52 },
        { geoloc_lng: 13.405 },
        { geoloc_radius: 10 },
        { geoloc: 'maybe' },
        { geoloc_lat: 'north' },
      ]) {
        const [name] = Object.keys(query) as [string];
        const res = await list(query);
        expectInvalidParam(res, name);
        expect(res.json.data.params[name]).toMatch(/geolocation/i);
      }
      const both = await list({ geoloc_lat: 52.52, geoloc_lng: 13.405 });
      expect(both.status).toBe(400);
      expect(both.json.code).toBe('rest_invalid_param');
      const messages = Object.values(both.json.data.params) as string[];
      expect(messages.length).toBeGreaterThan(0);
      for (const message of messages) expect(message).toMatch(/geolocation/i);
    });
  },
  { geolocation: false },
);
