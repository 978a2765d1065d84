/**
 * Events hidden from listings (`hide_from_listings`): the plugin leaves them out of every list, whatever the
 * parameters (ref §6.1), and so does this service; only a read by id shows them. Their ids come from
 * WordPress's own list of the post type (`/wp/v2/tribe_events`, which the plugin registers for the block
 * editor and which does not hide them); where that route does not exist (this service as the source), from the
 * gaps in the id space that events, venues and organizers share (SPEC §10), up to the highest id seen. Each
 * candidate is then read by id; what is not an event answers an error and is passed over.
 */
import type { TecRecord } from '@calendar-events/core';
import { type DiscoveredSource, routeUrl, TEC_NAMESPACE } from './discovery.js';
import { ALL_STATUSES, type ReadSourceOptions, WORDPRESS_PAGE_SIZE } from './read-source.js';
import type { SourceClient } from './source-client.js';

/** More gaps than this and probing them would be a crawl: hidden events are then not read (and said so). */
export const MAX_PROBED_GAPS = 5_000;

/** The ids WordPress lists for the events post type, or `undefined` when the site has no such route. */
async function wordpressEventIds(
  client: SourceClient,
  source: DiscoveredSource,
): Promise<number[] | undefined> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const query: Record<string, string | number> = { per_page: WORDPRESS_PAGE_SIZE, page, _fields: 'id' };
    if (client.authenticated) query.status = ALL_STATUSES;
    const answer = await client.get(routeUrl(source.restRoot, '/wp/v2/tribe_events', query));
    if (answer.status !== 200 || !Array.isArray(answer.json)) return page === 1 ? undefined : ids;
    for (const item of answer.json as { id?: unknown }[]) if (typeof item.id === 'number') ids.push(item.id);
    const totalPages = Number(answer.headers.get('x-wp-totalpages') ?? 1);
    if (page >= totalPages || answer.json.length === 0) return ids;
  }
}

/** The ids between 1 and the highest post id seen that no listed record has. */
function gapsOf(postIds: Set<number>): number[] {
  // A loop, not Math.max(...ids): a large site has more ids than a call takes arguments.
  let highest = 0;
  for (const id of postIds) if (id > highest) highest = id;
  const gaps: number[] = [];
  for (let id = 1; id <= highest; id++) if (!postIds.has(id)) gaps.push(id);
  return gaps;
}

export interface HiddenEvents {
  events: TecRecord[];
  /** Why hidden events could not be looked for, when they could not. */
  notLookedFor?: string;
  /** Hidden events that were found but that the API does not show (trashed ones). */
  unreadable?: string;
}

/** Reads the events the lists left out; `listed` are the ids of every listed event, venue and organizer. */
export async function readHiddenEvents(
  client: SourceClient,
  source: DiscoveredSource,
  listedEvents: TecRecord[],
  listedPosts: Set<number>,
  options: ReadSourceOptions,
): Promise<HiddenEvents> {
  const kept = await options.store.read('hidden', 1);
  if (kept) {
    options.onProgress?.({ list: 'hidden events', read: kept.items.length, resumed: true });
    return { events: kept.items as TecRecord[] };
  }
  const known = new Set(listedEvents.map((event) => event.id));
  const fromWordPress = await wordpressEventIds(client, source);
  let candidates: number[];
  if (fromWordPress) candidates = fromWordPress.filter((id) => !known.has(id));
  else {
    candidates = gapsOf(listedPosts);
    if (candidates.length > MAX_PROBED_GAPS)
      return {
        events: [],
        notLookedFor: `events hidden from listings were not looked for: ${candidates.length} unlisted ids to try, more than ${MAX_PROBED_GAPS}`,
      };
  }
  const found: TecRecord[] = [];
  let tried = 0;
  let trashed = 0;
  await Promise.all(
    candidates.map(async (id) => {
      const query: Record<string, string> = client.authenticated ? { context: 'edit' } : {};
      const answer = await client.get(routeUrl(source.restRoot, `/${TEC_NAMESPACE}/events/${id}`, query));
      const event = answer.json as TecRecord | undefined;
      if (answer.status === 200 && event && event.id === id) {
        // Single reads add `json_ld`, which lists do not have: kept as a list would answer it.
        const { json_ld: _, ...listed } = event as TecRecord & { json_ld?: unknown };
        found.push(listed as TecRecord);
      } else if ((answer.json as { code?: unknown } | undefined)?.code === 'event-no-longer-available')
        trashed++;
      options.onProgress?.({
        list: 'hidden events',
        read: ++tried,
        total: candidates.length,
        resumed: false,
      });
    }),
  );
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
