/**
 * Run as a program by vitest's global setup (`global-setup.ts`): writes the migrated images the suites copy
 * (`sqlite-image.ts`, `postgres-image.ts`) into the folder named by its argument, and prints, as JSON, the
 * environment variables that name them. Without PostgreSQL or `pg_dump` there is no PostgreSQL image: it says
 * why on stderr, and the suites migrate their own schemas (whether PostgreSQL's tests may be skipped is decided
 * where it always was, by `requirePostgres`).
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { probePostgres, TEST_PG_URL } from './databases.js';
import { dumpMigratedSchema, POSTGRES_IMAGE_VARIABLE } from './postgres-image.js';
import { migrateSqliteImage, SQLITE_IMAGE_VARIABLE } from './sqlite-image.js';

const [folder] = process.argv.slice(2);
if (!folder) throw new Error('usage: write-images.ts FOLDER');
const environment: Record<string, string> = {};

const sqliteFile = join(folder, 'migrated.db');
await writeFile(sqliteFile, await migrateSqliteImage());
environment[SQLITE_IMAGE_VARIABLE] = sqliteFile;

const problem = await probePostgres();
if (problem === undefined) {
  try {
    const postgresFile = join(folder, 'migrated.sql');
    await writeFile(postgresFile, await dumpMigratedSchema(TEST_PG_URL));
    environment[POSTGRES_IMAGE_VARIABLE] = postgresFile;
  } catch (error) {
    console.error(`no PostgreSQL image (${(error as Error).message}): each suite migrates its own schema`);
  }
}
process.stdout.write(JSON.stringify(environment));
