import type { CalendarDatabase } from './database.js';

/**
 * Opens the database a `DATABASE_URL` names (SPEC §12): `sqlite:./path.db`, `sqlite::memory:`,
 * `postgres://…` / `postgresql://…` (with `?schema=` and `?prepared_statements=false` of ours, see
 * `PostgresOptions`). The driver is loaded only when it is needed. To pass a driver's options,
 * use `createSqliteDatabase` from `@calendar-events/core/sqlite` or `createPostgresDatabase` from
 * `@calendar-events/core/postgres`.
 *
 * @example
 * const database = await connectDatabase(process.env.DATABASE_URL ?? 'sqlite:./calendar.db');
 * await database.migrate();
 * const core = createCalendarCore({ database });
 */
export async function connectDatabase(
  url: string,
  options: {
    /**
     * PostgreSQL: how long one statement may run, in milliseconds (default 30 s, 0: no limit); see
     * `PostgresOptions.statementTimeoutMs`. SQLite runs each statement in the calling thread and has none.
     */
    statementTimeoutMs?: number;
  } = {},
): Promise<CalendarDatabase> {
  if (url.startsWith('sqlite:')) {
    const { createSqliteDatabase } = await import('./sqlite.js');
    const file = url.slice('sqlite:'.length).replace(/^\/\//, '');
    return createSqliteDatabase(file === ':memory:' || file === '' ? ':memory:' : file);
  }
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const { createPostgresDatabase } = await import('./postgres.js');
    const parsed = new URL(url);
    const schema = parsed.searchParams.get('schema') ?? undefined;
    const prepared = parsed.searchParams.get('prepared_statements');
    if (prepared !== null && !/^(true|false)$/.test(prepared))
      throw new Error(`prepared_statements in the database URL must be true or false, not "${prepared}"`);
    // Ours, not PostgreSQL's: node-postgres would send them to the server as settings.
    parsed.searchParams.delete('schema');
    parsed.searchParams.delete('prepared_statements');
    return createPostgresDatabase({
      connectionString: parsed.toString(),
      ...(schema ? { schema } : {}),
      ...(prepared !== null ? { preparedStatements: prepared === 'true' } : {}),
      ...(options.statementTimeoutMs !== undefined ? { statementTimeoutMs: options.statementTimeoutMs } : {}),
    });
  }
  throw new Error(`Unsupported database URL "${url}": use sqlite:FILE, sqlite::memory: or postgres://…`);
}
