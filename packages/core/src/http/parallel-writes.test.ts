/**
 * Writes that run side by side (PostgreSQL: no lock orders whole transactions, each locks what it decides
 * on; db/change-log.ts) keep every invariant a one-at-a-time order kept: slugs stay unique, a term named by
 * many creates at once is made once, stored term counts equal a recount, the change log holds each write once
 * in commit order, and no deadlock or lost race reaches a client. Two instances on one PostgreSQL schema
 * (two pools); SQLite, one instance, for the same answers.
 */

import { createSharedTestDatabase, testDialects } from '@calendar-events/tests/databases';
import { apiRequest } from '@calendar-events/tests/requests';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CalendarCore, createCalendarCore } from '../core.js';
import type { CalendarDatabase } from '../db/database.js';
import { createApiKey, createUser } from '../resources/users/repository.js';
import type { CoreRequest } from './types.js';

const WRITERS = 16;
const dialects = await testDialects();

describe.each(dialects.map((dialect) => dialect.name))('writes side by side (%s)', (name) => {
  let close: () => Promise<void>;
  let database: CalendarDatabase;
  let cores: CalendarCore[];
  let key: string;

  beforeAll(async () => {
    const shared = await createSharedTestDatabase(name, 'calendar-parallel-');
    close = shared.close;
    database = shared.connect();
    await database.migrate();
    await createUser(database.kysely, { login: 'admin', role: 'administrator' });
    key = await createApiKey(database.kysely, 'admin');
    // SQLite: one instance (better-sqlite3 waits for another connection's lock synchronously).
    const second = name === 'postgres' ? shared.connect() : database;
    cores = [createCalendarCore({ database }), createCalendarCore({ database: second })];
  });
  afterAll(() => close());

  async function send(index: number, request: CoreRequest) {
    const response = await cores[index % cores.length]!.handle(request);
    const text = response.body === undefined ? '' : String(response.body);
    // biome-ignore lint/suspicious/noExplicitAny: the answers are read as JSON
    return { status: response.status, json: (text ? JSON.parse(text) : undefined) as any };
  }
  const post = (path: string, body: unknown) => apiRequest('POST', path, { key, body });
  const event = (title: string, extra: Record<string, unknown> = {}) => ({
    title,
    start_date: '2030-05-01 10:00:00',
    end_date: '2030-05-01 12:00:00',
    status: 'publish',
    ...extra,
  });

  it('gives creates of one title slugs of their own', async () => {
    const answers = await Promise.all(
      Array.from({ length: WRITERS }, (_, i) => send(i, post('/events', event('Same Title')))),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(WRITERS).fill(201));
    const slugs = answers.map((answer) => answer.json.slug as string);
    expect(new Set(slugs).size).toBe(WRITERS);
    expect(slugs).toContain('same-title');
  });

  it('makes a term many creates name at once exactly once, and counts it exactly', async () => {
    const tag = await send(0, post('/tags', { name: 'Shared' }));
    expect(tag.status).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: WRITERS }, (_, i) =>
        send(i, post('/events', event(`Named ${i}`, { categories: ['Brand New'], tags: [tag.json.id] }))),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(WRITERS).fill(201));
    const categoryIds = new Set(answers.map((answer) => answer.json.categories[0]?.id));
    expect(categoryIds.size).toBe(1);
    const category = await send(0, apiRequest('GET', `/categories/${[...categoryIds][0]}`, { key }));
    expect([category.json.slug, category.json.count]).toEqual(['brand-new', WRITERS]);
    const tagAfter = await send(1, apiRequest('GET', `/tags/${tag.json.id}`, { key }));
    expect(tagAfter.json.count).toBe(WRITERS);
  });

  it('keeps stored term counts equal to a recount through creates, edits and trashes side by side', async () => {
    const terms = await Promise.all(
      ['One', 'Two', 'Three'].map((term) => send(0, post('/categories', { name: `Count ${term}` }))),
    );
    const ids = terms.map((term) => term.json.id as number);
    const created = await Promise.all(
      Array.from({ length: WRITERS }, (_, i) =>
        send(i, post('/events', event(`Counted ${i}`, { categories: [ids[i % 3], ids[(i + 1) % 3]] }))),
      ),
    );
    expect(created.map((answer) => answer.status)).toEqual(Array(WRITERS).fill(201));
    const changes = await Promise.all(
      created.flatMap((answer, i) => [
        send(
          i + 1,
          i % 2 === 0
            ? apiRequest('DELETE', `/events/${answer.json.id}`, { key })
            : apiRequest('PUT', `/events/${answer.json.id}`, {
                key,
                body: { categories: [ids[(i + 2) % 3]] },
              }),
        ),
        send(i, post('/events', event(`More ${i}`, { categories: ids }))),
      ]),
    );
    expect(changes.map((answer) => answer.status).filter((status) => status >= 300)).toEqual([]);
    const stored = await database.kysely
      .selectFrom('terms')
      .select(['id', 'event_count'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    const recounted = await database.kysely
      .selectFrom('terms')
      .select([
        'id',
        sql<number>`(select count(*) from event_terms as et join posts as p on p.id = et.event_id
          where et.term_id = terms.id and p.status = 'publish')`.as('event_count'),
      ])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    expect(stored.map((row) => Number(row.event_count))).toEqual(
      recounted.map((row) => Number(row.event_count)),
    );
  });

  it('logs each write once, under versions in commit order', async () => {
    const before = await send(0, apiRequest('GET', '/changes', { key }));
    const since = before.json.next_token as string;
    const answers = await Promise.all(
      Array.from({ length: WRITERS }, (_, i) => send(i, post('/venues', { venue: `Logged ${i}` }))),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(WRITERS).fill(201));
    const page = await send(1, apiRequest('GET', `/changes?since=${encodeURIComponent(since)}`, { key }));
    const logged = (page.json.changes as { id: number; type: string }[]).filter((c) => c.type === 'venue');
    expect(logged.map((change) => change.id).sort()).toEqual(answers.map((answer) => answer.json.id).sort());
    const versions = await database.kysely
      .selectFrom('change_log')
      .select(['version'])
      .where('type', '=', 'venue')
      .where(
        'record_id',
        'in',
        answers.map((answer) => answer.json.id as number),
      )
      .execute();
    // One version per transaction, none of them a stand-in (negative), each given once.
    const numbers = versions.map((row) => Number(row.version));
    expect(numbers.every((version) => version > 0)).toBe(true);
    expect(new Set(numbers).size).toBe(WRITERS);
  });
});
