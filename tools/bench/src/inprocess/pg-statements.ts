/**
 * PostgreSQL's own time per statement over a measured window, from `pg_stat_statements` when the server has it
 * loaded (`shared_preload_libraries`; `pg_stat_statements.track = all` adds the statements run by triggers and
 * functions, `track_planning = on` the planning time). Execution time is the server's wall time: it includes
 * waiting for locks and for the WAL flush, not only CPU.
 */
import { type Kysely, sql } from 'kysely';

interface StatementRow {
  queryid: string;
  toplevel: boolean;
  query: string;
  calls: number;
  plans: number;
  exec_ms: number;
  plan_ms: number;
}

export interface StatementTimes {
  query: string;
  toplevel: boolean;
  calls: number;
  plans: number;
  exec_ms: number;
  plan_ms: number;
}

/** Reads the counters of `database`; undefined where the server has not loaded the extension. */
export async function readStatementCounters(
  // biome-ignore lint/suspicious/noExplicitAny: the benchmark reads a view outside the schema.
  kysely: Kysely<any>,
  database: string,
): Promise<Map<string, StatementRow> | undefined> {
  try {
    // The benchmark's database is made anew from its saved copy: the view is created where the server has
    // the library loaded.
    const loaded = await sql<{
      libraries: string;
    }>`select current_setting('shared_preload_libraries') as libraries`.execute(kysely);
    if (!loaded.rows[0]?.libraries.includes('pg_stat_statements')) return undefined;
    await sql`create extension if not exists pg_stat_statements`.execute(kysely);
    const { rows } = await sql<StatementRow>`
      select s.queryid::text as queryid, s.toplevel, s.query, s.calls::float8 as calls, s.plans::float8 as plans,
             s.total_exec_time as exec_ms, s.total_plan_time as plan_ms
      from pg_stat_statements s join pg_database d on d.oid = s.dbid
      where d.datname = ${database}`.execute(kysely);
    return new Map(rows.map((row) => [`${row.queryid}/${row.toplevel}`, row]));
  } catch {
    return undefined;
  }
}

/** Adds what changed between two readings into `into`, keyed by statement. */
export function addStatementDeltas(
  into: Map<string, StatementTimes>,
  before: Map<string, StatementRow>,
  after: Map<string, StatementRow>,
): void {
  for (const [key, row] of after) {
    const earlier = before.get(key);
    const calls = row.calls - (earlier?.calls ?? 0);
    if (calls <= 0) continue;
    const sum = into.get(key) ?? {
      query: row.query.replace(/\s+/g, ' '),
      toplevel: row.toplevel,
      calls: 0,
      plans: 0,
      exec_ms: 0,
      plan_ms: 0,
    };
    sum.calls += calls;
    sum.plans += row.plans - (earlier?.plans ?? 0);
    sum.exec_ms += row.exec_ms - (earlier?.exec_ms ?? 0);
    sum.plan_ms += row.plan_ms - (earlier?.plan_ms ?? 0);
    into.set(key, sum);
  }
}
