/**
 * Starts the example host app. Run: pnpm --filter @calendar-events/example-fastify-register start
 * (PORT, default 3000; DATABASE_URL, default an in-memory SQLite database).
 */
import { connectDatabase, createCalendarCore } from '@calendar-events/core';
import { createHostApp } from './app.js';

const database = await connectDatabase(process.env.DATABASE_URL ?? 'sqlite::memory:');
await database.migrate();
const core = createCalendarCore({ database, siteUrl: 'https://example.org' });
const app = await createHostApp(core);
app.addHook('onClose', () => core.close());
const address = await app.listen({ port: Number(process.env.PORT ?? 3000), host: '127.0.0.1' });
console.log(`listening on ${address} (API at /api/calendar/events/v1)`);
process.once('SIGINT', () => void app.close());
