/**
 * Starts the example Hono app on Node. Run: pnpm --filter @calendar-events/example-hono start
 * (PORT, default 3000; DATABASE_URL, default an in-memory SQLite database).
 */
import { connectDatabase, createCalendarCore } from '@calendar-events/core';
import { serve } from '@hono/node-server';
import { createHostApp } from './app.js';

const database = await connectDatabase(process.env.DATABASE_URL ?? 'sqlite::memory:');
await database.migrate();
const core = createCalendarCore({ database, siteUrl: 'https://example.org' });
const server = serve(
  { fetch: createHostApp(core).fetch, port: Number(process.env.PORT ?? 3000), hostname: '127.0.0.1' },
  ({ port }) => console.log(`listening on http://127.0.0.1:${port} (API at /api/calendar/events/v1)`),
);
process.once('SIGINT', () => server.close(() => void core.close()));
