/**
 * The triggers on new events run per statement on PostgreSQL and skip a status the insert got right on
 * SQLite: another program's multi-row insert must still get each event's post status copied and raise the
 * duration bound, and so must an update of the dates.
 */

import { testDialects } from '@calendar-events/tests/databases';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../resources/users/repository.js';
import type { CalendarDatabase } from '../database.js';

const dialects = await testDialects();

describe.each(dialects)('triggers on new events, as another program writes them ($name)', (dialect) => {
  let database: CalendarDatabase;
  let close: () => Promise<void>;
  let author: number;

  beforeAll(async () => {
    ({ database, close } = await dialect.open());
    author = await createUser(database.kysely, { login: 'writer', role: 'administrator' }).then((user) =>
      Number(user.id),
    );
  });
  afterAll(() => close());

  const bound = async () =>
    Number(
      (
        await sql<{
          seconds: number;
        }>`select max_duration_seconds as seconds from event_bounds where id = 1`.execute(database.kysely)
      ).rows[0]!.seconds,
    );

  async function insertEvents(rows: Array<{ status: string; hours: number; givenStatus?: string }>) {
    const ids: number[] = [];
    for (const row of rows) {
      const { rows: inserted } = await sql<{ id: number }>`insert into posts
        (type, status, author_id, slug, date_utc, modified_utc, password)
        values ('event', ${row.status}, ${author}, 'outside', '2026-01-01 00:00:00', '2026-01-01 00:00:00', '')
        returning id`.execute(database.kysely);
      ids.push(Number(inserted[0]!.id));
    }
    const end = (hours: number) =>
      `2026-05-0${1 + Math.floor(hours / 24)} ${String(10 + (hours % 24)).padStart(2, '0')}:00:00`;
    const values = rows.map(
      (row, index) =>
        sql`(${ids[index]}, '2026-05-01 10:00:00', ${end(row.hours)}, '2026-05-01 10:00:00', ${end(row.hours)},
          'UTC', 0, '[]', '', '', '', 0, 0, 0, 0, 0, ${row.givenStatus ?? ''})`,
    );
    await sql`insert into events (id, start_local, end_local, start_utc, end_utc, timezone, all_day, cost,
      currency_symbol, currency_code, currency_position, show_map, show_map_link, hide_from_listings, sticky,
      featured, status) values ${sql.join(values)}`.execute(database.kysely);
    return ids;
  }

  const copies = async (ids: number[]) =>
    (
      await database.kysely
        .selectFrom('events')
        .select(['id', 'status'])
        .where('id', 'in', ids)
        .orderBy('id')
        .execute()
    ).map((row) => row.status);

  it('copies each new event’s post status, given or not, right or wrong', async () => {
    const ids = await insertEvents([
      { status: 'publish', hours: 1 },
      { status: 'draft', hours: 1, givenStatus: 'draft' },
      { status: 'private', hours: 1, givenStatus: 'publish' },
    ]);
    expect(await copies(ids)).toEqual(['publish', 'draft', 'private']);
  });

  it('raises the duration bound to the longest new event of a statement, and with an update of the dates', async () => {
    const before = await bound();
    await insertEvents([
      { status: 'publish', hours: 2 },
      { status: 'publish', hours: 50 },
      { status: 'publish', hours: 3 },
    ]);
    expect(await bound()).toBe(50 * 3600 + 1);
    expect(before).toBeLessThan(50 * 3600);
    const [id] = await insertEvents([{ status: 'publish', hours: 1 }]);
    expect(await bound()).toBe(50 * 3600 + 1);
    await sql`update events set end_utc = '2026-05-04 10:00:00' where id = ${id}`.execute(database.kysely);
    expect(await bound()).toBe(72 * 3600 + 1);
  });
});
