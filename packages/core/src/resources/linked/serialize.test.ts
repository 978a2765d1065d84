/**
 * The venues and organizers an event answer embeds are read with their texts: one statement per kind, not a
 * second one for the texts (each is a round trip on PostgreSQL, in every event answer and list).
 */

import { testDialects } from '@calendar-events/tests/databases';
import { apiRequest } from '@calendar-events/tests/requests';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CalendarCore, createCalendarCore } from '../../core.js';
import { textOf } from '../../http/respond.js';
import { createApiKey, createUser } from '../users/repository.js';

const dialects = await testDialects();

describe.each(dialects)('linked records embedded in an event ($name)', (dialect) => {
  let close: () => Promise<void>;
  let core: CalendarCore;
  let key: string;
  let event: number;
  const statements: string[] = [];

  const send = async (method: string, path: string, body?: unknown) => {
    const response = await core.handle(apiRequest(method, path, { key, body }));
    return { status: response.status, json: JSON.parse(textOf(response)!) };
  };

  beforeAll(async () => {
    let database: Awaited<ReturnType<typeof dialect.open>>['database'];
    ({ database, close } = await dialect.open({ onQuery: (text) => statements.push(text) }));
    await createUser(database.kysely, { login: 'admin', role: 'administrator' });
    key = await createApiKey(database.kysely, 'admin');
    // No response cache and no record memo: every read goes to the database.
    core = createCalendarCore({ database, responseCache: false });
    const venue = (await send('POST', '/venues', { venue: 'Hall', city: 'Berlin' })).json.id;
    const organizers = [
      (await send('POST', '/organizers', { organizer: 'First Society' })).json.id,
      (await send('POST', '/organizers', { organizer: 'Second Society' })).json.id,
    ];
    // One organizer has a German name; the other falls back to its English one.
    await send('POST', `/organizers/${organizers[0]}?lang=de`, { organizer: 'Erste Gesellschaft' });
    event = (
      await send('POST', '/events', {
        title: 'Concert',
        start_date: '2027-04-01 19:00:00',
        end_date: '2027-04-01 21:00:00',
        venue,
        organizer: organizers,
        status: 'publish',
      })
    ).json.id;
  }, 60_000);
  afterAll(() => close());

  it('reads each kind with its texts in one statement, in the language asked with fallback', async () => {
    statements.length = 0;
    const { status, json } = await send('GET', `/events/${event}?lang=de`);
    expect(status).toBe(200);
    expect(json.venue.venue).toBe('Hall');
    expect(json.organizer.map((o: { organizer: string }) => o.organizer)).toEqual([
      'Erste Gesellschaft',
      'Second Society',
    ]);
    expect(statements.filter((text) => text.includes('"venues" as "d"'))).toHaveLength(1);
    expect(statements.filter((text) => text.includes('"organizers" as "d"'))).toHaveLength(1);
    // The event's own texts are read by a statement of their own; nothing reads texts by post id alone.
    expect(statements.filter((text) => /^select \* from "post_texts"/.test(text))).toEqual([]);
  });
});
