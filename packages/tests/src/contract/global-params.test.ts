/**
 * WordPress's global parameters on every route (ref §9.2): `_fields` and `_envelope`. Their answers are
 * reshaped at the client's request, so they are fetched directly rather than through `service().request`,
 * which checks answers against the documented schemas.
 */
import { beforeEach, expect, it } from 'vitest';
import { describeContract } from '../index.js';

describeContract('global parameters: _fields and _envelope', (service) => {
  beforeEach(async () => {
    await service().reset();
    service().setNow('2026-03-10T12:00:00Z');
  });

  const get = async (path: string) => {
    const response = await fetch(`${service().baseUrl}${service().core.namespacePath()}${path}`);
    // biome-ignore lint/suspicious/noExplicitAny: tests read whatever shape the route answers
    const json: any = await response.json();
    return { status: response.status, headers: response.headers, json };
  };

  const createEvent = async () => {
    const res = await service().request('POST', '/events', {
      json: {
        title: 'Fields',
        start_date: '2026-04-01 10:00',
        end_date: '2026-04-01 12:00',
        venue: { venue: 'Hall', city: 'Berlin' },
      },
      as: 'admin',
    });
    expect(res.status, res.text).toBe(201);
    return res.json.id as number;
  };

  it('_fields keeps only the named fields, with dotted sub-fields, on objects and on list items', async () => {
    const id = await createEvent();
    const one = await get(`/events/${id}?_fields=id,title,venue.city`);
    expect(one.status).toBe(200);
    expect(one.json).toEqual({ id, title: 'Fields', venue: { city: 'Berlin' } });
    const list = await get('/events?_fields=events.id,events.title,total');
    expect(list.json).toEqual({ events: [{ id, title: 'Fields' }], total: 1 });
    // A parent kept whole keeps its sub-fields; an empty list changes nothing.
    expect((await get(`/events/${id}?_fields[]=venue&_fields[]=venue.city`)).json.venue.venue).toBe('Hall');
    expect(Object.keys((await get(`/events/${id}?_fields=`)).json)).toContain('json_ld');
  });

  it('_envelope answers 200 with {body, status, headers}, errors included', async () => {
    const id = await createEvent();
    const found = await get(`/events/${id}?_envelope`);
    expect(found.status).toBe(200);
    expect(found.json.status).toBe(200);
    expect(found.json.body.id).toBe(id);
    expect(found.json.headers.ETag).toMatch(/^"/);
    const missing = await get('/events/999999?_envelope=1');
    expect(missing.status).toBe(200);
    expect(missing.json.status).toBe(404);
    expect(missing.json.body.code).toBe('rest-event-not-found');
    const list = await get('/events?_envelope');
    expect(list.json.headers['X-TEC-Total']).toBe('1');
  });
});
