import {
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  DEFAULT_MIGRATION_LOCK_TABLE,
  DEFAULT_MIGRATION_TABLE,
  type Kysely,
  PostgresDialect,
  type SchemaMetadata,
  sql,
  type TableMetadata,
} from 'kysely';

interface ColumnRow {
  table: string;
  table_type: string;
  schema: string;
  column: string;
  not_null: boolean;
  has_default: boolean;
  type: string;
  type_schema: string;
  column_description: string | null;
  auto_incrementing: boolean;
}

/**
 * Kysely's own PostgreSQL introspector resolves every table of every schema by name
 * (`has_schema_privilege(name)`, `pg_get_serial_sequence(name)`): a schema another program drops while
 * the catalog is read (another service or test suite on a shared server) fails the whole look-up with
 * 3F000 or 42P01, and with it the Migrator's "does my table exist". This one reads the same facts by
 * object id, which PostgreSQL answers with NULL for an object dropped meanwhile instead of an error, and only
 * for the schemas on the connection's search path (the service's own, which its statements name): a server
 * shared with many schemas is not read whole at each migration.
 */
export class PostgresIdIntrospector implements DatabaseIntrospector {
  // biome-ignore lint/suspicious/noExplicitAny: the catalog, not the application's schema
  readonly #db: Kysely<any>;

  // biome-ignore lint/suspicious/noExplicitAny: as above
  constructor(db: Kysely<any>) {
    this.#db = db;
  }

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`
      select nspname as name from pg_catalog.pg_namespace`.execute(this.#db);
    return rows.map((row) => ({ name: row.name }));
  }

  async getTables(
    options: DatabaseMetadataOptions = { withInternalKyselyTables: false },
  ): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow>`
      select c.relname as table, c.relkind as table_type, ns.nspname as schema,
             a.attname as column, a.attnotnull as not_null, a.atthasdef as has_default,
             typ.typname as type, dtns.nspname as type_schema,
             col_description(a.attrelid, a.attnum) as column_description,
             (a.attidentity <> '' or exists (
               select 1 from pg_catalog.pg_depend d
               join pg_catalog.pg_class s on s.oid = d.objid and s.relkind = 'S'
               where d.classid = 'pg_catalog.pg_class'::regclass and d.refobjid = c.oid
                 and d.refobjsubid = a.attnum and d.deptype in ('a', 'i'))) as auto_incrementing
      from pg_catalog.pg_attribute a
      join pg_catalog.pg_class c on c.oid = a.attrelid
      join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
      join pg_catalog.pg_type typ on typ.oid = a.atttypid
      join pg_catalog.pg_namespace dtns on dtns.oid = typ.typnamespace
      where c.relkind in ('r', 'v', 'p')
        and ns.nspname = any(current_schemas(false))
        and coalesce(has_schema_privilege(ns.oid, 'USAGE'), false)
        and a.attnum >= 0 and not a.attisdropped
        ${options.withInternalKyselyTables ? sql`` : sql`and c.relname not in (${DEFAULT_MIGRATION_TABLE}, ${DEFAULT_MIGRATION_LOCK_TABLE})`}
      order by ns.nspname, c.relname, a.attnum`.execute(this.#db);
    const tables = new Map<string, TableMetadata & { columns: TableMetadata['columns'][number][] }>();
    for (const row of rows) {
      const key = `${row.schema}.${row.table}`;
      let table = tables.get(key);
      if (!table) {
        table = { name: row.table, schema: row.schema, isView: row.table_type === 'v', columns: [] };
        tables.set(key, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        isNullable: !row.not_null,
        hasDefaultValue: row.has_default,
        isAutoIncrementing: row.auto_incrementing,
        ...(row.column_description === null ? {} : { comment: row.column_description }),
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

/** Kysely's PostgreSQL dialect with the introspector above. */
export class PostgresIdDialect extends PostgresDialect {
  // biome-ignore lint/suspicious/noExplicitAny: as above
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new PostgresIdIntrospector(db);
  }
}
