/**
 * Reading every record of a site of the plugin through its own lists, page by page: events of every date and
 * (with credentials) every status, venues and organizers whether used or not, categories and tags whether empty
 * or not, the events hidden from listings (`hidden-events.ts`), and the authors of all of them. The plugin's
 * lists take the largest page of 50; the totals come from `X-TEC-TotalPages` (or WordPress's
 * `X-WP-TotalPages`, or the body's `total_pages`). A page past the end answers 404 `*-archive-page-not-found`
 * for events, venues and organizers and an empty 200 for terms: both simply end the list. What the source
 * declares is not trusted alone: pages are walked within bounds that follow from what it sends too
 * (page-walk.ts), and every record's id must be one this service can store (`recordId`).
 */

import {
  isStorableSourceId,
  MAX_SOURCE_ID,
  type TecRecord,
  type TecSnapshot,
  type TecUser,
} from '@calendar-events/core';
import { type DiscoveredSource, routeUrl, TEC_NAMESPACE } from './discovery.js';
import { readHiddenEvents } from './hidden-events.js';
import type { PageStore, StoredPage } from './page-store.js';
import { walkPages } from './page-walk.js';
import { readPasswords } from './protected-events.js';
import {
  DEFAULT_CONCURRENCY,
  type SourceAnswer,
  type SourceClient,
  SourceError,
  SourceRefusal,
} from './source-client.js';

/** Single reads (authors, hidden events) sent at once at most: the client's queue never holds more. */
export const BATCH = 100;

/** Runs `task` over `items`, `size` at a time: never one promise per item up front. */
export async function inBatches<T>(
  items: Iterable<T>,
  size: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let batch: T[] = [];
  for (const item of items) {
    batch.push(item);
    if (batch.length === size) {
      await Promise.all(batch.map(task));
      batch = [];
    }
  }
  await Promise.all(batch.map(task));
}

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
  list: ListName | 'users' | 'hidden events' | 'protected events';
  /** Records read of this list so far. */
  read: number;
  /** The list's total, once its first page has told. */
  total?: number;
  /** Whether the page came from the state directory of an earlier run. */
  resumed: boolean;
}

export interface ReadSourceOptions {
  store: PageStore;
  /** Pages of one list fetched at once (the client bounds the requests in flight; default 4). */
  concurrency?: number;
  /** Ends the read before its next page. */
  signal?: AbortSignal;
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
  query: Record<string, string | number>,
): Promise<StoredPage | undefined> {
  const url = routeUrl(source.restRoot, `/${TEC_NAMESPACE}/${list}`, { ...query, page });
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
  const total = header(answer, 'x-tec-total', 'x-wp-total') ?? count(body.total);
  const totalPages = header(answer, 'x-tec-totalpages', 'x-wp-totalpages') ?? count(body.total_pages);
  return {
    items,
    ...(totalPages !== undefined ? { totalPages } : {}),
    ...(total !== undefined ? { total } : {}),
  };
}

/** A count the body declares (`total`, `total_pages`): a whole number, else none. */
function count(value: unknown): number | undefined {
  const number = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number >= 0 ? number : undefined;
}

/** One way of reading a list: its query, and the name its pages are kept under. */
export interface ListReading {
  list: ListName;
  query: Record<string, string | number>;
  storedAs: string;
}

/** A page from an earlier run's state, else from the source (then kept for the next run). */
async function page(
  client: SourceClient,
  source: DiscoveredSource,
  store: PageStore,
  reading: ListReading,
  number: number,
): Promise<{ content: StoredPage | undefined; resumed: boolean }> {
  const kept = await store.read(reading.storedAs, number);
  if (kept) return { content: kept.items.length === 0 && number > 1 ? undefined : kept, resumed: true };
  const content = await fetchListPage(client, source, reading.list, number, reading.query);
  await store.write(reading.storedAs, number, content ?? { items: [] });
  return { content, resumed: false };
}

/**
 * The id of a record of a list: a post or term id this service can store, else the whole read is refused
 * (a source that answers such ids is not a site whose records can be kept with their ids).
 */
export function recordId(item: unknown, label: string, page: number): number {
  const id = (item as { id?: unknown } | null)?.id;
  if (typeof item !== 'object' || item === null || id === undefined)
    throw new SourceRefusal(
      `the site answered ${label} without an id on page ${page}: not a list of records`,
    );
  if (!isStorableSourceId(id))
    throw new SourceRefusal(
      `the site answered ${label} with the id ${JSON.stringify(id)?.slice(0, 40)} on page ${page}: ids here are whole numbers from 1 to ${MAX_SOURCE_ID}; not imported`,
    );
  return id;
}

/** A list as read: its records, and how many records the source declared that it also sent. */
export interface ReadList {
  records: TecRecord[];
  declared: number;
}

