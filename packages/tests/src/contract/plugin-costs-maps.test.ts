/**
 * SPEC §14, as the real plugin answers (reference/tec-transcripts/decided/01-show-map-default.json,
 * 02-cost-formatting.json, and the single reads 08/09 for `json_ld`): the `show_map`/`show_map_link` default,
 * costs shown with the site's default currency symbol and position, and the events' `json_ld` keys and order.
 */
import { beforeEach, expect, it } from 'vitest';
import { describeContract } from '../index.js';

const NO_SYMBOL = { currency_symbol: '', currency_code: '', currency_position: '' };

describeContract('plugin answers: show_map default, costs, json_ld', (service) => {
  beforeEach(async () => {
    await service().reset();
    service().setNow('2026-11-25T17:32:14Z');
  });

  const create = (json: Record<string, unknown>) =>
    service().request('POST', '/events', {
      json: {
        title: 'W minimal',
        start_date: '2026-11-30 10:00:00',
        end_date: '2026-11-30 12:00:00',
        ...json,
      },
      as: 'admin',
    });

  it('stores show_map and show_map_link false when a create omits them (decided/01)', async () => {
    const res = await create({});
    expect(res.status).toBe(201);
    expect(res.json.show_map).toBe(false);
    expect(res.json.show_map_link).toBe(false);
    const read = await service().request('GET', `/events/${res.json.id}`);
    expect(read.json.show_map).toBe(false);
    expect(read.json.show_map_link).toBe(false);
  });

  it('keeps show_map and show_map_link as given, and as stored when an update omits them', async () => {
    const res = await create({ show_map: true, show_map_link: true });
    expect(res.json.show_map).toBe(true);
    expect(res.json.show_map_link).toBe(true);
    const updated = await service().request('POST', `/events/${res.json.id}`, {
      json: { title: 'Renamed' },
      as: 'admin',
    });
    expect(updated.status).toBe(200);
    expect(updated.json.show_map).toBe(true);
    expect(updated.json.show_map_link).toBe(true);
    const mixed = await create({ show_map: true });
    expect(mixed.json.show_map).toBe(true);
    expect(mixed.json.show_map_link).toBe(false);
  });

  // Every step of decided/02-cost-formatting.json: the cost sent, the plugin's `cost` and `cost_details`.
  const decided: Array<[string, unknown, string, Record<string, unknown>]> = [
    ['Free', 'Free', 'Free', { ...NO_SYMBOL, values: ['free'] }],
    ['10', '10', '$10', { ...NO_SYMBOL, values: ['10'] }],
    ['5 - 25', '5 - 25', '$5 – $25', { ...NO_SYMBOL, values: ['5', '25'] }],
    [
      '€10',
      '€10',
      '€10',
      { currency_symbol: '€', currency_code: '', currency_position: 'prefix', values: ['10'] },
    ],
    [
      '$5',
      '$5',
      '$5',
      { currency_symbol: '$', currency_code: '', currency_position: 'prefix', values: ['5'] },
    ],
    [
      '20$',
      '20$',
      '20$',
      { currency_symbol: '$', currency_code: '', currency_position: 'postfix', values: ['20'] },
    ],
    [
      'array with zero',
      ['0$', '20$', '30$'],
      'Free – 30$',
      { currency_symbol: '$', currency_code: '', currency_position: 'postfix', values: ['0', '20', '30'] },
    ],
    ['number 10', 10, '$10', { ...NO_SYMBOL, values: ['10'] }],
    ['0', '0', '', { ...NO_SYMBOL, values: [] }],
    ['10,20', '10,20', '$10,20', { ...NO_SYMBOL, values: ['10.20'] }],
  ];
  for (const [title, cost, expected, details] of decided) {
    it(`formats cost ${title} as the plugin: ${JSON.stringify(expected)} (decided/02)`, async () => {
      const res = await create({ cost });
      expect(res.status).toBe(201);
      expect(res.json.cost).toBe(expected);
      expect(res.json.cost_details).toEqual(details);
      const read = await service().request('GET', `/events/${res.json.id}`);
      expect(read.json.cost).toBe(expected);
      expect(read.json.cost_details).toEqual(details);
      const list = await service().request('GET', '/events', { query: { start_date: '2026-11-01' } });
      expect(list.json.events[0].cost).toBe(expected);
      expect(list.json.events[0].cost_details).toEqual(details);
    });
  }

  it('describes the default currency ($ before the amount) in /doc and the namespace index', async () => {
    const doc = await service().request('GET', '/doc');
    const body = doc.json.paths['/events'].post.requestBody.content['application/json'].schema.properties;
    expect(body.cost.description).toContain(
      '(here "$" before the amount): "15" → "$15", "5 - 25" → "$5 – $25", "10,20" → "$10,20"',
    );
    expect(body.cost.description).toContain('a lone "0" is no cost ("")');
    const index = await service().request('GET', '');
    const args = index.json.routes['/calendar/events/v1/events'].endpoints[1].args;
    expect(args.cost.description).toBe(body.cost.description);
    const event = doc.json.components.schemas.Event.properties;
    expect(event.cost.description).toContain('`"15"` → `"$15"`');
  });

  it('gives json_ld the plugin’s keys, order and value forms (transcripts 08/09)', async () => {
    const venue = await service().request('POST', '/venues', {
      json: {
        venue: 'Blue Room',
        address: '1 Main St',
        city: 'Springfield',
        state: 'IL',
        zip: '62701',
        country: 'United States',
        phone: '555-0100',
      },
      as: 'admin',
    });
    const organizer = await service().request('POST', '/organizers', {
      json: { organizer: 'Jazz Society', phone: '555-0101', email: 'jazz@example.test' },
      as: 'admin',
    });
    const res = await service().request('POST', '/events', {
      json: {
        title: 'Jazz Night',
        description: 'Live jazz',
        start_date: '2026-12-10 19:30:00',
        end_date: '2026-12-10 22:00:00',
        timezone: 'Europe/Paris',
        cost: '15',
        venue: venue.json.id,
        organizer: [organizer.json.id],
      },
      as: 'admin',
    });
    expect(res.status).toBe(201);
    const read = await service().request('GET', `/events/${res.json.id}`);
    const ld = read.json.json_ld;
    expect(Object.keys(ld)).toEqual([
      '@context',
      '@type',
      'name',
      'description',
      'url',
      'eventAttendanceMode',
      'eventStatus',
      'startDate',
      'endDate',
      'location',
      'organizer',
      'offers',
      'performer',
    ]);
    expect(ld.eventAttendanceMode).toBe('https://schema.org/OfflineEventAttendanceMode');
    expect(ld.startDate).toBe('2026-12-10T19:30:00+01:00');
    expect(ld.location).toEqual({
      '@type': 'Place',
      name: 'Blue Room',
      description: '',
      // The plugin's place url is empty (SPEC §14); the website is sameAs.
      url: '',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '1 Main St',
        addressLocality: 'Springfield',
        addressRegion: 'IL',
        postalCode: '62701',
        addressCountry: 'United States',
      },
      telephone: '555-0100',
      sameAs: '',
    });
    expect(Object.keys(ld.organizer)).toEqual([
      '@type',
      'name',
      'description',
      'url',
      'telephone',
      'email',
      'sameAs',
    ]);
    expect(ld.organizer['@type']).toBe('Person');
    expect(ld.organizer.telephone).toBe('555-0101');
    expect(ld.organizer.sameAs).toBe('');
    expect(ld.offers).toEqual({
      '@type': 'Offer',
      price: '15',
      priceCurrency: 'USD',
      url: read.json.url,
      category: 'primary',
      availability: 'inStock',
      validFrom: '2026-11-25T00:00:00+00:00',
    });
    expect(ld.performer).toBe('Organization');
    expect(read.json.venue.json_ld).toEqual(ld.location);
    expect(read.json.organizer[0].json_ld).toEqual(ld.organizer);
    const venueRead = await service().request('GET', `/venues/${venue.json.id}`);
    expect(venueRead.json.json_ld).toEqual(ld.location);
    const organizerRead = await service().request('GET', `/organizers/${organizer.json.id}`);
    expect(organizerRead.json.json_ld).toEqual(ld.organizer);
  });
});

