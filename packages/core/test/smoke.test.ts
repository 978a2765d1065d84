import { apiRequest } from '@calendar-events/tests/requests';
import { describe, expect, it } from 'vitest';
import { textOf } from '../src/http/respond.js';
import { createApiKey, createCalendarCore, createUser } from '../src/index.js';
import { createSqliteDatabase } from '../src/sqlite.js';

describe('smoke', () => {
  it('creates and reads an event', async () => {
    const database = createSqliteDatabase(':memory:');
    await database.migrate();
    await createUser(database.kysely, { login: 'admin', role: 'administrator' });
    const key = await createApiKey(database.kysely, 'admin');
    const core = createCalendarCore({
      database,
      clock: () => new Date('2026-03-10T12:00:00Z'),
      geolocation: true,
    });
    const call = async (method: string, url: string, body?: unknown) => {
      const res = await core.handle(apiRequest(method, url, { key, body }));
      return {
        status: res.status,
        headers: res.headers,
        json: res.body ? JSON.parse(textOf(res)!) : undefined,
      };
    };
    const created = await call('POST', '/events', {
      title: 'Concert',
      start_date: 'tomorrow 8pm',
      end_date: 'tomorrow 10pm',
      cost: '$10 - $20',
      venue: { venue: 'Hall', city: 'Berlin', geo_lat: 52.5, geo_lng: 13.4 },
      organizer: [{ organizer: 'Org A', email: 'a@x.de' }],
      categories: 'Music,Live',
      tags: ['rock'],
    });
    console.log(JSON.stringify(created, null, 1).slice(0, 4000));
    expect(created.status).toBe(201);
    const read = await call('GET', `/events/${created.json.id}`);
    expect(read.status).toBe(200);
    const list = await call('GET', '/events');
    console.log(JSON.stringify(list.json).slice(0, 600), list.headers);
    expect(list.json.total).toBe(1);
    await core.close();
  });
});

describe('namespacePath', () => {
  it('gives each configured language its address and refuses the others', () => {
    const core = createCalendarCore({ database: createSqliteDatabase(':memory:') });
    expect(core.namespacePath()).toBe('/calendar/events/v1');
    expect(core.namespacePath('en')).toBe('/calendar/events/v1');
    expect(core.namespacePath('de')).toBe('/de/calendar/events/v1');
    expect(() => core.namespacePath('fr')).toThrow(/not one of the configured languages \(en, de\)/);
  });
});
