/**
 * @calendar-events/server: the standalone Calendar Events service (SPEC §13). The `calendar-events` CLI is built
 * on `startServer`; tests and embedding scripts use it directly.
 *
 * @example
 * const server = await startServer({ port: 0, database: 'sqlite::memory:', demo: true });
 * console.log(server.url, server.demoAdministratorKey);
 * await server.close();
 * @module
 */

export {
  API_REFERENCE_ASSETS_PATH,
  API_REFERENCE_PATH,
  type ApiReference,
  createApiReference,
  type StaticRequest,
  type StaticResponse,
} from './api-reference.js';
export { DEMO_ADMIN_LOGIN, type DemoSeedOptions, type DemoSeedResult, seedDemoCalendar } from './demo.js';
export {
  type AdapterName,
  createExpressApp,
  createFastifyApp,
  type HttpApp,
} from './http-app.js';
export { type ImportTecOptions, type ImportTecOutput, importTec } from './import-tec/command.js';
export { createLogger, type LogFormat, type LogLevel, redactUrl } from './logger.js';
export { DEFAULT_DATABASE_URL, type RunningServer, type StartServerOptions, startServer } from './server.js';
export {
  clientErrorHandler,
  DEFAULT_TIMEOUTS,
  httpServerOptions,
  resolveTimeouts,
  type ServerTimeouts,
} from './transport.js';
