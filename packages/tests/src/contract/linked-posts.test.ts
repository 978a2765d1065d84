/** Venues and organizers (ref §2.2, §2.3, §5.5–5.7, §7.1, §7.8). */
import { beforeEach, expect, it } from 'vitest';
import { describeContract } from '../index.js';

describeContract('venues and organizers', (service) => {
  beforeEach(async () => {
    await service().reset();
    service().setNow('2026-03-10T12:00:00Z');
  });

  it('creates a venue with the documented shape, empty fields omitted', async () => {
    const res = await service().request('POST', '/venues', {
      json: {
        venue: 'Town Hall',
        address: '1 Main St',
        city: 'Springfield',
        country: 'United States',
        state: 'IL',
        zip: '62701',
        geo_lat: 39.8,
        geo_lng: -89.6,
      },
      as: 'admin',
    });
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe(`${service().baseUrl}/calendar/events/v1/venues/${res.json.id}`);
    expect(Object.keys(res.json)).toEqual([
      'id',
      'author',
      'status',
      'date',
      'date_utc',
      'modified',
      'modified_utc',
      'url',
      'venue',
      'slug',
      'address',
      'city',
      'country',
      'state',
      'zip',
      'stateprovince',
      'geo_lat',
      'geo_lng',
      'show_map',
      'show_map_link',
      'global_id',
      'global_id_lineage',
    ]);
    expect(res.json.stateprovince).toBe('IL');
    expect(res.json.url).toBe('http://calendar.test/venue/town-hall/');
    expect(res.json.show_map).toBe(true);
    const cleared = await service().request('POST', `/venues/${res.json.id}`, {
      json: { address: '', city: '' },
      as: 'admin',
    });
    expect(cleared.json).not.toHaveProperty('address');
    expect(cleared.json).not.toHaveProperty('city');
    expect(cleared.json.zip).toBe('62701');
  });

  it('reuses a venue or organizer with the same name (case-insensitive) instead of duplicating it', async () => {
    const first = await service().request('POST', '/organizers', {
      json: { organizer: 'An organizer', description: 'About' },
      as: 'admin',
    });
    const second = await service().request('POST', '/organizers', {
      json: { organizer: 'An organizer', phone: '123' },
      as: 'admin',
    });
    const third = await service().request('POST', '/organizers', {
      json: { organizer: 'an organizer', description: 'about' },
      as: 'admin',
    });
    expect(second.status).toBe(201);
    expect(second.json.id).toBe(first.json.id);
    expect(third.json.id).toBe(first.json.id);
    expect(second.json.phone).toBe('123');
    const other = await service().request('POST', '/organizers', {
      json: { organizer: 'An organizer', description: 'Different' },
      as: 'admin',
    });
    expect(other.json.id).not.toBe(first.json.id);
  });

  it('creates an organizer with the documented shape', async () => {
    const res = await service().request('POST', '/organizers', {
      json: { organizer: 'Org', email: 'a@b.c', website: 'https://org.test' },
      as: 'admin',
    });
    expect(Object.keys(res.json)).toEqual([
      'id',
      'author',
      'status',
      'date',
      'date_utc',
      'modified',
      'modified_utc',
      'url',
      'organizer',
      'slug',
      'website',
      'email',
      'global_id',
      'global_id_lineage',
    ]);
    const bad = await service().request('POST', '/organizers', {
      json: { organizer: 'Org2', website: 'foo' },
      as: 'admin',
    });
    expect(bad.status).toBe(400);
    expect(bad.json.data.params).toEqual({ website: 'Invalid parameter.' });
  });

  it('reads by id and slug with json_ld; a bad id is a 400', async () => {
    const { json: venue } = await service().request('POST', '/venues', {
      json: { venue: 'Hall' },
      as: 'admin',
    });
    const byId = await service().request('GET', `/venues/${venue.id}`);
    expect(byId.json.json_ld['@type']).toBe('Place');
    const bySlug = await service().request('GET', `/venues/by-slug/${venue.slug}`);
    expect(bySlug.json.id).toBe(venue.id);
    const missing = await service().request('GET', '/organizers/999999');
    expect(missing.status).toBe(400);
    expect(missing.json).toEqual({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): id',
      data: { status: 400, params: { id: 'Invalid parameter.' }, details: [] },
    });
    const wrongType = await service().request('GET', `/organizers/${venue.id}`);
    expect(wrongType.status).toBe(400);
  });

  it('trashing a venue or organizer unlinks it from events; 410 then force purge', async () => {
    const { json: venue } = await service().request('POST', '/venues', {
      json: { venue: 'Hall' },
      as: 'admin',
    });
    const { json: organizer } = await service().request('POST', '/organizers', {
      json: { organizer: 'Org' },
      as: 'admin',
    });
    const { json: event } = await service().request('POST', '/events', {
      json: {
        title: 'E',
        start_date: '2026-04-01 10:00',
        end_date: '2026-04-01 11:00',
        venue: venue.id,
        organizer: organizer.id,
      },
      as: 'admin',
    });
    expect(event.venue.id).toBe(venue.id);
    const trashedVenue = await service().request('DELETE', `/venues/${venue.id}`, { as: 'admin' });
    expect(trashedVenue.json.status).toBe('trash');
    await service().request('DELETE', `/organizers/by-slug/${organizer.slug}`, { as: 'admin' });
    const after = await service().request('GET', `/events/${event.id}`);
    expect(after.json.venue).toEqual([]);
    expect(after.json.organizer).toEqual([]);
    const again = await service().request('DELETE', `/venues/${venue.id}`, { as: 'admin' });
    expect(again.status).toBe(410);
    expect(again.json.code).toBe('venue-is-in-trash');
    const purged = await service().request('DELETE', `/venues/${venue.id}`, {
      query: { force: 'true' },
      as: 'admin',
    });
    expect(purged.json).toMatchObject({ deleted: true, previous: { id: venue.id } });
    const gone = await service().request('GET', `/venues/${venue.id}`);
    expect(gone.status).toBe(400);
  });

  it('checks the venue and the organizers an event names together: as many statements as for the venue alone', async () => {
    const make = async (path: string, json: unknown) =>
      (await service().request('POST', path, { json, as: 'admin' })).json.id as number;
    const venue = await make('/venues', { venue: 'Together Hall' });
    const organizers = [
      await make('/organizers', { organizer: 'Together A' }),
      await make('/organizers', { organizer: 'Together B' }),
    ];
    let created = 0;
    const create = (links: Record<string, unknown>) =>
      service().request('POST', '/events', {
        json: {
          title: `Together ${++created}`,
          start_date: '2026-04-02 10:00',
          end_date: '2026-04-02 11:00',
          ...links,
        },
        as: 'admin',
      });
    const counted = async (links: Record<string, unknown>) => {
      const { result, statements } = await service().statementsDuring(() => create(links));
      expect(result.status).toBe(201);
      return { result, statements: statements.length };
    };
    const alone = await counted({ venue });
    const together = await counted({ venue, organizer: organizers });
    // The organizers' links and the answer's organizers cost their own statements; their check does not.
    const organizersAlone = await counted({ organizer: organizers });
    expect(together.statements).toBe(
      alone.statements + organizersAlone.statements - (await counted({})).statements - 1,
    );
    expect(together.result.json.venue.id).toBe(venue);
    expect(together.result.json.organizer.map((o: { id: number }) => o.id)).toEqual(organizers);
    // Read together, still refused as before: an organizer as the venue, a trashed venue, a venue as organizer.
    await service().request('DELETE', `/venues/${await make('/venues', { venue: 'Gone' })}`, { as: 'admin' });
    const gone = await make('/venues', { venue: 'Gone too' });
    await service().request('DELETE', `/venues/${gone}`, { as: 'admin' });
    for (const [links, param] of [
      [{ venue: organizers[0], organizer: organizers }, 'venue'],
      [{ venue: gone, organizer: organizers }, 'venue'],
      [{ venue, organizer: [organizers[0], venue] }, 'organizer'],
    ] as const) {
      const refused = await create(links);
      expect(refused.status).toBe(400);
      expect(refused.json.code).toBe('rest_invalid_param');
      expect(Object.keys(refused.json.data.params)).toEqual([param]);
    }
  });

  it('checks the organizers an event names in one statement: as many for twelve as for one', async () => {
    const organizers: number[] = [];
    for (let i = 0; i < 12; i++)
      organizers.push(
        (await service().request('POST', '/organizers', { json: { organizer: `Org ${i}` }, as: 'admin' }))
          .json.id,
      );
    const venue = (await service().request('POST', '/venues', { json: { venue: 'Trashed' }, as: 'admin' }))
      .json.id;
    let created = 0;
    // A title of its own each time: a slug taken costs a look-up more.
    const create = (organizer: unknown) =>
      service().request('POST', '/events', {
        json: {
          title: `Linked ${++created}`,
          start_date: '2026-04-01 10:00',
          end_date: '2026-04-01 11:00',
          organizer,
        },
        as: 'admin',
      });
    const counted = async (organizer: unknown) => {
      const { result, statements } = await service().statementsDuring(() => create(organizer));
      expect(result.status).toBe(201);
      return statements.length;
    };
    const one = await counted([organizers[0]]);
    const twelve = await counted(organizers.map((id, i) => (i % 2 === 0 ? id : { id })));
    expect(twelve).toBe(one);
    const listed = await create(organizers.map(String).join(','));
    expect(listed.json.organizer.map((o: { id: number }) => o.id)).toEqual(organizers);
    // One that is not an organizer, one in the trash: refused as before, nothing written.
    await service().request('DELETE', `/organizers/${organizers[3]}`, { as: 'admin' });
    for (const wrong of [
      [organizers[0], venue],
      [organizers[0], organizers[3]],
      [organizers[0], { id: 'x' }],
    ]) {
      const refused = await create(wrong);
      expect(refused.status).toBe(400);
      expect(refused.json.code).toBe('rest_invalid_param');
    }
  });

  it('applies record-level permissions', async () => {
    const { json: venue } = await service().request('POST', '/venues', {
      json: { venue: 'Admin Hall' },
      as: 'admin',
    });
    const contributor = await service().request('POST', `/venues/${venue.id}`, {
      json: { city: 'X' },
      as: 'contributor',
    });
    expect(contributor.status).toBe(403);
    const bySlug = await service().request('DELETE', `/venues/by-slug/${venue.slug}`, { as: 'contributor' });
    expect(bySlug.status).toBe(403);
    const { json: draft } = await service().request('POST', '/organizers', {
      json: { organizer: 'Hidden', status: 'draft' },
      as: 'admin',
    });
    const anonymous = await service().request('GET', `/organizers/${draft.id}`);
    expect(anonymous.status).toBe(403);
    expect(anonymous.json.code).toBe('organizer-not-accessible');
  });

  it('lists with the envelope, publication date descending', async () => {
    for (const name of ['A', 'B', 'C']) {
      await service().request('POST', '/venues', { json: { venue: name }, as: 'admin' });
      service().setNow(new Date(Date.parse('2026-03-10T12:00:00Z') + 60_000 * name.charCodeAt(0)));
    }
    const res = await service().request('GET', '/venues', { query: { per_page: 2 } });
    expect(res.json.venues.map((v: { venue: string }) => v.venue)).toEqual(['C', 'B']);
    expect(res.json.total).toBe(3);
    expect(res.json.total_pages).toBe(2);
    expect(res.json.rest_url).toBe(
      `${service().baseUrl}/calendar/events/v1/venues/?page=1&per_page=2&status=publish`,
    );
    expect(res.json.next_rest_url).toBe(
      `${service().baseUrl}/calendar/events/v1/venues/?per_page=2&status=publish&page=2`,
    );
    expect(res.headers['x-tec-total']).toBe('3');
    const past = await service().request('GET', '/venues', { query: { page: 3, per_page: 2 } });
    expect(past.status).toBe(404);
    expect(past.json.code).toBe('venue-archive-page-not-found');
  });
});
