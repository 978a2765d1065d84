/**
 * The `mount` of each adapter for `describeAdapterTranslation`: a host app of its framework, listening on
 * 127.0.0.1, with core at every mount asked for.
 */
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CalendarCore } from '@calendar-events/core';
import { createCalendarRouter } from '@calendar-events/http-express';
import { calendarPlugin } from '@calendar-events/http-fastify';
import { createFetchHandler } from '@calendar-events/http-fetch';
import { createAdaptorServer } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Express, Router } from 'express';
import Fastify from 'fastify';
import { type Context, Hono } from 'hono';
import { listenLocally } from './echo-core.js';
import type { ApiMount, MountApi } from './translation-suite.js';

/** The host-app surface both Express majors share. */
export interface ExpressModule {
  (): Express;
  Router(): Router;
}

/** The adapter's options for one mount (its language, the host's authenticate hook), as both adapters take them. */
function adapterOptions(mount: ApiMount) {
  const { language, authenticate } = mount;
  return {
    ...(language !== undefined ? { language } : {}),
    ...(authenticate
      ? { authenticate: (request: { headers: IncomingHttpHeaders }) => authenticate(request.headers) }
      : {}),
  };
}

/** Mounts with an app of `express` (Express 5, or Express 4 through the `express4` alias). */
export function mountOnExpress(express: ExpressModule): MountApi {
  return async (core, { mounts }) => {
    const app = express();
    app.disable('x-powered-by');
    for (const mount of mounts) {
      const router = createCalendarRouter({ core, ...adapterOptions(mount) });
      // `app.use('/', router)` is `app.use(router)`: the root.
      const path = mount.path || '/';
      if (mount.within === undefined) app.use(path, router);
      else app.use(mount.within, express.Router().use(path, router));
    }
    return listenLocally(app);
  };
}

/** Mounts with a Fastify app, registering the plugin with each mount's prefix. */
export const mountOnFastify: MountApi = async (core, { mounts }) => {
  const app = Fastify();
  for (const mount of mounts) {
    const options = { prefix: mount.path, core, ...adapterOptions(mount) };
    if (mount.within === undefined) await app.register(calendarPlugin, options);
    else
      await app.register(
        async (outer) => {
          await outer.register(calendarPlugin, options);
        },
        { prefix: mount.within },
      );
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    close: () => app.close(),
  };
};

/**
 * The fetch handler's routes in a Hono app: the namespace of the mount's address and everything below it,
 * `within` as a Hono sub-app (`app.route`). Hono hands the handler the request unchanged, so the mount path
 * is the whole prefix; the client's address comes from Hono's connection info.
 */
export function honoRoutes(core: CalendarCore, mount: ApiMount): Hono {
  const handle = createFetchHandler({
    core,
    mountPath: `${mount.within ?? ''}${mount.path}`,
    clientAddress: (_request, context) => getConnInfo(context as Context).remote.address,
    ...(mount.language !== undefined ? { language: mount.language } : {}),
    ...(mount.authenticate
      ? { authenticate: (request: Request) => mount.authenticate!(Object.fromEntries(request.headers)) }
      : {}),
  });
  const routes = new Hono();
  const namespace = `${mount.path}${core.namespacePath(mount.language)}`;
  for (const path of [namespace, `${namespace}/*`]) routes.all(path, (c) => handle(c.req.raw, c));
  return routes;
}

/** Mounts with a Hono app on Node's HTTP server (@hono/node-server), the fetch handler at each mount. */
export const mountOnHono: MountApi = async (core, { mounts }) => {
  const app = new Hono();
  for (const mount of mounts) app.route(mount.within ?? '', honoRoutes(core, mount));
  return listenLocally({
    listen: (port, hostname, callback) =>
      createAdaptorServer({ fetch: app.fetch }).listen(port, hostname, callback) as Server,
  });
};
