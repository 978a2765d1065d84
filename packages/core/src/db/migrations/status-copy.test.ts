/**
 * The schema's triggers copy each event's post status onto `events.status` for the list totals; they
 * must keep the copy exact whichever write changes the status, or the totals would drift from the pages.
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

describe.each(dialects)('the status copied onto events ($name)', (dialect) => {
  let database: CalendarDatabase;
  let close: () => Promise<void>;
  let core: CalendarCore;
  let key: string;
  let now = new Date('2026-03-10T12:00:00Z');

  async function call(method: string, path: string, body?: unknown, anonymous = false) {
    const res = await core.handle(apiRequest(method, path, { key: anonymous ? undefined : key, body }));
    expect(res.status, `${method} ${path}: ${res.body}`).toBeLessThan(300);
    return { json: JSON.parse(textOf(res)!), total: res.headers['X-WP-Total'] };
  }

  /** Each event's copy and its post's status. */
  async function statuses(): Promise<Array<{ id: number; copy: string; post: string }>> {
    const { rows } = await sql<{ id: number; copy: string; post: string }>`
      select events.id, events.status as copy, posts.status as post
      from events join posts on posts.id = events.id order by events.id`.execute(database.kysely);
    return rows.map((row) => ({ ...row, id: Number(row.id) }));
  }

  beforeAll(async () => {
    ({ database, close } = await dialect.open());
    await createUser(database.kysely, { login: 'admin', role: 'administrator' });
    key = await createApiKey(database.kysely, 'admin');
    core = createCalendarCore({ database, clock: () => now, cache: false });
  });
  afterAll(() => close());

  it('follows every write that changes an event status, and the totals count by it', async () => {
    const dates = { start_date: '2026-04-01 19:00:00', end_date: '2026-04-01 21:00:00' };
    const published = (await call('POST', '/events', { title: 'Published', ...dates })).json.id;
    const draft = (await call('POST', '/events', { title: 'Draft', ...dates, status: 'draft' })).json.id;
    const scheduled = (
      await call('POST', '/events', {
        title: 'Scheduled',
        ...dates,
        status: 'future',
        date: '2026-03-11 09:00:00',
      })
    ).json.id;
    const trashed = (await call('POST', '/events', { title: 'Trashed', ...dates })).json.id;
    await call('DELETE', `/events/${trashed}`);
    expect(await statuses()).toEqual([
      { id: published, copy: 'publish', post: 'publish' },
      { id: draft, copy: 'draft', post: 'draft' },
      { id: scheduled, copy: 'future', post: 'future' },
      { id: trashed, copy: 'trash', post: 'trash' },
    ]);
    // Anonymous lists count what is published; the administrator's, every status but trash.
    expect((await call('GET', '/events', undefined, true)).total).toBe('1');
    expect((await call('GET', '/events')).total).toBe('3');

    await call('POST', `/events/${draft}`, { status: 'publish' });
    now = new Date('2026-03-12T12:00:00Z'); // the scheduled event is published on the next request
    expect((await call('GET', '/events', undefined, true)).total).toBe('3');
    expect((await statuses()).filter((row) => row.copy !== row.post)).toEqual([]);
    expect((await statuses()).filter((row) => row.copy === 'publish').map((row) => row.id)).toEqual([
      published,
      draft,
      scheduled,
    ]);
    expect((await call('GET', '/events?status=trash')).total).toBe('1');
  });

  it('is written with a created event, so that no trigger has to correct it', async () => {
    // Each update of an event's status copy is counted, whoever makes it (the copy's trigger included).
    if (dialect.name === 'sqlite') {
      await sql`create table status_copy_updates (event_id integer)`.execute(database.kysely);
      await sql`create trigger count_status_copy_updates after update of status on events
        begin insert into status_copy_updates values (new.id); end`.execute(database.kysely);
    } else {
      await sql`create table status_copy_updates (event_id integer)`.execute(database.kysely);
      await sql`create function count_status_copy_update() returns trigger language plpgsql as $$
        begin insert into status_copy_updates values (new.id); return null; end $$`.execute(database.kysely);
      await sql`create trigger count_status_copy_updates after update of status on events
        for each row execute function count_status_copy_update()`.execute(database.kysely);
    }
    const dates = { start_date: '2026-05-01 19:00:00', end_date: '2026-05-01 21:00:00' };
    const published = (await call('POST', '/events', { title: 'Written once', ...dates })).json.id;
    const draft = (await call('POST', '/events', { title: 'Draft once', ...dates, status: 'draft' })).json.id;
    const updates = await sql<{ event_id: number }>`select event_id from status_copy_updates`.execute(
      database.kysely,
    );
    expect(updates.rows).toEqual([]);
    expect((await statuses()).filter((row) => row.id === published || row.id === draft)).toEqual([
      { id: published, copy: 'publish', post: 'publish' },
      { id: draft, copy: 'draft', post: 'draft' },
    ]);
  });
});
