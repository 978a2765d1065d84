import type { CalendarCore } from '@calendar-events/core';
import { createCalendarRouter } from '@calendar-events/http-express';
import express, { type Express } from 'express';

/**
 * An existing Express app with routes of its own, into which the Calendar Events API is mounted at `/api`:
 * `/api/calendar/events/v1` and the German address `/api/de/calendar/events/v1`.
 */
export function createHostApp(core: CalendarCore): Express {
  const app = express();
  app.get('/', (_req, res) => {
    res.type('text/plain').send('hello');
  });
  app.get('/api/status', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.use('/api', createCalendarRouter({ core }));
  app.use('/api', createCalendarRouter({ core, language: 'de' }));
  return app;
}
