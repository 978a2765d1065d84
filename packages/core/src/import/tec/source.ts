/**
 * Reading the plugin's JSON: every record of a snapshot, field by field, into typed values with the
 * source's ids in its references, before any id of this service is known. Pure: no database.
 *
 * How the plugin's answers are read (ref §2, the transcripts):
 * - `author` is the user id as a string; `image` is `false` or an object; `venue` is `[]` or an object;
 *   `organizer`, `categories` and `tags` are lists of objects. Venues and organizers omit empty fields.
 * - Drafts and pending records answer `slug: ""` and `date_utc`/`modified_utc` `0000-00-00 00:00:00`
 *   (WordPress has not dated them yet). This service gives every record a real slug and dates (SPEC §14,
 *   "keep ours"): the missing UTC dates are read from `date`/`modified` in the site's time zone (the setting
 *   carried over from the source), and the plan gives the missing slug (see plan.ts).
 * - `website` equal to the record's own `url` is the plugin's fallback for an event without a website: it is
 *   stored as none (null), so that this service answers its own permalink there too.
 * - `cost` is the formatted text and `cost_details` the parts: the stored items are read back from the text
 *   (the amounts as written), checked against `cost_details.values`, and the symbol, code and position are the
 *   event's own from `cost_details` ('' when the site's default applied).
 * - What the service refuses or cleans when a client sends it is cleaned here too (SPEC §10): markup
 *   in plain-text fields (titles, names, address lines, currency signs), links that are not http(s) URLs,
 *   e-mails that are not addresses. An import is no way around them.
 */
import { localToUtc, timezoneSpelling } from '../../dates/zones.js';
import type {
  EventRow,
  OrganizersTable,
  PostStatus,
  PostType,
  Taxonomy,
  VenuesTable,
} from '../../db/schema.js';
import { isImageUrl } from '../../resources/images/repository.js';
import { isEmailOrEmpty, isPostStatus, isUrlOrEmpty } from '../../resources/posts/fields.js';
import { MAX_ID } from '../../route-table/params.js';
import { type CurrencyDefaults, PLUGIN_CURRENCY_DEFAULTS } from '../../text/cost.js';
import { MAX_SLUG_LENGTH } from '../../text/slug.js';
import { plain, text } from './record-fields.js';
import { readCost } from './source-cost.js';
import type { TecRecord } from './types.js';

/**
 * The longest URL kept of a source (its API root, an image's): far above any real one, and below what
 * PostgreSQL takes in an index entry (image URLs are unique, the API root keys every origin row).
 */
export const MAX_URL_LENGTH = 2000;

const STORED_DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** A record that cannot be written as it is, and why (reported as skipped). */
export class UnreadableRecord extends Error {}

/** An image the plugin answered, referenced by URL (never downloaded). */
export interface SourceImage {
  sourceId: number | null;
  url: string;
  width: number | null;
  height: number | null;
  mime_type: string | null;
  filesize: number | null;
}

/** What every event, venue and organizer has: its `posts` row, texts and global ids, with source ids. */
export interface SourcePost {
  kind: PostType;
  sourceId: number;
  status: PostStatus;
  authorSourceId: number;
  /** As answered: '' for a draft not named yet (the plan names it). */
  slug: string;
  date_utc: string;
  modified_utc: string;
  /** The source's `modified_utc` as answered (kept in the origin row). */
  sourceModifiedUtc: string | null;
  password: string;
  /**
   * The record has a password that could not be read (the reader says so with `password_protected`, or the
   * answer shows the plugin's blanking of a protected event): it is stored protected by a password no one
   * knows (rows.ts), never readable without one.
   */
  passwordUnknown: boolean;
  title: string;
  description: string;
  excerpt: string;
  image: SourceImage | null;
  globalId: string | null;
  lineage: string[] | null;
}

/** An event: its own row as stored (without the links, which name source ids here), and its links. */
export interface SourceEvent extends SourcePost, Omit<EventRow, 'id' | 'venue_id' | 'parent_id'> {
  kind: 'event';
  venueSourceId: number | null;
  organizerSourceIds: number[];
  categorySourceIds: number[];
  tagSourceIds: number[];
  parentSourceId: number | null;
}

