/**
 * Events hidden from listings (`hide_from_listings`): the plugin leaves them out of every list, whatever the
 * parameters (ref §6.1), and so does this service; only a read by id shows them. Their ids come from
 * WordPress's own list of the post type (`/wp/v2/tribe_events`, which the plugin registers for the block
 * editor and which does not hide them); where that route does not exist (this service as the source), from the
 * gaps in the id space that events, venues and organizers share (SPEC §10), up to the highest id seen. Each
 * candidate is then read by id, in batches; what is not an event answers an error and is passed over.
 *
 * The gaps are counted from the sorted listed ids, never listed one by one up front: a source whose highest
 * id is far above its records (2147483647 with a hundred records) has billions of them. They are probed only
 * when they are within a budget that follows from the records the source declared (`gapBudget`); beyond it
 * hidden events are not looked for, and a note says so.
 */
import type { TecRecord } from '@calendar-events/core';
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
  /** Why hidden events could not be looked for, when they could not. */
  notLookedFor?: string;
  /** Hidden events that were found but that the API does not show (trashed ones). */
  unreadable?: string;
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
    options.onProgress?.({ list: 'hidden events', read: kept.items.length, resumed: true });
    return { events: kept.items as TecRecord[] };
  }
  const known = new Set(listedEvents.map((event) => event.id));
  const fromWordPress = await wordpressEventIds(client, source, options);
  let candidates: Iterable<number>;
  let total: number;
  if (fromWordPress) {
    const unlisted = fromWordPress.filter((id) => !known.has(id));
    candidates = unlisted;
    total = unlisted.length;
  } else {
    const sorted = [...new Set(listedPosts)].sort((a, b) => a - b);
    total = gapCount(sorted);
    const budget = gapBudget(declaredPosts);
    if (total > budget)
      return {
        events: [],
        notLookedFor: `events hidden from listings were not looked for: ${total} unlisted ids up to ${sorted.at(-1)} to try, more than ${budget} (${MIN_GAP_BUDGET} and one per record the site declared and listed)`,
      };
    candidates = gapsOf(sorted);
  }
  const found: TecRecord[] = [];
  let tried = 0;
  let trashed = 0;
  await inBatches(candidates, BATCH, async (id) => {
    const query: Record<string, string> = client.authenticated ? { context: 'edit' } : {};
    const answer = await client.get(routeUrl(source.restRoot, `/${TEC_NAMESPACE}/events/${id}`, query));
    const event = answer.json as TecRecord | undefined;
    if (answer.status === 200 && event && event.id === id) {
      // Single reads add `json_ld`, which lists do not have: kept as a list would answer it.
      const { json_ld: _, ...listed } = event as TecRecord & { json_ld?: unknown };
      found.push(listed as TecRecord);
    } else if ((answer.json as { code?: unknown } | undefined)?.code === 'event-no-longer-available')
      trashed++;
    options.onProgress?.({ list: 'hidden events', read: ++tried, total, resumed: false });
  });
  found.sort((a, b) => a.id - b.id);
  await options.store.write('hidden', 1, { items: found, totalPages: 1 });
  return {
    events: found,
    ...(trashed > 0
      ? {
          unreadable: `${trashed} trashed event${trashed === 1 ? '' : 's'} hidden from listings cannot be read (the API answers 403 event-no-longer-available for trashed events by id): not imported`,
        }
      : {}),
  };
}
