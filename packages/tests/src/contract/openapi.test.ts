/**
 * The documented answers and the real ones agree (SPEC §11): every route is called, and every answer's body
 * is validated against the schema that the served `/doc` gives for that path, method and status. Records
 * are made rich (venue, organizers, terms, image, cost, coordinates, a parent category) so that the nested
 * schemas are exercised too, and the last test checks that no documented operation went uncalled. (Every
 * other answer of the contract suite is checked too, by `TestService.request`; the tests at the end show
 * that check is not vacuous.)
 */
import { beforeAll, expect, it, vi } from 'vitest';
import { describeContract, type TestRequestOptions, type TestResponse } from '../index.js';
import { type RealAnswer, ResponseContract } from '../response-schemas.js';

const EVENT = {
  title: 'Jazz Night',
  description: 'Live <strong>jazz</strong> with friends.',
  excerpt: 'Live jazz.',
  start_date: '2026-04-01 20:00:00',
  end_date: '2026-04-01 23:00:00',
  timezone: 'Europe/Berlin',
  cost: '10 € - 20 €',
  website: 'https://jazz.example.com/',
  image: 'https://cdn.example.com/jazz.jpg',
  categories: ['Music'],
  tags: ['jazz', 'live'],
  venue: {
    venue: 'Blue Hall',
    address: 'Hauptstraße 1',
    city: 'Berlin',
    country: 'Germany',
    zip: '10115',
    phone: '+49 30 123',
    website: 'https://bluehall.example.com/',
    geo_lat: 52.52,
    geo_lng: 13.4,
  },
  organizer: [
    { organizer: 'Jazz Club', email: 'club@example.com', phone: '+49 30 456' },
    { organizer: 'City Culture', website: 'https://culture.example.com/' },
  ],
};