export interface SourceVenue extends SourcePost {
  kind: 'venue';
  details: Omit<VenuesTable, 'id'>;
}

export interface SourceOrganizer extends SourcePost {
  kind: 'organizer';
  details: Omit<OrganizersTable, 'id'>;
}

export interface SourceTerm {
  kind: Taxonomy;
  sourceId: number;
  slug: string;
  name: string;
  description: string;
  parentSourceId: number;
}

/**
 * The source key of an API root: host and path, without scheme or trailing slash (`http` and `https` agree);
 * a site without pretty permalinks names its API in `rest_route` (`/?rest_route=/tribe/events/v1`), which is
 * then the path after `/wp-json`, as WordPress serves both.
 */
export function sourceKey(apiRoot: string): string {
  if (!URL.canParse(apiRoot))
    throw new TypeError(`The source's API root is not a URL: "${apiRoot.slice(0, 200)}"`);
  // The key is part of an indexed key of every origin row: PostgreSQL refuses long index entries mid-write.
  if (apiRoot.length > MAX_URL_LENGTH)
    throw new TypeError(`The source's API root is longer than ${MAX_URL_LENGTH} characters`);
  const url = new URL(apiRoot);
  const route = url.searchParams.get('rest_route');
  const path = route ? `${url.pathname.replace(/\/(index\.php)?$/, '')}/wp-json${route}` : url.pathname;
  return `${url.host.toLowerCase()}${path.replace(/\/+$/, '')}`;
}

/**
 * The record with every U+0000 taken out of its strings: PostgreSQL's text cannot hold it (the write would fail
 * halfway through an import) and no field means anything by it; SQLite keeps the same text, so both answer
 * alike. A record without one is returned as it is.
 */
export function withoutNul(record: TecRecord): TecRecord {
  const clean = (value: unknown): unknown => {
    if (typeof value === 'string') return value.includes('\u0000') ? value.replaceAll('\u0000', '') : value;
    if (Array.isArray(value)) return value.map(clean);
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [clean(key), clean(item)]));
    return value;
  };
  return JSON.stringify(record).includes('\\u0000') ? (clean(record) as TecRecord) : record;
}

/** A link: an http(s) URL as the service accepts from clients (`isUrlOrEmpty`), else none. */
function link(record: TecRecord, key: string): string {
  const value = text(record, key).trim();
  return isUrlOrEmpty(value) ? value : '';
}

function flag(record: TecRecord, key: string): number {
  return record[key] === true ? 1 : 0;
}

/**
 * The largest id of the source that can be kept: ids are kept as they are, and both databases store them as
 * 32-bit integers (PostgreSQL's `serial`, the API's `MAX_ID`); SQLite would take more, but one service answers
 * alike on both.
 */
export const MAX_SOURCE_ID = MAX_ID;

/** Whether `value` is an id of the source that this service can keep: a whole number from 1 to `MAX_SOURCE_ID`. */
export function isStorableSourceId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 && value <= MAX_SOURCE_ID;
}

function idOf(value: unknown): number | null {
  const id = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return isStorableSourceId(id) ? id : null;
}

/** The ids of a list of embedded objects (`organizer`, `categories`, `tags`), in the order answered. */
function idsOf(value: unknown): number[] {
  if (!Array.isArray(value)) return [];
  const ids = value.map((item) => idOf((item as { id?: unknown } | null)?.id));
  return [...new Set(ids.filter((id): id is number => id !== null))];
}

/**
 * The slug as answered; longer than WordPress stores one (`post_name` and `wp_terms.slug` hold 200
 * characters), the record is not one of a WordPress site, and an indexed column would refuse it halfway
 * through the write.
 */
function slugOf(record: TecRecord): string {
  const slug = text(record, 'slug');
  if (slug.length > MAX_SLUG_LENGTH)
    throw new UnreadableRecord(`its slug is longer than ${MAX_SLUG_LENGTH} characters`);
  return slug;
}

/**
 * Whether `value` (`YYYY-MM-DD HH:MM:SS`) is a date and time of the calendar (not WordPress's
 * `0000-00-00 00:00:00` of a record not dated yet): PostgreSQL reads the stored texts as timestamps (the
 * events' duration bound), and refuses `2026-13-45 25:61:61` halfway through a write.
 */
