import { gunzipSync } from 'node:zlib';
import { apiRequest } from '@calendar-events/tests/requests';
import { describe, expect, it } from 'vitest';
import { createCalendarCore } from '../core.js';
import { createSqliteDatabase } from '../db/sqlite.js';
import { createApiKey, createUser } from '../resources/users/repository.js';
import { negotiateCoding } from './compression.js';
import { textOf } from './respond.js';

describe('negotiateCoding', () => {
  it('picks the acceptable coding of highest q-value, brotli on a tie', () => {
    expect(negotiateCoding(undefined)).toBeUndefined();
    expect(negotiateCoding('')).toBeUndefined();
    expect(negotiateCoding('gzip')).toBe('gzip');
    expect(negotiateCoding('x-gzip')).toBe('gzip');
    expect(negotiateCoding('GZIP, BR')).toBe('br');
    expect(negotiateCoding('gzip;q=1.0, br;q=0.8')).toBe('gzip');
    expect(negotiateCoding('gzip ; q=0.2 , br ; q=0.3')).toBe('br');
    expect(negotiateCoding('deflate, identity')).toBeUndefined();
    expect(negotiateCoding('*;q=0.5, gzip;q=0')).toBe('br');
    expect(negotiateCoding('*;q=0')).toBeUndefined();
    expect(negotiateCoding('gzip;q=nonsense')).toBeUndefined();
  });

  it('chooses among the codings offered only', () => {
    expect(negotiateCoding('gzip, br', ['gzip'])).toBe('gzip');
    expect(negotiateCoding('br', ['gzip'])).toBeUndefined();
    expect(negotiateCoding('gzip;q=0, *', ['gzip'])).toBeUndefined();
    expect(negotiateCoding('*', ['gzip'])).toBe('gzip');
    expect(negotiateCoding('gzip', ['br'])).toBeUndefined();
  });
});

describe('compression through core.handle', () => {
  it('compresses only for callers that write the body as is, so a library caller reading its text is never wrong', async () => {
    const database = createSqliteDatabase(':memory:');
    await database.migrate();
    const core = createCalendarCore({ database, clock: () => new Date('2030-01-01T00:00:00Z') });
    try {
      await createUser(database.kysely, { login: 'admin', role: 'administrator' });
      const key = await createApiKey(database.kysely, 'admin', 'k');
      for (let i = 0; i < 3; i++) {
        const created = await core.handle(
          apiRequest('POST', '/events', {
            key,
            body: {
              title: `E${i}`,
              description: 'x y z '.repeat(300),
              start_date: '2030-02-01 10:00',
              end_date: '2030-02-01 11:00',
            },
          }),
        );
        expect(created.status).toBe(201);
      }
      const asked = apiRequest('GET', '/events');
      asked.headers['accept-encoding'] = 'gzip';
      const library = await core.handle(asked);
      expect(library.headers['Content-Encoding']).toBeUndefined();
      expect(library.body!.length).toBe(Number(library.headers['Content-Length']));
      expect(JSON.parse(textOf(library)!).events).toHaveLength(3);
      const adapter = await core.handle({ ...asked, writesBytes: true });
      expect(adapter.headers['Content-Encoding']).toBe('gzip');
      expect(adapter.body!.length).toBe(Number(adapter.headers['Content-Length']));
      expect(gunzipSync(adapter.body as Uint8Array).toString()).toBe(textOf(library));
    } finally {
      await core.close();
    }
  });
});
