/**
 * Reading every record of a site of the plugin through its own lists, page by page: events of every date and
 * (with credentials) every status, venues and organizers whether used or not, categories and tags whether empty
 * or not, the events hidden from listings (`hidden-events.ts`), and the authors of all of them. The plugin's
 * lists take the largest page of 50; the totals come from `X-TEC-TotalPages` (or WordPress's
 * `X-WP-TotalPages`, or the body's `total_pages`). A page past the end answers 404 `*-archive-page-not-found`
 * for events, venues and organizers and an empty 200 for terms: both simply end the list.
 */

import type { TecRecord, TecSnapshot, TecUser } from '@calendar-events/core';
import { type DiscoveredSource, routeUrl, TEC_NAMESPACE } from './discovery.js';
import { readHiddenEvents } from './hidden-events.js';
import type { PageStore, StoredPage } from './page-store.js';
import { type SourceAnswer, type SourceClient, SourceError } from './source-client.js';

export const LISTS = ['events', 'venues', 'organizers', 'categories', 'tags'] as const;
export type ListName = (typeof LISTS)[number];

/** The plugin caps `per_page` at 50 (ref §3.1, §3.2); WordPress's own lists at 100. */
export const PLUGIN_PAGE_SIZE = 50;
export const WORDPRESS_PAGE_SIZE = 100;

/** Every status the plugin registers for its posts, asked for explicitly (`any` would leave out trash). */
export const ALL_STATUSES = 'publish,future,draft,pending,private,trash';

/**
 * The events list keeps only events from yesterday on unless `start_date` is given (ref §6.1), and only up to
 * two years ahead unless `end_date` is: a window wide enough for any calendar, read as whole days.
 */
export const EVERY_DATE = { start_date: '1900-01-01', end_date: '2999-12-31' } as const;

/** The query of each list: the same on every page but `page`. */
export function listQuery(list: ListName, authenticated: boolean): Record<string, string | number> {
  const query: Record<string, string | number> = { per_page: PLUGIN_PAGE_SIZE };
  if (list === 'events') Object.assign(query, EVERY_DATE);
  if (list === 'categories' || list === 'tags') query.hide_empty = 'false';
  else if (authenticated) {
    // `context=edit` shows an editor the fields of password-protected records instead of blanks (ref §8.3).
    query.status = ALL_STATUSES;
    query.context = 'edit';
  }
  return query;
}

export interface ReadProgress {
  list: ListName | 'users' | 'hidden events';
  /** Records read of this list so far. */
  read: number;
  /** The list's total, once its first page has told. */
  total?: number;
  /** Whether the page came from the state directory of an earlier run. */
  resumed: boolean;
}

export interface ReadSourceOptions {
  store: PageStore;
  onProgress?(progress: ReadProgress): void;
  /** Something the reader could not do, as a line for the person running the import. */
  onNote?(line: string): void;
}

function header(answer: SourceAnswer, ...names: string[]): number | undefined {
  for (const name of names) {
    const value = answer.headers.get(name);
    if (value !== null && /^\d+$/.test(value.trim())) return Number(value);
  }
  return undefined;
}

function errorLine(answer: SourceAnswer, url: string): string {
  const body = answer.json as { code?: string; message?: string } | undefined;
  if (answer.status === 401 || answer.status === 403)
    return `${url} refused access (${answer.status}${body?.code ? ` ${body.code}` : ''}): check --user and the application password`;
  if (body?.code) return `${url} answered ${answer.status} ${body.code}: ${body.message ?? ''}`.trim();
  if (answer.json === undefined) return `${url} answered ${answer.status} with a page that is not JSON`;
  return `${url} answered ${answer.status}`;
}

/** One page of a list, from the source; `undefined` when the page is past the end. */
async function fetchListPage(
  client: SourceClient,
  source: DiscoveredSource,
  list: ListName,
  page: number,
): Promise<StoredPage | undefined> {
  const url = routeUrl(source.restRoot, `/${TEC_NAMESPACE}/${list}`, {
    ...listQuery(list, client.authenticated),
    page,
  });
  const answer = await client.get(url);
  const code = (answer.json as { code?: unknown } | undefined)?.code;
  if (
    page > 1 &&
    answer.status === 404 &&
    typeof code === 'string' &&
    code.endsWith('archive-page-not-found')
  )
    return undefined;
  const params = (answer.json as { data?: { params?: Record<string, unknown> } } | undefined)?.data?.params;
  if (answer.status === 400 && params && 'status' in params)
    throw new SourceError(
      `the site refused to list ${list} of every status to this login (400 on status): read with an editor's or administrator's login, or without --user`,
    );
  if (answer.status !== 200) throw new SourceError(errorLine(answer, url));
  const items = (answer.json as Record<string, unknown> | undefined)?.[list];
  if (!Array.isArray(items)) throw new SourceError(`${url} did not answer a list of ${list}`);
  if (items.length === 0 && page > 1) return undefined;
  const body = answer.json as { total?: unknown; total_pages?: unknown };
  const total = header(answer, 'x-tec-total', 'x-wp-total') ?? Number(body.total);
  const totalPages =
    header(answer, 'x-tec-totalpages', 'x-wp-totalpages') ??
    Number(body.total_pages ?? (items.length ? 1 : 0));
  return { items, totalPages, ...(Number.isFinite(total) ? { total } : {}) };
}