function isDateTime(value: string): boolean {
  if (!STORED_DATE_TIME.test(value)) return false;
  const [year, month, day, hour, minute, second] = value.split(/[- :]/).map(Number) as number[];
  const date = new Date(Date.UTC(year!, month! - 1, day!, hour, minute, second));
  return (
    year! >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month! - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second
  );
}

function storedDate(record: TecRecord, key: string): string {
  const value = text(record, key);
  if (!isDateTime(value)) throw new UnreadableRecord(`${key} is not a date: "${value.slice(0, 40)}"`);
  return value;
}

/**
 * A UTC date of a post: as answered, or from its site-zone twin when WordPress has not set it (drafts);
 * `fallback` (the publication date, for `modified`) when neither is a date.
 */
function utcDate(record: TecRecord, key: 'date' | 'modified', siteZone: string, fallback?: string): string {
  const utc = text(record, `${key}_utc`);
  if (isDateTime(utc)) return utc;
  const local = text(record, key);
  if (isDateTime(local)) return localToUtc(local, siteZone);
  if (fallback === undefined) throw new UnreadableRecord(`neither ${key} nor ${key}_utc is a date`);
  return fallback;
}

function imageOf(value: unknown): SourceImage | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const image = value as Record<string, unknown>;
  if (typeof image.url !== 'string' || image.url.length > MAX_URL_LENGTH || !isImageUrl(image.url))
    return null;
  // Sizes are stored as 32-bit integers: a larger one is no size of an image.
  const number = (v: unknown) =>
    typeof v === 'number' && Number.isFinite(v) && v > 0 && v <= MAX_ID ? Math.round(v) : null;
  // The plugin's image has no type of its own; its sizes name theirs (`mime-type`).
  const sizes = Object.values((image.sizes ?? {}) as Record<string, { 'mime-type'?: unknown }>);
  const mime = sizes.map((size) => size?.['mime-type']).find((m): m is string => typeof m === 'string');
  return {
    sourceId: idOf(image.id),
    url: image.url,
    width: number(image.width),
    height: number(image.height),
    mime_type: mime ?? mimeOfUrl(image.url),
    filesize: number(image.filesize),
  };
}

