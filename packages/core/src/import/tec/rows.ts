/**
 * The rows the service stores for a record of the source: built with the same row builders as the
 * service's own writes and the benchmark (`posts/rows.ts`), with the local ids the plan decided, so that an
 * imported record answers as one written through the API would. Texts go to the default language, the
 * source's only one; the search rows follow from them as the service derives them. Pure: no database.
 */
import { randomBytes } from 'node:crypto';
import type { PostRow, Taxonomy } from '../../db/schema.js';
import { linkedSearchBody } from '../../resources/linked/repository.js';
import { organizerKind } from '../../resources/organizers/kind.js';
import {
  eventRows,
  organizerRow,
  postRow,
  searchRows,
  termRows,
  venueRow,
} from '../../resources/posts/rows.js';
import { venueKind } from '../../resources/venues/kind.js';
import type { Planned, PlannedPost } from './plan.js';
import type { SourceEvent, SourceOrganizer, SourcePost, SourceTerm, SourceVenue } from './source.js';

/** Local ids of the source's records and images, as the plan placed them. */
export interface LocalIds {
  post(sourceId: number | null): number | null;
  term(taxonomy: Taxonomy, sourceId: number): number | null;
  image(url: string): number | null;
}

export interface Languages {
  languages: readonly string[];
  defaultLanguage: string;
}

/**
 * The password of an event whose own password could not be read: random, shown to no one, so the event stays
 * protected as it was at its source (lists blank it, a read by id is refused) rather than readable by all;
 * an editor reads it with `context=edit` and may give it a new password.
 */
function passwordNoOneKnows(): string {
  return randomBytes(32).toString('base64url');
}

function present(ids: ReadonlyArray<number | null>): number[] {
  return ids.filter((id): id is number => id !== null);
}

export function postRows(record: PlannedPost<SourcePost>, ids: LocalIds, languages: Languages) {
  const { source } = record;
  const post: PostRow = {
    id: record.localId,
    ...postRow({
      type: source.kind,
      status: source.status,
      author_id: record.authorId,
      slug: record.slug,
      date_utc: source.date_utc,
      modified_utc: source.modified_utc,
      password: source.passwordUnknown ? passwordNoOneKnows() : source.password,
      image_id: source.image ? ids.image(source.image.url) : null,
    }),
  };
  const text = {
    post_id: record.localId,
    language: languages.defaultLanguage,
    title: source.title,
    description: source.description,
    excerpt: source.excerpt,
  };
  return { post, text };
}

/** An event's rows: its post, texts, own row, links to organizers and terms, and search rows. */
export function importedEventRows(record: PlannedPost<SourceEvent>, ids: LocalIds, languages: Languages) {
  const { post, text } = postRows(record, ids, languages);
  const s = record.source;
  const rows = eventRows(
    record.localId,
    {
      start_local: s.start_local,
      end_local: s.end_local,
      start_utc: s.start_utc,
      end_utc: s.end_utc,
      timezone: s.timezone,
      all_day: s.all_day,
      cost: s.cost,
      currency_symbol: s.currency_symbol,
      currency_code: s.currency_code,
      currency_position: s.currency_position,
      website: s.website,
      show_map: s.show_map,
      show_map_link: s.show_map_link,
      hide_from_listings: s.hide_from_listings,
      sticky: s.sticky,
      featured: s.featured,
      venue_id: ids.post(s.venueSourceId),
      parent_id: ids.post(s.parentSourceId),
    },
    {
      organizers: present(s.organizerSourceIds.map((id) => ids.post(id))),
      categories: present(s.categorySourceIds.map((id) => ids.term('category', id))),
      tags: present(s.tagSourceIds.map((id) => ids.term('tag', id))),
    },
  );
  return { post, text, ...rows, event_search: searchRows({ id: record.localId }, [text], languages) };
}

/** A venue's or organizer's rows: its post, texts, own row and search row. */
export function importedLinkedRows(
  record: PlannedPost<SourceVenue> | PlannedPost<SourceOrganizer>,
  ids: LocalIds,
  languages: Languages,
) {
  const { post, text } = postRows(record, ids, languages);
  const s = record.source;
  const own =
    s.kind === 'venue' ? venueRow(record.localId, s.details) : organizerRow(record.localId, s.details);
  const kind = s.kind === 'venue' ? venueKind : organizerKind;
  const search = { post_id: record.localId, body: linkedSearchBody(kind, { ...own }, [text]) };
  return { post, text, own, search };
}

/** A term's rows; its parent is the local id of the source's parent (0 when the source has none here). */
export function importedTermRows(record: Planned<SourceTerm>, ids: LocalIds, languages: Languages) {
  const s = record.source;
  return termRows(record.localId, {
    taxonomy: s.kind,
    slug: s.slug,
    parent: s.parentSourceId === 0 ? 0 : (ids.term(s.kind, s.parentSourceId) ?? 0),
    texts: [{ language: languages.defaultLanguage, name: s.name, description: s.description }],
  });
}

/** The origin row that finds the record again on the next run and keeps its global ids. */
export function originRow(source: string, record: Planned<SourcePost | SourceTerm>) {
  const s = record.source;
  const isPost = s.kind === 'event' || s.kind === 'venue' || s.kind === 'organizer';
  const post = isPost ? (s as SourcePost) : undefined;
  return {
    source,
    kind: s.kind,
    source_id: s.sourceId,
    post_id: isPost ? record.localId : null,
    term_id: isPost ? null : record.localId,
    global_id: post?.globalId ?? null,
    global_id_lineage: post?.lineage ? JSON.stringify(post.lineage) : null,
    modified_utc: post?.sourceModifiedUtc ?? null,
    fingerprint: record.fingerprint,
  };
}
