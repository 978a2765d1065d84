/**
 * A Server-Sent Events reader for the tests of the live stream: a real HTTP request (Node's fetch), its body
 * parsed as it comes by `eventsource-parser` (an implementation of the standard's parsing that is not ours),
 * every record kept in order (events, comments, `retry:`) for the test to wait on.
 */
import { createParser } from 'eventsource-parser';

export type SseRecord =
  | { kind: 'event'; id: string | undefined; event: string | undefined; data: string }
  | { kind: 'comment'; text: string }
  | { kind: 'retry'; ms: number };

export interface SseConnection {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** The body of an answer that is no stream (an error), read whole. */
  text: string | undefined;
  /** The next record, within `timeoutMs` (rejects after it, naming what came). */
  next(timeoutMs?: number): Promise<SseRecord>;
  /** The next event of the default type (a change), skipping position events, comments and retry. */
  nextChange(timeoutMs?: number): Promise<{ id: string; data: Record<string, unknown> }>;
  /** Every record so far. */
  readonly records: SseRecord[];
  /** Resolves when the server ended the body. */
  readonly ended: Promise<void>;
  close(): void;
}

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseConnection> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  const responseHeaders: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    responseHeaders[name] = value;
  });
  const records: SseRecord[] = [];
  let read = 0;
  let wake: (() => void) | undefined;
  const push = (record: SseRecord) => {
    records.push(record);
    wake?.();
  };
  const isStream = (responseHeaders['content-type'] ?? '').startsWith('text/event-stream') && response.body;
  let text: string | undefined;
  let ended: Promise<void>;
  let done = false;
  if (!isStream) {
    text = await response.text();
    done = true;
    ended = Promise.resolve();
  } else {
    ended = readSseBody(response.body as unknown as AsyncIterable<Uint8Array>, push).finally(() => {
      done = true;
      wake?.();
    });
  }
  async function next(timeoutMs = 5000): Promise<SseRecord> {
    const deadline = Date.now() + timeoutMs;
    while (read >= records.length) {
      if (done) throw new Error(`the stream ended; records: ${JSON.stringify(records)}`);
      const remaining = deadline - Date.now();
      if (remaining <= 0)
        throw new Error(`no record within ${timeoutMs} ms; records: ${JSON.stringify(records)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, remaining);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    }
    return records[read++]!;
  }
  return {
    status: response.status,
    headers: responseHeaders,
    text,
    records,
    ended,
    next,
    async nextChange(timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const record = await next(Math.max(1, deadline - Date.now()));
        if (record.kind === 'event' && record.event === undefined)
          return { id: record.id ?? '', data: JSON.parse(record.data) as Record<string, unknown> };
      }
    },
    close() {
      controller.abort();
    },
  };
}

/**
 * Parses a Server-Sent Events body as it comes, calling `onRecord` for each event, comment and `retry:`;
 * resolves when the body ends (or its reading fails: a connection the test closed).
 */
export async function readSseBody(
  body: AsyncIterable<Uint8Array>,
  onRecord: (record: SseRecord) => void,
): Promise<void> {
  const parser = createParser({
    onEvent: (event) => onRecord({ kind: 'event', id: event.id, event: event.event, data: event.data }),
    onComment: (comment) => onRecord({ kind: 'comment', text: comment }),
    onRetry: (ms) => onRecord({ kind: 'retry', ms }),
  });
  const decoder = new TextDecoder();
  try {
    for await (const chunk of body) parser.feed(decoder.decode(chunk, { stream: true }));
  } catch {
    // Closed by the test.
  }
}
