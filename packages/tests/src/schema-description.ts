/**
 * Test support: everything a migrated database's schema consists of, read from the catalog (SQLite's
 * `sqlite_master` and pragmas, PostgreSQL's `pg_catalog`), as plain JSON that two databases can be compared
 * by. Tables with their columns (type, default, nullability, order), constraints and foreign keys, indexes,
 * triggers, functions, views, sequences, the extensions used, and the rows the migrations themselves wrote.
 * Names of the PostgreSQL schema the database lives in are replaced by `<schema>`, so that databases in two
 * schemas compare equal. Migration bookkeeping (`kysely_migration*`) is not part of it.
 */
import { type Kysely, sql } from 'kysely';

export type SchemaDescription = Record<string, unknown>;

/** The data version counts writes; the value the migrations leave behind is not part of the schema. */
const COUNTERS: Record<string, string> = { data_version: 'version' };

export async function describeSchema(
  // biome-ignore lint/suspicious/noExplicitAny: the catalog, not the application's tables
  db: Kysely<any>,
  dialect: 'sqlite' | 'postgres',
): Promise<SchemaDescription> {
  return dialect === 'sqlite' ? describeSqlite(db) : describePostgres(db);
}

const normaliseSpace = (text: string | null) => (text === null ? null : text.replace(/\s+/g, ' ').trim());

async function rowsOf(
  // biome-ignore lint/suspicious/noExplicitAny: see above
  db: Kysely<any>,
  table: string,
): Promise<Array<Record<string, unknown>>> {
  const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
  const counter = COUNTERS[table];
  return rows
    .map((row) => {
      const copy: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(row))
        copy[key] = key === counter ? '<counter>' : typeof value === 'bigint' ? String(value) : value;
      return copy;
    })
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

// biome-ignore lint/suspicious/noExplicitAny: see above
async function describeSqlite(db: Kysely<any>): Promise<SchemaDescription> {
  const { rows: objects } = await sql<{ type: string; name: string; tbl_name: string; sql: string | null }>`
    select type, name, tbl_name, sql from sqlite_master
    where name not like 'kysely_migration%' order by type, name`.execute(db);
  const virtualTables = objects.filter((o) => /^create virtual table/i.test(o.sql ?? '')).map((o) => o.name);
  // The tables a virtual table keeps its data in: made by it, with contents that are its business.
  const isShadow = (name: string) => virtualTables.some((v) => name.startsWith(`${v}_`));
  const tables: Record<string, unknown> = {};
  const rows: Record<string, unknown> = {};
  for (const object of objects) {
    if (object.type !== 'table') continue;
    const name = object.name;
    const pragma = async (what: string, of = name) =>
      (await sql<Record<string, unknown>>`select * from ${sql.raw(what)}(${of})`.execute(db)).rows;
    const indexes: Array<Record<string, unknown>> = [];
    // By name: `seq`, the place in SQLite's list, depends on the order they were made in.
    for (const { seq: _, ...index } of await pragma('pragma_index_list')) {
      indexes.push({ ...index, columns: await pragma('pragma_index_xinfo', String(index.name)) });
    }
    indexes.sort((a, b) => String(a.name).localeCompare(String(b.name)));
    tables[name] = {
      columns: await pragma('pragma_table_xinfo'),
      foreignKeys: await pragma('pragma_foreign_key_list'),
      indexes,
    };
    if (!isShadow(name) && name !== 'sqlite_sequence' && !virtualTables.includes(name)) {
      const content = await rowsOf(db, name);
      if (content.length > 0) rows[name] = content;
    }
  }
  return {
    objects: objects.map((o) => ({ ...o, sql: normaliseSpace(o.sql) })),
    tables,
    rows,
  };
}

