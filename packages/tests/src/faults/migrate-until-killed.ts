/**
 * Test fixture, run as a child process by `killed-migrations.test.ts`: migrates the database named by
 * DATABASE_URL and kills itself (SIGKILL, as `kill -9` does) right after statement number KILL_AFTER, or
 * migrates to the end when KILL_AFTER is absent. It prints the number of statements the migrations ran.
 */
import { connectDatabase } from '@calendar-events/core';
import { createPostgresDatabase } from '@calendar-events/core/postgres';
import { createSqliteDatabase } from '@calendar-events/core/sqlite';

const url = process.env.DATABASE_URL ?? '';
const killAfter = process.env.KILL_AFTER === undefined ? undefined : Number(process.env.KILL_AFTER);
let statements = 0;
const onQuery = () => {
  statements++;
  if (statements === killAfter) process.kill(process.pid, 'SIGKILL');
};
const schema = process.env.PG_SCHEMA;
const database = url.startsWith('sqlite:')
  ? createSqliteDatabase(url.slice('sqlite:'.length), { onQuery })
  : schema
    ? createPostgresDatabase({ connectionString: url, schema, onQuery })
    : await connectDatabase(url);
await database.migrate();
await database.destroy();
process.stdout.write(String(statements));