/** Every record of one list, through a bounded walk of its pages (page-walk.ts). */
export async function readList(
  client: SourceClient,
  source: DiscoveredSource,
  list: ListName,
  options: ReadSourceOptions,
  reading: ListReading = { list, query: listQuery(list, client.authenticated), storedAs: list },
): Promise<ReadList> {
  const records = new Map<number, TecRecord>();
  let total: number | undefined;
  const resumedPages = new Set<number>();
  await walkPages({
    label: list,
    asked: PLUGIN_PAGE_SIZE,
    concurrency: options.concurrency ?? DEFAULT_CONCURRENCY,
    ...(options.signal ? { signal: options.signal } : {}),
    fetch: async (number) => {
      const next = await page(client, source, options.store, reading, number);
      if (next.resumed) resumedPages.add(number);
      if (number === 1) total = next.content?.total;
      return next.content;
    },
    take: (number, content) => {
      let fresh = 0;
      for (const item of content.items) {
        const id = recordId(item, list, number);
        // Lists of events shift when the source changes during the read: a record seen twice is kept once.
        if (!records.has(id)) fresh++;
        records.set(id, item as TecRecord);
      }
      const resumed = resumedPages.has(number);
      options.onProgress?.({ list, read: records.size, ...(total !== undefined ? { total } : {}), resumed });
      return fresh;
    },
  });
  // What the source declared, as far as it also sent it: a declared billion is not a budget.
  return { records: [...records.values()], declared: Math.min(total ?? records.size, records.size) };
}

function userOf(json: Record<string, unknown>): TecUser | undefined {
  const id = json?.id;
  if (!isStorableSourceId(id)) return undefined;
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
  if (client.authenticated)
    await walkPages({
      label: 'users',
      asked: WORDPRESS_PAGE_SIZE,
      concurrency: options.concurrency ?? DEFAULT_CONCURRENCY,
      fetch: async (number) => {
        const url = routeUrl(source.restRoot, '/wp/v2/users', {
          context: 'edit',
          per_page: WORDPRESS_PAGE_SIZE,
          page: number,
        });
        const answer = await client.get(url);
        if (answer.status !== 200 || !Array.isArray(answer.json)) return undefined;
        const total = header(answer, 'x-wp-total');
        const totalPages = header(answer, 'x-wp-totalpages');
        return {
          items: answer.json,
          ...(total !== undefined ? { total } : {}),
          ...(totalPages !== undefined ? { totalPages } : {}),
        };
      },
      take: (_, content) => {
        let fresh = 0;
        for (const json of content.items as Record<string, unknown>[]) {
          const user = userOf(json);
          if (user && !users.has(user.id)) {
            fresh++;
            users.set(user.id, user);
          }
        }
        return fresh;
      },
    });
  const missing = authorIds.filter((id) => !users.has(id));
  await inBatches(missing, BATCH, async (id) => {
    const answer = await client.get(routeUrl(source.restRoot, `/wp/v2/users/${id}`));
    const json = answer.json as Record<string, unknown> | undefined;
    users.set(id, (answer.status === 200 && json && userOf(json)) || { id });
  });
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
      const id = typeof record.author === 'string' ? Number(record.author) : record.author;
      if (isStorableSourceId(id)) ids.add(id);
    }
  return [...ids].sort((a, b) => a - b);
}

/** Reads everything of the source into one snapshot (for the writer, which checks every id before it writes). */
export async function readSource(
  client: SourceClient,
  source: DiscoveredSource,
  options: ReadSourceOptions,
): Promise<TecSnapshot> {
  // The lists are read side by side; one that fails ends the others, and the read fails once none is still
  // fetching (or keeping) a page.
  const failed = new AbortController();
  const settled = await Promise.allSettled(
    LISTS.map((list) =>
      readList(client, source, list, { ...options, signal: failed.signal }).catch((error: unknown) => {
        if (!failed.signal.aborted) failed.abort(error);
        throw error;
      }),
    ),
  );
  if (failed.signal.aborted) throw failed.signal.reason;
  const [eventList, venueList, organizerList, categoryList, tagList] = settled.map(
    (result) => (result as PromiseFulfilledResult<ReadList>).value,
  );
  const [events, venues, organizers] = [eventList!.records, venueList!.records, organizerList!.records];
  const [categories, tags] = [categoryList!.records, tagList!.records];
  const listedPosts = [...events, ...venues, ...organizers].map((record) => record.id);
  // The posts the source says it has: the probing budget for hidden events follows from it.
  const declaredPosts = eventList!.declared + venueList!.declared + organizerList!.declared;
  const hidden = await readHiddenEvents(client, source, events, listedPosts, declaredPosts, options);
  const withPasswords = await readPasswords(
    client,
    source,
    [...events, ...hidden.events],
    new Set(hidden.events.map((event) => event.id)),
    options,
  );
  for (const note of withPasswords.notes) options.onNote?.(note);
  const allEvents = withPasswords.events;
  const users = await readUsers(client, source, authorIdsOf(allEvents, venues, organizers), options);
  return {
    apiRoot: source.namespaceUrl,
    events: allEvents,
    venues,
    organizers,
    categories,
    tags,
    users,
    unread: hidden.unread,
    ...(hidden.notLookedFor ? { incomplete: [hidden.notLookedFor] } : {}),
  };
}
