/**
 * `@calendar-events/core/sqlite`: the SQLite database (better-sqlite3, an optional peer dependency). The root
 * entry does not load the driver; import this subpath, or use `connectDatabase('sqlite:…')`, which loads it
 * only when it is asked for.
 *
 * @example
 * import { createCalendarCore } from '@calendar-events/core';
 * import { createSqliteDatabase } from '@calendar-events/core/sqlite';
 *
 * const database = createSqliteDatabase('calendar.db'); // or ':memory:'
 * await database.migrate();
 * const core = createCalendarCore({ database });
 * @module
 */
import { createSqliteDatabase } from './db/sqlite.js';

export type { QueryObserver } from './db/database.js';
export { createSqliteDatabase };

/** The options of {@link createSqliteDatabase} after the file name. */
export type SqliteOptions = NonNullable<Parameters<typeof createSqliteDatabase>[1]>;
