/**
 * Lost-update protection (If-Match): a write proceeds only if the client holds the current representation.
 * It is read inside the write's transaction, after the record's lock (`lockRecord`, http/transaction.ts), so
 * that no other write can come between the check and the write: checked before, two PUTs with one ETag would
 * both win.
 */
import type { ApiError } from '../errors/api-error.js';
import { apiError } from '../errors/catalog.js';
import type { RequestContext } from '../route-table/context.js';
import type { ParamBag } from '../route-table/params.js';
import { etagListMatches, etagOf } from './etag.js';
import type { RouteMatch } from './match.js';
import { header } from './request-url.js';
import { currentRepresentation, type Precondition } from './run-route.js';
import type { CoreRequest, CoreResponse } from './types.js';

export function preconditionFailed(): ApiError {
  return apiError('rest_precondition_failed');
}

/**
 * The If-Match precondition of a write, or none without the header or without a representation to compare
 * with (`current` undefined: the path has no GET route). `*` matches any representation there is.
 */
export function ifMatchPrecondition(
  ifMatch: string | undefined,
  current: ((context: RequestContext) => Promise<CoreResponse | undefined>) | undefined,
): Precondition | undefined {
  if (!ifMatch || !current) return undefined;
  return async (context) => {
    const representation = await current(context);
    if (representation?.body === undefined || !etagListMatches(ifMatch, etagOf(representation.body), false))
      throw preconditionFailed();
  };
}

/** The precondition of a write request (its If-Match against what a GET of its path gives), if any. */
export function writePrecondition(
  request: CoreRequest,
  match: RouteMatch,
  raw: ParamBag,
): Precondition | undefined {
  const ifMatch = header(request, 'if-match');
  return ifMatch
    ? ifMatchPrecondition(ifMatch, currentRepresentation(match.compiled, match.pathParams, raw))
    : undefined;
}
