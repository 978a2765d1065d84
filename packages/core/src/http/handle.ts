/**
 * The one path every request takes (DESIGN.md): match the route, authenticate, read the body, merge and
 * validate parameters, authorize, run the operation (writes in a transaction), and shape the response.
 */
import { resolveHostPrincipal } from '../auth/host-principals.js';
import type { UserPrincipal } from '../auth/principal.js';
import { type Caches, createCaches } from '../cache/index.js';
import { createSingleFlight } from '../cache/single-flight.js';
import type { CalendarConfig, TicketProvider } from '../config.js';
import { bumpDataVersion } from '../db/data-version.js';
import type { CalendarDatabase } from '../db/database.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { ApiError, isApiError } from '../errors/api-error.js';
import { databaseUnavailable, forbidden, internalError, noRoute } from '../errors/catalog.js';
import type { Logger } from '../logger.js';
import { type CompiledPath, compileRoutes } from '../route-table/compile.js';
import type { RequestContext, UrlBuilder } from '../route-table/context.js';
import { describeRoute } from '../route-table/describe.js';
import { coerceParam, type ParamBag } from '../route-table/params.js';
import type { HttpMethod, Params, RouteDefinition } from '../route-table/route.js';
import { validateParams } from '../route-table/validate.js';
import { parseBody } from './body.js';
import { preflightResponse } from './cors.js';
import { asRequested, limitToFields } from './global-params.js';
import { matchPath } from './match.js';
import { mergeParams, parseFormEncoded } from './parse-params.js';
import { errorResponse, etagListMatches, etagOf, finishGet, jsonResponse } from './respond.js';
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
  /** The caches (cache/index.ts); made here from `responseCache` when not given. */
  caches?: Caches;
  /** @deprecated Pass `caches`; read only when `caches` is not given (default true). */
  responseCache?: boolean;
  /**
   * Runs before every request but OPTIONS, once its route is known (core.ts passes the due-post publisher);
   * resolves with whether it changed the data, and then the caches forget what they hold.
   */
  beforeEachRequest?: (now: Date) => Promise<boolean>;
}

