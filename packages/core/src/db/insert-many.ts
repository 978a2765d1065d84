/**
 * Inserts many rows of one table at once (a series' seven hundred occurrences), by whichever way the database
 * takes them fastest (`DialectTraits.jsonRecords`): PostgreSQL from one JSON parameter, SQLite from bound
 * values in statements under its limit of 32,766 parameters.
 */
import { sql } from 'kysely';
import type { CalendarDatabase, Db } from './database.js';
import type { Database } from './schema.js';
import type { JsonColumn } from './traits.js';

/** SQLite's limit of bound parameters per statement (SQLITE_MAX_VARIABLE_NUMBER), with room to spare. */
const MAX_PARAMETERS = 30_000;

/**
 * Inserts `records` (objects holding at least `columns`; other keys are ignored) into `table`; with
 * `returningIds`, resolves with the new rows' ids (in no promised order).
 */
export async function insertMany(
  database: Pick<CalendarDatabase, 'traits'>,
  db: Db,
  table: keyof Database,
  columns: readonly JsonColumn[],
  records: ReadonlyArray<Readonly<Record<string, unknown>>>,
  returningIds = false,
): Promise<number[]> {
  if (records.length === 0) return [];
  const names = columns.map(([name]) => sql.id(name));
  const returning = returningIds ? sql`returning id` : sql``;
  const { jsonRecords } = database.traits;
  if (jsonRecords) {
    const { rows } = await sql<{ id: number }>`insert into ${sql.table(table)} (${sql.join(names)})
      select ${sql.join(names)} from ${jsonRecords(JSON.stringify(records), columns)}
      ${returning}`.execute(db);
    return rows.map((row) => Number(row.id));
  }
  const ids: number[] = [];
  const perStatement = Math.floor(MAX_PARAMETERS / columns.length);
  for (let start = 0; start < records.length; start += perStatement) {
    const rows = records
      .slice(start, start + perStatement)
      .map((record) => Object.fromEntries(columns.map(([name]) => [name, record[name] ?? null])));
    const insert = db.insertInto(table).values(rows as never);
    if (!returningIds) await insert.execute();
    else
      for (const row of await insert.returning(sql<number>`id`.as('id')).execute()) ids.push(Number(row.id));
  }
  return ids;
}
