import { ApiError } from './api-error.js';
export const FORBIDDEN_MESSAGE = 'Sorry, you are not allowed to do that.';
/** No credentials → 401; credentials without the right → 403 (ref §8). */
export function forbidden(authenticated: boolean): ApiError {
  return new ApiError('rest_forbidden', FORBIDDEN_MESSAGE, authenticated ? 403 : 401);
}
export function noRoute(): ApiError {
  return new ApiError('rest_no_route', 'No route was found matching the URL and request method.', 404);
}
export function internalError(): ApiError {
  return new ApiError('rest_internal_error', 'The service could not complete the request.', 500);
}
/** How long a client should wait before retrying while the database is away, in seconds. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
/** The database cannot be reached right now (restart, failover, network): retry shortly (503). */
export function databaseUnavailable(): ApiError {
  return new ApiError(
    'rest_database_unavailable',
    'The database is not available right now; please retry shortly.',
    503,
    {},
    { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
  );
}
/** The plugin's own error codes and messages (ref §4.2), by code. */
export const PLUGIN_MESSAGES = {
  'rest-event-not-found': [404, 'Event with ID %d does not exist.'],
  'rest-invalid-event-id': [400, 'The specified ID is not a valid event.'],
  'event-no-longer-available': [403, 'This event is no longer available'],
  'event-not-accessible': [403, 'The requested event is not accessible'],
  'event-password-protected': [403, 'The requested event is not accessible without a password'],
  'event-is-in-trash': [410, 'The event is already trashed'],
  'could-not-delete-event': [500, 'The event could not be deleted'],
  'could-not-update-event': [403, 'The event could not be updated'],
  'event-archive-page-not-found': [404, 'The requested event archive page does not exist'],
  'venue-not-accessible': [403, 'The requested venue is not accessible'],
  'organizer-not-accessible': [403, 'The requested organizer is not accessible'],
  'venue-is-in-trash': [410, 'The venue is already trashed'],
  'organizer-is-in-trash': [410, 'The organizer is already trashed'],
  'could-not-create-venue': [400, 'The venue could not be created from the provided data'],
  'could-not-create-organizer': [400, 'The organizer could not be created from the provided data'],
  'could-not-update-venue': [400, 'The venue could not be updated'],
  'could-not-update-organizer': [400, 'The organizer could not be updated'],
  'invalid-linked-post-id': [400, 'The provided linked post ID is not valid'],
  'venue-archive-page-not-found': [404, 'The requested venue archive page does not exist'],
  'organizer-archive-page-not-found': [404, 'The requested organizer archive page does not exist'],
  'event-tickets-not-active': [400, 'Event Tickets plugin is not activated.'],
} as const satisfies Record<string, readonly [number, string]>;
export type PluginErrorCode = keyof typeof PLUGIN_MESSAGES;
export function pluginError(code: PluginErrorCode, id?: number): ApiError {
  const [status, template] = PLUGIN_MESSAGES[code];
  return new ApiError(code, template.replace('%d', String(id ?? 0)), status);
}
