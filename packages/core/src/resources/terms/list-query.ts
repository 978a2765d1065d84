/**
 * The category and tag list as SQL: the filters of a list request as conditions on `termsWithTexts`, the sort
 * key of `orderby`, and the page with its total, each one statement whatever the page size (SPEC §12).
 */
import { type SqlBool, sql } from 'kysely';
import { escapeLike } from '../../db/traits.js';
import type { RequestContext } from '../../route-table/context.js';
import type { Paging } from '../../route-table/pagination.js';
import { sanitizeSlug } from '../../text/slug.js';
import type { ListScope } from '../changes/list-sync.js';
import { ownerOfRows } from '../events/series/reading.js';
import { indexedCandidates, isBlankSearch } from '../posts/search.js';
import { isNonEmpty, publishedEventCount } from './counts.js';
import {
  ancestorPath,
  TERM_RECORD_SELECTION,
  type TermRecord,
  termsWithTexts,
  toTermRecord,
  translatedDescription,
  translatedName,
} from './repository.js';
import type { TaxonomyKind } from './taxonomy.js';

/** A list request's filters, resolved: term lists as ids, the event whose terms are asked for. */
export interface TermFilter {
  search?: string | undefined;
  include?: readonly number[] | undefined;
  exclude?: readonly number[] | undefined;
  parent?: number | undefined;
  eventId?: number | undefined;
  /** The event's links are hidden from the caller (a protected event): the list is empty. */
  hidden: boolean;
  slug?: string | undefined;
  hideEmpty: boolean;
  nowUtc: string;
  /** `sync_token`, `updated_since` (changes/list-sync.ts). */
  scope?: ListScope | undefined;
}

export interface TermSort {
  orderby: string;
  direction: 'asc' | 'desc';
}

function filteredTerms(context: RequestContext, kind: TaxonomyKind, filter: TermFilter) {
  const { db, database } = context;
  let filtered = termsWithTexts(context).where('terms.taxonomy', '=', kind.taxonomy);
  // A search of blanks only filters nothing (as for events and venues).
  if (filter.search !== undefined && !isBlankSearch(filter.search)) {
    const pattern = `%${escapeLike(filter.search)}%`;
    filtered = filtered.where((eb) =>
      eb.or([
        database.traits.ilike(translatedName, pattern),
        database.traits.ilike(sql.ref('terms.slug'), pattern),
      ]),
    );
    // The trigram index finds the terms whose slug or any name contains the text; the exact rule above then
    // runs on those only. A text under three characters cannot use the index: the rule alone scans the
    // taxonomy's terms then.
    const candidates = indexedCandidates(database.traits, { table: 'term_search', key: 'term_id' }, [
      filter.search,
    ]);
    if (candidates) filtered = filtered.where(sql<SqlBool>`${sql.ref('terms.id')} in (${candidates})`);
  }
  if (filter.include) filtered = filtered.where('terms.id', 'in', filter.include);
  if (filter.exclude) filtered = filtered.where('terms.id', 'not in', filter.exclude);
  if (kind.hierarchical && filter.parent !== undefined)
    filtered = filtered.where('terms.parent_id', '=', filter.parent);
  if (filter.eventId !== undefined) {
    filtered = filtered.where(
      'terms.id',
      'in',
      // An occurrence that follows its series carries the series' terms (events/series/follows.ts).
      db
        .selectFrom('events')
        .innerJoin('event_terms', (join) => join.on('event_terms.event_id', '=', ownerOfRows()))
        .select('event_terms.term_id')
        .where('events.id', '=', filter.eventId),
    );
    if (filter.hidden) filtered = filtered.where(sql<SqlBool>`1 = 0`);
  }
  // Slugs are stored sanitized; a slug written differently (`Foo Bar`) still finds `foo-bar`, as in WordPress.
  if (filter.slug !== undefined) filtered = filtered.where('terms.slug', '=', sanitizeSlug(filter.slug));
  if (filter.hideEmpty) filtered = filtered.where(isNonEmpty(kind.taxonomy, 'terms.id', filter.nowUtc));
  if (filter.scope) filtered = filtered.where(filter.scope.where('terms.id'));
  return filtered;
}

/** One page of the filtered terms (each with its ancestor path) and their total, in two statements. */
export async function findTermPage(
  context: RequestContext,
  kind: TaxonomyKind,
  filter: TermFilter,
  sort: TermSort,
  paging: Paging,
): Promise<{ rows: Array<{ term: TermRecord; ancestorPath: string | null }>; total: number }> {
  const filtered = filteredTerms(context, kind, filter);
  if (filter.scope)
    filter.scope.matches = async () => (await filtered.select('terms.id').execute()).map((row) => row.id);
  const sortKey = sortKeyFor(context, sort.orderby, filter.include);
  // A category's ancestors, for its url, in the page's own statement (SPEC §12, §14).
  let page = filtered
    .select(TERM_RECORD_SELECTION)
    .select((kind.hierarchical ? ancestorPath : sql<string | null>`null`).as('ancestor_path'));
  if (sortKey) page = page.orderBy(sortKey, sort.direction);
  page = page.orderBy('terms.id', 'asc').limit(paging.perPage).offset(paging.offset);

  const [rows, counted] = await Promise.all([
    page.execute(),
    filtered.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((row) => ({ term: toTermRecord(row), ancestorPath: row.ancestor_path })),
    total: Number(counted.n),
  };
}

/**
 * What `orderby` sorts by (WordPress's `WP_Term_Query::parse_orderby`): unknown values, `include` without an
 * `include` list, and `include_slugs` (meaningful only for a list of slugs, while `slug` here is one) sort by
 * name. Names and descriptions sort case-insensitively on both databases.
 */
function sortKeyFor(context: RequestContext, orderby: string, include: readonly number[] | undefined) {
  const fold = context.database.traits.sortKey;
  switch (orderby) {
    case 'id':
      return sql.ref('terms.id');
    case 'slug':
      return sql.ref('terms.slug');
    case 'count':
      return publishedEventCount('terms.id');
    case 'description':
      return fold(translatedDescription);
    case 'term_group':
      return undefined; // Always 0 here: only the tie-break by id remains.
    case 'include':
      if (include) return positionIn(include);
      return fold(translatedName);
    default:
      return fold(translatedName);
  }
}

/** `orderby=include`: the order of the `include` list (WordPress's `FIELD(t.term_id, …)`). */
function positionIn(ids: readonly number[]) {
  // Literals, not parameters: the ids are validated integers, and PostgreSQL cannot type `then $n`.
  const branches = ids.map((id, index) => sql`when ${sql.lit(id)} then ${sql.lit(index)}`);
  return sql<number>`case ${sql.ref('terms.id')} ${sql.join(branches, sql` `)} end`;
}
