/**
 * `GET /changes/stream`: the change log as Server-Sent Events, as `GET /changes` pages it (service.ts: what a
 * caller sees). Each change is an event whose `id:` is its token, so that EventSource resumes after it with
 * `Last-Event-ID`; a `position` event moves the resume point past changes this caller cannot see; a comment
 * line keeps a quiet connection alive. Token errors (400, 410) and a full house (503) are answered
 * before the stream; the caller's view is fixed when it connects, and a stream ends after
 * `maxDurationMs`, when EventSource connects again and the caller is checked anew.
 */
import { toErrorBody } from '../../errors/api-error.js';
import { apiError } from '../../errors/catalog.js';
import type { Logger } from '../../logger.js';
import type { RequestContext } from '../../route-table/context.js';
import type { CoreBodyStream, OperationResult } from '../../route-table/route.js';
import type { ChangeFeed } from './feed.js';
import { type ChangeAudience, type LogState, readLogState } from './repository.js';
import { audienceOf, changeOf, readPageAfter, refuseUnusableToken, syncTokenExpired } from './service.js';
import { type ChangePosition, comparePositions, decodeChangeToken, encodeChangeToken } from './token.js';

/** Changes read per statement while a stream catches up. */
const STREAM_PAGE = 100;
const HEARTBEAT = ': heartbeat\n\n';
const RETRY_AFTER_SECONDS = 5;
export const CHANGE_STREAM_CONTENT_TYPE = 'text/event-stream; charset=utf-8';

export function streamChanges(feed: ChangeFeed) {
  return async (
    context: RequestContext,
    params: { since?: string | undefined },
  ): Promise<OperationResult> => {
    const state = await readLogState(context.db);
    // The parameter's validation decoded it already.
    const from = params.since === undefined ? state.now : (decodeChangeToken(params.since) as ChangePosition);
    refuseUnusableToken(from, state);
    if (feed.closed || feed.open >= feed.settings.maxStreams)
      throw apiError('rest_too_many_streams', { headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) } });
    return {
      body: undefined,
      contentType: CHANGE_STREAM_CONTENT_TYPE,
      // no-store: a stream is never kept; X-Accel-Buffering: nginx passes each event at once.
      headers: { 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no' },
      stream: changeStream({
        feed,
        db: context.db,
        logger: context.logger,
        audience: audienceOf(context.principal),
        from,
      }),
    };
  };
}

interface StreamDeps {
  feed: ChangeFeed;
  db: RequestContext['db'];
  logger: Logger;
  audience: ChangeAudience;
  from: ChangePosition;
}

function changeStream(deps: StreamDeps): CoreBodyStream {
  const stop = new AbortController();
  return {
    chunks: encoded(followLog(deps, stop.signal)),
    cancel: () => stop.abort(),
  };
}

async function* encoded(texts: AsyncIterable<string>): AsyncIterable<Uint8Array> {
  for await (const text of texts) yield Buffer.from(text);
}

/**
 * Where the stream stands, as an event of its own type (`onmessage` does not see it) whose id is the
 * position: the HTML standard's EventSource keeps an `id:` sent alone too, but common clients (the
 * `eventsource` package) keep only the id of an event with data.
 */
function positionEvent(position: ChangePosition): string {
  const token = encodeChangeToken(position);
  return `id: ${token}\nevent: position\ndata: {"next_token":"${token}"}\n\n`;
}

/** The 410 a new request with this stream's last id would answer, as the stream's last event. */
function expiredEvent(state: LogState): string {
  return `event: expired\ndata: ${JSON.stringify(toErrorBody(syncTokenExpired(state)))}\n\n`;
}

/** The stream's text, record by record: what is new since `from`, then each change as the log moves. */
async function* followLog(deps: StreamDeps, stop: AbortSignal): AsyncGenerator<string> {
  const { feed, db, audience } = deps;
  const { settings } = feed;
  const release = feed.admit();
  // More streams began at once than the service holds: this one ends, and EventSource retries.
  if (!release) {
    yield `retry: ${settings.retryMs}\n\n`;
    return;
  }
  const deadline = Date.now() + settings.maxDurationMs;
  let position = deps.from;
  try {
    yield `retry: ${settings.retryMs}\n${positionEvent(position)}`;
    while (!stop.aborted) {
      const state = await readLogState(db);
      const page = await readPageAfter(db, state, position, audience, STREAM_PAGE);
      // The retention passed this stream (a client that read nothing for the whole retention): it ends, and
      // connecting again with its last id answers 410 with where to start again.
      if (!page) {
        yield expiredEvent(state);
        return;
      }
      let text = '';
      for (const row of page.rows)
        text += `id: ${encodeChangeToken(row)}\ndata: ${JSON.stringify(changeOf(row, audience))}\n\n`;
      const last = page.rows.at(-1);
      if (page.hasMore) {
        position = page.next;
        yield text;
        continue;
      }
      // All read up to "now": the resume point moves past the changes this caller cannot see, too.
      if (comparePositions(page.next, last ?? position) !== 0) text += positionEvent(page.next);
      position = page.next;
      if (text) yield text;
      if (!(yield* waitForChange(feed, state.now.version - 1, deadline, stop))) return;
    }
  } catch (error) {
    deps.logger.warn({ err: error }, 'a live stream of changes ended: the change log could not be read');
  } finally {
    release();
  }
}

/** Heartbeats until the data version passes `known` (true), or the stream's end (false). */
async function* waitForChange(
  feed: ChangeFeed,
  known: number,
  deadline: number,
  stop: AbortSignal,
): AsyncGenerator<string, boolean> {
  for (;;) {
    const remaining = deadline - Date.now();
    if (remaining <= 0) return false;
    const outcome = await feed.waitPast(known, Math.min(feed.settings.heartbeatMs, remaining), stop);
    if (outcome === 'moved') return true;
    if (outcome === 'ended') return false;
    yield HEARTBEAT;
  }
}
