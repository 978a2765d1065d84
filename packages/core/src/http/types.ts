import type { Principal } from '../auth/principal.js';
import type { CoreBodyStream } from '../route-table/route.js';

/** The request body as the adapter has it. */
export type CoreRequestBody =
  /** Raw bytes (a Node request stream, a buffer, or text); core reads it, enforcing the size limit. */
  | { kind: 'raw'; data: AsyncIterable<Uint8Array> | Uint8Array | string }
  /** Already parsed by a host application's body parser (Express `req.body`). */
  | { kind: 'parsed'; value: unknown }
  /**
   * Refused by a host application's body parser (malformed JSON, over its size limit, unreadable): core
   * answers with its own error for it, so the client sees the API's envelope whoever parsed.
   */
  | { kind: 'rejected'; reason: 'invalid-json' | 'too-large' | 'invalid-body'; message?: string };

export interface CoreRequest {
  /** Upper-case HTTP method. */
  method: string;
  /** The request path and query as received (`/api/calendar/events/v1/events?page=2`). */
  url: string;
  /** Where the adapter is mounted in the host app (`/api`, or `` at the root). */
  mountPath: string;
  /** Header names in lower case. */
  headers: Record<string, string | string[] | undefined>;
  /**
   * The body: a plain string (`JSON.stringify(…)`, a form's text) or bytes, read as the `content-type`
   * header says (JSON, a form, multipart, `text/calendar`), as the `raw` kind is; or the adapter's form of it.
   * None (or `''`) for a request without a body.
   */
  body?: CoreRequestBody | string | Uint8Array;
  /**
   * The client's IP address as the connection shows it (`socket.remoteAddress`): the key of rate limiting.
   * With `trustProxy`, core takes the last entry of `X-Forwarded-For` instead: the address the proxy in front
   * saw (the entries before it are whatever the client wrote).
   */
  remoteAddress?: string;
  /**
   * Whether whoever writes the answer sends `body` as is, whatever its encoding (both adapters set this).
   * Core compresses answers only then, so a caller that reads the answer as text (`textOf`) never gets a
   * compressed body.
   */
  writesBytes?: boolean;
  /** Whether the connection is TLS, used to build absolute URLs when no public URL is configured. */
  encrypted?: boolean;
  /** The address language this adapter was mounted with (SPEC §2), if any. */
  language?: string;
  /**
   * The host application's own authentication for this request (SPEC §6), replacing the built-in API keys:
   * adapters set it from their `authenticate(frameworkRequest)` option.
   */
  authenticate?: () => Promise<Principal | null> | Principal | null;
  /**
   * Fires when the client goes away before its answer is written (adapters set it from the connection's
   * `close`). Core then cancels the request's running statement (PostgreSQL) and starts no other; a write
   * it interrupts is rolled back whole.
   */
  signal?: AbortSignal;
}

export interface CoreResponse {
  status: number;
  headers: Record<string, string>;
  /**
   * The body to write as is, or undefined for no body (304, HEAD). Core's answers hold their UTF-8 bytes
   * (a Buffer); a compressed answer (`Content-Encoding`) holds the compressed bytes. `textOf(response)`
   * gives the text of an uncompressed answer.
   */
  body: string | Uint8Array | undefined;
  /**
   * A body written as it comes (the live stream of changes, `text/event-stream`): then `body` is undefined and
   * the writer sends the headers, then each chunk at once, until the chunks end. `writeNodeResponse` does so
   * for a node:http `ServerResponse`; a writer of its own ends it with `cancel()` when its client goes.
   */
  stream?: CoreBodyStream;
}

export type { CoreBodyStream };
