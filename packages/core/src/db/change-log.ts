/**
 * Every write transaction of the service runs through `serviceWrite`: the data version bumped first (cache/
 * index.ts, point 1), the write, then, on SQLite, the change log's rows of this write merged per record
 * (migration 0023 says why SQLite needs it: its triggers log a row per row written, PostgreSQL's merge as
 * they write). A record's merged row is its last: what the write did to it as a whole (deleted over
 * created over trashed or restored over updated), whether anyone could read it before (its first row) and
 * after (its last), its series if any row knew it.
 */
import { sql, type Transaction } from 'kysely';
import { bumpDataVersion } from './data-version.js';
import type { CalendarDatabase, Db } from './database.js';
import type { Database } from './schema.js';

const MINE = sql`(select change_mark from data_version where id = 1)`;
const SAME = sql`c.record_id = change_log.record_id and c.type = change_log.type and c.version >= ${MINE}`;

/** SQLite: one row per record for the rows this write logged (those from `change_mark` on). */
export async function mergeWriteChanges(db: Db): Promise<void> {
  await sql`update change_log set
      action = case
        when exists (select 1 from change_log as c where ${SAME} and c.action = 'deleted') then 'deleted'
        when exists (select 1 from change_log as c where ${SAME} and c.action = 'created') then 'created'
        else coalesce((select c.action from change_log as c where ${SAME} and c.action <> 'updated'
          order by c.id desc limit 1), 'updated') end,
      was_public = (select c.was_public from change_log as c where ${SAME} order by c.id limit 1),
      series_id = (select max(c.series_id) from change_log as c where ${SAME})
    where version >= ${MINE} and id in (select max(id) from change_log where version >= ${MINE}
      group by record_id, type having count(*) > 1)`.execute(db);
  await sql`delete from change_log where version >= ${MINE} and id not in (
      select max(id) from change_log where version >= ${MINE} group by record_id, type)`.execute(db);
}

/** Runs `write` as a write transaction of the service (see above); resolves with its result once committed. */
export function serviceWrite<T>(
  database: Pick<CalendarDatabase, 'kysely' | 'traits'>,
  write: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return database.kysely.transaction().execute(async (trx) => {
    await bumpDataVersion(trx);
    const result = await write(trx);
    if (database.traits.name === 'sqlite') await mergeWriteChanges(trx);
    return result;
  });
}
