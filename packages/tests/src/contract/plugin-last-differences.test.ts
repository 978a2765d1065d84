/**
 * SPEC §14, the last differences from the real plugin (`reference/tec-transcripts/decided/12-last-differences`):
 * what this service copies (Allow per route and caller, the `rest_url` echo of `has_events` and `geoloc`,
 * "Syntax error", the JSON-LD urls and description, `term_exists`'s `additional_data`) and what it keeps
 * (plain-text JSON-LD, a plain organizer e-mail, no "Private: " prefix, `modified` at the write).
 */
import { beforeEach, expect, it } from 'vitest';
import { describeContract, type TestResponse } from '../index.js';

const NOW = '2026-11-27T17:59:00Z';

/** The query of a list's `rest_url` as written (not decoded). */
const rawQuery = (res: TestResponse): string[] => String(res.json.rest_url).split('?')[1]?.split('&') ?? [];

describeContract('SPEC §14: the last differences from the plugin', (service) => {
  beforeEach(async () => {
    await service().reset();
    service().setNow(NOW);
  });

  const post = (path: string, json: Record<string, unknown>, as = 'admin') =>
    service().request('POST', path, { json, as });
  const event = (extra: Record<string, unknown> = {}) => ({
    title: 'Jazz',
    start_date: '2026-11-29 10:00:00',
    end_date: '2026-11-29 12:00:00',
    ...extra,
  });

  it('Allow is per route and caller: a refused author keeps GET, POST; a missing venue/organizer gives GET', async () => {
    const refused = await post('/events', event({ author: service().users.editor.id }), 'author');
    expect(refused.status).toBe(403);
    expect(refused.headers.allow).toBe('GET, POST');
    for (const collection of ['/venues', '/organizers']) {
      const named = await post(collection, { [collection.slice(1, -1)]: 'X', author: 1 }, 'author');
      expect(named.status, collection).toBe(403);
      expect(named.headers.allow, collection).toBe('GET, POST');
      const missing = await post(`${collection}/999999999`, { phone: '1' });
      expect(missing.status, collection).toBe(400);
      expect(missing.json.code, collection).toBe('rest_invalid_param');
      expect(missing.headers.allow, collection).toBe('GET');
      // An existing record still names every method to who may edit it.
      const made = await post(collection, { [collection.slice(1, -1)]: `Y ${collection}` });
      const read = await service().request('GET', `${collection}/${made.json.id}`, { as: 'admin' });
      expect(read.headers.allow, collection).toBe('GET, DELETE, POST, PUT, PATCH');
    }
    // Events and their unknown ids already answered as the plugin: every method to an administrator.
    const unknownEvent = await post('/events/999999999', { title: 'x' });
    expect(unknownEvent.headers.allow).toBe('GET, DELETE, POST, PUT, PATCH');
  });

  it('rest_url echoes has_events=true/false, and geoloc with the bare keys geoloc_lat&geoloc_lng', async () => {
    for (const collection of ['/venues', '/organizers'])
      for (const [sent, echoed] of [
        ['true', 'has_events=true'],
        ['false', 'has_events=false'],
        ['1', 'has_events=true'],
      ]) {
        const res = await service().request('GET', collection, { query: { has_events: sent } });
        expect(res.status, collection).toBe(200);
        expect(rawQuery(res), collection).toContain(echoed);
      }
    const geoloc = await service().request('GET', '/events', { query: { geoloc: 'true' } });
    expect(geoloc.status).toBe(200);
    const query = rawQuery(geoloc);
    expect(query.slice(query.indexOf('geoloc=1'), query.indexOf('geoloc=1') + 3)).toEqual([
      'geoloc=1',
      'geoloc_lat',
      'geoloc_lng',
    ]);
    // A given point is echoed with its values, not bare.
    const point = await service().request('GET', '/events', {
      query: { geoloc: 'true', geoloc_lat: '52.5', geoloc_lng: '13.4' },
    });
    expect(rawQuery(point)).toEqual(
      expect.arrayContaining(['geoloc=1', 'geoloc_lat=52.5', 'geoloc_lng=13.4']),
    );
    expect(rawQuery(point)).not.toContain('geoloc_lat');
  });

  it('malformed JSON: json_error_message is PHP\'s "Syntax error", whatever the parser said', async () => {
    for (const body of ['{"title": "x",', '{"title": ', '[1,]', '{"a":1}}']) {
      const res = await service().request('POST', '/events', {
        body,
        headers: { 'content-type': 'application/json' },
        as: 'admin',
      });
      expect(res.status, body).toBe(400);
      expect(res.json, body).toEqual({
        code: 'rest_invalid_json',
        message: 'Invalid JSON body passed.',
        data: { status: 400, json_error_code: 4, json_error_message: 'Syntax error' },
      });
    }
  });

  it('json_ld: a place url "", an organizer url its website, an event description from its excerpt', async () => {
    const venue = await post('/venues', { venue: 'Hall', city: 'Berlin', website: 'https://venue.example/' });
    const withSite = await post('/organizers', { organizer: 'Org', website: 'https://org.example/' });
    const without = await post('/organizers', { organizer: 'Bare', email: 'b@example.test' });
    const made = await post(
      '/events',
      event({
        description: '<p>Live jazz with the <strong>Quartet</strong>.</p>',
        excerpt: '<p>Live jazz &amp; more</p>',
        venue: venue.json.id,
        organizer: [withSite.json.id, without.json.id],
      }),
    );
    expect(made.status, made.text).toBe(201);
    const read = await service().request('GET', `/events/${made.json.id}`);
    const ld = read.json.json_ld;
    expect(ld.location.url).toBe('');
    expect(ld.location.sameAs).toBe('https://venue.example/');
    expect(read.json.venue.json_ld.url).toBe('');
    expect(ld.organizer.url).toBe('https://org.example/');
    expect(read.json.organizer.map((o: { json_ld: { url: string } }) => o.json_ld.url)).toEqual([
      'https://org.example/',
      '',
    ]);
    // Keep ours: plain text (the plugin sends "&lt;p&gt;Live jazz &amp;amp; more&lt;/p&gt;\n").
    expect(ld.description).toBe('Live jazz & more');
    const ownVenue = await service().request('GET', `/venues/${venue.json.id}`);
    expect(ownVenue.json.json_ld.url).toBe('');
    const ownOrganizer = await service().request('GET', `/organizers/${withSite.json.id}`);
    expect(ownOrganizer.json.json_ld.url).toBe('https://org.example/');
    // Without an excerpt, the description's first 55 words, cut as WordPress cuts (" […]").
    const words = Array.from({ length: 60 }, (_, i) => `w${i}`);
    const long = await post('/events', event({ title: 'Long', description: `<p>${words.join(' ')}</p>` }));
    const longRead = await service().request('GET', `/events/${long.json.id}`);
    expect(longRead.json.json_ld.description).toBe(`${words.slice(0, 55).join(' ')} […]`);
    const short = await post('/events', event({ title: 'Short', description: '<p>Just <em>this</em></p>' }));
    expect((await service().request('GET', `/events/${short.json.id}`)).json.json_ld.description).toBe(
      'Just this',
    );
  });

  it('term_exists carries additional_data [term id, term id] beside data', async () => {
    for (const collection of ['/categories', '/tags']) {
      const first = await post(collection, { name: 'Dup' });
      expect(first.status, collection).toBe(201);
      const again = await post(collection, { name: 'Dup' });
      expect(again.status, collection).toBe(400);
      expect(again.json.code, collection).toBe('term_exists');
      expect(again.json.data, collection).toEqual({ status: 400, term_id: first.json.id });
      expect(again.json.additional_data, collection).toEqual([first.json.id, first.json.id]);
      expect(Object.keys(again.json), collection).toEqual(['code', 'message', 'data', 'additional_data']);
    }
    // Other errors have no additional_data.
    const missing = await post('/categories', {});
    expect(missing.status).toBe(400);
    expect(missing.json).not.toHaveProperty('additional_data');
  });

  it('keep ours: a plain organizer e-mail, no "Private: " prefix, modified at the write', async () => {
    const organizer = await post('/organizers', { organizer: 'Mail', email: 'org@example.test' });
    const made = await post('/events', event({ organizer: [organizer.json.id], status: 'private' }));
    expect(made.status, made.text).toBe(201);
    const read = await service().request('GET', `/events/${made.json.id}`, { as: 'editor' });
    expect(read.json.json_ld.organizer.email).toBe('org@example.test');
    expect(read.json.organizer[0].json_ld.email).toBe('org@example.test');
    expect(read.json.json_ld.name).toBe('Jazz');
    // A publication date given (a future one too) is the record's `date`; `modified` is when it was written.
    const dated = await post('/events', event({ title: 'Dated', date: '2027-01-05 09:00:00' }));
    expect(dated.status, dated.text).toBe(201);
    expect(dated.json.date).toBe('2027-01-05 09:00:00');
    expect(dated.json.modified).toBe('2026-11-27 17:59:00');
  });
});
