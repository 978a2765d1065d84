/**
 * The last step of every request: what failed becomes the answer. Errors of the catalog answer as they are;
 * a statement over the statement timeout answers 503, the cancellation of a request whose client went away
 * an answer nobody reads, each logged in one line; anything else goes through `toApiError` (503 when the
 * database is unavailable, 500 otherwise, logged with its cause).
 */
import { isGivenUp, isStatementTimeout } from '../db/cancellation.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { apiError, databaseTimeout } from '../errors/catalog.js';
import { toApiError } from '../errors/to-api-error.js';
import type { Logger } from '../logger.js';
import { errorResponse, reportFailure } from './respond.js';
import type { CoreRequest, CoreResponse } from './types.js';

export function createFailureAnswer(logger: Logger) {
  /**
   * The failures that are neither the request's fault nor the service's: a statement over the statement
   * timeout (503, `Retry-After`), and the cancellation of a request whose client went away (nobody reads
   * that answer). One line each, not an error's.
   */
  function failureOf(request: CoreRequest, error: unknown) {
    const reqId = request.headers['x-request-id'];
    const fields = reqId ? { reqId, url: request.url } : { url: request.url };
    if (isGivenUp(error, request.signal)) {
      logger.debug(fields, 'client went away: its statements were cancelled');
      return apiError('rest_request_aborted', {
        message: 'The client closed the connection before the answer.',
      });
    }
    if (isStatementTimeout(error)) {
      logger.warn(fields, 'a statement ran over the statement timeout and was cancelled');
      return databaseTimeout();
    }
    return undefined;
  }

  /** `method` is the one the request is routed by; `allow`, once known, the route's `Allow` for this caller. */
  return async function answerFailure(
    request: CoreRequest,
    method: string,
    error: unknown,
    allow: (() => Promise<string>) | undefined,
  ): Promise<CoreResponse> {
    const failure =
      failureOf(request, error) ??
      toApiError(error, {
        isUnavailable: isDatabaseUnavailable,
        report: reportFailure(logger, request, error),
      });
    // No Allow on rest_no_route (as WordPress), nor when the rules cannot be asked (the database is gone).
    const allowed =
      failure.code === 'rest_no_route' || request.signal?.aborted
        ? undefined
        : await allow?.().catch(() => undefined);
    const response = errorResponse(failure, allowed ? { Allow: allowed } : {});
    return method === 'HEAD' ? { ...response, body: undefined } : response;
  };
}
