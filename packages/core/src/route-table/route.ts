/**
 * The route table is data: one entry per (path, method set) with its parameters, permission rule and
 * operation. Route matching, the namespace index, OPTIONS/Allow and /doc are all derived from it.
 */
import type { ZodType } from 'zod';
import type { Descriptions } from '../i18n/descriptions.js';
import type { RequestContext } from './context.js';
import type { InferParams, ParamBag, ParamSpecs } from './params.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Chunks to write as they come. Nothing is held until the chunks are first read: an answer dropped unread
 * (the answer to a HEAD) costs nothing.
 */
export interface CoreBodyStream {
  readonly chunks: AsyncIterable<Uint8Array>;
  /** Ends the stream: the chunks end after the one under way (the client went away, the service closes). */
  cancel(): void;
}

/** What an operation returns; `respond` turns it into bytes. */
export interface OperationResult {
  status?: number;
  /** Serialized as JSON; a string sent as it is when `contentType` is given. */
  body: unknown;
  headers?: Record<string, string>;
  /** The media type of a body that is not JSON (`text/calendar; charset=UTF-8`): then `body` is its text. */
  contentType?: string;
  /** A body written as it comes (with `contentType`; `body` is then ignored): the route says `streams`. */
  stream?: CoreBodyStream;
}

// biome-ignore lint/suspicious/noExplicitAny: parameters are validated against `params` before the call
export type Params = Record<string, any>;

export interface RouteDefinition {
  /** A stable name, e.g. `events.update`. */
  name: string;
  /** Path inside the namespace with `{id}` (digits) and `{slug}` (no slash) placeholders; `` for the root. */
  path: string;
  methods: readonly HttpMethod[];
  summary: Descriptions;
  params: ParamSpecs;
  /** The permission rule, run after validation (WordPress's order). False → 401/403 `rest_forbidden`. */
  authorize?: (context: RequestContext, params: Params) => boolean | Promise<boolean>;
  /**
   * Whether the caller may use the route at all, as `Allow` names it (WordPress's `permission_callback`):
   * the caller and the record the path names, not what this request asks (an `author` refused by
   * `authorize` still leaves the method in `Allow`). `authorize` when absent.
   */
  allows?: (context: RequestContext, params: Params) => boolean | Promise<boolean>;
  /**
   * Reads ahead, in as few statements as it can, what the validation of the parameters sent will look up (an
   * event write's venue and organizers, checked and locked in one statement). It refuses nothing itself: the
   * validators still decide, from what it read.
   */
  prepare?: (context: RequestContext, sent: ParamBag) => Promise<void>;
  /**
   * Locks the record a write changes until its transaction ends, before permission and If-Match read it, so
   * that no other writer (another program too) changes it between the checks and the write.
   */
  lockRecord?: (context: RequestContext, params: Params) => Promise<void>;
  /**
   * The operation, given the validated parameters and the request's parameters as sent (for the few
   * answers WordPress gives to a parameter the route does not declare).
   */
  operation: (context: RequestContext, params: Params, sent: ParamBag) => Promise<OperationResult>;
  /**
   * Whether the answer depends on the clock beyond the stored data (default date windows, computed
   * defaults): such answers are cached for one clock second only.
   */
  clockDependent?: boolean;
  /** The response body's schema, for /doc. */
  response?: ZodType;
  /**
   * A write that may be long (an import): the operation runs outside a transaction and writes in bounded
   * slices, each committed by `context.writeSlice`, so that it never holds the database, nor the event loop,
   * for long. Validation and permission are read outside any transaction.
   */
  writesInSlices?: true;
  /**
   * The route reads and writes only what no data version covers (the webhooks: the service's settings, not data
   * any other answer is built from): its GET answers are never kept (another instance's change would not
   * move the version they are kept by), and its writes do not bump the data version (which would drop every
   * kept answer and change no ETag of the data); each of its writes is a single statement.
   */
  outsideDataVersion?: true;
  /**
   * The route answers with a stream (the live changes): never kept, never compressed, and the SSE header
   * `Last-Event-ID`, when sent, stands for its `since` parameter (EventSource sends it when it connects again).
   */
  streams?: true;
}

/** A route as its resource writes it: the permission rule, lock and operation see the parameters' own types. */
export interface TypedRoute<P extends ParamSpecs>
  extends Omit<RouteDefinition, 'params' | 'authorize' | 'allows' | 'lockRecord' | 'operation'> {
  params: P;
  authorize?: (context: RequestContext, params: InferParams<P>) => boolean | Promise<boolean>;
  allows?: (context: RequestContext, params: InferParams<P>) => boolean | Promise<boolean>;
  lockRecord?: (context: RequestContext, params: InferParams<P>) => Promise<void>;
  operation: (context: RequestContext, params: InferParams<P>, sent: ParamBag) => Promise<OperationResult>;
}

/**
 * Declares a route with typed parameters (as tRPC's `.input()` types its resolver): the compiler checks every
 * `params.x` an operation reads against the route's specs. The table itself stays erased (`RouteDefinition`):
 * the pipeline validates the parameters against the same specs before it calls the operation.
 */
export function defineRoute<const P extends ParamSpecs>(route: TypedRoute<P>): RouteDefinition {
  return route as unknown as RouteDefinition;
}