function header(request: CoreRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * The method to route by. As WordPress (ref §9.2), a POST may name another method in `?_method=` or
 * `X-HTTP-Method-Override`, for clients behind proxies that only pass GET and POST. Only a POST: a GET that
 * could delete would be a cross-site request forgery hole.
 */
function requestMethod(request: CoreRequest, url: URL): string {
  const method = request.method.toUpperCase();
  if (method !== 'POST') return method;
  const override = url.searchParams.get('_method') ?? header(request, 'x-http-method-override');
  return override ? override.trim().toUpperCase() : method;
}

/** The query's parameters, or none when it does not parse. */
function queryOrNothing(url: URL): ParamBag {
  try {
    return parseFormEncoded(url.search);
  } catch {
    return {};
  }
}

/** The namespace path of an address: `/calendar/events/v1`, or `/de/calendar/events/v1` for German. */
export function addressPath(config: CalendarConfig, language: string | undefined): string {
  const prefix = language && language !== config.defaultLanguage ? `/${language}` : '';
  return `${prefix}/${config.namespace}`;
}

function originOf(request: CoreRequest, config: CalendarConfig): string {
  const forwardedProto = config.trustProxy
    ? header(request, 'x-forwarded-proto')?.split(',')[0]?.trim()
    : undefined;
  const forwardedHost = config.trustProxy
    ? header(request, 'x-forwarded-host')?.split(',')[0]?.trim()
    : undefined;
  const proto = forwardedProto ?? (request.encrypted ? 'https' : 'http');
  const host = forwardedHost ?? header(request, 'host') ?? 'localhost';
  return `${proto}://${host}`;
}

export function createUrlBuilder(root: string, namespacePath: string, siteUrl: string): UrlBuilder {
  const namespace = `${root}${namespacePath}`;
  return {
    namespace,
    root,
    rest: (path) => `${namespace}${path}`,
    site: (path) => `${siteUrl}${path}`,
  };
}

export function createDispatcher(deps: DispatcherDependencies) {
  const { config } = deps;
  const paths: CompiledPath[] = compileRoutes(deps.routes);
  // Answers, list totals, venues and organizers, kept per data version (the protocol: cache/index.ts).
  const caches = deps.caches ?? createCaches(deps.database, { enabled: deps.responseCache !== false });
  const { counts, records, responses } = caches;
  // The cacheable answers being computed, by cache key, data version and clock second.
  const answersUnderWay = createSingleFlight();

  /**
   * WordPress's `rest_send_allow_header` (SPEC §14): the methods of the path whose permission rule lets this
   * caller in, in the routes' order; a route without a rule (the reads) always. Each rule is asked with the
   * request's parameters as sent (coerced where they coerce), as WordPress passes the request to every
   * handler's `permission_callback`; a rule that fails leaves its methods out.
   */
  async function allowFor(
    compiled: CompiledPath,
    pathParams: Record<string, string>,
    raw: ParamBag,
    base: Omit<RequestContext, 'db' | 'language'>,
  ): Promise<string> {
    const allowed: string[] = [];
    for (const route of compiled.routes) {
      let permitted = true;
      if (route.authorize) {
        const context: RequestContext = {
          ...base,
          db: deps.database.kysely,
          language: base.addressLanguage,
        };
        const given: ParamBag = { ...raw, ...pathParams };
        const params: Params = {};
        for (const [name, value] of Object.entries(given)) {
          const spec = route.params[name];
          const coerced = spec && value !== undefined ? coerceParam(name, spec.kind, value) : undefined;
          params[name] = coerced?.ok ? coerced.value : value;
        }
        try {
          permitted = (await route.authorize(context, params)) === true;
        } catch {
          permitted = false;
        }
      }
      if (permitted) for (const method of route.methods) if (!allowed.includes(method)) allowed.push(method);
    }
    return allowed.join(', ');
  }

  /** The caller: an adapter's host principal (resolved to a calendar user), or the core's own keys. */
  async function callerOf(request: CoreRequest, now: Date): Promise<UserPrincipal | null> {
    const hostPrincipal = request.authenticate ? ((await request.authenticate()) ?? null) : undefined;
    return hostPrincipal === undefined
      ? await deps.authenticate(request)
      : hostPrincipal && (await resolveHostPrincipal(deps.database.kysely, hostPrincipal, deps.logger, now));
  }

  async function run(
    route: RouteDefinition,
    pathParams: Record<string, string>,
    raw: ParamBag,
    base: Omit<RequestContext, 'db' | 'language'> & { method: HttpMethod },
    precondition?: (context: RequestContext) => Promise<void>,
  ): Promise<CoreResponse> {
    const requested = raw.multilang_language;
    const language =
      typeof requested === 'string' && config.languages.includes(requested)
        ? requested
        : base.addressLanguage;
    const context: RequestContext = { ...base, db: deps.database.kysely, language };
    const result =
      base.method === 'GET'
        ? await decideAndRun(route, pathParams, raw, context)
        : await deps.database.kysely.transaction().execute(async (trx) => {
            // The version row first: on PostgreSQL its lock queues writers (the scheduled publisher too) at
            // their start. Taken last, a create and the publisher, which recounts terms in one statement in
            // the table's order, each held term rows the other waited for: 3 of 93 creates of the benchmark
            // (100,000 events, 10 connections) failed with a deadlock, after stalling the others a second.
            await bumpDataVersion(trx);
            // Everything that decides the write (validation, permission, If-Match) reads inside it, after
            // the version row's lock: checked before, a concurrent writer could change what was checked
            // (two PUTs with one ETag both won; a contributor edited what an editor had just published).
            return decideAndRun(route, pathParams, raw, { ...context, db: trx }, precondition);
          });
    if (base.method !== 'GET') caches.afterWrite();
    return jsonResponse(result.status ?? 200, limitToFields(result.body, raw._fields), result.headers);
  }

  /** Validation, then the record's lock, permission and preconditions (SPEC §5 order), then the operation. */
  async function decideAndRun(
    route: RouteDefinition,
    pathParams: Record<string, string>,
    raw: ParamBag,
    context: RequestContext,
    precondition?: (context: RequestContext) => Promise<void>,
  ) {
    const params = await validateParams(route.params, { ...raw, ...pathParams }, context);
    await route.lockRecord?.(context, params);
    if (route.authorize && !(await route.authorize(context, params)))
      throw forbidden(context.principal !== null);
    // Preconditions come after validation and permission, so a bad request still answers 400/401/403.
    await precondition?.(context);
    return route.operation(context, params, raw);
  }

  /** Every answer, errors included, carries the CORS headers of an allowed origin (SPEC §4). */
  async function handle(request: CoreRequest): Promise<CoreResponse> {
    return asRequested(config.cors, request, await answer(request));
  }

  async function answer(request: CoreRequest): Promise<CoreResponse> {
    const url = new URL(request.url, 'http://placeholder');
    const method = requestMethod(request, url);
    const addressLanguage =
      request.language && config.languages.includes(request.language)
        ? request.language
        : config.defaultLanguage;
    const prefix = `${request.mountPath.replace(/\/+$/, '')}${addressPath(config, addressLanguage)}`;
    const root = config.apiUrl ?? `${originOf(request, config)}${request.mountPath.replace(/\/+$/, '')}`;
    /** What every step of this request sees of it, once the caller is known. */
    const requestBase = (principal: UserPrincipal | null, now: Date, routeMethod: HttpMethod) => ({
      config,
      database: deps.database,
      principal,
      addressLanguage,
      now,
      urls: createUrlBuilder(root, addressPath(config, addressLanguage), config.siteUrl),
      method: routeMethod,
      logger: deps.logger,
      ticketProvider: deps.ticketProvider,
      counts,
      records,
    });
    // Computed once the route and the caller are known (none on rest_no_route, as WordPress).
    let allowHeader: (() => Promise<string>) | undefined;
    try {
      const rawPath = url.pathname;
      if (rawPath !== prefix && !rawPath.startsWith(`${prefix}/`)) throw noRoute();
      const match = matchPath(paths, rawPath.slice(prefix.length));
      if (!match) throw noRoute();
      const methods = match.compiled.methods;
      if (method === 'OPTIONS') {
        // A preflight carries no credentials: it names every method of the route, so that the browser lets
        // the real request through and the answer to that decides.
        const preflight = preflightResponse(config.cors, request, methods);
        if (preflight) return preflight;
        // WordPress answers OPTIONS with the route's description, as the namespace index gives it.
        const query = parseFormEncoded(url.search);
        const requested = query.multilang_language;
        const optionsNow = deps.clock();
        // As WordPress, the Allow of OPTIONS names the methods this caller may use (SPEC §14).
        const caller = await callerOf(request, optionsNow);
        const context: RequestContext = {
          ...requestBase(caller, optionsNow, 'GET'),
          db: deps.database.kysely,
          language:
            typeof requested === 'string' && config.languages.includes(requested)
              ? requested
              : addressLanguage,
        };
        const allow = await allowFor(match.compiled, match.pathParams, query, context);
        return jsonResponse(200, describeRoute(match.compiled, context), allow ? { Allow: allow } : {});
      }
      const effective = (method === 'HEAD' ? 'GET' : method) as HttpMethod;
      const route = match.compiled.routes.find((r) => r.methods.includes(effective));
      if (!route) throw noRoute();

      const now = deps.clock();
      if (await deps.beforeEachRequest?.(now)) caches.afterWrite();
      // An adapter's own authentication gives a host principal, which names a calendar user or a host user.
      const principal = await callerOf(request, now);
      const base = requestBase(principal, now, effective);
      // The rules see the request's parameters, or only its query when the body did not parse (the answer
      // still gets its Allow); read here, the query would answer its own 400 before the body's 415.
      let paramsForAllow: ParamBag | undefined;
      let allowOnce: Promise<string> | undefined;
      allowHeader = () => {
        allowOnce ??= allowFor(match.compiled, match.pathParams, paramsForAllow ?? queryOrNothing(url), base);
        return allowOnce;
      };
      const { json, form } = await parseBody(request.body, request.headers, config.bodyLimit);
      const raw = mergeParams({ json, form, query: parseFormEncoded(url.search), path: {} });
      paramsForAllow = raw;

      const ifMatch = effective !== 'GET' ? header(request, 'if-match') : undefined;
      const precondition = ifMatch
        ? (context: RequestContext) => checkIfMatch(ifMatch, match.compiled, match.pathParams, raw, context)
        : undefined;
      // GET answers without a body are cached per address, URL and caller until the data changes.
      const second = Math.floor(now.getTime() / 1000);
      const cacheKey =
        responses && effective === 'GET' && !json && !form
          ? `${root}\u0000${addressLanguage}\u0000${url.pathname}${url.search}\u0000${principal ? `${principal.userId}:${principal.role}` : '-'}`
          : undefined;
      const version = cacheKey ? await caches.version.read() : undefined;
      const finish = (response: CoreResponse) =>
        finishGet(response, header(request, 'if-none-match'), method === 'HEAD');
      if (cacheKey === undefined || version === undefined) {
        const response = await run(route, match.pathParams, raw, base, precondition);
        const allow = await allowHeader();
        if (allow) response.headers.Allow = allow;
        if (effective !== 'GET') return response;
        return finish(response);
      }
      const cached = responses!.get(cacheKey, version, second);
      if (cached) return finish(cached);
      const flightKey = `${cacheKey}\u0000${version}\u0000${route.clockDependent ? second : ''}`;
      const underWay = answersUnderWay.underWay(flightKey);
      if (underWay) {
        await underWay;
        // Only a 200 is kept: after anything else (an error, an answer too big to keep) this request runs.
        const shared = responses!.get(cacheKey, version, second);
        if (shared) return finish(shared);
      }
      return await answersUnderWay.fly(flightKey, async () => {
        const response = await run(route, match.pathParams, raw, base, precondition);
        // Kept with the answer: the cache key names the caller, and the data version what the rules read.
        const allow = await allowHeader!();
        if (allow) response.headers.Allow = allow;
        // Finished first: the entry then keeps the ETag finishGet put on the answer instead of hashing the
        // body again (finishGet answers 304 and HEAD with copies; the answer itself keeps its body).
        const finished = finish(response);
        if (response.status === 200)
          responses!.set(cacheKey, version, route.clockDependent ? second : undefined, response);
        return finished;
      });
    } catch (error) {
      const apiError = toApiError(error, request);
      let allow: string | undefined;
      try {
        allow = apiError.code === 'rest_no_route' ? undefined : await allowHeader?.();
      } catch {
        // The rules could not be asked (the database is gone): no Allow rather than a wrong one.
        allow = undefined;
      }
      const headers: Record<string, string> = allow ? { Allow: allow } : {};
      const response = errorResponse(apiError, headers);
      return method === 'HEAD' ? { ...response, body: undefined } : response;
    }
  }

  /**
   * Lost-update protection: the write proceeds only if the client holds the current representation, read
   * inside the write's transaction (`context.db`) so that no other write can come between.
   */
  async function checkIfMatch(
    ifMatch: string,
    compiled: CompiledPath,
    pathParams: Record<string, string>,
    raw: ParamBag,
    context: RequestContext,
  ): Promise<void> {
    const getRoute = compiled.routes.find((r) => r.methods.includes('GET'));
    if (!getRoute) return;
    let current: CoreResponse | undefined;
    try {
      const readParams: ParamBag = {};
      for (const key of ['multilang_language', 'password', 'context'] as const)
        if (raw[key] !== undefined) readParams[key] = raw[key];
      const result = await decideAndRun(getRoute, pathParams, readParams, context);
      current = jsonResponse(result.status ?? 200, result.body, result.headers);
    } catch {
      // No current representation the caller can read (missing, trashed, protected): nothing can match.
      current = undefined;
    }
    if (current?.body === undefined || !etagListMatches(ifMatch, etagOf(current.body), false)) {
      throw new ApiError(
        'rest_precondition_failed',
        'The resource has changed since you read it (If-Match does not match its current ETag).',
        412,
      );
    }
  }

  function toApiError(error: unknown, request: CoreRequest): ApiError {
    if (isApiError(error)) return error;
    // The id the standalone server gives every request (X-Request-Id), so the cause meets its access line.
    const reqId = request.headers['x-request-id'];
    if (isDatabaseUnavailable(error)) {
      deps.logger.warn(reqId ? { err: error, reqId } : { err: error }, 'database unavailable');
      return databaseUnavailable();
    }
    deps.logger.error(reqId ? { err: error, reqId } : { err: error }, 'request failed');
    return internalError();
  }

  return { handle, paths };
}
