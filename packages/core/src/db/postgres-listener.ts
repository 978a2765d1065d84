/**
 * A PostgreSQL connection outside the pool that listens for notifications (`CalendarDatabase.openListener`).
 * The pool's connections are lent to one request at a time and may be closed whenever idle; a `LISTEN` lives
 * as long as its session, so it needs a connection of its own, kept open and watched.
 */
import pg from 'pg';
import type { ListenerConnection, ListenerHandlers } from './database.js';

/** How the listening connections show in `pg_stat_activity`. */
export const LISTENER_NAME = 'calendar-events listener';

export async function openPostgresListener(
  connection: pg.ClientConfig,
  handlers: ListenerHandlers,
): Promise<ListenerConnection> {
  // Keep-alive: a peer gone without a word (a host down, a cut network) ends the connection in time.
  const client = new pg.Client({ ...connection, keepAlive: true, application_name: LISTENER_NAME });
  // Reported lost only once it was opened: a failed connect rejects instead.
  let open = false;
  const lose = (error: Error) => {
    if (!open) return;
    open = false;
    handlers.lost(error);
  };
  client.on('notification', (message) => {
    if (open) handlers.notification(message.channel, message.payload ?? '');
  });
  client.on('error', lose);
  client.on('end', () => lose(new Error('the listening connection ended')));
  try {
    await client.connect();
    open = true;
  } catch (error) {
    await client.end().catch(() => {});
    throw error;
  }
  return {
    async query<Row>(sql: string, parameters: readonly unknown[] = []) {
      const result = await client.query(sql, parameters as unknown[]);
      return result.rows as Row[];
    },
    async close() {
      open = false;
      await client.end().catch(() => {});
    },
  };
}
