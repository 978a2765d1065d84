/** The change log (`GET /changes`) a page at a time, following its sync tokens. */
import type { HelperContext } from './context.js';
import { CalendarRequestError } from './failure.js';
import { DEFAULT_MAX_PAGES } from './pages.js';
import type { components } from './schema.gen.js';

export type ChangesPage = components['schemas']['Changes'];

export interface ChangesOptions {
  /** The sync token to read after (a `next_token` kept from before); without it, the log from now. */
  since?: string;
  /** Changes per page (the service's default 100, at most 1000). */
  limit?: number;
  /** The most pages read; 10 by default. Resume from the last page's `next_token`. */
  maxPages?: number;
}

export async function* changesOf(
  context: HelperContext,
  options: ChangesOptions = {},
): AsyncGenerator<ChangesPage> {
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
  if (!Number.isInteger(maxPages) || maxPages < 1)
    throw new RangeError('maxPages must be a positive integer.');
  let since = options.since;
  for (let read = 0; read < maxPages; read++) {
    const query = {
      ...(since !== undefined ? { since } : {}),
      ...(options.limit ? { limit: options.limit } : {}),
    };
    const { data, error, response } = await context.client.GET('/changes', { params: { query } });
    // An expired token is a 410 whose `data.next_token` says where to go on from (after reading the records again).
    if (error !== undefined || data === undefined)
      throw new CalendarRequestError(response.status, error as components['schemas']['Error']);
    yield data;
    if (!data.has_more) return;
    since = data.next_token;
  }
}
