/**
 * The records of the fake plugin site, derived from the real plugin's recorded answers
 * (`testdata/tec-transcripts/`, copied from `reference/tec-transcripts/`): the ten recorded events become a
 * calendar of `events` events (the first tenth in the past, so that only an explicit `start_date` finds them),
 * the recorded venues, organizers, categories and tags are kept as they are, and what the recording lacks is
 * derived in the same shapes: the tags of the second page, a draft, pending, private, future and trashed event
 * (seen only with credentials), an event hidden from listings (readable by id only), past events hidden from
 * listings (in no list at all), password-protected events, costs in the forms the plugin echoes as written, a
 * category hierarchy, an empty category and tag, unused venues and organizers.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { addWallSeconds } from '@calendar-events/core/internal';

// biome-ignore lint/suspicious/noExplicitAny: recorded answers are plain JSON of any shape
export type Json = any;

/** The origin the plugin was recorded at; answers are rewritten to the fake's own origin. */
export const RECORDED_ORIGIN = 'http://127.0.0.1:8081';

export function recordedBody(name: string): Json {
  const file = join(import.meta.dirname, '..', 'testdata', 'tec-transcripts', `${name}.json`);
  return JSON.parse(readFileSync(file, 'utf8')).response.body;
}

export interface FakeUser {
  id: number;
  login: string;
  slug: string;
  name: string;
  /** Whether `/wp/v2/users/<id>` answers without credentials (WordPress: only authors of published posts). */
  public: boolean;
}

export interface FakeSiteData {
  events: Json[];
  venues: Json[];
  organizers: Json[];
  categories: Json[];
  tags: Json[];
  users: FakeUser[];
  /** Post passwords by event id: the plugin's API never shows them; WordPress's edit context does. */
  passwords: Record<number, string>;
}

const clone = (value: Json): Json => structuredClone(value);

/** `2026-11-26 14:00:00` moved by whole days, and its `*_details`. */
function shiftDate(value: string, days: number): string {
  return addWallSeconds(value, days * 86_400);
}

function details(value: string): Json {
  const [date, time] = value.split(' ') as [string, string];
  const [year, month, day] = date.split('-');
  const [hour, minutes, seconds] = time.split(':');
  return { year, month, day, hour, minutes, seconds };
}

function setDates(event: Json, days: number): void {
  for (const key of ['start_date', 'end_date', 'utc_start_date', 'utc_end_date']) {
    event[key] = shiftDate(event[key], days);
    event[`${key}_details`] = details(event[key]);
  }
}

/** The embedded term shape (ref §2.4a) turned into the list shape of `/categories` and `/tags` (§2.4b). */
function listTerm(embedded: Json, kind: 'categories' | 'tags'): Json {
  const term: Json = {
    id: embedded.id,
    count: embedded.count,
    description: embedded.description,
    name: embedded.name,
    slug: embedded.slug,
    taxonomy: embedded.taxonomy,
  };
  if (kind === 'categories') term.parent = embedded.parent;
  term.meta = [];
  term.url = kind === 'tags' ? `${RECORDED_ORIGIN}/tag/${embedded.slug}/` : '';
  term.urls = embedded.urls;
  return term;
}

/** The embedded shape of a listed term, as events carry it. */
function embeddedTerm(term: Json): Json {
  return {
    name: term.name,
    slug: term.slug,
    term_group: 0,
    term_taxonomy_id: term.id,
    taxonomy: term.taxonomy,
    description: term.description,
    parent: term.parent ?? 0,
    count: term.count,
    filter: 'raw',
    id: term.id,
    urls: term.urls,
  };
}

function category(id: number, name: string, parent: Json | undefined, count: number): Json {
  const slug = name.toLowerCase();
  const api = `${RECORDED_ORIGIN}/wp-json/tribe/events/v1/categories`;
  return {
    id,
    count,
    description: '',
    name,
    slug,
    taxonomy: 'tribe_events_cat',
    parent: parent?.id ?? 0,
    meta: [],
    url: `${RECORDED_ORIGIN}/events/category/${parent ? `${parent.slug}/` : ''}${slug}/`,
    urls: { self: `${api}/${id}`, collection: api, ...(parent ? { up: `${api}/${parent.id}` } : {}) },
  };
}

/** A linked post (venue, organizer) of another status, unused by any event. */
function unusedPost(
  template: Json,
  id: number,
  name: string,
  key: 'venue' | 'organizer',
  status: string,
): Json {
  const post = clone(template);
  post.id = id;
  post.status = status;
  post[key] = name;
  post.slug = name.toLowerCase().replace(/\s+/g, '-');
  post.url = `${RECORDED_ORIGIN}/${key}/${post.slug}/`;
  post.global_id = `127.0.0.1?id=${id}`;
  post.global_id_lineage = [post.global_id];
  return post;
}

