/**
 * The list envelope of events, venues and organizers (ref §3.1): items, `rest_url`, `next_rest_url`,
 * `previous_rest_url`, `total`, `total_pages`, the total headers and an RFC 8288 `Link` header.
 */
import type { CalendarConfig } from '../config.js';
import { type PluginErrorCode, pluginError } from '../errors/catalog.js';
import type { RequestContext } from './context.js';
import { param } from './params.js';
import type { OperationResult } from './route.js';

export const pageParams = {
  page: param.positiveInteger(
    { en: 'The page of results to return.', de: 'Die Seite der Ergebnisse.' },
    { default: 1 },
  ),
  per_page: param.positiveInteger<RequestContext>(
    {
      en: 'How many results per page (at most the configured maximum, 50 by default).',
      de: 'Ergebnisse pro Seite (höchstens das eingestellte Maximum, standardmäßig 50).',
    },
    { default: (context: RequestContext) => context.config.perPage },
  ),
};

export interface Paging {
  page: number;
  perPage: number;
  offset: number;
}

/** `per_page` above the maximum is capped silently, not an error (ref §3.1). */
export function resolvePaging(params: { page?: number; per_page?: number }, config: CalendarConfig): Paging {
  const page = params.page ?? 1;
  const perPage = Math.min(params.per_page ?? config.perPage, config.maxPerPage);
  return { page, perPage, offset: (page - 1) * perPage };
}

/** A parameter `rest_url` echoes; a `null` value is a bare key (`geoloc_lat`), as the plugin writes some. */
export type EchoedParam = readonly [string, string | null];

function withQuery(base: string, query: ReadonlyArray<EchoedParam>): string {
  if (query.length === 0) return base;
  const pairs = query.map(([k, v]) =>
    v === null ? encodeURIComponent(k) : `${encodeURIComponent(k)}=${encodeURIComponent(v)}`,
  );
  return `${base}?${pairs.join('&')}`;
}

export interface ListPage {
  /** `events`, `venues` or `organizers`. */
  key: string;
  items: unknown[];
  total: number;
  paging: Paging;
  /** The collection URL with its trailing slash (`…/events/`). */
  collectionUrl: string;
  /** The effective query the `rest_url` echoes, in order, without `page`/`per_page`. */
  query: ReadonlyArray<EchoedParam>;
  notFoundCode: PluginErrorCode;
}

export function listEnvelope(list: ListPage): OperationResult {
  const { page, perPage } = list.paging;
  const totalPages = list.total === 0 ? 0 : Math.ceil(list.total / perPage);
  if (list.items.length === 0 && page > 1) throw pluginError(list.notFoundCode);
  const pageless = [['per_page', String(perPage)] as const, ...list.query];
  const restUrl = withQuery(list.collectionUrl, [['page', String(page)], ...pageless]);
  const body: Record<string, unknown> = { [list.key]: list.items, rest_url: restUrl };
  const links: string[] = [];
  if (page < totalPages) {
    body.next_rest_url = withQuery(list.collectionUrl, [...pageless, ['page', String(page + 1)]]);
    links.push(`<${body.next_rest_url}>; rel="next"`);
  }
  if (page > 1 && page - 1 <= totalPages) {
    body.previous_rest_url = withQuery(
      list.collectionUrl,
      page - 1 === 1 ? pageless : [...pageless, ['page', String(page - 1)]],
    );
    links.push(`<${body.previous_rest_url}>; rel="prev"`);
  }
  body.total = list.total;
  body.total_pages = totalPages;
  return { body, headers: totalHeaders(list.total, totalPages, links) };
}

export function totalHeaders(total: number, totalPages: number, links: string[]): Record<string, string> {
  const headers: Record<string, string> = {
    'X-TEC-Total': String(total),
    'X-TEC-TotalPages': String(totalPages),
    'X-WP-Total': String(total),
    'X-WP-TotalPages': String(totalPages),
  };
  if (links.length > 0) headers.Link = links.join(', ');
  return headers;
}
