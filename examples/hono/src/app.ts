import type { CalendarCore } from '@calendar-events/core';
import { createFetchHandler } from '@calendar-events/http-fetch';
import { getConnInfo } from '@hono/node-server/conninfo';
import { type Context, Hono } from 'hono';

/**
 * A Hono app with routes of its own, into which the Calendar Events API is mounted at `/api`:
 * `/api/calendar/events/v1` and the German address `/api/de/calendar/events/v1`. The requests go to the
 * handler unchanged (`app.all`, not `app.mount`, which would strip the prefix), so its mount path is `/api`.
 */
export function createHostApp(core: CalendarCore): Hono {
  const app = new Hono();
  app.get('/', (c) => c.text('hello'));
  app.get('/api/status', (c) => c.json({ status: 'ok' }));
  for (const language of [undefined, 'de']) {
    const calendar = createFetchHandler({
      core,
      mountPath: '/api',
      ...(language ? { language } : {}),
      // The client's address, for core's rate limit: Node's socket, through Hono's connection info.
      clientAddress: (_request, c) => getConnInfo(c as Context).remote.address,
    });
    const namespace = `/api${core.namespacePath(language)}`;
    app.all(namespace, (c) => calendar(c.req.raw, c));
    app.all(`${namespace}/*`, (c) => calendar(c.req.raw, c));
  }
  return app;
}