function mimeOfUrl(url: string): string | null {
  const extension = /\.(jpe?g|png|gif|webp|avif|svg)(?:$|[?#])/i.exec(url)?.[1]?.toLowerCase();
  if (!extension) return null;
  return `image/${extension === 'jpg' ? 'jpeg' : extension === 'svg' ? 'svg+xml' : extension}`;
}

function lineageOf(value: unknown): string[] | null {
  return Array.isArray(value) && value.every((item) => typeof item === 'string') ? [...value] : null;
}

function noId(value: unknown): string {
  return value === undefined || value === null
    ? 'no id'
    : `the id ${String(value).slice(0, 40)} is not a whole number from 1 to ${MAX_SOURCE_ID}`;
}

/** The fields every post kind shares. */
function readPost(kind: PostType, record: TecRecord, siteZone: string): SourcePost {
  const status = text(record, 'status') || 'publish';
  if (!isPostStatus(status)) throw new UnreadableRecord(`unknown status "${status}"`);
  const id = idOf(record.id);
  if (id === null) throw new UnreadableRecord(noId(record.id));
  const dateUtc = utcDate(record, 'date', siteZone);
  const globalId = typeof record.global_id === 'string' && record.global_id !== '' ? record.global_id : null;
  return {
    kind,
    sourceId: id,
    status,
    authorSourceId: idOf(record.author) ?? 0,
    slug: slugOf(record),
    date_utc: dateUtc,
    modified_utc: utcDate(record, 'modified', siteZone, dateUtc),
    sourceModifiedUtc: typeof record.modified_utc === 'string' ? record.modified_utc : null,
    password: text(record, 'password'),
    passwordUnknown: text(record, 'password') === '' && record.password_protected === true,
    title: plain(record, kind === 'event' ? 'title' : kind),
    description: text(record, 'description'),
    excerpt: text(record, 'excerpt'),
    image: imageOf(record.image),
    globalId,
    lineage: globalId === null ? null : (lineageOf(record.global_id_lineage) ?? [globalId]),
  };
}

export function readEvent(
  record: TecRecord,
  siteZone: string,
  currency: CurrencyDefaults = PLUGIN_CURRENCY_DEFAULTS,
): SourceEvent {
  const post = readPost('event', record, siteZone);
  const zoneText = text(record, 'timezone') || siteZone;
  const timezone = timezoneSpelling(zoneText);
  if (timezone === null) throw new UnreadableRecord(`unknown time zone "${zoneText}"`);
  const website = link(record, 'website');
  const venue = record.venue as { id?: unknown } | unknown[] | null | undefined;
  // The service's lists rely on every event ending at or after its start (SPEC §8: such a write is a 400).
  if (storedDate(record, 'utc_end_date') < storedDate(record, 'utc_start_date'))
    throw new UnreadableRecord('utc_end_date is before utc_start_date');
  // A protected event answered to a caller without its password has its flags blanked to null (ref §8.3):
  // an ordinary event always answers `all_day` true or false.
  if (post.password === '' && record.all_day === null) post.passwordUnknown = true;
  return {
    ...post,
    kind: 'event',
    start_local: storedDate(record, 'start_date'),
    end_local: storedDate(record, 'end_date'),
    start_utc: storedDate(record, 'utc_start_date'),
    end_utc: storedDate(record, 'utc_end_date'),
    timezone,
    all_day: flag(record, 'all_day'),
    ...readCost(record, currency),
    website: website !== '' && website === text(record, 'url') ? null : website,
    show_map: flag(record, 'show_map'),
    show_map_link: flag(record, 'show_map_link'),
    hide_from_listings: flag(record, 'hide_from_listings'),
    sticky: flag(record, 'sticky'),
    featured: flag(record, 'featured'),
    venueSourceId: venue && !Array.isArray(venue) ? idOf(venue.id) : null,
    organizerSourceIds: idsOf(record.organizer),
    categorySourceIds: idsOf(record.categories),
    tagSourceIds: idsOf(record.tags),
    // `post_parent` where the source answers it; `series_id` from this service serving the plugin's namespace.
    parentSourceId: idOf(record.post_parent) ?? idOf(record.series_id),
  };
}

/** A latitude or longitude (up to `limit` degrees either way), else none: PostgreSQL's `real` overflows on others. */
function coordinate(value: unknown, limit: 90 | 180): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && Math.abs(number) <= limit ? number : null;
}

export function readVenue(record: TecRecord, siteZone: string): SourceVenue {
  return {
    ...readPost('venue', record, siteZone),
    kind: 'venue',
    details: {
      address: plain(record, 'address'),
      city: plain(record, 'city'),
      country: plain(record, 'country'),
      province: plain(record, 'province'),
      state: plain(record, 'state'),
      zip: plain(record, 'zip'),
      phone: plain(record, 'phone'),
      stateprovince: plain(record, 'stateprovince'),
      website: link(record, 'website'),
      show_map: flag(record, 'show_map'),
      show_map_link: flag(record, 'show_map_link'),
      geo_lat: coordinate(record.geo_lat, 90),
      geo_lng: coordinate(record.geo_lng, 180),
    },
  };
}

export function readOrganizer(record: TecRecord, siteZone: string): SourceOrganizer {
  return {
    ...readPost('organizer', record, siteZone),
    kind: 'organizer',
    details: {
      phone: plain(record, 'phone'),
      website: link(record, 'website'),
      email: isEmailOrEmpty(text(record, 'email')) ? text(record, 'email').trim() : '',
    },
  };
}

export function readTerm(taxonomy: Taxonomy, record: TecRecord): SourceTerm {
  const id = idOf(record.id);
  if (id === null) throw new UnreadableRecord(noId(record.id));
  const slug = slugOf(record);
  if (slug === '') throw new UnreadableRecord('no slug');
  return {
    kind: taxonomy,
    sourceId: id,
    slug,
    name: plain(record, 'name'),
    description: text(record, 'description'),
    parentSourceId: taxonomy === 'category' ? (idOf(record.parent) ?? 0) : 0,
  };
}
