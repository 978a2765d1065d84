/** The helpers' rules that need no service: credentials, a page link to another origin, the bounds. */
import { describe, expect, it } from 'vitest';
import { authorizationHeader } from '../src/auth.js';
import { createCalendarClient } from '../src/index.js';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('client helpers', () => {
  it('writes Bearer and Basic headers, Basic in UTF-8', () => {
    expect(authorizationHeader({ bearer: 'k1' })).toBe('Bearer k1');
    expect(authorizationHeader({ basic: { user: 'jürgen', password: 'pä:ss' } })).toBe(
      `Basic ${Buffer.from('jürgen:pä:ss', 'utf8').toString('base64')}`,
    );
  });

  it('sends the credentials, and never to a page link on another origin', async () => {
    const seen: Array<[string, string | null]> = [];
    const client = createCalendarClient({
      baseUrl: 'https://calendar.example/calendar/events/v1/',
      auth: { bearer: 'secret' },
      fetch: async (request) => {
        seen.push([request.url, request.headers.get('authorization')]);
        return json({
          events: [],
          total: 9,
          total_pages: 3,
          rest_url: request.url,
          next_rest_url: 'https://evil.example/x',
        });
      },
    });
    const walk = async () => {
      for await (const _ of client.pages('/events', { per_page: 3 }));
    };
    await expect(walk()).rejects.toThrow(/another origin/);
    expect(seen).toEqual([
      ['https://calendar.example/calendar/events/v1/events?per_page=3', 'Bearer secret'],
    ]);
  });

  it('refuses a maxPages that is not a positive integer', async () => {
    const client = createCalendarClient({ baseUrl: 'https://calendar.example', fetch: async () => json({}) });
    await expect(client.pages('/events', {}, { maxPages: 0 }).next()).rejects.toThrow(RangeError);
    await expect(client.changes({ maxPages: 1.5 }).next()).rejects.toThrow(RangeError);
  });
});
