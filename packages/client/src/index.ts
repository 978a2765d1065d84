/**
 * @calendar-events/client: a typed client for the Calendar Events REST API. Every operation's parameters,
 * bodies, answers and errors are typed from the service's OpenAPI document (schema.gen.ts, generated at build
 * time by openapi-typescript); openapi-fetch (a few KB) sends the requests. On top: credentials, the pages of
 * a list (`next_rest_url`) and the change log (`/changes` and its sync tokens), both bounded.
 * @module
 */
import createClient, { type Client } from 'openapi-fetch';
import { authorizationHeader, type CalendarAuth } from './auth.js';
import { type ChangesOptions, type ChangesPage, changesOf } from './changes.js';
import { type ListPage, type ListPath, type ListQuery, type PageOptions, pagesOf } from './pages.js';
import type { components, paths } from './schema.gen.js';

export type { CalendarAuth } from './auth.js';
export type { ChangesOptions, ChangesPage } from './changes.js';
export { CalendarRequestError } from './failure.js';
export type { ListPage, ListPath, ListQuery, PageOptions } from './pages.js';
export type { components, operations, paths } from './schema.gen.js';

type Schemas = components['schemas'];
export type CalendarEvent = Schemas['Event'];
export type CalendarVenue = Schemas['Venue'];
export type CalendarOrganizer = Schemas['Organizer'];
export type CalendarError = Schemas['Error'];
export type CalendarFeedEvent = Schemas['CalendarFeedEvent'];

export interface CalendarClientOptions {
  /** The API's namespace root, as the service's index names it: `https://example.org/calendar/events/v1`. */
  baseUrl: string;
  /** Credentials for writes and for what only some may read: an API key (Bearer) or Basic login and key. */
  auth?: CalendarAuth;
  /** Another fetch (a test's, a framework's); the global one by default. */
  fetch?: (request: Request) => Promise<Response>;
  /** Headers sent with every request (`Accept-Language`, …). */
  headers?: Record<string, string>;
}

export interface CalendarClient extends Client<paths> {
  /**
   * The pages of a list, the first asked with `query`, then each `next_rest_url`, at most `maxPages` (10 by
   * default): `for await (const page of calendar.pages('/events', { per_page: 50 })) …`. A failed page throws
   * `CalendarRequestError`.
   */
  pages<P extends ListPath>(
    path: P,
    query?: ListQuery<P>,
    options?: PageOptions,
  ): AsyncGenerator<ListPage<P>>;
  /**
   * The change log after a sync token (or from now, without one), a page at a time until no more follow, at
   * most `maxPages` (10 by default): keep each page's `next_token` to resume from.
   */
  changes(options?: ChangesOptions): AsyncGenerator<ChangesPage>;
}

export function createCalendarClient(options: CalendarClientOptions): CalendarClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const headers: Record<string, string> = { ...options.headers };
  if (options.auth) headers.Authorization = authorizationHeader(options.auth);
  const fetch = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const client = createClient<paths>({ baseUrl, headers, fetch });
  const context = { client, baseUrl, headers, fetch };
  return {
    ...client,
    pages: (path, query, pageOptions) => pagesOf(context, path, query, pageOptions),
    changes: (changeOptions) => changesOf(context, changeOptions),
  };
}
