/**
 * A GET the response cache may keep reads the data version once: its count and the venues and organizers
 * it embeds are kept under the version read before its answer (`RequestContext.dataVersion`), not read again
 * in each later step (on PostgreSQL every read is a round trip).
 */

import { testDialects } from '@calendar-events/tests/databases';
import { apiRequest } from '@calendar-events/tests/requests';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CalendarCore, createCalendarCore } from '../core.js';
import { DATA_VERSION_SQL } from '../db/data-version.js';
import { textOf } from '../http/respond.js';
import { createApiKey, createUser } from '../resources/users/repository.js';

const dialects = await testDialects();
const NOW = new Date('2026-03-10T12:00:00Z');

describe.each(dialects)('data version reads of a list ($name)', (dialect) => {
  let close: () => Promise<void>;
  let core: CalendarCore;
  let venue: number;
  const statements: string[] = [];

  async function get(path: string, key?: string) {
    const response = await core.handle(apiRequest('GET', path, key ? { key } : {}));
    expect(response.status, textOf(response)?.slice(0, 200)).toBe(200);
    return JSON.parse(textOf(response)!);
  }

  beforeAll(async () => {
    let database: Awaited<ReturnType<typeof dialect.open>>['database'];
    ({ database, close } = await dialect.open({ onQuery: (text) => statements.push(text) }));
    await createUser(database.kysely, { login: 'admin', role: 'administrator' });
    const key = await createApiKey(database.kysely, 'admin');
    core = createCalendarCore({ database, clock: () => NOW });
    const post = async (path: string, body: unknown) =>
      JSON.parse(textOf(await core.handle(apiRequest('POST', path, { key, body })))!);
    venue = (await post('/venues', { venue: 'Hall', city: 'Berlin' })).id;
    const organizer = (await post('/organizers', { organizer: 'Org' })).id;
    for (let e = 1; e <= 3; e++)
      await post('/events', {
        title: `Concert ${e}`,
        start_date: `2026-04-0${e} 19:00:00`,
        end_date: `2026-04-0${e} 21:00:00`,
        venue,
        organizer: [organizer],
        categories: ['Music'],
        status: 'publish',
      });
  }, 60_000);
  afterAll(() => close());

  it.each([
    ['a filtered list', 'categories=music&venue=VENUE&start_date=2026-04-01&end_date=2026-04-30'],
    ['a search', 'search=concert'],
  ])('%s at a new URL: one read, with its count and records still kept', async (_, query) => {
    const path = `/events?${query.replace('VENUE', String(venue))}`;
    await get(`${path}&first=1`);
    statements.length = 0;
    const body = await get(`${path}&second=1`);
    expect(body.events).toHaveLength(3);
    expect(body.events[0].venue.venue).toBe('Hall');
    // At most one: SQLite may still hold the read of the turn the first request ended in.
    expect(statements.filter((text) => text === DATA_VERSION_SQL).length).toBeLessThanOrEqual(1);
    // The total and the venue and organizer came from what the first request kept.
    expect(statements.filter((text) => text.startsWith('select count(*)'))).toEqual([]);
    expect(statements.filter((text) => text.includes('"organizers" as "d"'))).toEqual([]);
  });
});
