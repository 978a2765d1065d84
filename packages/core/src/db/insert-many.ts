/**
 * Inserts many rows of one table at once, in statements under SQLite's limit of 32,766 bound parameters
 * (`MAX_BOUND_PARAMETERS`): `insertMany` (a series' seven hundred occurrences) by whichever way the database
 * takes them fastest (`DialectTraits.jsonRecords`), PostgreSQL from one JSON parameter, SQLite from bound
 * values; `insertRowsChunked` (the TEC import's writes, the benchmark's loader) from bound values on both,
 * optionally as an upsert.
 */
import { sql } from 'kysely';
import type { CalendarDatabase, Db } from './database.js';
import type { Database } from './schema.js';
import type { JsonColumn } from './traits.js';

/**
 * Bound parameters per statement: under SQLite's limit (SQLITE_MAX_VARIABLE_NUMBER, 32,766), with room to
 * spare, and so under PostgreSQL's 65,535 too.
 */
export const MAX_BOUND_PARAMETERS = 30_000;

/** Rows of `columns` values each that one statement may bind (at least one). */
export function rowsPerStatement(columns: number): number {
  return Math.max(1, Math.floor(MAX_BOUND_PARAMETERS / columns));
}

/**
 * Inserts `records` (objects holding at least `columns`; other keys are ignored) into `table`; with
 * `returningIds`, resolves with the new rows' ids (in no promised order). Columns named in `shared` take that
 * value in every row: PostgreSQL then gets them once, as parameters, and the JSON document carries only what
 * differs from row to row (its size is what the insert of a series' events would otherwise spend most on).
 */
export async function insertMany(
  database: Pick<CalendarDatabase, 'traits'>,
  db: Db,
  table: keyof Database,
  columns: readonly JsonColumn[],
  records: ReadonlyArray<Readonly<Record<string, unknown>>>,
  options: { returningIds?: boolean; shared?: Readonly<Record<string, unknown>> } = {},
): Promise<number[]> {
  if (records.length === 0) return [];
  const shared = options.shared ?? {};
  const names = columns.map(([name]) => sql.id(name));
  const returning = options.returningIds ? sql`returning id` : sql``;
  const { jsonRecords } = database.traits;
  if (jsonRecords) {
    const varying = columns.filter(([name]) => !(name in shared));
    const values = columns.map(([name, type]) =>
      name in shared ? sql`cast(${shared[name] ?? null} as ${sql.raw(type)})` : sql.ref(`records.${name}`),
    );
    const source =
      varying.length > 0
        ? jsonRecords(
            JSON.stringify(
              records.map((record) => Object.fromEntries(varying.map(([name]) => [name, record[name]]))),
            ),
            varying,
          )
        : sql`generate_series(1, ${records.length}) as records`;
    const { rows } = await sql<{ id: number }>`insert into ${sql.table(table)} (${sql.join(names)})
      select ${sql.join(values)} from ${source}
      ${returning}`.execute(db);
    return rows.map((row) => Number(row.id));
  }
  const ids: number[] = [];
  const perStatement = rowsPerStatement(columns.length);
  for (let start = 0; start < records.length; start += perStatement) {
    const rows = records
      .slice(start, start + perStatement)
      .map((record) =>
        Object.fromEntries(
          columns.map(([name]) => [name, (name in shared ? shared[name] : record[name]) ?? null]),
        ),
      );
    const insert = db.insertInto(table).values(rows as never);
    if (!options.returningIds) await insert.execute();
    else
      for (const row of await insert.returning(sql<number>`id`.as('id')).execute()) ids.push(Number(row.id));
  }
  return ids;
}

/**
 * Multi-row inserts of `rows` into `table` (a plain name: the search tables are outside the schema type), as
 * bound values in statements of at most MAX_BOUND_PARAMETERS; the columns are the first row's keys, which
 * every row must have. With `conflictKey`, an upsert that replaces every other column of a row already there
 * (`on conflict (…) do update set …`, both databases); rows of no column besides the key's get no
 * conflict clause (a plain insert).
 */
export async function insertRowsChunked(
  db: Db,
  table: string,
  rows: ReadonlyArray<Readonly<Record<string, unknown>>>,
  options: { conflictKey?: readonly string[] | undefined } = {},
): Promise<void> {
  const first = rows[0];
  if (first === undefined) return;
  const key = options.conflictKey;
  const columns = Object.keys(first);
  const perStatement = rowsPerStatement(columns.length);
  const updated = columns.filter((column) => !key?.includes(column));
  for (let start = 0; start < rows.length; start += perStatement) {
    const part = rows.slice(start, start + perStatement);
    const values = sql.join(part.map((row) => sql`(${sql.join(columns.map((column) => row[column]))})`));
    const conflict =
      key && updated.length > 0
        ? sql` on conflict (${sql.join(key.map((k) => sql.id(k)))}) do update set ${sql.join(
            updated.map((column) => sql`${sql.id(column)} = excluded.${sql.id(column)}`),
          )}`
        : sql``;
    await sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.id(c)))}) values ${values}${conflict}`.execute(
      db,
    );
  }
}
