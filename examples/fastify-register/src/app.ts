import type { CalendarCore } from '@calendar-events/core';
import { calendarPlugin } from '@calendar-events/http-fastify';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * An existing Fastify app with routes of its own, into which the Calendar Events API is registered with
 * `prefix: '/api'`: `/api/calendar/events/v1` and the German address `/api/de/calendar/events/v1`.
 */
export async function createHostApp(core: CalendarCore): Promise<FastifyInstance> {
  const app = Fastify();
  app.get('/', async (_request, reply) => reply.type('text/plain').send('hello'));
  app.get('/api/status', async () => ({ status: 'ok' }));
  await app.register(calendarPlugin, { prefix: '/api', core });
  await app.register(calendarPlugin, { prefix: '/api', core, language: 'de' });
  return app;
}
