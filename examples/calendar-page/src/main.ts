import { startCalendarPage } from './app.js';

const running = await startCalendarPage({
  pagePort: Number(process.env.PORT ?? 3000),
  apiPort: Number(process.env.API_PORT ?? 8080),
  database: process.env.DATABASE_URL ?? 'sqlite::memory:',
});
console.log(`calendar page on ${running.pageUrl}, reading the API at ${running.apiUrl}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void running.close());
