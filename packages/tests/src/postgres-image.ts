/**
 * The migrated PostgreSQL schema the suites start from, migrated once and cloned: core's public `migrate()`
 * runs on one template schema, `pg_dump` writes what it left (tables, indexes, triggers, functions, sequences
 * and rows) as SQL, and each suite's schema is made by running that SQL under the suite's schema name, one
 * round trip instead of every migration's statements. Within one database a schema cannot be copied by the
 * server itself (`CREATE DATABASE … TEMPLATE` copies a whole database, and dropping one forces a checkpoint).
 *
 * Vitest's global setup has the SQL written once per run (`write-images.ts`) and names its file in
 * `CALENDAR_TEST_POSTGRES_IMAGE`; without it (no `pg_dump`, PostgreSQL down at the start, another runner) a
 * suite's schema starts empty and the suite migrates it, as before.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { createPostgresDatabase } from '@calendar-events/core/postgres';
import pg from 'pg';

export const POSTGRES_IMAGE_VARIABLE = 'CALENDAR_TEST_POSTGRES_IMAGE';
/** Stands for the schema name in the image's SQL. */
const SCHEMA_MARK = 'calendar_test_image_schema';

const run = promisify(execFile);

/**
 * Migrates a template schema at `url` (a database URL) with core's `migrate()`, dumps it, drops it, and returns
 * the dump as SQL that creates the schema `SCHEMA_MARK` with everything in it.
 */
export async function dumpMigratedSchema(url: string): Promise<string> {
  const template = `t_template_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  await admin.connect();
  try {
    await admin.query(`create schema "${template}"`);
    try {
      const database = createPostgresDatabase({ connectionString: url, schema: template, max: 1 });
      try {
        await database.migrate();
      } finally {
        await database.destroy();
      }
      const { stdout } = await run(
        'pg_dump',
        ['--schema', template, '--no-owner', '--no-privileges', '--inserts', '--dbname', url],
        { maxBuffer: 64 * 1024 * 1024 },
      );
      // Lines starting with a backslash are psql's meta-commands (`\restrict`), not SQL.
      const sql = stdout
        .split('\n')
        .filter((line) => !line.startsWith('\\'))
        .join('\n');
      if (!sql.includes(`CREATE SCHEMA ${template};`)) throw new Error('pg_dump wrote no CREATE SCHEMA');
      return sql.replaceAll(template, SCHEMA_MARK);
    } finally {
      await admin.query(`drop schema if exists "${template}" cascade`);
    }
  } finally {
    await admin.end();
  }
}

let image: Promise<string | undefined> | undefined;

/** The image's SQL, or undefined when this run has none. */
function postgresImage(): Promise<string | undefined> {
  const file = process.env[POSTGRES_IMAGE_VARIABLE];
  if (!file) return Promise.resolve(undefined);
  image ??= readFile(file, 'utf8');
  return image;
}

/**
 * Creates `schema` from an image's SQL through `client`: one simple query, in one transaction. The dump's
 * session settings (its empty search_path) stay with the client, which the caller closes.
 */
export async function createSchemaFromSql(
  client: pg.Client,
  imageSql: string,
  schema: string,
): Promise<void> {
  await client.query(`begin;\n${imageSql.replaceAll(SCHEMA_MARK, schema)}\ncommit;`);
}

/**
 * Creates `schema` as a copy of the run's migrated image through `client`, and says whether it did; false when
 * this run has no image (then nothing is created).
 */
export async function createSchemaFromImage(client: pg.Client, schema: string): Promise<boolean> {
  const imageSql = await postgresImage();
  if (imageSql === undefined) return false;
  await createSchemaFromSql(client, imageSql, schema);
  return true;
}
