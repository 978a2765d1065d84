import type { CalendarDatabase } from './database.js';

/**
 * Opens the database a `DATABASE_URL` names (SPEC §12): `sqlite:./path.db`, `sqlite::memory:`,
 * `postgres://…` / `postgresql://…`. The driver is loaded only when it is needed.
 */
export async function connectDatabase(url: string): Promise<CalendarDatabase> {
  if (url.startsWith('sqlite:')) {
    const { createSqliteDatabase } = await import('./sqlite.js');
    const file = url.slice('sqlite:'.length).replace(/^\/\//, '');
    return createSqliteDatabase(file === ':memory:' || file === '' ? ':memory:' : file);
  }
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const { createPostgresDatabase } = await import('./postgres.js');
    const parsed = new URL(url);
    const schema = parsed.searchParams.get('schema') ?? undefined;
    parsed.searchParams.delete('schema');
    return createPostgresDatabase({ connectionString: parsed.toString(), ...(schema ? { schema } : {}) });
  }
  throw new Error(`Unsupported database URL "${url}": use sqlite:FILE, sqlite::memory: or postgres://…`);
}
