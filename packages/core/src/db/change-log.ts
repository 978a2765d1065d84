/**
 * Every write transaction of the service runs through `serviceWrite`: the data version bumped first (cache/
 * index.ts, point 1), the write, then, on SQLite, the change log's rows of this write merged per record
 * (migration 0023 says why SQLite needs it: its triggers log a row per row written, PostgreSQL's merge as
 * they write). A record's merged row is its last: what the write did to it as a whole (deleted over
 * created over trashed or restored over updated), whether anyone could read it before (its first row) and
 * after (its last), its series if any row knew it. A row of a record's part alone does not know whether anyone
 * could read it before (-1): the first row that knows says.
 */
import { sql, type Transaction } from 'kysely';
import { bumpDataVersion } from './data-version.js';
import type { CalendarDatabase, Db } from './database.js';
import type { Database } from './schema.js';

const MINE = sql`(select change_mark from data_version where id = 1)`;

/**
 * SQLite: one row per record for the rows this write logged (those from `change_mark` on), in two
 * statements whatever their number: the records' groups summed up once, each merged row looked up by id.
 */
export async function mergeWriteChanges(db: Db): Promise<void> {
  await sql`with groups as (
      select max(id) as last_id, min(case when was_public <> -1 then id end) as first_id, max(action = 'deleted') as deleted,
        max(action = 'created') as created, max(case when action <> 'updated' then id end) as moved_id,
        max(series_id) as series_id
      from change_log where version >= ${MINE} group by record_id, type having count(*) > 1)
    update change_log set
      action = case when g.deleted then 'deleted' when g.created then 'created'
        when g.moved_id is not null then (select c.action from change_log as c where c.id = g.moved_id)
        else 'updated' end,
      was_public = coalesce((select c.was_public from change_log as c where c.id = g.first_id), -1),
      series_id = g.series_id
    from groups as g where change_log.id = g.last_id`.execute(db);
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
