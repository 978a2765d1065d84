/**
 * Everything that differs between SQLite and PostgreSQL, declared once (as Kysely's adapters declare
 * `supportsReturning`). Repositories ask the traits; they never test the dialect themselves.
 */
import {
  type ColumnDefinitionBuilder,
  type Expression,
  type KyselyPlugin,
  type RawBuilder,
  type SqlBool,
  sql,
} from 'kysely';
import { indexLed, rowidLed } from './rowid-led.js';

export type DialectName = 'sqlite' | 'postgres';

export interface DialectTraits {
  readonly name: DialectName;
  /** Case-insensitive `LIKE` with `\` as the escape character. */
  ilike(column: Expression<unknown>, pattern: string): RawBuilder<SqlBool>;
  /**
   * `ilike(event_search.body, pattern)`, the event search's match: PostgreSQL keeps the text folded as it is
   * written (`body_folded`, migration 0030) and folds only the pattern; SQLite folds both as it reads.
   */
  eventSearchMatches(pattern: string): RawBuilder<SqlBool>;
  /** Text folded to lower case (every script), for case-insensitive equality. */
  foldCase(column: Expression<unknown>): RawBuilder<string>;
  /**
   * An expression to order names by, case- and accent-insensitively (`A, apfel, Ärger, b, Birne`), as the
   * plugin's `utf8mb4_unicode_ci` collation sorts (SPEC §9).
   */
  sortKey(column: Expression<unknown>): RawBuilder<string>;
  /**
   * Whether single rows can be locked for the rest of a transaction (`for update`, PostgreSQL). SQLite has
   * no row locks: a write transaction holds the whole database from its first statement.
   */
  readonly rowLocks: boolean;
  /** Whether DDL runs inside a transaction (both do; migrations rely on it). */
  readonly transactionalDdl: boolean;
  /** The SQL type for an auto-incrementing integer primary key. */
  readonly serialPrimaryKey: 'integer' | 'serial';
  /**
   * The column constraints of that key: SQLite needs `autoincrement` so that the id of a deleted row is never
   * given again (WordPress never reuses post ids either); PostgreSQL's `serial` never reuses one anyway. Used
   * as `addColumn('id', traits.serialPrimaryKey, traits.idColumn)`.
   */
  idColumn(column: ColumnDefinitionBuilder): ColumnDefinitionBuilder;
  /**
   * How substring search is indexed: an FTS5 trigram table beside the text (SQLite), or a `pg_trgm` GIN
   * index that `LIKE` and `ILIKE` use directly (PostgreSQL). Both need terms of at least three characters.
   */
  readonly substringIndex: 'fts5-trigram' | 'pg-trgm';
  /**
   * Whether the planner turns a correlated `exists (…)` into a join it plans freely (PostgreSQL), so that a
   * subquery meant as a test of each row walked must be fenced (`offset 0`) to stay one. SQLite runs it per
   * row as written.
   */
  readonly flattensExists: boolean;
  /** Fences a subquery (`offset 0`) where `flattensExists`; returns it as it is elsewhere. */
  fence<Q extends { offset(count: number): Q }>(query: Q): Q;
  /**
   * A query led by the ids its `<first table>.id in (…)` names (`db/rowid-led.ts`), where the planner has no
   * statistics to see that they are few (SQLite); as it is elsewhere (PostgreSQL plans by its statistics).
   */
  ledByIds<Q extends { withPlugin(plugin: KyselyPlugin): Q }>(query: Q): Q;
  /**
   * A query of events read through `index` where the database cannot tell by itself that it is the one to
   * use (SQLite, without statistics); as it is elsewhere.
   */
  ledByIndex<Q extends { withPlugin(plugin: KyselyPlugin): Q }>(query: Q, index: string): Q;
  /**
   * Where many rows of an insert are cheaper sent as one JSON parameter than as a bound value per field (on
   * PostgreSQL, whose server parses every bound value of a statement): the JSON array of objects as a table
   * named `records` with these columns (a FROM item). Absent on SQLite, which runs in process and binds values
   * faster than it reads JSON (`db/insert-many.ts`).
   */
  jsonRecords?(json: string, columns: readonly JsonColumn[]): RawBuilder<unknown>;
}

/** A column of `jsonRecords`: its name (a key of each object) and SQL type. */
export type JsonColumn = readonly [name: string, type: 'integer' | 'text' | 'real'];

/** Whether a text is all ASCII: what SQLite's own `like` folds the case of. */
export function isAscii(text: string): boolean {
  return /^\p{ASCII}*$/u.test(text);
}

export const sqliteTraits: DialectTraits = {
  name: 'sqlite',
  // `fold_case` is registered on every connection by createSqliteDatabase (Unicode-aware, unlike lower()).
  ilike: (column, pattern) => sql<SqlBool>`fold_case(${column}) like fold_case(${pattern}) escape '\\'`,
  eventSearchMatches: (pattern) => {
    if (!isAscii(pattern)) return sqliteTraits.ilike(sql.ref('event_search.body'), pattern);
    // The same answer without calling into JavaScript for most texts: SQLite's own `like` ignores the case of
    // ASCII letters, and the only other characters whose lower case holds one are the Kelvin sign (8490) and `İ` (304).
    const body = sql.ref('event_search.body');
    return sql<SqlBool>`(${body} like ${pattern} escape '\\' or ((instr(${body}, char(8490)) or instr(${body}, char(304))) and fold_case(${body}) like ${pattern} escape '\\'))`;
  },
  foldCase: (column) => sql<string>`fold_case(${column})`,
  sortKey: (column) => sql<string>`sort_key(${column})`,
  rowLocks: false,
  // SQLite's DDL is transactional too; Kysely's adapter only says otherwise (see sqlite.ts).
  transactionalDdl: true,
  serialPrimaryKey: 'integer',
  idColumn: (column) => column.primaryKey().autoIncrement(),
  substringIndex: 'fts5-trigram',
  flattensExists: false,
  fence: (query) => query,
  ledByIds: (query) => query.withPlugin(rowidLed),
  ledByIndex: (query, index) => query.withPlugin(indexLed(index)),
};

export const postgresTraits: DialectTraits = {
  name: 'postgres',
  ilike: (column, pattern) => sql<SqlBool>`${column} ilike ${pattern} escape '\\'`,
  eventSearchMatches: (pattern) =>
    sql<SqlBool>`${sql.ref('event_search.body_folded')} like lower(${pattern}) escape '\\'`,
  foldCase: (column) => sql<string>`lower(${column})`,
  // ICU's root collation ignores case and accents at the primary level.
  sortKey: (column) => sql<string>`${column} collate "und-x-icu"`,
  rowLocks: true,
  transactionalDdl: true,
  serialPrimaryKey: 'serial',
  idColumn: (column) => column.primaryKey(),
  substringIndex: 'pg-trgm',
  flattensExists: true,
  fence: (query) => query.offset(0),
  ledByIds: (query) => query,
  ledByIndex: (query) => query,
  jsonRecords: (json, columns) =>
    sql`json_to_recordset(cast(${json} as json)) as records(${sql.join(
      columns.map(([name, type]) => sql`${sql.id(name)} ${sql.raw(type)}`),
    )})`,
};

/** Escapes `%`, `_` and `\` so user text matches literally inside a LIKE pattern. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
