/**
 * The change log's triggers (migration 0023) log what another program writes with plain SQL too: a post
 * inserted, published, trashed and deleted, a term renamed through its texts; each in commit order, after
 * the position "now" read before it, and on PostgreSQL one row per record for a transaction of several
 * statements. The service's own writes log one row per record on both (migration 0027 on SQLite).
 */

import { testDialects } from '@calendar-events/tests/databases';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChangeRow, readChangePage, readLogState } from '../../resources/changes/repository.js';
import type { ChangePosition } from '../../resources/changes/token.js';
import { createUser } from '../../resources/users/repository.js';
import { serviceWrite } from '../change-log.js';
import { readDataVersion } from '../data-version.js';
import type { CalendarDatabase } from '../database.js';

const dialects = await testDialects();

describe.each(dialects)('the change log, as another program writes ($name)', (dialect) => {
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

  const now = async () => (await readLogState(database.kysely)).now;
  const since = async (position: ChangePosition) =>
    (await readChangePage(database.kysely, position, { kind: 'all' }, 100)).map(
      (row: ChangeRow) => `${row.type} ${row.record_id} ${row.action} ${row.was_public}${row.is_public}`,
    );
  const insertPost = async (status: string) =>
    Number(
      (
        await sql<{ id: number }>`insert into posts
          (type, status, author_id, slug, date_utc, modified_utc, password)
          values ('venue', ${status}, ${author}, 'outside', '2026-01-01 00:00:00', '2026-01-01 00:00:00', '')
          returning id`.execute(database.kysely)
      ).rows[0]!.id,
    );

  it('logs a plain insert, update, trash and delete of a post, each after the token read before it', async () => {
    const start = await now();
    const id = await insertPost('draft');
    expect(await since(start)).toEqual([`venue ${id} created 00`]);
    const published = await now();
    await sql`update posts set status = 'publish' where id = ${id}`.execute(database.kysely);
    expect(await since(published)).toEqual([`venue ${id} updated 01`]);
    const trashed = await now();
    await sql`update posts set status = 'trash' where id = ${id}`.execute(database.kysely);
    expect(await since(trashed)).toEqual([`venue ${id} trashed 10`]);
    const deleted = await now();
    await sql`delete from posts where id = ${id}`.execute(database.kysely);
    expect(await since(deleted)).toEqual([`venue ${id} deleted 00`]);
    // In order from the start, each change once (another program's changes may merge on SQLite).
    const all = await since(start);
    expect(all.at(-1)).toBe(`venue ${id} deleted 00`);
    expect(all[0]).toMatch(new RegExp(`^venue ${id} (created|deleted)`));
  });

  it('logs a term renamed through its texts alone', async () => {
    const term = Number(
      (
        await sql<{
          id: number;
        }>`insert into terms (taxonomy, slug) values ('tag', 'outside') returning id`.execute(database.kysely)
      ).rows[0]!.id,
    );
    await sql`insert into term_texts (term_id, language, name) values (${term}, 'en', 'Outside')`.execute(
      database.kysely,
    );
    const renamed = await now();
    await sql`update term_texts set name = 'Outdoors' where term_id = ${term}`.execute(database.kysely);
    expect(await since(renamed)).toEqual([`tag ${term} updated 11`]);
  });

  it('keeps one row per record for a transaction of several statements (SQLite: one per row written)', async () => {
    const start = await now();
    const id = await database.kysely.transaction().execute(async (trx) => {
      const { rows } = await sql<{ id: number }>`insert into posts
          (type, status, author_id, slug, date_utc, modified_utc, password)
          values ('organizer', 'publish', ${author}, 'outside', '2026-01-01 00:00:00', '2026-01-01 00:00:00', '')
          returning id`.execute(trx);
      const id = Number(rows[0]!.id);
      await sql`insert into organizers (id) values (${id})`.execute(trx);
      await sql`insert into post_texts (post_id, language, title) values (${id}, 'en', 'Outside')`.execute(
        trx,
      );
      await sql`update posts set modified_utc = '2026-01-02 00:00:00' where id = ${id}`.execute(trx);
      return id;
    });
    const logged = await since(start);
    // SQLite's triggers cannot tell one transaction of another program from the next (migration 0023).
    if (dialect.name === 'postgres') expect(logged).toEqual([`organizer ${id} created 01`]);
    else
      expect(logged).toEqual([
        `organizer ${id} created 01`,
        `organizer ${id} updated -11`,
        `organizer ${id} updated 11`,
      ]);
  });

  it('keeps one row per record for a write of the service, and the next write of another program moves the version', async () => {
    const start = await now();
    const versionBefore = await readDataVersion(database.kysely);
    const id = await serviceWrite(database, async (trx) => {
      const { rows } = await sql<{ id: number }>`insert into posts
          (type, status, author_id, slug, date_utc, modified_utc, password)
          values ('organizer', 'draft', ${author}, 'service', '2026-01-01 00:00:00', '2026-01-01 00:00:00', '')
          returning id`.execute(trx);
      const id = Number(rows[0]!.id);
      await sql`insert into organizers (id) values (${id})`.execute(trx);
      await sql`insert into post_texts (post_id, language, title) values (${id}, 'en', 'Service')`.execute(
        trx,
      );
      await sql`update posts set status = 'publish' where id = ${id}`.execute(trx);
      return id;
    });
    // One bump for the whole write: the version the service took first.
    expect(await readDataVersion(database.kysely)).toBe(versionBefore! + 1);
    expect(await since(start)).toEqual([`organizer ${id} created 01`]);
    const outside = await now();
    await sql`update posts set status = 'trash' where id = ${id}`.execute(database.kysely);
    expect(await readDataVersion(database.kysely)).toBeGreaterThan(versionBefore! + 1);
    expect(await since(outside)).toEqual([`organizer ${id} trashed 10`]);
    // A write of the service that fails leaves nothing, and the next outside write is logged as before.
    const failed = await now();
    await expect(
      serviceWrite(database, async (trx) => {
        await sql`update posts set status = 'publish' where id = ${id}`.execute(trx);
        throw new Error('given up');
      }),
    ).rejects.toThrow('given up');
    expect(await since(failed)).toEqual([]);
    await sql`delete from posts where id = ${id}`.execute(database.kysely);
    expect(await since(failed)).toEqual([`organizer ${id} deleted 00`]);
  });
});
