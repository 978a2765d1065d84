/**
 * @calendar-events/core: the transport-independent Calendar Events service.
 * @module
 */

export {
  type ExternalPrincipal,
  type Principal,
  ROLES,
  type Role,
  type UserPrincipal,
} from './auth/principal.js';
export type { CalendarConfig, ConfigOptions, CorsOptions, TicketProvider } from './config.js';
export { DEFAULT_SITE_URL, normalizeOrigin } from './config.js';
export { type CalendarCore, createCalendarCore } from './core.js';
/** @deprecated Spelled `normalizeTimezone`, as the rest of the API spells `normalize`; this name goes in the next major version. */
export { isValidTimezone, normalizeTimezone, normalizeTimezone as normaliseTimezone } from './dates/zones.js';
export { connectDatabase } from './db/connect.js';
export type { CalendarDatabase } from './db/database.js';
export { ApiError, isApiError } from './errors/api-error.js';
export { clientGoneSignal, withClientGoneSignal } from './http/client-gone.js';
export { type CompressionOptions, type ContentCoding, negotiateCoding } from './http/compression.js';
export { etagListMatches } from './http/etag.js';
export { writeBodyStream } from './http/node-response.js';
export { DEFAULT_RATE_LIMIT, type RateLimitOptions } from './http/rate-limit.js';
export { DATA_VERSION_HEADER, MIN_DATA_VERSION_HEADER } from './http/read-your-writes.js';
export { textOf } from './http/respond.js';
export {
  ANSWERED_BY_TRANSPORT,
  type ClientError,
  clientErrorHandler,
  type TransportErrorKind,
  transportErrorKind,
  transportErrorResponse,
} from './http/transport-errors.js';
export type { CoreBodyStream, CoreRequest, CoreRequestBody, CoreResponse } from './http/types.js';
export {
  type TecSourceConflict,
  TecSourceConflictError,
} from './import/tec/conflicts.js';
export {
  importTecSnapshot,
  TecIdClashError,
  type TecWriteOptions,
} from './import/tec/service.js';
export { isStorableSourceId, MAX_SOURCE_ID } from './import/tec/source.js';
export type * from './import/tec/types.js';
export type { Logger } from './logger.js';
export type { CalendarCoreOptions, ReadReplicaOptions } from './options.js';
export type { HorizonKeeper, HorizonKeeperOptions, HorizonRound } from './resources/events/series/index.js';
export {
  createApiKey,
  createUser,
  findUserByLogin,
  revokeApiKey,
  UserError,
} from './resources/users/repository.js';
export {
  createWebhookAdmin,
  type WebhookAdmin,
  type WebhookPageOptions,
} from './resources/webhooks/admin.js';
export type {
  DeliveryRound,
  WebhookDeliverer,
  WebhookDelivererOptions,
} from './resources/webhooks/delivery/deliverer.js';
export { WEBHOOK_TYPES, type WebhookType } from './resources/webhooks/schema.js';
export type {
  Page,
  Webhook,
  WebhookDelivery,
  WebhookInput,
  WebhookUpdate,
  WebhookWithSecret,
} from './resources/webhooks/service.js';
export { checkWebhookTarget } from './resources/webhooks/target-guard.js';
export { INPUT_LIMITS } from './route-table/input-limits.js';
export type { RouteDefinition } from './route-table/route.js';