// biome-ignore lint/suspicious/noExplicitAny: see above
async function describePostgres(db: Kysely<any>): Promise<SchemaDescription> {
  const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]!.s;
  const anonymise = (value: unknown): unknown => {
    if (typeof value === 'string') return value.split(schema).join('<schema>');
    if (Array.isArray(value)) return value.map(anonymise);
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, anonymise(v)]));
    return value;
  };
  const query = async (text: ReturnType<typeof sql>) =>
    anonymise((await (text as ReturnType<typeof sql<Record<string, unknown>>>).execute(db)).rows) as Array<
      Record<string, unknown>
    >;
  const relations = await query(sql`select c.relname as name, c.relkind as kind, c.reloptions as options,
      c.relpersistence as persistence
    from pg_class as c join pg_namespace as n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
      and c.relname not like 'kysely_migration%'
    order by c.relname`);
  const columns = await query(sql`select c.relname as table, a.attname as name,
      format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as not_null,
      pg_get_expr(d.adbin, d.adrelid) as default, a.attidentity as identity, a.attgenerated as generated,
      a.attstattarget as statistics, coll.collname as collation,
      row_number() over (partition by c.oid order by a.attnum) as position
    from pg_attribute as a
    join pg_class as c on c.oid = a.attrelid
    join pg_namespace as n on n.oid = c.relnamespace
    left join pg_attrdef as d on d.adrelid = a.attrelid and d.adnum = a.attnum
    left join pg_collation as coll on coll.oid = a.attcollation and a.attcollation <> 100
    where n.nspname = current_schema() and c.relkind in ('r', 'p', 'v', 'm')
      and a.attnum > 0 and not a.attisdropped and c.relname not like 'kysely_migration%'
    order by c.relname, a.attnum`);
  const constraints = await query(sql`select c.relname as table, k.conname as name, k.contype as type,
      pg_get_constraintdef(k.oid) as definition, k.condeferrable as deferrable, k.condeferred as deferred
    from pg_constraint as k join pg_class as c on c.oid = k.conrelid
    join pg_namespace as n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relname not like 'kysely_migration%'
    order by c.relname, k.conname`);
  const indexes = await query(sql`select tablename as table, indexname as name, indexdef as definition
    from pg_indexes where schemaname = current_schema() and tablename not like 'kysely_migration%'
    order by tablename, indexname`);
  const triggers = await query(sql`select c.relname as table, t.tgname as name,
      pg_get_triggerdef(t.oid) as definition, t.tgenabled as enabled
    from pg_trigger as t join pg_class as c on c.oid = t.tgrelid
    join pg_namespace as n on n.oid = c.relnamespace
    where n.nspname = current_schema() and not t.tgisinternal
    order by c.relname, t.tgname`);
  const functions =
    await query(sql`select p.proname as name, pg_get_function_identity_arguments(p.oid) as arguments,
      pg_get_functiondef(p.oid) as definition
    from pg_proc as p join pg_namespace as n on n.oid = p.pronamespace
    where n.nspname = current_schema()
    order by p.proname, 2`);
  const views = await query(sql`select viewname as name, definition from pg_views
    where schemaname = current_schema() order by viewname`);
  const sequences =
    await query(sql`select s.sequencename as name, s.data_type as type, s.start_value as start,
      s.increment_by as increment, s.min_value as min, s.max_value as max, s.cycle,
      (select c.relname || '.' || a.attname from pg_depend as d
        join pg_class as c on c.oid = d.refobjid
        join pg_attribute as a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
        where d.objid = (quote_ident(s.schemaname) || '.' || quote_ident(s.sequencename))::regclass
          and d.deptype in ('a', 'i')) as owned_by
    from pg_sequences as s where s.schemaname = current_schema() order by s.sequencename`);
  const statistics = await query(sql`select s.stxname as name, pg_get_statisticsobjdef(s.oid) as definition
    from pg_statistic_ext as s join pg_namespace as n on n.oid = s.stxnamespace
    where n.nspname = current_schema() order by s.stxname`);
  const extensions = await query(sql`select e.extname as name, n.nspname as schema from pg_extension as e
    join pg_namespace as n on n.oid = e.extnamespace where e.extname <> 'plpgsql' order by e.extname`);
  const rows: Record<string, unknown> = {};
  for (const relation of relations) {
    if (relation.kind !== 'r') continue;
    const content = await rowsOf(db, String(relation.name));
    if (content.length > 0) rows[String(relation.name)] = content;
  }
  return {
    relations,
    columns,
    constraints,
    indexes,
    triggers,
    functions,
    views,
    sequences,
    statistics,
    extensions,
    rows,
  };
}
