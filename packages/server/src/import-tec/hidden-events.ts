/**
 * Events hidden from listings (`hide_from_listings`): the plugin leaves them out of every list, whatever the
 * parameters (ref §6.1), and so does this service; only a read by id shows them. WordPress's own list of the
 * post type (`/wp/v2/tribe_events`, which the plugin registers for the block editor) names the current and
 * upcoming ones (the plugin filters that query by date too, whatever it is asked); past ones are found only in
 * the gaps of the id space that events, venues and organizers share (SPEC §10), and a little past the highest
 * id seen (the newest post of the site may be one). Each candidate is then read by id, in batches; what is not
 * an event answers an error and is passed over, and an event the API refuses by id (trashed, protected, not
 * public) is reported as not read, with the reason, never silently left.
 *
 * The gaps are counted from the sorted known ids, never listed one by one up front: a source whose highest
 * id is far above its records (2147483647 with a hundred records) has billions of them. They are probed only
 * when they are within a budget that follows from the records the source declared (`gapBudget`); beyond it
 * past hidden events are not looked for, and the report says that records may be left.
 */
import { MAX_SOURCE_ID, type TecRecord, type TecSkipped } from '@calendar-events/core';
import { type DiscoveredSource, routeUrl, TEC_NAMESPACE } from './discovery.js';
import { walkPages } from './page-walk.js';
import {
  ALL_STATUSES,
  BATCH,
  inBatches,
  type ReadSourceOptions,
  recordId,
  WORDPRESS_PAGE_SIZE,
} from './read-source.js';
import { DEFAULT_CONCURRENCY, type SourceClient } from './source-client.js';

/** Gaps probed whatever the source declared: a small site's deleted posts and revisions. */
export const MIN_GAP_BUDGET = 1_000;

/**
 * The gaps worth probing for a source that declared `declaredPosts` events, venues and organizers (as far as
 * it also listed them: a declared billion is no budget): one read by id per record, on top of
 * `MIN_GAP_BUDGET`. More gaps than that and probing them would be a crawl of the id space.
 */
export function gapBudget(declaredPosts: number): number {
  return MIN_GAP_BUDGET + declaredPosts;
}

/** The ids WordPress lists for the events post type, or `undefined` when the site has no such route. */
async function wordpressEventIds(
  client: SourceClient,
  source: DiscoveredSource,
  options: ReadSourceOptions,
): Promise<number[] | undefined> {
  const ids = new Set<number>();
  let routeExists = true;
  await walkPages({
    label: '/wp/v2/tribe_events ids',
    asked: WORDPRESS_PAGE_SIZE,
    concurrency: options.concurrency ?? DEFAULT_CONCURRENCY,
    fetch: async (page) => {
      const query: Record<string, string | number> = { per_page: WORDPRESS_PAGE_SIZE, page, _fields: 'id' };
      if (client.authenticated) query.status = ALL_STATUSES;
      const answer = await client.get(routeUrl(source.restRoot, '/wp/v2/tribe_events', query));
      if (answer.status !== 200 || !Array.isArray(answer.json)) {
        if (page === 1) routeExists = false;
        return undefined;
      }
      const count = (name: string) => {
        const value = answer.headers.get(name)?.trim();
        return value && /^\d+$/.test(value)
          ? { [name === 'x-wp-total' ? 'total' : 'totalPages']: Number(value) }
          : {};
      };
      return { items: answer.json, ...count('x-wp-total'), ...count('x-wp-totalpages') };
    },
    take: (page, content) => {
      let fresh = 0;
      for (const item of content.items) {
        const id = recordId(item, 'events of /wp/v2/tribe_events', page);
        if (!ids.has(id)) fresh++;
        ids.add(id);
      }
      return fresh;
    },
  });
  return routeExists ? [...ids] : undefined;
}

/** The number of ids between 1 and the highest of `sorted` (ascending, distinct) that are not in it. */
export function gapCount(sorted: readonly number[]): number {
  return sorted.length === 0 ? 0 : sorted[sorted.length - 1]! - sorted.length;
}

/** The ids between 1 and the highest of `sorted` (ascending, distinct) that are not in it, one at a time. */
export function* gapsOf(sorted: readonly number[]): Generator<number> {
  let next = 1;
  for (const id of sorted) {
    for (; next < id; next++) yield next;
    next = id + 1;
  }
}

export interface HiddenEvents {
  events: TecRecord[];
  /** Why hidden events could not all be looked for, when they could not: records may be left. */
  notLookedFor?: string;
  /** Events hidden from listings that exist but that the API does not show by id, with the reason. */
  unread: TecSkipped[];
}

