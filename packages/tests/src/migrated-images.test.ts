/**
 * The copies of the migrated images the suites start from are what migrating an empty database gives: the
 * same schema (tables, columns, indexes, triggers, functions, sequences) and the same rows.
 */
import { createPostgresDatabase } from '@calendar-events/core/postgres';
import { createSqliteDatabase } from '@calendar-events/core/sqlite';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestSchema, requirePostgres, TEST_PG_URL } from './databases.js';
import { createSchemaFromSql, dumpMigratedSchema } from './postgres-image.js';
import { migrateSqliteImage, openMigratedSqlite } from './sqlite-image.js';

// biome-ignore lint/suspicious/noExplicitAny: the catalogs are read as plain rows
type AnyKysely = Kysely<any>;

/** The rows of `tables`, without the times at which each migration ran. */
async function rowsOf(db: AnyKysely, tables: string[]): Promise<Record<string, unknown[]>> {
  const rows: Record<string, unknown[]> = {};
  for (const table of tables) {
    const { rows: found } = await sql<Record<string, unknown>>`select * from ${sql.id(table)}`.execute(db);
    rows[table] = found.map((row) => (table === 'kysely_migration' ? { ...row, timestamp: 'T' } : row));
  }
  return rows;
}

async function sqliteShape(db: AnyKysely) {
  const { rows } = await sql<{ type: string; name: string; sql: string | null }>`
    select type, name, sql from sqlite_master order by type, name`.execute(db);
  const tables = rows.filter((row) => row.type === 'table' && !row.name.startsWith('sqlite_'));
  return {
    schema: rows,
    rows: await rowsOf(
      db,
      tables.map((row) => row.name),
    ),
  };
}

describe('the SQLite image', () => {
  it('opens as what migrating an empty database gives', async () => {
    const fresh = createSqliteDatabase(':memory:');
    const copy = await openMigratedSqlite();
    try {
      await fresh.migrate();
      expect(await copy.migrate()).toEqual([]);
      expect(await sqliteShape(copy.kysely)).toEqual(await sqliteShape(fresh.kysely));
      expect((await migrateSqliteImage()).length).toBeGreaterThan(0);
    } finally {
      await fresh.destroy();
      await copy.destroy();
    }
  });
});

const hasPostgres = await requirePostgres('the PostgreSQL image test');

/** The schema's catalog, with its name taken out of the definitions, and the rows of every table. */
async function postgresShape(db: AnyKysely, schema: string) {
  const catalog = await sql<{ kind: string; name: string; definition: string | null }>`
    with relations as (select oid, relname from pg_class where relnamespace = ${schema}::regnamespace)
    select 'column' as kind, table_name || '.' || column_name as name,
           concat_ws(' ', data_type, is_nullable, column_default) as definition
      from information_schema.columns where table_schema = ${schema}
    union all
    select 'index', indexname, indexdef from pg_indexes where schemaname = ${schema}
    union all
    select 'constraint', r.relname || '.' || c.conname, pg_get_constraintdef(c.oid)
      from pg_constraint c join relations r on r.oid = c.conrelid
    union all
    select 'trigger', r.relname || '.' || t.tgname, pg_get_triggerdef(t.oid)
      from pg_trigger t join relations r on r.oid = t.tgrelid where not t.tgisinternal
    union all
    select 'function', proname, pg_get_functiondef(oid) from pg_proc where pronamespace = ${schema}::regnamespace
    union all
    select 'sequence', sequencename, concat_ws(' ', last_value, increment_by)
      from pg_sequences where schemaname = ${schema}
    order by 1, 2`.execute(db);
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = ${schema} and table_type = 'BASE TABLE' order by 1`.execute(db);
  return {
    catalog: catalog.rows.map((row) => ({ ...row, definition: row.definition?.replaceAll(schema, 'S') })),
    rows: await rowsOf(
      db,
      tables.rows.map((row) => row.name),
    ),
  };
}

describe.runIf(hasPostgres)('the PostgreSQL image', () => {
  it('copies into a schema what migrating an empty schema gives', async () => {
    const imageSql = await dumpMigratedSchema(TEST_PG_URL);
    const fresh = await createTestSchema();
    const copy = await createTestSchema();
    await copy.drop();
    const client = new pg.Client({ connectionString: TEST_PG_URL });
    await client.connect();
    const freshDb = createPostgresDatabase({ connectionString: TEST_PG_URL, schema: fresh.schema, max: 1 });
    const copyDb = createPostgresDatabase({ connectionString: TEST_PG_URL, schema: copy.schema, max: 1 });
    try {
      await createSchemaFromSql(client, imageSql, copy.schema);
      await freshDb.migrate();
      expect(await copyDb.migrate()).toEqual([]);
      const freshShape = await postgresShape(freshDb.kysely, fresh.schema);
      const copyShape = await postgresShape(copyDb.kysely, copy.schema);
      expect(copyShape.catalog.length).toBeGreaterThan(50);
      expect(copyShape).toEqual(freshShape);
    } finally {
      await freshDb.destroy();
      await copyDb.destroy();
      await client.end();
      await fresh.drop();
      await copy.drop();
    }
  });
});
