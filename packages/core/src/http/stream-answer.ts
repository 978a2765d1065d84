import type { ParamBag } from '../route-table/params.js';
import { header } from './request-url.js';
import type { CoreRequest, CoreResponse } from './types.js';

/**
 * A streamed answer (`RouteDefinition.streams`): never kept; `Last-Event-ID` stands for `since` (EventSource
 * sends it when it connects again); the stream ends when its client goes away.
 */
export async function answerStream(
  request: CoreRequest,
  raw: ParamBag,
  run: () => Promise<CoreResponse>,
): Promise<CoreResponse> {
  const lastEventId = header(request, 'last-event-id');
  if (lastEventId !== undefined) raw.since = lastEventId;
  const response = await run();
  const { stream } = response;
  if (!stream) return response;
  if (request.method.toUpperCase() === 'HEAD') {
    const { stream: _unread, ...headers } = response;
    return headers;
  }
  if (request.signal?.aborted) stream.cancel();
  else request.signal?.addEventListener('abort', () => stream.cancel(), { once: true });
  return response;
}
