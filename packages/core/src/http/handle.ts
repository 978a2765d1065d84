/**
 * The one path every request takes (DESIGN.md), one step per file:
 *
 *   match → OPTIONS? → beforeEachRequest → authenticate → body+params → precondition
 *     → (GET ? cachedGet | answerStream : runWrite)(run) → finish → envelope → CORS;   catch → answerFailure
 */
import type { UserPrincipal } from '../auth/principal.js';
import type { Caches } from '../cache/index.js';
import type { CalendarConfig, TicketProvider } from '../config.js';
import type { CalendarDatabase, Db } from '../db/database.js';
import { noRoute } from '../errors/catalog.js';
import type { Logger } from '../logger.js';
import { compileRoutes } from '../route-table/compile.js';
import type { RequestContext } from '../route-table/context.js';
import type { ParamBag } from '../route-table/params.js';
import type { HttpMethod, RouteDefinition } from '../route-table/route.js';
import { createCallerOf } from './authenticate.js';
import { readParams } from './body.js';
import { createFailureAnswer } from './failure.js';
import { asRequested } from './global-params.js';
import { matchRequest } from './match.js';
import { createNewTermBudget, type RefundableAllowance } from './new-terms.js';
import { answerOptions, lazyAllow, withAllow } from './options.js';
import { writePrecondition } from './preconditions.js';
import { createReadRouting, type ReadReplica } from './read-replica.js';
import { makeBase, makeContext, type ReadOn, type RequestBase } from './request-context.js';
import { contentLanguage, queryOrNothing, requestTarget } from './request-url.js';
import { answerRoute } from './run-route.js';
import { answerStream } from './stream-answer.js';
import { runWriteRoute } from './transaction.js';
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
  /** Where reads may go instead of `database` (http/read-replica.ts). */
  replica?: ReadReplica | undefined;
  /** Runs before every request but OPTIONS (core.ts: the due-post publisher); true when it changed the data. */
  beforeEachRequest?: (now: Date) => Promise<boolean>;
}

export function createDispatcher(deps: DispatcherDependencies) {
  const { config, database, logger, caches } = deps;
  const paths = compileRoutes(deps.routes);
  const reads = createReadRouting(deps);
  const callerOf = createCallerOf(deps);
  const { counts, records } = caches;
  const service = { config, database, logger, ticketProvider: deps.ticketProvider, counts, records };
  const newTermBudget = createNewTermBudget(config.newTermsPerHour);
  const answerFailure = createFailureAnswer(logger);
  /** Every answer, errors included, as the request asked for it: `_envelope`, CORS headers (SPEC §4). */
  async function handle(request: CoreRequest): Promise<CoreResponse> {
    // Read only by a database that cancels: an adapter makes the signal when it is first read.
    const signal = database.whileWanted && request.signal;
    const answered = signal ? database.whileWanted!(signal, () => answer(request)) : answer(request);
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
    let allow: ((on?: Db) => Promise<string>) | undefined;
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
      if (await deps.beforeEachRequest?.(now)) void caches.afterWrite();
      const requestBase = await base(now, effective);
      // Read before the body: the query would otherwise answer its own 400 before the body's 415.
      let params: ParamBag | undefined;
      allow = lazyAllow(match, () => params ?? queryOrNothing(url), requestBase, database.kysely);
      const { raw, withBody } = await readParams(request, url.search, config.bodyLimit);
      params = raw;
      const precondition = effective === 'GET' ? undefined : writePrecondition(request, match, raw);
      const run = async (db: Db, writeSlice?: RequestContext['writeSlice'], read?: ReadOn) => {
        const language = contentLanguage(raw.multilang_language, config, addressLanguage);
        const context = makeContext(requestBase, { db, language, writeSlice, read });
        return answerRoute(route, match.pathParams, raw, context, precondition);
      };
      const withItsAllow = async (answer: Promise<CoreResponse>, on?: Db) =>
        withAllow(await answer, allow!, on);
      if (route.streams) return await answerStream(request, raw, () => withItsAllow(run(database.kysely)));
      // GET answers are kept until the data changes, and may come from the read replica (read-replica.ts).
      if (effective === 'GET')
        return await reads.answer(
          { request, target, route, params: raw, withBody, principal: requestBase.principal, now },
          (db, read) => withItsAllow(run(db, undefined, read), db),
        );
      // A write that did not commit created no terms: its budget goes back.
      const written = runWriteRoute(database, caches, route, run, () => newTerms?.refund());
      return await withItsAllow(reads.afterWrite(requestBase.principal, written));
    } catch (error) {
      return await answerFailure(request, method, error, allow);
    }
  }

  return { handle, paths };
}