/** Ids of the derived records, for tests that look for them. */
export const DERIVED_IDS = {
  draftEvent: 900,
  pendingEvent: 901,
  privateEvent: 902,
  futureEvent: 903,
  trashedEvent: 904,
  unusedVenue: 905,
  draftVenue: 906,
  privateOrganizer: 907,
  hiddenEvent: 908,
  /** Hidden and trashed: the API answers 403 for it by id, so no reader can get it. */
  hiddenTrashedEvent: 909,
  /** Past and hidden from listings: in no list (the plugin's, nor WordPress's of current events); by id only. */
  pastHiddenEvent: 910,
  /** The same, at an id between the listed ones. */
  pastHiddenEventInGap: 600,
  /** Past, hidden and password-protected. */
  pastHiddenProtectedEvent: 911,
  /** Upcoming, listed, password-protected. */
  protectedEvent: 912,
  /** Past (listed with an explicit `start_date`), password-protected. */
  pastProtectedEvent: 913,
  childCategory: 60,
  grandchildCategory: 61,
  emptyCategory: 62,
  emptyTag: 63,
  /** The category of the past hidden events only: its count is theirs. */
  archiveCategory: 64,
} as const;

/** Costs as the plugin answers them (en_US, the default `$` before the amount), on the first events. */
export const FAKE_COSTS: { cost: string; values: string[] }[] = [
  { cost: 'Donation', values: ['donation'] },
  { cost: '$1,500', values: ['1500'] },
  { cost: '$10,20', values: ['10.20'] },
  { cost: 'Pay what you can', values: ['pay-what-you-can'] },
  { cost: 'Free – $1,000', values: ['0', '1000'] },
];

/** The passwords of the fake's protected events. */
export const FAKE_PASSWORDS: Record<number, string> = {
  [DERIVED_IDS.pastHiddenProtectedEvent]: 'vault door',
  [DERIVED_IDS.protectedEvent]: 'open sesame',
  [DERIVED_IDS.pastProtectedEvent]: 'old secret',
};

