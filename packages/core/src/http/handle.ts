/**
 * The one path every request takes (DESIGN.md), one step per file:
 *
 *   match → OPTIONS? → beforeEachRequest → authenticate → body+params → precondition
 *     → (GET ? cachedGet : runWrite)(run) → finish → envelope → CORS;   catch → errorResponse
 */
import type { UserPrincipal } from '../auth/principal.js';
import type { Caches } from '../cache/index.js';
import type { CalendarConfig, TicketProvider } from '../config.js';
import { isGivenUp, isStatementTimeout } from '../db/cancellation.js';
import type { CalendarDatabase, Db } from '../db/database.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { apiError, databaseTimeout, noRoute } from '../errors/catalog.js';
import { toApiError } from '../errors/to-api-error.js';
import type { Logger } from '../logger.js';
import { compileRoutes } from '../route-table/compile.js';
import type { RequestContext } from '../route-table/context.js';
import type { ParamBag } from '../route-table/params.js';
import type { HttpMethod, RouteDefinition } from '../route-table/route.js';
import { createCallerOf } from './authenticate.js';
import { parseBody } from './body.js';
import { cacheKeyOf, createCachedGet } from './cached-get.js';
import { finishGet } from './etag.js';
import { asRequested, limitToFields } from './global-params.js';
import { matchRequest } from './match.js';
import { createNewTermBudget, type RefundableAllowance } from './new-terms.js';
import { answerOptions, lazyAllow, withAllow } from './options.js';
import { mergeParams, parseFormEncoded } from './parse-params.js';
import { writePrecondition } from './preconditions.js';
import { makeBase, makeContext, type RequestBase } from './request-context.js';
import { contentLanguage, header, queryOrNothing, requestTarget } from './request-url.js';
import { errorResponse, jsonResponse, operationResponse, reportFailure } from './respond.js';
import { decideAndRun } from './run-route.js';
import { runWrite } from './transaction.js';
import type { CoreRequest, CoreResponse } from './types.js';

export interface DispatcherDependencies {
  config: CalendarConfig;
  database: CalendarDatabase;
  routes: readonly RouteDefinition[];
  clock: () => Date;
  /** The caller as a user of the calendar (host principals already resolved). */
  authenticate: (request: CoreRequest) => Promise<UserPrincipal | null>;
  logger: Logger;
  ticketProvider: TicketProvider | undefined;
  /** The caches (cache/index.ts), made by core.ts from the `cache` option. */
  caches: Caches;
  /** Runs before every request but OPTIONS (core.ts: the due-post publisher); true when it changed the data. */
  beforeEachRequest?: (now: Date) => Promise<boolean>;
}

export function createDispatcher(deps: DispatcherDependencies) {
  const { config, database, logger } = deps;
  const paths = compileRoutes(deps.routes);
  const { caches } = deps;
  const cachedGet = createCachedGet(caches);
  const callerOf = createCallerOf(deps);
  const { counts, records } = caches;
  const service = { config, database, logger, ticketProvider: deps.ticketProvider, counts, records };
  const newTermBudget = createNewTermBudget(config.newTermsPerHour);

  /** Every answer, errors included, as the request asked for it: `_envelope`, CORS headers (SPEC §4). */
  async function handle(request: CoreRequest): Promise<CoreResponse> {
    const { signal } = request;
    const answered =
      signal && database.whileWanted ? database.whileWanted(signal, () => answer(request)) : answer(request);
    return asRequested(config.cors, request, await answered);
  }

  async function answer(request: CoreRequest): Promise<CoreResponse> {
    const target = requestTarget(request, config);
    const { url, method, addressLanguage } = target;
    // A write's budget of new terms (http/new-terms.ts).
    let newTerms: RefundableAllowance | undefined;
    const base = async (now: Date, method: HttpMethod): Promise<RequestBase> => {
      const principal = await callerOf(request, now);
      newTerms = method === 'GET' ? undefined : newTermBudget?.forWrite(principal, now);
      return makeBase(service, target, now, method, principal, newTerms);
    };
    let allow: (() => Promise<string>) | undefined;
    try {
      const match = matchRequest(paths, url.pathname, target.prefix);
      if (!match) throw noRoute();
      if (method === 'OPTIONS')
        return await answerOptions(request, target, match, config, database.kysely, () =>
          base(deps.clock(), 'GET'),
        );
      const effective = (method === 'HEAD' ? 'GET' : method) as HttpMethod;
      const route = match.compiled.routes.find((r) => r.methods.includes(effective));
      if (!route) throw noRoute();
      const now = deps.clock();
      if (await deps.beforeEachRequest?.(now)) caches.afterWrite();
      const requestBase = await base(now, effective);
      // Read before the body: the query would otherwise answer its own 400 before the body's 415.
      let params: ParamBag | undefined;
      allow = lazyAllow(match, () => params ?? queryOrNothing(url), requestBase, database.kysely);
      const { json, form, calendar } = await parseBody(request.body, request.headers, config.bodyLimit);
      const raw = mergeParams({ json, form, query: parseFormEncoded(url.search), path: {} });
      if (calendar !== undefined) raw.calendar = calendar;
      params = raw;
      const precondition = effective === 'GET' ? undefined : writePrecondition(request, match, raw);
      const run = async (db: Db, writeSlice?: RequestContext['writeSlice']) => {
        const language = contentLanguage(raw.multilang_language, config, addressLanguage);
        const context = makeContext(requestBase, { db, language, writeSlice });
        const result = await decideAndRun(route, match.pathParams, raw, context, precondition);
        return result.contentType
          ? operationResponse(result)
          : jsonResponse(result.status ?? 200, limitToFields(result.body, raw._fields), result.headers);
      };
      const withItsAllow = async (response: Promise<CoreResponse>) => withAllow(await response, allow!);
      if (effective !== 'GET') {
        // A route that writes in slices commits each slice on its own (context.writeSlice).
        if (route.writesInSlices)
          return await withItsAllow(run(database.kysely, (write) => runWrite(database, caches, write)));
        // A write that did not commit created no terms: its budget goes back.
        const written = runWrite(database, caches, run).catch((error: unknown) => {
          newTerms?.refund();
          throw error;
        });
        return await withItsAllow(written);
      }
      // GET answers without a body are kept per address, URL and caller until the data changes.
      const key =
        json || form || calendar !== undefined
          ? undefined
          : cacheKeyOf(target.root, addressLanguage, url, requestBase.principal);
      return await cachedGet(
        { key, second: Math.floor(now.getTime() / 1000), clockDependent: route.clockDependent === true },
        () => withItsAllow(run(database.kysely)),
        (response) => finishGet(response, header(request, 'if-none-match'), method === 'HEAD'),
      );
    } catch (error) {
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
    }
  }

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

  return { handle, paths };
}
