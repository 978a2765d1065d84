/**
 * Another program writing the database (a plain driver connection, not the service) is seen by the next
 * request, list totals included, with the response cache on (triggers move the data version) and off
 * (nothing is kept, totals included).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { testDialects, withOutsideWriter } from '@calendar-events/tests/databases';
import { apiRequest } from '@calendar-events/tests/requests';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCalendarCore } from '../core.js';
import { createApiKey, createUser } from '../resources/users/repository.js';

const dialects = await testDialects();

describe.each(
  dialects.flatMap((dialect) => [
    { name: dialect.name, cache: true },
    { name: dialect.name, cache: false },
  ]),
)('writes by another program ($name, cache $cache)', ({ name, cache }) => {
  let setup: Awaited<ReturnType<typeof withOutsideWriter>>;
  let core: ReturnType<typeof createCalendarCore>;
  let key: string;
  const ids: number[] = [];

  const venues = async () => {
    const response = await core.handle(apiRequest('GET', '/venues'));
    const body = JSON.parse(String(response.body));
    return {
      total: response.headers['X-WP-Total'],
      names: body.venues.map((venue: { venue: string }) => venue.venue).sort(),
    };
  };

  beforeAll(async () => {
    setup = await withOutsideWriter(name, 'calendar-outside-');
    await createUser(setup.database.kysely, { login: 'admin', role: 'administrator' });
    key = await createApiKey(setup.database.kysely, 'admin');
    core = createCalendarCore({ database: setup.database, cache });
    for (const venue of ['Hall A', 'Hall B', 'Hall C']) {
      const created = await core.handle(apiRequest('POST', '/venues', { key, body: { venue } }));
      ids.push(JSON.parse(String(created.body)).id);
    }
  });
  afterAll(() => setup.close());

  it('shows a title another program changed', async () => {
    expect(await venues()).toEqual({ total: '3', names: ['Hall A', 'Hall B', 'Hall C'] });
    await setup.outside(`update post_texts set title = ? where post_id = ?`, 'Hall Z', ids[0]);
    await nextTurn();
    expect(await venues()).toEqual({ total: '3', names: ['Hall B', 'Hall C', 'Hall Z'] });
  });

  it('shows the total and the page after another program deleted a record', async () => {
    expect((await venues()).total).toBe('3');
    await setup.outside(`delete from posts where id = ?`, ids[1]);
    await nextTurn();
    expect(await venues()).toEqual({ total: '2', names: ['Hall C', 'Hall Z'] });
  });

  it('shows a record another program unpublished', async () => {
    await setup.outside(`update posts set status = 'draft' where id = ?`, ids[2]);
    await nextTurn();
    expect(await venues()).toEqual({ total: '1', names: ['Hall Z'] });
  });
});
