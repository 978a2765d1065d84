import { type ApiError, isApiError } from './api-error.js';
import { databaseUnavailable, internalError } from './catalog.js';

/** What went wrong when a thrown value is not an ApiError: the database cannot be reached, or anything else. */
export type Failure = 'unavailable' | 'internal';

/**
 * Anything thrown on the request path, as the ApiError the client gets (as tRPC's getTRPCErrorFromUnknown):
 * an ApiError as it is; a failure `isUnavailable` recognises (the database cannot be reached right now) as
 * 503 with Retry-After; anything else as 500, whose cause is for the log, not for the client. `report` hears
 * of those two, to log them.
 */
export function toApiError(
  error: unknown,
  options: { isUnavailable?: (error: unknown) => boolean; report?: (failure: Failure) => void } = {},
): ApiError {
  if (isApiError(error)) return error;
  const failure: Failure = options.isUnavailable?.(error) ? 'unavailable' : 'internal';
  options.report?.(failure);
  return failure === 'unavailable' ? databaseUnavailable() : internalError();
}
