/**
 * OPTIONS, and the `Allow` header of every answer (SPEC §14): a CORS preflight names every method of the
 * route; any other OPTIONS answers the route's description, as WordPress does, with an `Allow` that names the
 * methods this caller may use.
 */
import type { CalendarConfig } from '../config.js';
import type { Db } from '../db/database.js';
import { describeRoute } from '../route-table/describe.js';
import { coerceParam, type ParamBag } from '../route-table/params.js';
import type { Params } from '../route-table/route.js';
import { preflightResponse } from './cors.js';
import type { RouteMatch } from './match.js';
import { parseFormEncoded } from './parse-params.js';
import { makeContext, type RequestBase } from './request-context.js';
import { contentLanguage, type RequestTarget } from './request-url.js';
import { jsonResponse } from './respond.js';
import type { CoreRequest, CoreResponse } from './types.js';

/**
 * WordPress's `rest_send_allow_header` (SPEC §14): the methods of the path whose permission rule (`allows`,
 * else `authorize`) lets this caller in, in the routes' order; a route without a rule (the reads) always. Each rule is asked with the
 * request's parameters as sent (coerced where they coerce), as WordPress passes the request to every
 * handler's `permission_callback`; a rule that fails leaves its methods out.
 */
export async function allowFor(match: RouteMatch, raw: ParamBag, base: RequestBase, db: Db): Promise<string> {
  const allowed: string[] = [];
  for (const route of match.compiled.routes) {
    let permitted = true;
    const rule = route.allows ?? route.authorize;
    if (rule) {
      const context = makeContext(base, { db, language: base.addressLanguage });
      const given: ParamBag = { ...raw, ...match.pathParams };
      const params: Params = {};
      for (const [name, value] of Object.entries(given)) {
        const spec = route.params[name];
        const coerced = spec && value !== undefined ? coerceParam(name, spec.kind, value) : undefined;
        params[name] = coerced?.ok ? coerced.value : value;
      }
      try {
        permitted = (await rule(context, params)) === true;
      } catch {
        permitted = false;
      }
    }
    if (permitted) for (const method of route.methods) if (!allowed.includes(method)) allowed.push(method);
  }
  return allowed.join(', ');
}

/**
 * The Allow header of a request, computed once when first needed: the rules see the request's parameters
 * (`params()`), or only its query while the body has not parsed (the answer still gets its Allow). A read
 * names the database its answer came from (the read replica), so that the rules read the same data; asked
 * again with another one (the primary, after the replica failed), it is computed again.
 */
export function lazyAllow(
  match: RouteMatch,
  params: () => ParamBag,
  base: RequestBase,
  db: Db,
): (on?: Db) => Promise<string> {
  let allow: Promise<string> | undefined;
  let computedOn: Db | undefined;
  return (on = db) => {
    if (!allow || computedOn !== on) {
      allow = allowFor(match, params(), base, on);
      computedOn = on;
    }
    return allow;
  };
}

/** The answer with the Allow header of its request, read on the database the answer came from (`on`). */
export async function withAllow(
  response: CoreResponse,
  allow: (on?: Db) => Promise<string>,
  on?: Db,
): Promise<CoreResponse> {
  const methods = await allow(on);
  if (methods) response.headers.Allow = methods;
  return response;
}

/**
 * The answer to OPTIONS on a matched path: the CORS preflight, or the route's description with its Allow.
 * `base` is asked only past the preflight, which carries no credentials.
 */
export async function answerOptions(
  request: CoreRequest,
  target: RequestTarget,
  match: RouteMatch,
  config: CalendarConfig,
  db: Db,
  base: () => Promise<RequestBase>,
): Promise<CoreResponse> {
  // A preflight names every method of the route, so that the browser lets the real request through and the
  // answer to that decides.
  const preflight = preflightResponse(config.cors, request, match.compiled.methods);
  if (preflight) return preflight;
  const query = parseFormEncoded(target.url.search);
  // As WordPress, the Allow of OPTIONS names the methods this caller may use (SPEC §14).
  const requestBase = await base();
  const language = contentLanguage(query.multilang_language, config, target.addressLanguage);
  const context = makeContext(requestBase, { db, language });
  const allow = await allowFor(match, query, requestBase, db);
  return jsonResponse(200, describeRoute(match.compiled, context), allow ? { Allow: allow } : {});
}
