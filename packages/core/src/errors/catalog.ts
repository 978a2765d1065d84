/**
 * Builds every error from the table of codes (`codes.ts`): `apiError(code)` takes the code's status and message;
 * the named builders below are the errors several places throw.
 */
import { ApiError } from './api-error.js';
import { ERRORS, type ErrorCode, type PluginErrorCode } from './codes.js';

export type { ErrorCode, PluginErrorCode };

export interface ApiErrorOptions {
  /** Replaces `%d` in the message (a record id). */
  id?: number | undefined;
  /** Another status than the code's usual one (`rest_forbidden` answers 401 to a caller without credentials). */
  status?: number;
  /** A message naming the request's own values, instead of the table's. */
  message?: string;
  /** Extra keys of the envelope's `data`. */
  data?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** WordPress's `additional_data` of the envelope, beside `data`. */
  additionalData?: readonly unknown[];
}

/** The error of `code`, with the status and message of the table unless `options` says otherwise. */
export function apiError(code: ErrorCode, options: ApiErrorOptions = {}): ApiError {
  const [status, template] = ERRORS[code];
  const message = options.message ?? template.replace('%d', String(options.id ?? 0));
  return new ApiError(
    code,
    message,
    options.status ?? status,
    options.data,
    options.headers,
    options.additionalData,
  );
}

/** No credentials → 401; credentials without the right → 403 (ref §8). */
export function forbidden(authenticated: boolean): ApiError {
  return apiError('rest_forbidden', { status: authenticated ? 403 : 401 });
}
export function noRoute(): ApiError {
  return apiError('rest_no_route');
}
export function internalError(): ApiError {
  return apiError('rest_internal_error');
}
/** How long a client should wait before retrying while the database is away, in seconds. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
/** The database cannot be reached right now (restart, failover, network): retry shortly (503). */
export function databaseUnavailable(): ApiError {
  return apiError('rest_database_unavailable', {
    headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
  });
}
/** A statement ran longer than the connection's statement timeout: cancelled, nothing changed (503). */
export function databaseTimeout(): ApiError {
  return apiError('rest_database_timeout', {
    headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
  });
}
export function pluginError(code: PluginErrorCode, id?: number): ApiError {
  return apiError(code, { id });
}

/**
 * WordPress's `term_exists` (ref §4.1), with the existing term's id in `data.term_id` and, as the plugin
 * answers, `additional_data: [term_id, term_taxonomy_id]` (one id here: a term is its own taxonomy entry). The
 * table words it for a hierarchical taxonomy, where the name only has to be unique among siblings (SPEC §14);
 * tags keep `wp_insert_term`'s wording.
 */
export function termExists(hierarchical: boolean, termId: number): ApiError {
  return apiError('term_exists', {
    ...(hierarchical ? {} : { message: 'A term with the name provided already exists in this taxonomy.' }),
    data: { term_id: termId },
    additionalData: [termId, termId],
  });
}
/** WordPress core's answer to a `parent` sent for a taxonomy without hierarchy (tags; SPEC §14). */
export function notHierarchical(): ApiError {
  return apiError('rest_taxonomy_not_hierarchical');
}
/** `duplicate_term_slug`: WordPress answers 500 (the error has no status); a client mistake is a 400. */
export function duplicateSlug(slug: string): ApiError {
  return apiError('duplicate_term_slug', {
    message: `The slug “${slug}” is already in use by another term.`,
  });
}
/** WordPress core's answer when the terms of an event the caller may not read are asked for. */
export function forbiddenEventTerms(authenticated: boolean): ApiError {
  return apiError('rest_forbidden_context', { status: authenticated ? 403 : 401 });
}
