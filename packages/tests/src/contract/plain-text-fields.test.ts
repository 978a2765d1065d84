/**
 * Plain-text fields (venue address fields, organizer phone, the event cost's currency
 * sign) are stored as titles are, without markup; e-mail addresses must be addresses and URLs (websites,
 * images) http(s) URLs that cannot break out of an attribute. Nothing a contributor stores comes back as
 * markup, in the fields or in `json_ld`.
 */
import { beforeEach, expect, it } from 'vitest';
import { describeContract } from '../index.js';

const SCRIPT = '<script>alert(1)</script>';
const IMG = '<img src=x onerror=alert(1)>';

/** Whether a value, anywhere inside, holds a tag (an encoded `&lt;` is text, not markup). */
const hasMarkup = (value: unknown) => /<[a-z/!]/i.test(JSON.stringify(value).replace(/\\u003c/gi, '<'));

describeContract('plain-text fields', (service) => {
  beforeEach(async () => {
    await service().reset();
    service().setNow('2026-03-10T12:00:00Z');
  });

  it('stores venue address fields as plain text, in the venue and its json_ld', async () => {
    const fields = {
      address: `${SCRIPT}Main St 1`,
      city: `${IMG}Berlin`,
      country: `<b onmouseover="x">Germany</b>`,
      province: `${SCRIPT}`,
      state: `<svg onload=alert(1)>BE`,
      zip: `10115${IMG}`,
      phone: `<a href="javascript:alert(1)">030</a>`,
    };
    const created = await service().request('POST', '/venues', {
      json: { venue: 'Hall', ...fields },
      as: 'contributor',
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      address: 'Main St 1',
      city: 'Berlin',
      country: 'Germany',
      state: 'BE',
      zip: '10115',
      phone: '030',
    });
    expect(hasMarkup(created.json)).toBe(false);
    const read = await service().request('GET', `/venues/${created.json.id}`, { as: 'contributor' });
    expect(read.json.json_ld).toBeDefined();
    expect(hasMarkup(read.json)).toBe(false);
  });

  it('stores an organizer phone as plain text and refuses e-mails that are no addresses', async () => {
    const created = await service().request('POST', '/organizers', {
      json: { organizer: 'Org', phone: `${IMG}+49 30 1`, email: 'info@org.example' },
      as: 'admin',
    });
    expect(created.status).toBe(201);
    expect(created.json.phone).toBe('+49 30 1');
    expect(created.json.email).toBe('info@org.example');
    for (const email of [
      `${SCRIPT}@x.example`,
      'a"onmouseover=alert(1)@x.example',
      'not an address',
      'a@b',
    ]) {
      const res = await service().request('POST', '/organizers', {
        json: { organizer: 'Org 2', email },
        as: 'admin',
      });
      expect(res.status, email).toBe(400);
      expect(res.json.data.params).toHaveProperty('email');
    }
  });

  it('accepts only http(s) URLs for websites and images', async () => {
    for (const website of ['javascript://x.example/%0aalert(1)', 'data://text/html,x', 'ftp://x.example/']) {
      for (const [path, body] of [
        ['/venues', { venue: 'V', website }],
        ['/organizers', { organizer: 'O', website }],
        ['/events', { title: 'E', start_date: '2026-04-01 10:00', end_date: '2026-04-01 11:00', website }],
      ] as const) {
        const res = await service().request('POST', path, { json: body, as: 'admin' });
        expect(res.status, `${path} ${website}`).toBe(400);
      }
    }
    for (const image of [
      'https://cdn.example.com/a.png"onerror="alert(1)',
      'https://cdn.example.com/<script>.png',
      'javascript:alert(1)//a.png',
    ]) {
      const res = await service().request('POST', '/venues', { json: { venue: 'V', image }, as: 'admin' });
      expect(res.status, image).toBe(400);
    }
  });

  it('keeps markup out of the cost and the event json_ld', async () => {
    const created = await service().request('POST', '/events', {
      json: {
        title: 'Priced',
        start_date: '2026-04-01 10:00',
        end_date: '2026-04-01 11:00',
        cost: `${IMG}5`,
        venue: { venue: 'Hall', city: `${SCRIPT}Berlin` },
        organizer: [{ organizer: 'Org', phone: `${SCRIPT}1` }],
      },
      as: 'contributor',
    });
    expect(created.status).toBe(201);
    expect(hasMarkup(created.json)).toBe(false);
    const read = await service().request('GET', `/events/${created.json.id}`, { as: 'contributor' });
    expect(read.json.json_ld).toBeDefined();
    expect(hasMarkup(read.json)).toBe(false);
  });
});
