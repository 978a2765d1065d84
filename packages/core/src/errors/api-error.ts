/**
 * The one error type of the service. Everything thrown on the request path becomes an ApiError, and one
 * serializer (`toErrorBody`) writes the WordPress envelope `{code, message, data: {status, ...}}` (SPEC §5).
 * Errors are recognised by a brand as well as by `instanceof`, so a mixed ESM/CJS load still works.
 */
export const API_ERROR_BRAND = Symbol.for('@calendar-events/core/ApiError');

export class ApiError extends Error {
  readonly [API_ERROR_BRAND] = true;
  readonly code: string;
  readonly status: number;
  /** Extra keys of `data` besides `status`, in output order. */
  readonly data: Record<string, unknown>;
  /** Extra response headers (for example `Allow`). */
  readonly headers: Record<string, string>;

  constructor(
    code: string,
    message: string,
    status: number,
    data: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.data = data;
    this.headers = headers;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && API_ERROR_BRAND in value;
}

export interface ErrorBody {
  code: string;
  message: string;
  data: { status: number; [key: string]: unknown };
}

export function toErrorBody(error: ApiError): ErrorBody {
  return { code: error.code, message: error.message, data: { status: error.status, ...error.data } };
}

/** One detail of `rest_invalid_param`: a message, and optionally a structured entry for `data.details`. */
export interface InvalidParamDetail {
  message: string;
  detail?: { code: string; message: string; data: Record<string, unknown> };
}

/** `rest_invalid_param` with `params` as a map and `details` (`[]` when empty, as PHP serialises it). */
export function invalidParams(problems: Record<string, InvalidParamDetail>): ApiError {
  const names = Object.keys(problems);
  // Without a prototype, so that a refused parameter called `__proto__` is named like any other.
  const params: Record<string, string> = Object.create(null);
  const details: Record<string, unknown> = Object.create(null);
  for (const name of names) {
    const problem = problems[name]!;
    params[name] = problem.message;
    if (problem.detail) details[name] = problem.detail;
  }
  return new ApiError('rest_invalid_param', `Invalid parameter(s): ${names.join(', ')}`, 400, {
    params,
    details: Object.keys(details).length > 0 ? details : [],
  });
}

/** A single invalid parameter with WordPress's generic message. */
export function invalidParam(name: string, message = 'Invalid parameter.'): ApiError {
  return invalidParams({ [name]: { message } });
}

/** A type-coercion failure, reported as WordPress's sanitize step does (`rest_invalid_type` detail). */
export function invalidType(name: string, type: string): InvalidParamDetail {
  const message = `${name} is not of type ${type}.`;
  return { message, detail: { code: 'rest_invalid_type', message, data: { param: name } } };
}

export function missingParams(names: string[]): ApiError {
  return new ApiError('rest_missing_callback_param', `Missing parameter(s): ${names.join(', ')}`, 400, {
    params: names,
  });
}

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
