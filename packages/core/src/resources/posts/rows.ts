/**
 * The rows the service stores for a record, built from typed values without a database: the service's own
 * writes insert what these return, and the benchmark's generator (through `@calendar-events/core/internal`)
 * builds its calendar with the same functions, so a generated row is what an API write would have stored.
 * What needs the database (unique slugs, ids, the texts already stored) stays with the callers.
 */
import type {
  EventRow,
  OrganizersTable,
  PostRow,
  PostStatus,
  PostTextsTable,
  Taxonomy,
  TermTextsTable,
  VenuesTable,
} from '../../db/schema.js';
import { pickTranslation } from '../../i18n/translations.js';

export { sanitizeSlug } from '../../text/slug.js';

/** What a new record's `posts` row needs; the rest has the value a create without it stores. */
export type PostInput = Pick<
  PostRow,
  'type' | 'status' | 'author_id' | 'slug' | 'date_utc' | 'modified_utc'
> &
  Partial<Pick<PostRow, 'password' | 'image_id'>>;

/** A new record's `posts` row (its id comes from the insert, or from the caller). */
export function postRow(post: PostInput): Omit<PostRow, 'id'> {
  return { ...post, password: post.password ?? '', image_id: post.image_id ?? null, trashed_from: null };
}

/**
 * The status an event's `events.status` holds (the schema's triggers keep it, whoever writes the
 * rows): its post's status as stored, which lists test and count by.
 */
export function listingStatus(post: Pick<PostRow, 'status'>): PostStatus {
  return post.status;
}

/** An event's row, and its links to organizers and terms in the order given (duplicates dropped). */
export function eventRows(
  id: number,
  event: Omit<EventRow, 'id'>,
  links: { organizers?: readonly number[]; categories?: readonly number[]; tags?: readonly number[] } = {},
) {
  return {
    events: [{ id, ...event }],
    event_organizers: eventOrganizerRows(id, links.organizers ?? []),
    // Positions count within each taxonomy: each is replaced on its own.
    event_terms: [...eventTermRows(id, links.categories ?? []), ...eventTermRows(id, links.tags ?? [])],
  };
}

export function eventOrganizerRows(eventId: number, organizerIds: readonly number[]) {
  return [...new Set(organizerIds)].map((organizer_id, position) => ({
    event_id: eventId,
    organizer_id,
    position,
  }));
}

/** The `event_terms` rows of one taxonomy's terms of an event. */
export function eventTermRows(eventId: number, termIds: readonly number[]) {
  return [...new Set(termIds)].map((term_id, position) => ({ event_id: eventId, term_id, position }));
}

/** The texts an event's search rows are built from: its `post_texts` rows, any languages. */
export type TextRow = Pick<PostTextsTable, 'language' | 'title' | 'description' | 'excerpt'>;

/**
 * The event's `event_search` rows: one per content language, title, excerpt and description as a reader in
 * that language sees them (field by field, else the default language's, SPEC §7), separated by newlines,
 * which no search term contains.
 */
export function searchRows(
  event: { id: number },
  texts: readonly TextRow[],
  languages: { languages: readonly string[]; defaultLanguage: string },
) {
  return languages.languages.map((language) => {
    const seen = pickTranslation(texts, language, languages.defaultLanguage, [
      'title',
      'excerpt',
      'description',
    ] as const);
    return { event_id: event.id, language, body: [seen.title, seen.excerpt, seen.description].join('\n') };
  });
}

/** `stateprovince` defaults to the state, or to the province outside the US or when the state is empty. */
export function derivedStateProvince(values: Readonly<Record<string, unknown>>): string {
  const state = String(values.state ?? '');
  const province = String(values.province ?? '');
  const country = String(values.country ?? '')
    .trim()
    .toLowerCase();
  const isUs = ['us', 'usa', 'united states', 'united states of america'].includes(country);
  return state !== '' && (isUs || country === '') ? state : province || state;
}

export type VenueValues = Omit<VenuesTable, 'id' | 'stateprovince'> & { stateprovince?: string | undefined };

/** A venue's own row; without a `stateprovince`, the one derived from its address. */
export function venueRow(id: number, venue: VenueValues): VenuesTable {
  return { id, ...venue, stateprovince: venue.stateprovince ?? derivedStateProvince(venue) };
}

export function organizerRow(id: number, organizer: Omit<OrganizersTable, 'id'>): OrganizersTable {
  return { id, ...organizer };
}

export interface TermValues {
  taxonomy: Taxonomy;
  slug: string;
  /** The parent category; 0 (none) when left out. */
  parent?: number | undefined;
  texts: ReadonlyArray<Omit<TermTextsTable, 'term_id'>>;
}

/** A term's `terms` row without its id, for an insert that returns it. */
export function termRow(term: Omit<TermValues, 'texts'>) {
  return { taxonomy: term.taxonomy, slug: term.slug, parent_id: term.parent ?? 0 };
}

/**
 * A term's rows: `terms`, its `term_texts`, and the body of its `term_search` row: the slug,
 * then the names by language, separated by newlines (a candidate matched across two parts fails the exact
 * check that follows).
 */
export function termRows(id: number, term: TermValues) {
  const byLanguage = [...term.texts].sort((a, b) =>
    a.language < b.language ? -1 : a.language > b.language ? 1 : 0,
  );
  return {
    terms: { id, ...termRow(term) },
    term_texts: term.texts.map((text) => ({ term_id: id, ...text })),
    term_search: { term_id: id, body: termSearchBody(term.slug, byLanguage) },
  };
}

/** The `term_search` body of a slug and its texts, ordered by language. */
export function termSearchBody(slug: string, texts: ReadonlyArray<{ name: string | null }>): string {
  return [slug, ...texts.map((text) => text.name)].filter((part) => part !== null && part !== '').join('\n');
}
