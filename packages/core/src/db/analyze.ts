/**
 * The service keeps the planner's statistics of what it writes in bulk (a new series, a large import) instead
 * of leaving them to autovacuum, which may be off, behind, or not yet awake on a fresh database: a table
 * never analyzed looks nearly empty to PostgreSQL's planner, and a plan made for an empty table can cost what
 * the table holds times itself. A table is analyzed when it never was, or when it has more than doubled
 * since (and holds a few hundred rows more): statistics within a factor of two of the table keep the plans
 * sound, and a calendar growing by series pays for a number of analyses that grows with the logarithm of its
 * size, not one per series (autovacuum's rule, a tenth of the table changed, analyzed nearly every series of
 * a young calendar). SQLite has no such planner statistics to keep (its queries are written not to need
 * them): there this does nothing.
 */
import { sql } from 'kysely';
import type { CalendarDatabase, Db } from './database.js';

/** The growth since the last analysis that calls for another: rows beyond twice as many, plus this. */
const ANALYZE_MARGIN = 500;

/**
 * Analyzes the tables of the service's schema never analyzed or grown to more than twice what their last
 * analysis saw (the rows of the transaction `db` is in included), and returns their names. `db` may be a
 * transaction: the analysis then counts its rows and commits with it. Call it after a bulk write: a series
 * created (the events' series code does), an import.
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
        or coalesce(s.n_live_tup, 0) + coalesce(x.n_tup_ins - x.n_tup_del, 0)
          > 2 * c.reltuples + ${ANALYZE_MARGIN})
    order by c.relname`.execute(db);
  const tables = rows.map((row) => row.table);
  if (tables.length > 0) await sql`analyze ${sql.join(tables.map((table) => sql.table(table)))}`.execute(db);
  return tables;
}
