/** The pages of a list: the first by the typed client, the next ones at the `next_rest_url` each page names. */
import type { HelperContext } from './context.js';
import { CalendarRequestError } from './failure.js';
import type { components, paths } from './schema.gen.js';

/** The lists whose pages link to the next one. */
export type ListPath = '/events' | '/venues' | '/organizers' | '/categories' | '/tags';
export type ListQuery<P extends ListPath> = NonNullable<paths[P]['get']['parameters']['query']>;
export type ListPage<P extends ListPath> = paths[P]['get']['responses'][200]['content']['application/json'];

export interface PageOptions {
  /** The most pages read (the first included); 10 by default. The walk ends there, quietly. */
  maxPages?: number;
}

export const DEFAULT_MAX_PAGES = 10;

export async function* pagesOf<P extends ListPath>(
  context: HelperContext,
  path: P,
  query: ListQuery<P> | undefined,
  options: PageOptions = {},
): AsyncGenerator<ListPage<P>> {
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
  if (!Number.isInteger(maxPages) || maxPages < 1)
    throw new RangeError('maxPages must be a positive integer.');
  // openapi-fetch's overloads are resolved per literal path; every list path has the same shape of call.
  const first = await context.client.GET(path as '/events', {
    params: { query: query as ListQuery<'/events'> },
  });
  if (first.error !== undefined || first.data === undefined)
    throw new CalendarRequestError(first.response.status, first.error as components['schemas']['Error']);
  let page = first.data as ListPage<P>;
  yield page;
  for (let read = 1; read < maxPages && page.next_rest_url; read++) {
    page = (await getJson(context, page.next_rest_url)) as ListPage<P>;
    yield page;
  }
}

/**
 * A GET of an address the service gave, with the client's headers: only on the service's own origin, so that
 * credentials never follow a link elsewhere.
 */
async function getJson(context: HelperContext, address: string): Promise<unknown> {
  const url = new URL(address, `${context.baseUrl}/`);
  if (url.origin !== new URL(context.baseUrl).origin)
    throw new Error(`A page link leads to another origin (${url.origin}); not followed.`);
  const response = await context.fetch(
    new Request(url, { headers: { Accept: 'application/json', ...context.headers } }),
  );
  const body = await response.json().catch(() => undefined);
  if (!response.ok) throw new CalendarRequestError(response.status, body as components['schemas']['Error']);
  return body;
}