/** A page from an earlier run's state, else from the source (then kept for the next run). */
async function page(
  client: SourceClient,
  source: DiscoveredSource,
  store: PageStore,
  list: ListName,
  number: number,
): Promise<{ content: StoredPage | undefined; resumed: boolean }> {
  const kept = await store.read(list, number);
  if (kept) return { content: kept.items.length === 0 && number > 1 ? undefined : kept, resumed: true };
  const content = await fetchListPage(client, source, list, number);
  await store.write(list, number, content ?? { items: [], totalPages: 0 });
  return { content, resumed: false };
}

/** Every record of one list: page 1 for the totals, then the other pages at once (the client bounds them). */
async function readList(
  client: SourceClient,
  source: DiscoveredSource,
  list: ListName,
  options: ReadSourceOptions,
): Promise<TecRecord[]> {
  const first = await page(client, source, options.store, list, 1);
  const records = new Map<number, TecRecord>();
  const total = first.content?.total;
  const add = (content: StoredPage | undefined, resumed: boolean) => {
    for (const item of content?.items ?? []) {
      const record = item as TecRecord;
      // Lists of events shift when the source changes during the read: a record seen twice is kept once.
      if (typeof record?.id === 'number') records.set(record.id, record);
    }
    options.onProgress?.({ list, read: records.size, ...(total !== undefined ? { total } : {}), resumed });
  };
  add(first.content, first.resumed);
  const totalPages = first.content?.totalPages ?? 0;
  const rest = Array.from({ length: Math.max(0, totalPages - 1) }, (_, index) => index + 2);
  await Promise.all(
    rest.map(async (number) => {
      const next = await page(client, source, options.store, list, number);
      add(next.content, next.resumed);
    }),
  );
  return [...records.values()];
}

function userOf(json: Record<string, unknown>): TecUser | undefined {
  const id = Number(json.id);
  if (!Number.isInteger(id) || id <= 0) return undefined;
  const user: TecUser = { id };
  if (typeof json.username === 'string' && json.username !== '') user.login = json.username;
  if (typeof json.slug === 'string' && json.slug !== '') user.slug = json.slug;
  if (typeof json.name === 'string' && json.name !== '') user.name = json.name;
  return user;
}

/**
 * The authors: with credentials of an administrator, WordPress's user list in the edit context (which has the
 * login, `username`); otherwise each author's public profile (`slug`, `name`) where the site shows it, and
 * just the id where it does not.
 */
async function readUsers(
  client: SourceClient,
  source: DiscoveredSource,
  authorIds: number[],
  options: ReadSourceOptions,
): Promise<TecUser[]> {
  const kept = await options.store.read('users', 1);
  if (kept) {
    options.onProgress?.({ list: 'users', read: kept.items.length, resumed: true });
    return kept.items as TecUser[];
  }
  const users = new Map<number, TecUser>();
  if (client.authenticated) {
    for (let number = 1; ; number++) {
      const url = routeUrl(source.restRoot, '/wp/v2/users', {
        context: 'edit',
        per_page: WORDPRESS_PAGE_SIZE,
        page: number,
      });
      const answer = await client.get(url);
      if (answer.status !== 200 || !Array.isArray(answer.json)) break;
      for (const json of answer.json as Record<string, unknown>[]) {
        const user = userOf(json);
        if (user) users.set(user.id, user);
      }
      const totalPages = header(answer, 'x-wp-totalpages') ?? 1;
      if (number >= totalPages || answer.json.length === 0) break;
    }
  }
  const missing = authorIds.filter((id) => !users.has(id));
  await Promise.all(
    missing.map(async (id) => {
      const answer = await client.get(routeUrl(source.restRoot, `/wp/v2/users/${id}`));
      const json = answer.json as Record<string, unknown> | undefined;
      users.set(id, (answer.status === 200 && json && userOf(json)) || { id });
    }),
  );
  const list = [...users.values()].sort((a, b) => a.id - b.id);
  await options.store.write('users', 1, { items: list, totalPages: 1 });
  options.onProgress?.({ list: 'users', read: list.length, resumed: false });
  return list;
}

/** The ids of the authors of events, venues and organizers (`author` is a string of digits). */
function authorIdsOf(...lists: TecRecord[][]): number[] {
  const ids = new Set<number>();
  for (const list of lists)
    for (const record of list) {
      const id = Number(record.author);
      if (Number.isInteger(id) && id > 0) ids.add(id);
    }
  return [...ids].sort((a, b) => a - b);
}

/** Reads everything of the source into one snapshot (for the writer, which checks every id before it writes). */
export async function readSource(
  client: SourceClient,
  source: DiscoveredSource,
  options: ReadSourceOptions,
): Promise<TecSnapshot> {
  const [events, venues, organizers, categories, tags] = await Promise.all(
    LISTS.map((list) => readList(client, source, list, options)),
  );
  const listedPosts = new Set([...events!, ...venues!, ...organizers!].map((record) => record.id));
  const hidden = await readHiddenEvents(client, source, events!, listedPosts, options);
  if (hidden.notLookedFor) options.onNote?.(hidden.notLookedFor);
  if (hidden.unreadable) options.onNote?.(hidden.unreadable);
  const allEvents = [...events!, ...hidden.events];
  const users = await readUsers(client, source, authorIdsOf(allEvents, venues!, organizers!), options);
  return {
    apiRoot: source.namespaceUrl,
    events: allEvents,
    venues: venues!,
    organizers: organizers!,
    categories: categories!,
    tags: tags!,
    users,
  };
}
