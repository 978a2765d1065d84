/**
 * An event write moves its terms' stored counts at its end (`moveTermCounts`' `atTheEnd`): after the reads
 * of its answer, so that a term many creates name is locked for the commit only. The answer counts the
 * write all the same, and the stored counts are exact.
 */

import { testDialects } from '@calendar-events/tests/databases';
import { apiRequest } from '@calendar-events/tests/requests';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CalendarCore, createCalendarCore } from '../../core.js';
import { textOf } from '../../http/respond.js';
import { createApiKey, createUser } from '../users/repository.js';

const dialects = await testDialects();

describe.each(dialects)('term counts moved at the end of an event write ($name)', (dialect) => {
  let close: () => Promise<void>;
  let core: CalendarCore;
  let key: string;
  const statements: string[] = [];

  const send = async (method: string, path: string, body?: unknown) => {
    const response = await core.handle(apiRequest(method, path, { key, body }));
    return { status: response.status, json: JSON.parse(textOf(response)!) };
  };
  const create = (title: string, status = 'publish') =>
    send('POST', '/events', {
      title,
      start_date: '2027-05-01 19:00:00',
      end_date: '2027-05-01 21:00:00',
      categories: ['Concerts'],
      tags: ['jazz'],
      status,
    });

  beforeAll(async () => {
    let database: Awaited<ReturnType<typeof dialect.open>>['database'];
    ({ database, close } = await dialect.open({ onQuery: (text) => statements.push(text) }));
    await createUser(database.kysely, { login: 'admin', role: 'administrator' });
    key = await createApiKey(database.kysely, 'admin');
    core = createCalendarCore({ database });
  }, 60_000);
  afterAll(() => close());

  it('answers with counts that include the write, and stores them exactly', async () => {
    const first = await create('First');
    expect(first.status).toBe(201);
    expect(first.json.categories[0].count).toBe(1);
    expect(first.json.tags[0].count).toBe(1);
    const draft = await create('Draft', 'draft');
    // A draft does not count.
    expect(draft.json.categories[0].count).toBe(1);
    statements.length = 0;
    const second = await create('Second');
    expect(second.json.categories[0].count).toBe(2);
    const category = await send('GET', `/categories/${second.json.categories[0].id}`);
    expect(category.json.count).toBe(2);
    // Trashed: the counts move back, in the answer and in the store.
    const trashed = await send('DELETE', `/events/${first.json.id}`);
    expect(trashed.status).toBe(200);
    expect((await send('GET', `/tags/${second.json.tags[0].id}`)).json.count).toBe(1);
  });

  it('moves the counts after the reads of the answer', async () => {
    statements.length = 0;
    expect((await create('Third')).status).toBe(201);
    // PostgreSQL moves them with its commit, by a function (migration 0029); SQLite by an update.
    const countsMoved = statements.findIndex(
      (text) =>
        text.startsWith('update "terms" set "event_count"') ||
        text.startsWith('select calendar_add_to_term_counts('),
    );
    const answerRead = statements.findLastIndex(
      (text) => text.includes('"organizers" as "d"') || text.includes('"terms"."taxonomy"'),
    );
    expect(countsMoved).toBeGreaterThan(-1);
    expect(countsMoved).toBeGreaterThan(answerRead);
  });
});