describeContract('OpenAPI document against real answers', (service) => {
  let contract: ResponseContract;
  /** `METHOD /path/{template}` of every call made, to show at the end that every operation was called. */
  const called = new Set<string>();

  beforeAll(async () => {
    await service().reset();
    service().setNow('2026-03-10T12:00:00Z');
    const doc = await service().request('GET', '/doc');
    expect(doc.status).toBe(200);
    contract = new ResponseContract(doc.json);
  });

  /**
   * Calls `template` (an OpenAPI path such as `/events/{id}`) with `values` put in, and checks the answer
   * against what the served document says about that path, method and status.
   */
  async function call(
    method: string,
    template: string,
    options: TestRequestOptions & { path?: Record<string, string | number>; status?: number } = {},
  ): Promise<TestResponse> {
    const { path: values = {}, status, ...request } = options;
    const concrete = template.replace(/\{(\w+)\}/g, (_, name: string) =>
      encodeURIComponent(String(values[name])),
    );
    const res = await service().request(method, concrete === '/' ? '' : concrete, request);
    // A JSON answer as its value; another media type's (the iCalendar feeds') as its text.
    const isJson = (res.headers['content-type'] ?? '').startsWith('application/json');
    const body = res.text === '' ? undefined : isJson ? res.json : res.text;
    const where = `${method} ${concrete} → ${res.status} ${res.text.slice(0, 300)}`;
    if (status !== undefined) expect(res.status, where).toBe(status);
    expect(contract.problems(template, method, res.status, body), where).toEqual([]);
    // What the API accepted in the documented forms, the document describes as a valid request body.
    if (request.json !== undefined && res.status < 300)
      expect(contract.requestBodyProblems(template, method, request.json), where).toEqual([]);
    called.add(`${method} ${template}`);
    return res;
  }

  it('documents schemas that a strict JSON Schema 2020-12 validator accepts', () => {
    expect(contract.compileComponents()).toEqual(
      expect.arrayContaining(['Event', 'Venue', 'Organizer', 'Category', 'Tag', 'Term', 'Image', 'Error']),
    );
  });

  it('discovery: the namespace index and the document itself, 304 included', async () => {
    await call('GET', '/', { status: 200 });
    await call('GET', '/', { query: { multilang_language: 'de' }, status: 200 });
    const doc = await call('GET', '/doc', { status: 200 });
    await call('GET', '/doc', { headers: { 'if-none-match': doc.headers.etag! }, status: 304 });
    await call('GET', '/doc', { query: { multilang_language: 'fr' }, status: 400 });
  });

  it('events import: the report, a refused file, a caller who may not', async () => {
    const calendar = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//test//EN',
      'BEGIN:VEVENT',
      'UID:openapi@test',
      'DTSTART:20270101T100000Z',
      'SUMMARY:Imported',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    await call('POST', '/events/import', { json: { calendar }, as: 'admin', status: 200 });
    const broken = calendar.replace('20270101T100000Z', '20271301T100000Z');
    const skipped = await call('POST', '/events/import', {
      json: { calendar: broken },
      as: 'admin',
      status: 200,
    });
    expect(skipped.json.skipped).toHaveLength(1);
    await call('POST', '/events/import', {
      body: broken,
      query: { strict: 'true' },
      headers: { 'content-type': 'text/calendar' },
      as: 'admin',
      status: 400,
    });
    await call('POST', '/events/import', { json: { calendar }, as: 'author', status: 403 });
  });

  it('events: every route, with everything an event can embed', async () => {
    const created = await call('POST', '/events', { json: EVENT, as: 'admin', status: 201 });
    const event = created.json;
    expect(event.venue.geo_lat).toBe(52.52);
    expect(event.organizer).toHaveLength(2);
    expect(event.image).toMatchObject({ url: EVENT.image });
    const second = await call('POST', '/events', {
      form: {
        title: 'Matinee',
        start_date: '2026-04-02 11:00:00',
        end_date: '2026-04-02 12:00:00',
        all_day: 'true',
      },
      as: 'editor',
      status: 201,
    });
    await call('POST', '/events', {
      json: {
        title: 'Members only',
        start_date: '2026-04-03 19:00',
        end_date: '2026-04-03 21:00',
        password: 'secret',
      },
      as: 'admin',
      status: 201,
    });

    const list = await call('GET', '/events', { query: { per_page: 1 }, status: 200 });
    expect(list.json.next_rest_url).toBeDefined();
    const page2 = await call('GET', '/events', { query: { per_page: 1, page: 2 }, status: 200 });
    expect(page2.json.previous_rest_url).toBeDefined();
    // The protected event, listed anonymously: its flags are null and its links emptied (ref §8.3).
    const protectedPage = await call('GET', '/events', { query: { per_page: 1, page: 3 }, status: 200 });
    expect(protectedPage.json.events[0].featured).toBeNull();
    await call('GET', '/events', { query: { search: 'nothing-matches-this' }, status: 200 });
    await call('GET', '/events', { query: { page: 99 }, status: 404 });
    await call('GET', '/events', { query: { featured: 'maybe' }, status: 400 });

    const single = await call('GET', '/events/{id}', { path: { id: event.id }, status: 200 });
    expect(single.json.json_ld['@type']).toBe('Event');
    expect(single.json.venue.json_ld['@type']).toBe('Place');
    await call('GET', '/events/{id}', {
      path: { id: event.id },
      headers: { 'if-none-match': single.headers.etag! },
      status: 304,
    });
    await call('GET', '/events/by-slug/{slug}', { path: { slug: event.slug }, status: 200 });
    await call('GET', '/events/{id}', { path: { id: 999999 }, status: 404 });

    await call('POST', '/events/{id}', {
      path: { id: event.id },
      json: { featured: true },
      as: 'admin',
      status: 200,
    });
    await call('PUT', '/events/{id}', {
      path: { id: event.id },
      json: { venue: 0 },
      as: 'admin',
      status: 200,
    });
    await call('PATCH', '/events/{id}', {
      path: { id: event.id },
      form: { organizer: '' },
      as: 'admin',
      status: 200,
    });
    await call('POST', '/events/by-slug/{slug}', {
      path: { slug: event.slug },
      json: { sticky: true },
      as: 'admin',
      status: 200,
    });
    await call('PUT', '/events/by-slug/{slug}', {
      path: { slug: event.slug },
      json: { cost: '' },
      as: 'admin',
      status: 200,
    });
    await call('PATCH', '/events/by-slug/{slug}', {
      path: { slug: event.slug },
      json: { excerpt: 'Changed by slug.' },
      as: 'admin',
      status: 200,
    });
    await call('PATCH', '/events/{id}', {
      path: { id: event.id },
      json: { title: 'Stale' },
      headers: { 'if-match': '"not-the-current-one"' },
      as: 'admin',
      status: 412,
    });
    await call('POST', '/events', { json: { title: 'No dates' }, as: 'admin', status: 400 });
    await call('POST', '/events', {
      json: { title: 'Anonymous', start_date: '2026-04-05 10:00', end_date: '2026-04-05 11:00' },
      status: 401,
    });
    await call('PATCH', '/events/{id}', {
      path: { id: event.id },
      json: { title: 'Mine' },
      as: 'author',
      status: 403,
    });

    const trashed = await call('DELETE', '/events/{id}', {
      path: { id: event.id },
      as: 'admin',
      status: 200,
    });
    expect(trashed.json.status).toBe('trash');
    await call('GET', '/events/{id}', { path: { id: event.id }, status: 403 });
    await call('DELETE', '/events/{id}', { path: { id: event.id }, as: 'admin', status: 410 });
    const deleted = await call('DELETE', '/events/{id}', {
      path: { id: event.id },
      query: { force: true },
      as: 'admin',
      status: 200,
    });
    expect(deleted.json).toMatchObject({ deleted: true, previous: { id: event.id } });
    const trashedBySlug = await call('DELETE', '/events/by-slug/{slug}', {
      path: { slug: second.json.slug },
      as: 'admin',
      status: 200,
    });
    // A trashed event's slug is `<slug>__trashed` (SPEC §14).
    expect(trashedBySlug.json.slug).toBe(`${second.json.slug}__trashed`);
    await call('DELETE', '/events/by-slug/{slug}', {
      path: { slug: trashedBySlug.json.slug },
      query: { force: 'true' },
      as: 'admin',
      status: 200,
    });
  });

  it('feeds: the events list and one event as text/calendar, 304 and the JSON errors included', async () => {
    const created = await call('POST', '/events', {
      json: { title: 'Feed', start_date: '2026-04-06 19:00', end_date: '2026-04-06 21:00' },
      as: 'admin',
      status: 201,
    });
    const list = await call('GET', '/events/ical', { status: 200 });
    expect(list.headers['content-type']).toBe('text/calendar; charset=UTF-8');
    await call('GET', '/events/ical', { headers: { 'if-none-match': list.headers.etag! }, status: 304 });
    await call('GET', '/events/ical', { query: { featured: 'maybe' }, status: 400 });
    const one = await call('GET', '/events/{id}/ical', { path: { id: created.json.id }, status: 200 });
    expect(one.text).toContain('SUMMARY:Feed');
    await call('GET', '/events/{id}/ical', { path: { id: 999999 }, status: 404 });
  });

  it('the widget feed: a range with events, 304, a refused range', async () => {
    await call('POST', '/events', {
      json: {
        title: 'Widget',
        start_date: '2026-04-06 19:00',
        end_date: '2026-04-06 21:00',
        venue: { venue: 'Hall' },
        categories: ['Music'],
      },
      as: 'admin',
      status: 201,
    });
    const query = { start: '2026-04-01T00:00:00Z', end: '2026-05-01T00:00:00Z' };
    const feed = await call('GET', '/events/calendar', { query, status: 200 });
    // The suite's other events of April are there too.
    expect(feed.json.map((event: { title: string }) => event.title)).toContain('Widget');
    await call('GET', '/events/calendar', {
      query,
      headers: { 'if-none-match': feed.headers.etag! },
      status: 304,
    });
    await call('GET', '/events/calendar', { query: { ...query, end: '2025-01-01' }, status: 400 });
  });

  it('changes: a start, a page with changes, a malformed token', async () => {
    const start = await call('GET', '/changes', { status: 200 });
    await call('POST', '/tags', { json: { name: 'Changed' }, as: 'admin', status: 201 });
    const page = await call('GET', '/changes', {
      query: { since: start.json.next_token },
      as: 'admin',
      status: 200,
    });
    expect(page.json.changes.length).toBeGreaterThan(0);
    await call('GET', '/changes', { query: { since: 'nonsense' }, status: 400 });
    // The stream's own answers are read as a stream (changes-stream.test.ts); its refusals are JSON.
    await call('GET', '/changes/stream', { query: { since: 'nonsense' }, status: 400 });
  });

  it('webhooks: every route, the secret, the deliveries and the refusals', async () => {
    const url = 'https://93.184.215.14/hooks';
    const created = await call('POST', '/webhooks', {
      json: { url, types: ['event'], description: 'Doc' },
      as: 'admin',
      status: 201,
    });
    const path = { id: created.json.id };
    await service()
      .core.database.kysely.insertInto('webhook_deliveries')
      .values({
        webhook_id: created.json.id,
        change_version: 3,
        change_id: 1,
        message_id: 'msg_doc',
        attempt: 1,
        attempted_utc: '2026-03-10 12:00:00',
        status: null,
        duration_ms: 5,
        error: 'timed out',
      })
      .execute();
    await call('GET', '/webhooks', { as: 'admin', status: 200 });
    await call('GET', '/webhooks', { status: 401 });
    await call('GET', '/webhooks/{id}', { path, as: 'admin', status: 200 });
    await call('GET', '/webhooks/{id}', { path: { id: 999 }, as: 'admin', status: 404 });
    await call('PATCH', '/webhooks/{id}', { path, json: { rotate_secret: true }, as: 'admin', status: 200 });
    await call('PUT', '/webhooks/{id}', {
      path,
      json: { types: ['venue', 'tag'] },
      as: 'admin',
      status: 200,
    });
    await call('POST', '/webhooks/{id}', { path, json: { status: 'disabled' }, as: 'admin', status: 200 });
    await call('PATCH', '/webhooks/{id}', { path, json: { url: 'ftp://x' }, as: 'admin', status: 400 });
    await call('PATCH', '/webhooks/{id}', { path, json: { description: 'x' }, as: 'editor', status: 403 });
    await call('GET', '/webhooks/{id}/deliveries', { path, as: 'admin', status: 200 });
    const since = (await call('GET', '/changes', { status: 200 })).json.next_token;
    await call('POST', '/webhooks/{id}/replay', { path, json: { since }, as: 'admin', status: 200 });
    await call('POST', '/webhooks/{id}/replay', { path, json: { since: 'x' }, as: 'admin', status: 400 });
    await call('DELETE', '/webhooks/{id}', { path, as: 'admin', status: 200 });
  });

  it('events: venue, organizers, terms and cost in each documented form', async () => {
    const venue = (await call('POST', '/venues', { json: { venue: 'Hall A' }, as: 'admin', status: 201 }))
      .json;
    const organizers = await Promise.all(
      ['Org A', 'Org B'].map(
        async (name) =>
          (await call('POST', '/organizers', { json: { organizer: name }, as: 'admin', status: 201 })).json,
      ),
    );
    const category = (
      await call('POST', '/categories', { json: { name: 'Talks' }, as: 'admin', status: 201 })
    ).json;
    const dates = { start_date: '2026-05-01 10:00:00', end_date: '2026-05-01 12:00:00' };
    const created = await call('POST', '/events', {
      json: {
        title: 'Forms',
        ...dates,
        venue: { id: venue.id },
        organizer: [organizers[0].id, { id: organizers[1].id }],
        categories: [category.id, 'Brand new'],
        tags: 'one, two',
        cost: ['5', 12.5],
      },
      as: 'admin',
      status: 201,
    });
    expect(created.json.venue.id).toBe(venue.id);
    expect(created.json.organizer.map((o: { id: number }) => o.id)).toEqual(organizers.map((o) => o.id));
    expect(created.json.categories.map((c: { name: string }) => c.name).sort()).toEqual([
      'Brand new',
      'Talks',
    ]);
    const id = created.json.id as number;
    const updated = await call('PATCH', '/events/{id}', {
      path: { id },
      json: { venue: venue.id, organizer: `${organizers[1].id},${organizers[0].id}`, cost: 7, tags: [] },
      as: 'admin',
      status: 200,
    });
    expect(updated.json.tags).toEqual([]);
    const single = await call('PUT', '/events/{id}', {
      path: { id },
      json: { venue: '', organizer: { organizer: 'Inline Org' }, categories: '' },
      as: 'admin',
      status: 200,
    });
    expect(single.json.venue).toEqual([]);
    expect(single.json.organizer[0].organizer).toBe('Inline Org');
    // The documented forms are specific: a flag is no venue, an object no cost, an inline venue has a name.
    for (const wrong of [
      { venue: true },
      { cost: {} },
      { venue: { city: 'Berlin' } },
      { organizer: 'Org A' },
    ])
      expect(
        contract.requestBodyProblems('/events', 'POST', { ...EVENT, ...wrong }),
        JSON.stringify(wrong),
      ).not.toEqual([]);
  });

  it('the German address answers as its own document describes (checked by the harness)', async () => {
    const de = '/de/calendar/events/v1';
    const created = await service().request('POST', `${de}/events`, {
      json: { ...EVENT, title: 'Jazzabend' },
      as: 'admin',
    });
    expect(created.status).toBe(201);
    expect((await service().request('GET', `${de}/events`)).status).toBe(200);
    expect((await service().request('GET', `${de}/events/${created.json.id}`)).json.title).toBe('Jazzabend');
    expect((await service().request('GET', `${de}/venues/${created.json.venue.id}`)).status).toBe(200);
    expect((await service().request('GET', `${de}/categories`, { query: { hide_empty: 0 } })).status).toBe(
      200,
    );
    expect((await service().request('OPTIONS', `${de}/events/${created.json.id}`)).status).toBe(200);
    expect((await service().request('GET', `${de}/events/999999`)).status).toBe(404);
    expect((await service().request('GET', `${de}/nowhere`)).status).toBe(404);
    expect((await service().request('GET', de)).status).toBe(200);
  });

  for (const type of ['venue', 'organizer'] as const) {
    const plural = `${type}s`;
    it(`${plural}: every route`, async () => {
      const fields =
        type === 'venue'
          ? {
              venue: 'Green Room',
              address: 'Ring 2',
              city: 'Köln',
              state: 'NRW',
              geo_lat: 50.94,
              geo_lng: 6.96,
            }
          : {
              organizer: 'Friends of Jazz',
              email: 'friends@example.com',
              website: 'https://friends.example.com/',
            };
      const created = await call('POST', `/${plural}`, {
        json: { ...fields, description: 'A <em>fine</em> place.', image: 'https://cdn.example.com/p.png' },
        as: 'admin',
        status: 201,
      });
      const record = created.json;
      // A bare record: only the keys that are always there.
      const bare = await call('POST', `/${plural}`, { form: { [type]: 'Bare' }, as: 'editor', status: 201 });
      await call('GET', `/${plural}`, { status: 200 });
      await call('GET', `/${plural}`, { query: { per_page: 1, page: 2 }, status: 200 });
      await call('GET', `/${plural}`, { query: { page: 50 }, status: 404 });
      const single = await call('GET', `/${plural}/{id}`, { path: { id: record.id }, status: 200 });
      expect(single.json.json_ld).toBeDefined();
      await call('GET', `/${plural}/by-slug/{slug}`, { path: { slug: record.slug }, status: 200 });
      await call('GET', `/${plural}/{id}`, { path: { id: 999999 }, status: 400 });

      await call('POST', `/${plural}/{id}`, {
        path: { id: record.id },
        json: { phone: '123' },
        as: 'admin',
        status: 200,
      });
      await call('PUT', `/${plural}/{id}`, {
        path: { id: record.id },
        json: { image: '' },
        as: 'admin',
        status: 200,
      });
      await call('PATCH', `/${plural}/{id}`, {
        path: { id: record.id },
        form: { description: '' },
        as: 'admin',
        status: 200,
      });
      for (const method of ['POST', 'PUT', 'PATCH'])
        await call(method, `/${plural}/by-slug/{slug}`, {
          path: { slug: record.slug },
          json: { phone: method },
          as: 'admin',
          status: 200,
        });
      await call('PATCH', `/${plural}/{id}`, { path: { id: record.id }, json: { phone: '1' }, status: 401 });
      await call('POST', `/${plural}`, { json: {}, as: 'admin', status: 400 });

      await call('DELETE', `/${plural}/{id}`, { path: { id: record.id }, as: 'admin', status: 200 });
      await call('DELETE', `/${plural}/{id}`, { path: { id: record.id }, as: 'admin', status: 410 });
      await call('DELETE', `/${plural}/{id}`, {
        path: { id: record.id },
        query: { force: true },
        as: 'admin',
        status: 200,
      });
      const trashedBySlug = await call('DELETE', `/${plural}/by-slug/{slug}`, {
        path: { slug: bare.json.slug },
        as: 'admin',
        status: 200,
      });
      // A trashed record's slug is `<slug>__trashed` (SPEC §14).
      expect(trashedBySlug.json.slug).toBe(`${bare.json.slug}__trashed`);
      const gone = await call('DELETE', `/${plural}/by-slug/{slug}`, {
        path: { slug: trashedBySlug.json.slug },
        query: { force: true },
        as: 'admin',
        status: 200,
      });
      expect(gone.json.deleted).toBe(true);
    });
  }

  for (const collection of ['categories', 'tags'] as const) {
    it(`${collection}: every route`, async () => {
      const parent = await call('POST', `/${collection}`, {
        json: { name: `Parent ${collection}`, description: 'The <b>top</b> one.' },
        as: 'admin',
        status: 201,
      });
      const child = await call('POST', `/${collection}`, {
        form: {
          name: `Child ${collection}`,
          ...(collection === 'categories' ? { parent: parent.json.id } : {}),
        },
        as: 'admin',
        status: 201,
      });
      if (collection === 'categories') expect(child.json.urls.up).toBeDefined();
      await call('POST', `/${collection}`, {
        json: { name: `Parent ${collection}` },
        as: 'admin',
        status: 400,
      });
      await call('POST', `/${collection}`, { json: { name: 'Anonymous' }, status: 401 });
      await call('GET', `/${collection}`, {
        query: { hide_empty: false, per_page: 1, page: 2 },
        status: 200,
      });
      await call('GET', `/${collection}`, { query: { hide_empty: false, page: 9 }, status: 200 });
      await call('GET', `/${collection}/{id}`, { path: { id: child.json.id }, status: 200 });
      await call('GET', `/${collection}/{id}`, { path: { id: 999999 }, status: 400 });
      for (const method of ['POST', 'PUT', 'PATCH'])
        await call(method, `/${collection}/{id}`, {
          path: { id: child.json.id },
          json: { description: `Changed by ${method}` },
          as: 'admin',
          status: 200,
        });
      await call('PATCH', `/${collection}/{id}`, {
        path: { id: child.json.id },
        json: { name: 'Nope' },
        as: 'subscriber',
        status: 403,
      });
      await call('DELETE', `/${collection}/{id}`, { path: { id: child.json.id }, as: 'admin', status: 200 });
      await call('DELETE', `/${collection}/{id}`, { path: { id: child.json.id }, as: 'admin', status: 400 });
    });
  }

  it('rejects answers that lack a key or carry one too many (the schemas are strict enough)', async () => {
    const created = await call('POST', '/events', { json: EVENT, as: 'admin', status: 201 });
    const event = created.json;
    expect(contract.componentProblems('Event', event)).toEqual([]);
    const { cost_details: _dropped, ...missingKey } = event;
    expect(contract.componentProblems('Event', missingKey)).not.toEqual([]);
    expect(contract.componentProblems('Event', { ...event, extra: 1 })).not.toEqual([]);
    expect(contract.componentProblems('Event', { ...event, author: Number(event.author) })).not.toEqual([]);
    expect(contract.componentProblems('Event', { ...event, venue: null })).not.toEqual([]);
    expect(
      contract.componentProblems('Event', {
        ...event,
        start_date_details: { ...event.start_date_details, year: 2026 },
      }),
    ).not.toEqual([]);
    expect(contract.componentProblems('Venue', { ...event.venue, extra: 'x' })).not.toEqual([]);
    const { show_map: _map, ...venueWithoutMap } = event.venue;
    expect(contract.componentProblems('Venue', venueWithoutMap)).not.toEqual([]);
    expect(contract.componentProblems('Error', { code: 'x', message: 'y', data: {} })).not.toEqual([]);
    // A list answer is checked as deeply: one bad item fails the page.
    const page = (await call('GET', '/events', { status: 200 })).json;
    page.events[0].categories[0].filter = 'display';
    expect(contract.problems('/events', 'GET', 200, page)).not.toEqual([]);
  });

  /** A real answer to `answerProblems`, as `TestService.request` passes it, with `change` applied. */
  const answerOf = (
    method: string,
    path: string,
    res: TestResponse,
    change: Partial<RealAnswer> = {},
  ): RealAnswer => ({
    method,
    path,
    search: '',
    requestHeaders: {},
    status: res.status,
    headers: res.headers,
    text: res.text,
    ...change,
  });

  it('checks whole answers: status, required headers, body, unknown routes, OPTIONS, HEAD and _envelope', async () => {
    const created = await call('POST', '/events', { json: EVENT, as: 'admin', status: 201 });
    const id = created.json.id as number;
    expect(contract.templateOf(`/events/${id}/`)).toBe('/events/{id}');
    expect(contract.templateOf('/events/by-slug/a-slug')).toBe('/events/by-slug/{slug}');
    expect(contract.templateOf('/events/abc')).toBeUndefined();
    expect(contract.templateOf('')).toBe('/');
    expect(contract.answerProblems(answerOf('POST', '/events', created))).toEqual([]);
    // A create must answer 201 with a Location; a body with one key too many is not an event.
    expect(contract.answerProblems(answerOf('POST', '/events', created, { status: 200 }))).not.toEqual([]);
    const { location: _location, ...withoutLocation } = created.headers;
    expect(
      contract.answerProblems(answerOf('POST', '/events', created, { headers: withoutLocation })),
    ).toContainEqual(expect.stringMatching(/Location/));
    const extra = JSON.stringify({ ...created.json, extra: 1 });
    expect(contract.answerProblems(answerOf('POST', '/events', created, { text: extra }))).not.toEqual([]);
    expect(contract.answerProblems(answerOf('POST', '/events', created, { text: '<html>' }))).not.toEqual([]);
    // A method override is routed as core routes it: a POST that says DELETE is checked as a delete.
    const overridden = answerOf('POST', `/events/${id}`, created, { status: 200, search: '_method=DELETE' });
    expect(contract.answerProblems(overridden)).toEqual([]);
    expect(
      contract.answerProblems({
        ...overridden,
        search: '',
        requestHeaders: { 'X-HTTP-Method-Override': 'GET' },
      }),
    ).not.toEqual([]);

    // A path or method the API does not have answers with the error envelope, never a success.
    const missing = await service().request('GET', '/events/abc');
    expect(missing.status).toBe(404);
    expect(contract.answerProblems(answerOf('GET', '/events/abc', missing))).toEqual([]);
    expect(contract.answerProblems(answerOf('GET', '/events/abc', created, { status: 200 }))).not.toEqual([]);

    // OPTIONS answers with the route's entry of the namespace index; HEAD with the headers of a GET only.
    const options = await service().request('OPTIONS', '/events');
    expect(contract.answerProblems(answerOf('OPTIONS', '/events', options))).toEqual([]);
    const badOptions = JSON.stringify({ ...options.json, extra: true });
    expect(
      contract.answerProblems(answerOf('OPTIONS', '/events', options, { text: badOptions })),
    ).not.toEqual([]);
    const head = await service().request('HEAD', '/events');
    expect(contract.answerProblems(answerOf('HEAD', '/events', head))).toEqual([]);
    expect(contract.answerProblems(answerOf('HEAD', '/events', head, { text: '{}' }))).not.toEqual([]);
    const headMissing = await service().request('HEAD', '/events/abc');
    expect(headMissing.status).toBe(404);
    expect(contract.answerProblems(answerOf('HEAD', '/events/abc', headMissing))).toEqual([]);

    // `_envelope` carries the real answer inside a 200: that answer is what is checked.
    const enveloped = await service().request('GET', `/events/${id}`, { query: { _envelope: '1' } });
    expect(enveloped.json.status).toBe(200);
    const inner = { ...enveloped.json, body: { ...enveloped.json.body, venue: null } };
    expect(
      contract.answerProblems(
        answerOf('GET', `/events/${id}`, enveloped, { search: '_envelope=1', text: JSON.stringify(inner) }),
      ),
    ).not.toEqual([]);
  });

  it('fails the request itself when its answer does not match the document of its address', async () => {
    const check = vi.spyOn(ResponseContract.prototype, 'answerProblems');
    try {
      await service().request('GET', '/de/calendar/events/v1/events/by-slug/nothing');
      expect(check).toHaveBeenLastCalledWith(
        expect.objectContaining({ method: 'GET', path: '/events/by-slug/nothing', status: 400 }),
      );
      check.mockReturnValueOnce(['a problem planted by the test']);
      await expect(service().request('GET', '/events')).rejects.toThrow(
        /GET \/calendar\/events\/v1\/events → 200: the answer does not match \/calendar\/events\/v1\/doc\n {2}- a problem planted by the test/,
      );
      // Outside the API's addresses nothing is checked.
      check.mockClear();
      await service().request('GET', `${service().baseUrl}/somewhere-else`);
      expect(check).not.toHaveBeenCalled();
    } finally {
      check.mockRestore();
    }
  });

  it('has called every documented operation', () => {
    const documented = Object.entries(contract.document.paths).flatMap(([path, item]) =>
      Object.keys(item as object).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.filter((operation) => !called.has(operation))).toEqual([]);
  });
});
