/**
 * Every write transaction of the service runs through `serviceWrite`: the data version bumped first (cache/
 * index.ts, point 1), which also marks the write as the service's (`data_version.change_mark` = `version`),
 * the write, then, on SQLite, the mark cleared. While it is set, SQLite's triggers neither bump the version
 * again nor log a record twice: they merge its changes into one row (migration 0027 says how).
 */
import { sql, type Transaction } from 'kysely';
import { bumpDataVersion } from './data-version.js';
import type { CalendarDatabase } from './database.js';
import type { Database } from './schema.js';

/** Runs `write` as a write transaction of the service (see above); resolves with its result once committed. */
export function serviceWrite<T>(
  database: Pick<CalendarDatabase, 'kysely' | 'traits'>,
  write: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return database.kysely.transaction().execute(async (trx) => {
    await bumpDataVersion(trx);
    const result = await write(trx);
    if (database.traits.name === 'sqlite')
      await sql`update data_version set change_mark = -1 where id = 1`.execute(trx);
    return result;
  });
}
