/**
 * Writing a streamed answer of core (the live stream of changes) to a node:http `ServerResponse`, for the
 * Express router and hosts that write core's answers themselves (Fastify writes it as a Node stream of its
 * own). The bytes are core's either way; the request's signal ends the stream when the client goes.
 */
import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { CoreBodyStream } from './types.js';

/**
 * Writes the chunks of a streamed body as they come, waiting while the client reads slowly (the stream then
 * waits too: nothing piles up), and ends the response when the chunks end. The connection's close (the client
 * went away) cancels the stream. Never rejects: a failed chunk destroys the connection.
 */
export async function writeBodyStream(res: ServerResponse, stream: CoreBodyStream): Promise<void> {
  const gone = new AbortController();
  res.once('close', () => {
    gone.abort();
    stream.cancel();
  });
  try {
    for await (const chunk of stream.chunks) {
      if (res.destroyed) break;
      if (!res.write(chunk)) await once(res, 'drain', { signal: gone.signal });
    }
    if (!res.destroyed) res.end();
  } catch {
    stream.cancel();
    res.destroy();
  }
}
