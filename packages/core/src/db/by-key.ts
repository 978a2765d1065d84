/**
 * Reads whose best plan is the same whatever their values: records looked up by primary or unique key. On
 * PostgreSQL such a read is prepared on its connection wherever it runs (`postgres-service-writes.ts`), so
 * that it is planned once per connection rather than at every request: the API key of each request, the
 * records of an answer by id. A read whose best plan depends on its values (a list's page, a search) is not
 * marked. A trailing comment in the statement, harmless to SQLite. `readByKey` also builds such a read once
 * per shape (`kept-shapes.ts`).
 */
import { type CompiledQuery, type Expression, sql } from 'kysely';
import type { Db } from './database.js';
import { runInKeptShape, type ShapeValues } from './kept-shapes.js';

/** The end of a statement marked `byKey`. */
export const BY_KEY = '/* by key */';

const marker = sql.raw(BY_KEY);

/** Marks `query` as a read by key (see above). It must not select `*` (a prepared statement's columns are fixed). */
export function byKey<Query extends { modifyEnd(modifier: Expression<unknown>): Query }>(
  query: Query,
): Query {
  return query.modifyEnd(marker);
}

/**
 * Every column of a table, named (a read by key cannot select `*`): the type checker refuses the list when it
 * leaves one out, so that a column added later is not silently missing from the records read.
 */
export function everyColumn<Table>() {
  return <const Columns extends ReadonlyArray<keyof Table & string>>(
    columns: Columns & ([Exclude<keyof Table, Columns[number]>] extends [never] ? unknown : never),
  ): Columns => columns;
}

interface MarkableQuery<Row> {
  modifyEnd(modifier: Expression<unknown>): MarkableQuery<Row>;
  compile(): CompiledQuery<Row>;
}

/**
 * The rows of a read by key, marked (above) and built once per shape (`kept-shapes.ts`): `build` receives the
 * values and must bind each of them as a parameter; each list, as an `in (…)` list. A caller with no ids
 * should not read (an empty list is written `in ()`).
 */
export async function readByKey<Values extends ShapeValues, Row>(
  db: Db,
  name: string,
  values: Values,
  build: (values: Values) => MarkableQuery<Row>,
): Promise<Row[]> {
  return (await runInKeptShape(db, name, values, (given) => byKey(build(given)))).rows;
}
