/**
 * `@calendar-events/core/postgres`: the PostgreSQL database (node-postgres, an optional peer dependency). The
 * root entry does not load the driver; import this subpath, or use `connectDatabase('postgres://…')`, which
 * loads it only when it is asked for.
 *
 * @example
 * import { createCalendarCore } from '@calendar-events/core';
 * import { createPostgresDatabase } from '@calendar-events/core/postgres';
 *
 * const database = createPostgresDatabase({ connectionString: 'postgres://localhost/calendar', max: 10 });
 * await database.migrate();
 * const core = createCalendarCore({ database });
 * @module
 */
export type { QueryObserver } from './db/database.js';
export { createPostgresDatabase, type PostgresOptions } from './db/postgres.js';
