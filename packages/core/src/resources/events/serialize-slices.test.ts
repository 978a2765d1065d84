/**
 * Serializing a long page of events (the widget feed's thousands) gives the event loop back between slices of
 * `SERIALIZED_PER_SLICE` events, so that other requests are answered meanwhile; the answer is the same.
 */

import { testDialects } from '@calendar-events/tests/databases';
import { apiRequest } from '@calendar-events/tests/requests';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CalendarCore, createCalendarCore } from '../../core.js';
import { textOf } from '../../http/respond.js';
import { createApiKey, createUser } from '../users/repository.js';
import { SERIALIZED_PER_SLICE } from './serialize.js';

// SQLite runs its statements without giving the event loop back: what yields here is the serializer.
const dialects = (await testDialects()).filter((dialect) => dialect.name === 'sqlite');
const EVENTS = SERIALIZED_PER_SLICE * 2 + 10;

describe.each(dialects)('a long page of events, serialized in slices ($name)', (dialect) => {
  let close: () => Promise<void>;
  let core: CalendarCore;

  beforeAll(async () => {
    let database: Awaited<ReturnType<typeof dialect.open>>['database'];
    ({ database, close } = await dialect.open());
    await createUser(database.kysely, { login: 'admin', role: 'administrator' });
    const key = await createApiKey(database.kysely, 'admin');
    core = createCalendarCore({ database, responseCache: false });
    for (let i = 0; i < EVENTS; i++) {
      const day = String(1 + (i % 28)).padStart(2, '0');
      const created = await core.handle(
        apiRequest('POST', '/events', {
          key,
          body: {
            title: `Reading ${i}`,
            description: '<p>Long <b>evening</b></p>',
            start_date: `2027-02-${day} 19:00:00`,
            end_date: `2027-02-${day} 21:00:00`,
            status: 'publish',
          },
        }),
      );
      expect(created.status).toBe(201);
    }
  }, 120_000);
  afterAll(() => close());

  it('answers every event, with turns of the event loop between its slices', async () => {
    let turns = 0;
    let counting = true;
    const tick = () => {
      if (!counting) return;
      turns += 1;
      setImmediate(tick);
    };
    setImmediate(tick);
    const response = await core.handle(
      apiRequest('GET', '/events/calendar?start=2027-02-01T00:00:00Z&end=2027-03-01T00:00:00Z'),
    );
    counting = false;
    expect(response.status).toBe(200);
    expect(JSON.parse(textOf(response)!)).toHaveLength(EVENTS);
    expect(turns).toBeGreaterThanOrEqual(2);
  });
});