/** The fake site's records: `events` published events (a multiple of 10) plus the derived ones. */
export function fakeSiteData(events = 100): FakeSiteData {
  const recordedEvents: Json[] = recordedBody('31-events-list-100-default').events;
  const venues: Json[] = recordedBody('40-venues-list-100').venues;
  const organizers: Json[] = recordedBody('41-organizers-list-100').organizers;
  const categories: Json[] = recordedBody('38-categories-list-100').categories;
  const tags = new Map<number, Json>(recordedBody('39-tags-list-100').tags.map((tag: Json) => [tag.id, tag]));
  for (const event of recordedEvents)
    for (const tag of event.tags) if (!tags.has(tag.id)) tags.set(tag.id, listTerm(tag, 'tags'));

  const music = categories.find((term) => term.slug === 'music');
  const jazz = category(DERIVED_IDS.childCategory, 'Jazz', music, events / 10);
  const bebop = category(DERIVED_IDS.grandchildCategory, 'Bebop', jazz, events / 10);
  categories.push(jazz, bebop, category(DERIVED_IDS.emptyCategory, 'Lectures', undefined, 0));
  const emptyTag = listTerm(
    {
      ...embeddedTerm([...tags.values()][0]),
      id: DERIVED_IDS.emptyTag,
      name: 'unused',
      slug: 'unused',
      count: 0,
    },
    'tags',
  );
  emptyTag.urls = {
    self: `${RECORDED_ORIGIN}/wp-json/tribe/events/v1/tags/${DERIVED_IDS.emptyTag}`,
    collection: `${RECORDED_ORIGIN}/wp-json/tribe/events/v1/tags`,
  };
  tags.set(DERIVED_IDS.emptyTag, emptyTag);

  const calendar: Json[] = [];
  for (let index = 0; index < events; index++) {
    const event = clone(recordedEvents[index % recordedEvents.length]);
    const round = Math.floor(index / recordedEvents.length);
    const id = 145 + index;
    const slug = `event-${index + 1}-${event.slug.split('-').slice(2).join('-')}`;
    Object.assign(event, {
      id,
      global_id: `127.0.0.1?id=${id}`,
      global_id_lineage: [`127.0.0.1?id=${id}`],
      title: `Event ${index + 1} ${event.title.split(' ').slice(2).join(' ')}`,
      slug,
      url: `${RECORDED_ORIGIN}/event/${slug}/`,
      rest_url: `${RECORDED_ORIGIN}/wp-json/tribe/events/v1/events/${id}`,
      website: `${RECORDED_ORIGIN}/event/${slug}/`,
    });
    // The first round lies a year and more in the past; the others follow week by week.
    setDates(event, round === 0 ? -400 : (round - 1) * 7);
    if (index % 10 === 0) event.categories.push(embeddedTerm(index % 20 === 0 ? jazz : bebop));
    const cost = FAKE_COSTS[index];
    if (cost)
      Object.assign(event, { cost: cost.cost, cost_details: { ...event.cost_details, values: cost.values } });
    calendar.push(event);
  }

  const template = recordedBody('30-events-list-edit-context-admin').events[0];
  const derived = (id: number, status: string, title: string, author = '1'): Json => {
    const event = clone(template);
    const slug = status === 'draft' || status === 'pending' ? '' : title.toLowerCase().replace(/\s+/g, '-');
    Object.assign(event, {
      id,
      status,
      author,
      title,
      slug: status === 'trash' ? `${slug}__trashed` : slug,
      global_id: `127.0.0.1?id=${id}`,
      global_id_lineage: [`127.0.0.1?id=${id}`],
      rest_url: `${RECORDED_ORIGIN}/wp-json/tribe/events/v1/events/${id}`,
      url: `${RECORDED_ORIGIN}/?post_type=tribe_events&p=${id}`,
      website: `${RECORDED_ORIGIN}/?post_type=tribe_events&p=${id}`,
    });
    if (status !== 'draft') {
      event.date_utc = event.date;
      event.modified_utc = event.modified;
    }
    return event;
  };
  const hidden = derived(DERIVED_IDS.hiddenEvent, 'publish', 'Members only');
  Object.assign(hidden, { hide_from_listings: true, url: `${RECORDED_ORIGIN}/event/members-only/` });
  const hiddenTrashed = derived(DERIVED_IDS.hiddenTrashedEvent, 'trash', 'Withdrawn members evening');
  hiddenTrashed.hide_from_listings = true;
  // Past events hidden from listings: the plugin lists them nowhere (ref §6.1), WordPress's list of the post
  // type only current and upcoming events; each is readable by id.
  const archive = category(DERIVED_IDS.archiveCategory, 'Archive', undefined, 3);
  categories.push(archive);
  const pastHidden = (id: number, title: string) => {
    const event = derived(id, 'publish', title);
    setDates(event, -500);
    Object.assign(event, {
      hide_from_listings: true,
      url: `${RECORDED_ORIGIN}/event/${event.slug}/`,
      website: `${RECORDED_ORIGIN}/event/${event.slug}/`,
      categories: [embeddedTerm(archive)],
      cost: '$1,500',
      cost_details: { ...event.cost_details, values: ['1500'] },
    });
    return event;
  };
  const protectedOne = derived(DERIVED_IDS.protectedEvent, 'publish', 'Board meeting');
  const pastProtected = derived(DERIVED_IDS.pastProtectedEvent, 'publish', 'Old board meeting');
  setDates(pastProtected, -450);
  for (const event of [protectedOne, pastProtected]) {
    event.url = `${RECORDED_ORIGIN}/event/${event.slug}/`;
    event.website = event.url;
    event.description = '<p>The quorum: only members may read it.</p>';
    event.categories = [embeddedTerm(music)];
  }
  calendar.push(
    pastHidden(DERIVED_IDS.pastHiddenEvent, 'Founders evening'),
    pastHidden(DERIVED_IDS.pastHiddenEventInGap, 'First general assembly'),
    pastHidden(DERIVED_IDS.pastHiddenProtectedEvent, 'Closed assembly'),
    protectedOne,
    pastProtected,
    hidden,
    hiddenTrashed,
    derived(DERIVED_IDS.draftEvent, 'draft', 'Draft of a contributor', '4'),
    derived(DERIVED_IDS.pendingEvent, 'pending', 'Pending review', '4'),
    derived(DERIVED_IDS.privateEvent, 'private', 'Private rehearsal'),
    derived(DERIVED_IDS.futureEvent, 'future', 'Scheduled announcement'),
    derived(DERIVED_IDS.trashedEvent, 'trash', 'Cancelled gala'),
  );

  venues.push(
    unusedPost(venues[0], DERIVED_IDS.unusedVenue, 'Unused Hall', 'venue', 'publish'),
    unusedPost(venues[0], DERIVED_IDS.draftVenue, 'Planned Hall', 'venue', 'draft'),
  );
  organizers.push(
    unusedPost(organizers[0], DERIVED_IDS.privateOrganizer, 'Private Circle', 'organizer', 'private'),
  );
  return {
    events: calendar,
    venues,
    organizers,
    categories,
    tags: [...tags.values()],
    users: [
      { id: 1, login: 'admin', slug: 'admin', name: 'admin', public: true },
      { id: 4, login: 'contrib', slug: 'contrib', name: 'Casey Contributor', public: false },
    ],
    passwords: { ...FAKE_PASSWORDS },
  };
}
