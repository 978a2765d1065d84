/**
 * The `CoreRequest.signal` of a request answered through a node:http `ServerResponse`: it fires when the
 * connection closes before the answer was written, that is when the client went away. Both adapters (and the
 * standalone server's own answers) take it from here, so that they agree on what "gone" means.
 */
import type { ServerResponse } from 'node:http';

export function clientGoneSignal(res: ServerResponse): AbortSignal {
  const controller = new AbortController();
  // `close` comes once: after the answer was written, or when the connection ended before that.
  res.once('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}
