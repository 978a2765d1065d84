/**
 * A snapshot of a site of the plugin for the writer's tests: the real plugin's recorded answers (the JSON files
 * beside this one, each naming the transcript of `reference/tec-transcripts/` it was cut from), and records
 * derived from them for what the recordings lack: a private, a pending (unnamed, undated) and a scheduled
 * event, a child category, an event with an image, a password, a postfix currency and another time zone.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TecImportCounts, TecKind, TecRecord, TecSnapshot } from '../types.js';

// biome-ignore lint/suspicious/noExplicitAny: recorded answers are plain JSON of any shape
type Json = any;

/** The site the answers were recorded from. */
export const SOURCE_SITE = 'http://127.0.0.1:8081';
export const SOURCE_API_ROOT = `${SOURCE_SITE}/wp-json/tribe/events/v1`;

function recorded(name: string): Json {
  return JSON.parse(readFileSync(join(import.meta.dirname, name), 'utf8')).body;
}

function copy<T>(value: T): T {
  return structuredClone(value);
}

/** A record derived from a recorded one: its id, url and slug changed, and the given fields. */
function derived(base: Json, id: number, fields: Record<string, unknown>): TecRecord {
  const slug = (fields.slug as string | undefined) ?? `${base.slug}-${id}`;
  return {
    ...copy(base),
    id,
    slug,
    url: `${SOURCE_SITE}/event/${slug}/`,
    website: `${SOURCE_SITE}/event/${slug}/`,
    rest_url: `${SOURCE_API_ROOT}/events/${id}`,
    global_id: `127.0.0.1?id=${id}`,
    global_id_lineage: [`127.0.0.1?id=${id}`],
    ...fields,
  };
}

/** The source's users (`/wp/v2/users` with credentials): admin, an author and a contributor. */
export const SOURCE_USERS = [
  { id: 1, login: 'admin', slug: 'admin', name: 'admin' },
  { id: 3, login: 'author', slug: 'author', name: 'Author' },
  { id: 4, login: 'contributor', slug: 'contributor', name: 'Contributor' },
];

export function recordedSnapshot(): TecSnapshot {
  const list = recorded('events-list.json').events as Json[];
  const editContext = recorded('events-edit-context.json').events as Json[];
  const categories = recorded('categories.json').categories as Json[];
  const music = categories.find((c) => c.slug === 'music');
  const jazz: TecRecord = {
    ...copy(music),
    id: 170,
    name: 'Jazz',
    slug: 'jazz',
    parent: music.id,
    description: 'Live jazz, <em>mostly</em> late.',
    count: 1,
    url: `${SOURCE_SITE}/events/category/music/jazz/`,
  };
  const embeddedJazz = { ...copy(jazz), taxonomy: 'tribe_events_cat', term_taxonomy_id: 170 };
  const base = list[1];
  // Recorded in an earlier session of the same site, whose category "music" (4) was later made again as 30:
  // one site has one category of a slug, so the trashed event carries today's.
  const trashed = recorded('event-trashed.json');
  trashed.categories = copy(list[0].categories);
  const events: TecRecord[] = [
    ...list,
    ...editContext,
    trashed,
    derived(base, 160, { status: 'private', title: 'Private rehearsal', slug: 'private-rehearsal' }),
    derived(base, 161, {
      status: 'pending',
      title: 'Pending market',
      slug: '',
      url: `${SOURCE_SITE}/?post_type=tribe_events&p=161`,
      website: `${SOURCE_SITE}/?post_type=tribe_events&p=161`,
      date: '2026-11-25 17:10:00',
      date_utc: '0000-00-00 00:00:00',
      modified: '2026-11-25 17:10:00',
      modified_utc: '0000-00-00 00:00:00',
      author: '4',
    }),
    derived(base, 162, { status: 'future', date: '2030-01-01 09:00:00', date_utc: '2030-01-01 09:00:00' }),
    derived(base, 163, {
      title: 'Jazz in Berlin',
      slug: 'jazz-in-berlin',
      author: '3',
      timezone: 'Europe/Berlin',
      timezone_abbr: 'CET',
      start_date: '2026-12-04 20:00:00',
      end_date: '2026-12-04 23:00:00',
      utc_start_date: '2026-12-04 19:00:00',
      utc_end_date: '2026-12-04 22:00:00',
      cost: '12€ – 25€',
      cost_details: { currency_symbol: '€', currency_code: 'EUR', currency_position: 'postfix', values: ['12', '25'] },
      website: 'https://jazz.example/tickets',
      image: {
        url: `${SOURCE_SITE}/wp-content/uploads/2026/11/jazz.jpg`,
        id: 520,
        extension: 'jpg',
        width: 1200,
        height: 800,
        filesize: 81234,
        sizes: { thumbnail: { width: 150, height: 150, 'mime-type': 'image/jpeg', url: 'x' } },
      },
      show_map: true,
      show_map_link: true,
      sticky: true,
      hide_from_listings: true,
      password: 'swing',
      categories: [embeddedJazz],
    }),
  ];
  return {
    apiRoot: SOURCE_API_ROOT,
    events,
    venues: [...recorded('venues.json').venues, recorded('venue.json')],
    organizers: [...recorded('organizers.json').organizers, recorded('organizer.json')],
    categories: [...categories, jazz],
    tags: recorded('tags.json').tags,
    users: SOURCE_USERS,
  };
}

/**
 * The snapshot with one record's id changed, in its list and wherever events embed it (a source whose ids
 * happen to be taken here).
 */
export function renumbered(
  snapshot: TecSnapshot,
  kind: 'venue' | 'organizer' | 'category' | 'tag',
  from: number,
  to: number,
): TecSnapshot {
  const next = structuredClone(snapshot) as Json;
  const move = (record: Json) => {
    if (record && typeof record === 'object' && record.id === from) record.id = to;
  };
  const list = { venue: 'venues', organizer: 'organizers', category: 'categories', tag: 'tags' }[kind];
  for (const record of next[list]) {
    move(record);
    if (kind === 'category' && record.parent === from) record.parent = to;
  }
  for (const event of next.events) {
    if (kind === 'venue') move(event.venue);
    if (kind === 'organizer') event.organizer.forEach(move);
    if (kind === 'category')
      for (const term of event.categories) {
        move(term);
        if (term.parent === from) term.parent = to;
      }
    if (kind === 'tag') event.tags.forEach(move);
  }
  return next;
}

/** The report's counts of a run that created these numbers of records of each kind, and nothing else. */
export function allCreated(created: Record<TecKind, number>): Record<TecKind, TecImportCounts> {
  const counts = {} as Record<TecKind, TecImportCounts>;
  for (const [kind, count] of Object.entries(created) as Array<[TecKind, number]>)
    counts[kind] = { created: count, updated: 0, unchanged: 0 };
  return counts;
}
