/**
 * Migration 0030: on PostgreSQL the event search matches the text folded as it was written (`body_folded`),
 * which must answer as `ilike` did: case folded in every script, on both databases, for any program's writes.
 */

import { testDialects } from '@calendar-events/tests/databases';
import { apiRequest } from '@calendar-events/tests/requests';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CalendarCore, createCalendarCore } from '../../core.js';
import { textOf } from '../../http/respond.js';
import { createApiKey, createUser } from '../../resources/users/repository.js';
import type { CalendarDatabase } from '../database.js';

const dialects = await testDialects();

describe.each(dialects)('the event search, case folded ($name)', (dialect) => {
  let database: CalendarDatabase;
  let close: () => Promise<void>;
  let core: CalendarCore;
  let key: string;

  async function call(method: string, path: string, body?: unknown) {
    const res = await core.handle(apiRequest(method, path, { key, body }));
    expect(res.status, `${method} ${path}: ${res.body}`).toBeLessThan(300);
    return JSON.parse(textOf(res)!);
  }
  const titles = async (search: string) =>
    (await call('GET', `/events?${new URLSearchParams({ search, start_date: '2030-01-01' })}`)).events
      .map((event: { title: string }) => event.title)
      .sort();

  beforeAll(async () => {
    ({ database, close } = await dialect.open());
    await createUser(database.kysely, { login: 'admin', role: 'administrator' });
    key = await createApiKey(database.kysely, 'admin');
    core = createCalendarCore({ database, clock: () => new Date('2030-01-01T00:00:00Z'), cache: false });
    const dates = { start_date: '2030-02-01 19:00:00', end_date: '2030-02-01 21:00:00' };
    await call('POST', '/events', { title: 'ÄRGER im Ÿacht-Club', description: 'ΣΟΦΊΑ', ...dates });
    await call('POST', '/events', { title: 'Quiet evening', description: 'nothing to see', ...dates });
  });
  afterAll(() => close());

  it('finds the text whatever the case of either side, in every script', async () => {
    expect(await titles('ärger')).toEqual(['ÄRGER im Ÿacht-Club']);
    expect(await titles('ÿACHT')).toEqual(['ÄRGER im Ÿacht-Club']);
    expect(await titles('σοφία')).toEqual(['ÄRGER im Ÿacht-Club']);
    expect(await titles('QUIET EVEN')).toEqual(['Quiet evening']);
    expect(await titles('verärgert')).toEqual([]);
  });

  it.runIf(dialect.name === 'postgres')('keeps the folded text of rows any program writes', async () => {
    const { rows } = await sql<{
      id: number;
    }>`select id from posts where type = 'event' order by id limit 1`.execute(database.kysely);
    await sql`update event_search set body = ${'Written ELSEWHERE'} where event_id = ${rows[0]!.id}`.execute(
      database.kysely,
    );
    const folded = await sql<{
      body_folded: string;
    }>`select body_folded from event_search where event_id = ${rows[0]!.id}`.execute(database.kysely);
    expect(folded.rows.map((row) => row.body_folded)).toContain('written elsewhere');
  });
});
