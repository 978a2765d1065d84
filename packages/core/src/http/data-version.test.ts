/**
 * The response cache trusts the data version: a write of this instance is seen by the very next request, a
 * write of another instance (another process on the same SQLite file, another server on the same PostgreSQL
 * database) from the next event loop turn, and the requests of one turn share one read of the version.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { createSharedTestDatabase, testDialects } from '@calendar-events/tests/databases';
import { apiRequest } from '@calendar-events/tests/requests';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CalendarCore, createCalendarCore } from '../core.js';
import { DATA_VERSION_SQL } from '../db/data-version.js';
import type { CalendarDatabase, QueryObserver } from '../db/database.js';
import { createApiKey, createUser } from '../resources/users/repository.js';
import { textOf } from './respond.js';

/** Two connections to the same, migrated data; the first one observed. */
async function twoConnections(
  name: 'sqlite' | 'postgres',
  onQuery: QueryObserver,
): Promise<{ first: CalendarDatabase; second: CalendarDatabase; close(): Promise<void> }> {
  const shared = await createSharedTestDatabase(name, 'calendar-version-');
  const first = shared.connect({ onQuery });
  const second = shared.connect({ max: 2 });
  await first.migrate();
  return { first, second, close: shared.close };
}

const dialects = await testDialects();

describe.each(dialects)('data version and the response cache ($name)', (dialect) => {
  let close: () => Promise<void>;
  let here: CalendarCore;
  let there: CalendarCore;
  let key: string;
  let versionReads = 0;

  const request = (core: CalendarCore, method: string, path: string, body?: unknown) =>
    core.handle(apiRequest(method, path, body ? { key, body } : {}));
  const venueNames = async (core: CalendarCore) =>
    (JSON.parse(textOf(await request(core, 'GET', '/venues')) ?? '{}').venues ?? [])
      .map((venue: { venue: string }) => venue.venue)
      .sort();

  beforeAll(async () => {
    const connections = await twoConnections(dialect.name, (text) => {
      if (text === DATA_VERSION_SQL) versionReads++;
    });
    close = connections.close;
    await createUser(connections.first.kysely, { login: 'admin', role: 'administrator' });
    key = await createApiKey(connections.first.kysely, 'admin');
    here = createCalendarCore({ database: connections.first });
    there = createCalendarCore({ database: connections.second });
  });
  afterAll(() => close());

  it('shows a write of this instance to the very next request', async () => {
    expect(await venueNames(here)).toEqual([]);
    expect((await request(here, 'POST', '/venues', { venue: 'Hall A' })).status).toBe(201);
    expect(await venueNames(here)).toEqual(['Hall A']);
  });

  it('shows a write of another instance from the next event loop turn', async () => {
    expect(await venueNames(here)).toEqual(['Hall A']);
    expect((await request(there, 'POST', '/venues', { venue: 'Hall B' })).status).toBe(201);
    await nextTurn();
    expect(await venueNames(here)).toEqual(['Hall A', 'Hall B']);
  });

  it('reads the version once for the requests of one turn', async () => {
    await venueNames(here);
    await nextTurn();
    versionReads = 0;
    const answers = await Promise.all(Array.from({ length: 5 }, () => request(here, 'GET', '/venues')));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(versionReads).toBe(1);
  });
});
