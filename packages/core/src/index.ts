/**
 * @calendar-events/core: the transport-independent Calendar Events service.
 * @module
 */

export {
  type CalendarConfig,
  type CalendarCoreOptions,
  type ExternalPrincipal,
  type Logger,
  type Principal,
  ROLES,
  type Role,
  type TicketProvider,
  type UserPrincipal,
} from './config.js';
export { type CalendarCore, createCalendarCore } from './core.js';
export { connectDatabase } from './db/connect.js';
export type { CalendarDatabase } from './db/database.js';
export { createPostgresDatabase, type PostgresOptions } from './db/postgres.js';
export { createSqliteDatabase } from './db/sqlite.js';
export type { CompressionOptions } from './http/compression.js';
export { normalizeOrigin } from './http/cors.js';
export { ApiError, isApiError } from './errors/api-error.js';
export { DEFAULT_RATE_LIMIT, type RateLimitOptions } from './http/rate-limit.js';
export { bodyToWrite } from './http/respond.js';
export type { RouteDefinition } from './route-table/route.js';
export {
  ANSWERED_BY_TRANSPORT,
  type ClientError,
  clientErrorHandler,
  type TransportErrorKind,
  transportErrorKind,
  transportErrorResponse,
} from './http/transport-errors.js';
export type { CoreRequest, CoreRequestBody, CoreResponse } from './http/types.js';
export {
  createApiKey,
  createUser,
  findUserByLogin,
  revokeApiKey,
  UserError,
} from './resources/users/repository.js';
