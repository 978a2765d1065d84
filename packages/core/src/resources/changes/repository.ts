/**
 * The change log's SQL (migration 0023 says how triggers write it): where the log stands, a page of it as
 * one caller may see it, and the retention's pruning. A page is one indexed query whatever its size.
 */
import { sql } from 'kysely';
import { serviceWrite } from '../../db/change-log.js';
import type { CalendarDatabase, Db } from '../../db/database.js';
import type { ChangeLogTable } from '../../db/schema.js';
import type { ChangePosition } from './token.js';

/**
 * Whose view of the log: `all` (editors: every change as it is), `public` (anonymous callers and
 * subscribers: what anyone may read) or `own` (authors and contributors: what anyone may read, and their own
 * records as they are).
 */
export type ChangeAudience = { kind: 'all' } | { kind: 'public' } | { kind: 'own'; userId: number };

export interface ChangeRow {
  version: number;
  id: number;
  type: ChangeLogTable['type'];
  record_id: number;
  action: ChangeLogTable['action'];
  series_id: number | null;
  author_id: number | null;
  was_public: number;
  is_public: number;
  changed_utc: string;
}

export interface LogState {
  /** Before every change not committed yet: a reader who starts here misses none. */
  now: ChangePosition;
  /** The last change the retention removed: a reader before it has missed changes. */
  pruned: ChangePosition;
}

/**
 * Where the log stands. Every change committed later has a higher data version than the one read here (on
 * PostgreSQL a transaction takes its version as it commits, under the version row's lock, migration 0028;
 * SQLite's writers bump it before they log), so "now" is the start of the next version.
 */
export async function readLogState(db: Db): Promise<LogState> {
  const { rows } = await sql<{
    version: number | string | null;
    pruned_version: number | string | null;
    pruned_id: number | string | null;
  }>`select (select version from data_version where id = 1) as version,
      (select version from change_log_pruned where id = 1) as pruned_version,
      (select change_id from change_log_pruned where id = 1) as pruned_id`.execute(db);
  const row = rows[0];
  return {
    now: { version: Number(row?.version ?? 0) + 1, id: 0 },
    pruned: { version: Number(row?.pruned_version ?? 0), id: Number(row?.pruned_id ?? 0) },
  };
}

/**
 * The last change the retention removed, read again after a page: the retention may have run between the
 * state's read and the page's, and then removed changes the page should have held.
 */
export async function readPrunedPosition(db: Db): Promise<ChangePosition> {
  const { rows } = await sql<{
    version: number | string;
    change_id: number | string;
  }>`select version, change_id from change_log_pruned where id = 1`.execute(db);
  return { version: Number(rows[0]?.version ?? 0), id: Number(rows[0]?.change_id ?? 0) };
}

/** Up to `limit` changes after `after` that `audience` may see, in commit order. */
export async function readChangePage(
  db: Db,
  after: ChangePosition,
  audience: ChangeAudience,
  limit: number,
): Promise<ChangeRow[]> {
  const columns = sql`version, id, type, record_id, action, series_id, author_id, was_public, is_public, changed_utc`;
  const afterPosition = sql`(version, id) > (${after.version}, ${after.id})`;
  // Literal conditions: SQLite uses a partial index only for its own words.
  const readable = sql`select ${columns} from change_log where ${afterPosition} and (was_public = 1 or is_public = 1)
    order by version, id limit ${limit}`;
  const query =
    audience.kind === 'public'
      ? readable
      : audience.kind === 'own'
        ? // What anyone may read, and the author's own records nobody else may (each branch on its index,
          // bounded by the page).
          sql`select * from (${readable}) as readable union all select * from (select ${columns} from change_log
              where ${afterPosition} and was_public <> 1 and is_public <> 1 and author_id = ${audience.userId}
              order by version, id limit ${limit}) as own
            order by version, id limit ${limit}`
        : sql`select ${columns} from change_log where ${afterPosition} order by version, id limit ${limit}`;
  const { rows } = await query.$castTo<ChangeRow>().execute(db);
  return rows.map((row) => ({ ...row, version: Number(row.version), id: Number(row.id) }));
}

/**
 * Removes the oldest changes made before `cutoffUtc`, at most `batch` of them, in order (so that what is gone
 * is exactly what comes before the position recorded), and records the position of the last one removed.
 * Resolves with how many went.
 */
export async function pruneChangeBatch(
  database: Pick<CalendarDatabase, 'kysely' | 'traits'>,
  cutoffUtc: string,
  batch: number,
): Promise<number> {
  const oldest = await database.kysely
    .selectFrom('change_log')
    .select(['version', 'id', 'changed_utc'])
    .orderBy('version')
    .orderBy('id')
    .limit(batch)
    .execute();
  let count = 0;
  for (const row of oldest) {
    if (row.changed_utc >= cutoffUtc) break;
    count++;
  }
  const last = oldest[count - 1];
  if (!last) return 0;
  const position = { version: Number(last.version), id: Number(last.id) };
  // A write of the service: the data version moves, so that no cached answer to a token now expired stays.
  await serviceWrite(database, async (trx) => {
    await sql`delete from change_log where (version, id) <= (${position.version}, ${position.id})`.execute(
      trx,
    );
    const moved =
      await sql`update change_log_pruned set version = ${position.version}, change_id = ${position.id}
      where id = 1 and (version, change_id) < (${position.version}, ${position.id})`.execute(trx);
    if (Number(moved.numAffectedRows ?? 0) === 0)
      await trx
        .insertInto('change_log_pruned')
        .values({ id: 1, version: position.version, change_id: position.id })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .execute();
  });
  return count;
}
