/**
 * A matched route run against its request: validation, then the record's lock, permission and preconditions
 * (SPEC §5 order), then the operation.
 */
import { forbidden } from '../errors/catalog.js';
import type { CompiledPath } from '../route-table/compile.js';
import type { RequestContext } from '../route-table/context.js';
import type { ParamBag } from '../route-table/params.js';
import type { OperationResult, RouteDefinition } from '../route-table/route.js';
import { validateParams } from '../route-table/validate.js';
import { limitToFields } from './global-params.js';
import { jsonResponse, operationResponse } from './respond.js';
import type { CoreResponse } from './types.js';

export type Precondition = (context: RequestContext) => Promise<void>;

export async function decideAndRun(
  route: RouteDefinition,
  pathParams: Record<string, string>,
  raw: ParamBag,
  context: RequestContext,
  precondition?: Precondition,
): Promise<OperationResult> {
  const sent = { ...raw, ...pathParams };
  await route.prepare?.(context, sent);
  const params = await validateParams(route.params, sent, context);
  await route.lockRecord?.(context, params);
  if (route.authorize && !(await route.authorize(context, params)))
    throw forbidden(context.principal !== null);
  // Preconditions come after validation and permission, so a bad request still answers 400/401/403.
  await precondition?.(context);
  return route.operation(context, params, raw);
}

/** The route's answer: JSON limited to the fields `_fields` names, or the text of the operation's own media type. */
export async function answerRoute(
  route: RouteDefinition,
  pathParams: Record<string, string>,
  raw: ParamBag,
  context: RequestContext,
  precondition?: Precondition,
): Promise<CoreResponse> {
  const result = await decideAndRun(route, pathParams, raw, context, precondition);
  return result.contentType
    ? operationResponse(result)
    : jsonResponse(result.status ?? 200, limitToFields(result.body, raw._fields), result.headers);
}

/**
 * How to read the representation a GET of the same path gives this caller (for If-Match): with the context
 * it is given (inside a write's transaction), undefined when there is none it can read (missing, trashed,
 * protected). Undefined when the path has no GET route: then there is nothing to compare with.
 */
export function currentRepresentation(
  compiled: CompiledPath,
  pathParams: Record<string, string>,
  raw: ParamBag,
): ((context: RequestContext) => Promise<CoreResponse | undefined>) | undefined {
  const getRoute = compiled.routes.find((r) => r.methods.includes('GET'));
  if (!getRoute) return undefined;
  // What shapes the representation: its language, the event's password, the context (view or edit).
  const readParams: ParamBag = {};
  for (const key of ['multilang_language', 'password', 'context'] as const)
    if (raw[key] !== undefined) readParams[key] = raw[key];
  return async (context) => {
    try {
      const result = await decideAndRun(getRoute, pathParams, readParams, context);
      return operationResponse(result);
    } catch {
      return undefined;
    }
  };
}
