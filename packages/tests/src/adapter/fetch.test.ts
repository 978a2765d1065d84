import { mountOnHono } from './mounts.js';
import { describeAdapterTranslation } from './translation-suite.js';

// A fetch `Request` cannot carry a GET's body: Node's bridge (@hono/node-server) drops it before the handler.
describeAdapterTranslation('createFetchHandler in a Hono app', mountOnHono, { getBodies: false });
