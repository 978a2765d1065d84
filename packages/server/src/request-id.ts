/**
 * Every request gets an id: the caller's `X-Request-Id` if sane, else a new one. It goes back in the answer's
 * `X-Request-Id`, on the request's access-log line, and into `req.headers`, where core reads it for the
 * lines it writes about the request (a 500's cause, a rate limit).
 *
 * The answer's header is added when the answer's head is written, not set on the response when the request
 * arrives: a header set beforehand sends Node's `writeHead` down its slow path, one `setHeader` (with its
 * checks) per header of the answer, on every request of both adapters (figures in tools/bench/RESULTS.md,
 * "Cached reads, third look").
 */
import { randomUUID } from 'node:crypto';
import { type IncomingMessage, type OutgoingHttpHeaders, ServerResponse } from 'node:http';

/** An incoming `X-Request-Id` worth keeping: short, and nothing that could forge a log line. */
const SANE_REQUEST_ID = /^[\w.:@/+=-]{1,128}$/;

const REQUEST_ID = Symbol('the request id the answer still has to carry');
const HEAD = Symbol('the headers the answer was written with, where Node keeps none');

type ResponseWithId = ServerResponse & {
  [REQUEST_ID]?: string | undefined;
  [HEAD]?: OutgoingHttpHeaders;
};

/** The request's id, kept in `req.headers` (a new one unless the caller's is sane). */
export function requestId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  if (typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming)) return incoming;
  const id = randomUUID();
  req.headers['x-request-id'] = id;
  return id;
}

/** Has `res`'s head, when it is written, carry `X-Request-Id: id` (its response class must be `withRequestIds`'). */
export function answerWithRequestId(res: ServerResponse, id: string): void {
  (res as ResponseWithId)[REQUEST_ID] = id;
}

const writeHead = ServerResponse.prototype.writeHead as (
  this: ServerResponse,
  statusCode: number,
  reason?: string | OutgoingHttpHeaders | unknown[],
  headers?: OutgoingHttpHeaders | unknown[],
) => ServerResponse;

/**
 * `writeHead` adding the request's id: into the object of headers the answer is written with when there is one
 * and nothing was set on the response before (Node's fast path), else with `setHeader` as before. An id the
 * answer already carries is left alone.
 */
function writeHeadWithRequestId(
  this: ResponseWithId,
  statusCode: number,
  reason?: string | OutgoingHttpHeaders | unknown[],
  headers?: OutgoingHttpHeaders | unknown[],
): ServerResponse {
  const id = this[REQUEST_ID];
  if (id !== undefined) {
    this[REQUEST_ID] = undefined;
    const object = typeof reason === 'string' ? headers : (reason ?? headers);
    const plain =
      object !== undefined && !Array.isArray(object) ? (object as OutgoingHttpHeaders) : undefined;
    if (plain && (plain['x-request-id'] !== undefined || plain['X-Request-Id'] !== undefined)) {
      // The answer names its own.
    } else if (plain && this.getHeaderNames().length === 0) {
      const withId = { ...plain, 'x-request-id': id };
      this[HEAD] = withId;
      if (typeof reason === 'string') headers = withId;
      else reason = withId;
    } else if (!this.hasHeader('x-request-id')) this.setHeader('X-Request-Id', id);
  }
  return writeHead.call(this, statusCode, reason, headers);
}

/**
 * A header of the answer once its head is written: `getHeader` knows only those set on the response, not those
 * Node's fast path wrote.
 */
export function sentHeader(res: ServerResponse, name: string): OutgoingHttpHeaders[string] {
  const set = res.getHeader(name);
  if (set !== undefined) return set;
  const head = (res as ResponseWithId)[HEAD];
  if (!head) return undefined;
  const lower = name.toLowerCase();
  for (const key in head) if (key.toLowerCase() === lower) return head[key];
  return undefined;
}

/** Makes the responses of `prototype` (a `ServerResponse` class's, or Express's `app.response`) carry ids. */
export function withRequestIds(prototype: object): void {
  Object.defineProperty(prototype, 'writeHead', {
    value: writeHeadWithRequestId,
    writable: true,
    configurable: true,
  });
}

/** A `ServerResponse` whose head carries the request's id. */
export class RequestIdResponse extends ServerResponse {}
withRequestIds(RequestIdResponse.prototype);
