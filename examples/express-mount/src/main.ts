/**
 * Starts the example host app. Run: pnpm --filter @calendar-events/example-express-mount start
 * (PORT, default 3000; DATABASE_URL, default an in-memory SQLite database).
 */
import type { AddressInfo } from 'node:net';
import { connectDatabase, createCalendarCore } from '@calendar-events/core';
import { createHostApp } from './app.js';

const database = await connectDatabase(process.env.DATABASE_URL ?? 'sqlite::memory:');
await database.migrate();
const core = createCalendarCore({ database, siteUrl: 'https://example.org' });
const server = createHostApp(core).listen(Number(process.env.PORT ?? 3000), '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  console.log(`listening on http://127.0.0.1:${port} (API at /api/calendar/events/v1)`);
});
process.once('SIGINT', () => server.close(() => void core.close()));
