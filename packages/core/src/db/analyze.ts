/**
 * The service keeps the planner's statistics of what it writes in bulk (a new series, a large import) instead
 * of leaving them to autovacuum, which may be off, behind, or not yet awake on a fresh database: a table
 * never analyzed looks empty to PostgreSQL's planner, and a plan made for an empty table can cost what the
 * table holds times itself. The rule is autovacuum's own (a table is analyzed once the rows changed since
 * its last analysis pass 50 + 10 % of its rows), so that a series added to a large calendar does not pay for
 * an analysis each time. SQLite has no such planner statistics to keep (its queries are written not to need
 * them): there this does nothing.
 */
import { sql } from 'kysely';
import type { CalendarDatabase, Db } from './database.js';

/** Autovacuum's defaults: `autovacuum_analyze_threshold` and `autovacuum_analyze_scale_factor`. */
const ANALYZE_THRESHOLD = 50;
const ANALYZE_SCALE_FACTOR = 0.1;

/**
 * Analyzes the tables of the service's schema whose rows changed enough since their last analysis (changes of
 * the transaction `db` is in included) and returns their names. `db` may be a transaction: the analysis then
 * counts its rows and commits with it. Call it after a bulk write: a series created (done by the events'
 * series code), an import.
 *
 * @example
 * await importTecSnapshot(database, snapshot, options);
 * await analyzeStaleTables(database, database.kysely);
 */
export async function analyzeStaleTables(
  database: Pick<CalendarDatabase, 'analyzesBulkWrites'>,
  db: Db,
): Promise<string[]> {
  if (!database.analyzesBulkWrites) return [];
  const { rows } = await sql<{ table: string }>`
    select c.relname as "table"
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    left join pg_stat_user_tables s on s.relid = c.oid
    left join pg_stat_xact_user_tables x on x.relid = c.oid
    where n.nspname = current_schema() and c.relkind = 'r'
      and (c.reltuples < 0
        or coalesce(s.n_mod_since_analyze, 0) + coalesce(x.n_tup_ins + x.n_tup_upd + x.n_tup_del, 0)
          > ${ANALYZE_THRESHOLD} + ${ANALYZE_SCALE_FACTOR} * c.reltuples)
    order by c.relname`.execute(db);
  const tables = rows.map((row) => row.table);
  if (tables.length > 0) await sql`analyze ${sql.join(tables.map((table) => sql.table(table)))}`.execute(db);
  return tables;
}
