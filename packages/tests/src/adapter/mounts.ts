/**
 * The `mount` of each adapter for `describeAdapterTranslation`: a host app of its framework, listening on
 * 127.0.0.1, with core at every mount asked for.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCalendarRouter } from '@calendar-events/http-express';
import { calendarPlugin } from '@calendar-events/http-fastify';
import type { Express, Router } from 'express';
import Fastify from 'fastify';
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