/** Ids above the highest known one that are tried too: a hidden event may be the newest post of the site. */
export const IDS_PAST_THE_HIGHEST = 100;

/**
 * Why an event that is in no list this login sees cannot be read by id either, from the plugin's 403 (and
 * 401) codes; `undefined` for an id that is no event (404, or another kind of post).
 */
function unreadableReason(status: number, code: unknown, authenticated: boolean): string | undefined {
  const withUser = authenticated ? '' : '; read with --user (an administrator) to import it';
  if (code === 'event-no-longer-available')
    return 'trashed, and in no list this login sees: the API answers 403 event-no-longer-available for trashed events by id';
  if (code === 'event-password-protected')
    return `password-protected, and in no list this login sees: the API answers 403 event-password-protected by id${withUser}`;
  if (code === 'event-not-accessible' || status === 401 || (status === 403 && code === 'rest_forbidden'))
    return `not public, and in no list this login sees: the API answers ${status}${typeof code === 'string' ? ` ${code}` : ''} by id${withUser}`;
  return undefined;
}

/**
 * Reads the events the lists left out. `listedPosts` are the ids of every listed event, venue and organizer
 * (each a storable id: the reader refused others); `declaredPosts` how many the source declared.
 */
export async function readHiddenEvents(
  client: SourceClient,
  source: DiscoveredSource,
  listedEvents: TecRecord[],
  listedPosts: readonly number[],
  declaredPosts: number,
  options: ReadSourceOptions,
): Promise<HiddenEvents> {
  const kept = await options.store.read('hidden', 1);
  if (kept) {
    const stored = kept as unknown as { items: TecRecord[]; unread?: TecSkipped[]; notLookedFor?: string };
    options.onProgress?.({ list: 'hidden events', read: stored.items.length, resumed: true });
    return {
      events: stored.items,
      unread: stored.unread ?? [],
      ...(stored.notLookedFor ? { notLookedFor: stored.notLookedFor } : {}),
    };
  }
  const known = new Set(listedEvents.map((event) => event.id));
  // WordPress's list of the post type names events the plugin's lists hide, but only current and upcoming
  // ones (the plugin filters its query by date): past hidden events are only in the gaps of the id space.
  const fromWordPress = (await wordpressEventIds(client, source, options)) ?? [];
  const unlisted = fromWordPress.filter((id) => !known.has(id));
  const sorted = [...new Set([...listedPosts, ...fromWordPress])].sort((a, b) => a - b);
  const gaps = gapCount(sorted);
  const budget = gapBudget(declaredPosts);
  let notLookedFor: string | undefined;
  const candidates = new Set<number>(unlisted);
  if (gaps > budget) {
    notLookedFor = `events hidden from listings were not looked for: ${gaps} unlisted ids up to ${sorted.at(-1)} to try, more than ${budget} (${MIN_GAP_BUDGET} and one per record the site declared and listed)`;
  } else {
    const highest = sorted.at(-1) ?? 0;
    const tail = Math.min(IDS_PAST_THE_HIGHEST, MAX_SOURCE_ID - highest, budget - gaps);
    for (const id of gapsOf(sorted)) candidates.add(id);
    for (let id = highest + 1; id <= highest + tail; id++) candidates.add(id);
  }
  const total = candidates.size;
  const found: TecRecord[] = [];
  const unread: TecSkipped[] = [];
  let tried = 0;
  await inBatches(candidates, BATCH, async (id) => {
    const query: Record<string, string> = client.authenticated ? { context: 'edit' } : {};
    const answer = await client.get(routeUrl(source.restRoot, `/${TEC_NAMESPACE}/events/${id}`, query));
    const event = answer.json as TecRecord | undefined;
    if (answer.status === 200 && event && event.id === id) {
      // Single reads add `json_ld`, which lists do not have: kept as a list would answer it.
      const { json_ld: _, ...listed } = event as TecRecord & { json_ld?: unknown };
      found.push(listed as TecRecord);
    } else {
      const code = (answer.json as { code?: unknown } | undefined)?.code;
      const reason = unreadableReason(answer.status, code, client.authenticated);
      if (reason) unread.push({ kind: 'event', id, reason });
    }
    options.onProgress?.({ list: 'hidden events', read: ++tried, total, resumed: false });
  });
  found.sort((a, b) => a.id - b.id);
  unread.sort((a, b) => a.id - b.id);
  await options.store.write('hidden', 1, {
    items: found,
    totalPages: 1,
    ...({ unread, ...(notLookedFor ? { notLookedFor } : {}) } as object),
  });
  return { events: found, unread, ...(notLookedFor ? { notLookedFor } : {}) };
}