describeContract(
  'plugin answers: a site default currency of € after the number',
  (service) => {
    beforeEach(async () => {
      await service().reset();
      service().setNow('2026-11-25T17:32:14Z');
    });

    it('shows costs without a symbol with the site symbol and position; their own symbol wins', async () => {
      const create = (cost: unknown) =>
        service().request('POST', '/events', {
          json: {
            title: 'Konzert',
            start_date: '2026-11-30 10:00:00',
            end_date: '2026-11-30 12:00:00',
            cost,
          },
          as: 'admin',
        });
      const bare = await create('5 - 25');
      expect(bare.json.cost).toBe('5 € – 25 €');
      expect(bare.json.cost_details).toEqual({ ...NO_SYMBOL, values: ['5', '25'] });
      const own = await create('$5');
      expect(own.json.cost).toBe('$5');
      const read = await service().request('GET', `/events/${bare.json.id}`);
      expect(read.json.json_ld.offers.price).toBe('5');
      expect(read.json.json_ld.offers.priceCurrency).toBe('EUR');
    });

    it('describes the site currency in /doc and the namespace index, in English and German', async () => {
      const doc = await service().request('GET', '/doc');
      const cost =
        doc.json.paths['/events'].post.requestBody.content['application/json'].schema.properties.cost;
      expect(cost.description).toContain(
        '(here " €" after the amount): "15" → "15 €", "5 - 25" → "5 € – 25 €"',
      );
      expect(cost.description).toContain('"£7" → "£7"');
      const index = await service().request('GET', '');
      const args = index.json.routes['/calendar/events/v1/events'].endpoints[1].args;
      expect(args.cost.description).toBe(cost.description);
      const german = await service().request('GET', '/doc', { query: { multilang_language: 'de' } });
      const costDe =
        german.json.paths['/events'].post.requestBody.content['application/json'].schema.properties.cost;
      expect(costDe.description).toContain('(hier " €" nach dem Betrag): "15" → "15 €"');
    });
  },
  { currencySymbol: ' €', currencyPosition: 'postfix' },
);
