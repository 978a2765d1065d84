/**
 * The request context every step of a request builds: the service's parts, the caller and the address, then
 * for an operation or a permission rule a database handle and a language.
 */
import type { Db } from '../db/database.js';
import type { RequestContext } from '../route-table/context.js';
import type { HttpMethod } from '../route-table/route.js';

/** Where a read runs: the data version its answer is kept under, and the caches of that database. */
export interface ReadOn {
  dataVersion: number | undefined;
  parts: Pick<RequestContext, 'counts' | 'records'>;
}

/** What every step of a request sees of it once the caller is known: the context without handle and language. */
export type RequestBase = Omit<RequestContext, 'db' | 'language'> & { method: HttpMethod };

/** What the service gives every request: the parts of its context that do not depend on the request. */
export type ServiceParts = Pick<
  RequestContext,
  'config' | 'database' | 'logger' | 'ticketProvider' | 'counts' | 'records'
>;

/**
 * The context of a request once its caller is known. Spelled out rather than spread (`{ ...service, … }`):
 * the spread was the dearest line of a cached GET (tools/bench/RESULTS.md).
 */
export function makeBase(
  service: ServiceParts,
  target: Pick<RequestContext, 'addressLanguage' | 'urls'>,
  now: Date,
  method: HttpMethod,
  principal: RequestContext['principal'],
  newTerms?: RequestContext['newTerms'],
): RequestBase {
  return {
    config: service.config,
    database: service.database,
    logger: service.logger,
    ticketProvider: service.ticketProvider,
    counts: service.counts,
    records: service.records,
    addressLanguage: target.addressLanguage,
    urls: target.urls,
    now,
    method,
    principal,
    newTerms,
  };
}

/** The context an operation or a permission rule runs with: the request's base, a database handle, a language. */
export function makeContext(
  base: RequestBase,
  overrides: {
    db: Db;
    language: string;
    writeSlice?: RequestContext['writeSlice'];
    /** A read's database: the data version its answer is kept under and that database's caches. */
    read?: ReadOn | undefined;
  },
): RequestContext {
  // Spelled out rather than spread, as in makeBase.
  return {
    config: base.config,
    database: base.database,
    logger: base.logger,
    ticketProvider: base.ticketProvider,
    counts: overrides.read?.parts.counts ?? base.counts,
    records: overrides.read ? overrides.read.parts.records : base.records,
    addressLanguage: base.addressLanguage,
    urls: base.urls,
    now: base.now,
    principal: base.principal,
    newTerms: base.newTerms,
    db: overrides.db,
    language: overrides.language,
    writeSlice: overrides.writeSlice,
    dataVersion: overrides.read?.dataVersion,
  };
}
