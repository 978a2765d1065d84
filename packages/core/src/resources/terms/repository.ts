/**
 * Storage of categories and tags: `terms` (taxonomy, slug, parent), `term_texts` (name and description per
 * language, SPEC §7) and `event_terms` (which events carry a term). Every function takes the request's
 * context, whose `db` is a transaction for writes.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Taxonomy } from '../../db/schema.js';
import type { RequestContext } from '../../route-table/context.js';
import { MAX_ID } from '../../route-table/params.js';
import { termRow, termRows, termSearchBody } from '../posts/rows.js';
import { writeTranslatedTexts } from '../translated-texts.js';
import { publishedEventCount } from './counts.js';

// The event-count functions live in counts.ts; events and the due-post publisher import them from here.
export {
  countedEventsPerTerm,
  countsForTerms,
  moveTermCounts,
  moveTermTallies,
  refreshTermCounts,
  termIdsOfEvent,
  termIdsOfEvents,
} from './counts.js';

/** Whether a number can name a stored record: a larger one would make PostgreSQL fail "out of range". */
export function isStorableId(value: number): boolean {
  return Number.isSafeInteger(value) && value > 0 && value <= MAX_ID;
}

/** A term as responses need it: shared fields, texts in the request language (with fallback), and its count. */
export interface TermRecord {
  id: number;
  taxonomy: Taxonomy;
  slug: string;
  parent: number;
  name: string;
  description: string;
  count: number;
}

/**
 * Terms joined with their texts in the request language (`tl`) and the default language (`td`), so that
 * `coalesce(tl.x, td.x)` is the field-by-field fallback of SPEC §7 inside SQL (for search and sorting).
 */
export function termsWithTexts(context: RequestContext) {
  return termsWithTextsIn(context.db, context.language, context.config.defaultLanguage);
}

/** `termsWithTexts` with its languages given (a read by key binds them as values). */
export function termsWithTextsIn(db: Db, language: string, defaultLanguage: string) {
  return db
    .selectFrom('terms')
    .leftJoin('term_texts as td', (join) =>
      join.onRef('td.term_id', '=', 'terms.id').on('td.language', '=', defaultLanguage),
    )
    .leftJoin('term_texts as tl', (join) =>
      join.onRef('tl.term_id', '=', 'terms.id').on('tl.language', '=', language),
    );
}

/** The name in the request language, falling back to the default language's. */
export const translatedName = sql<string | null>`coalesce(${sql.ref('tl.name')}, ${sql.ref('td.name')})`;
export const translatedDescription = sql<
  string | null
>`coalesce(${sql.ref('tl.description')}, ${sql.ref('td.description')})`;

/** The columns of a TermRecord, for a query built on `termsWithTexts`. */
export const TERM_RECORD_SELECTION = [
  'terms.id',
  'terms.taxonomy',
  'terms.slug',
  'terms.parent_id',
  translatedName.as('name'),
  translatedDescription.as('description'),
  publishedEventCount('terms.id').as('count'),
] as const;

export interface TermRow {
  id: number;
  taxonomy: Taxonomy;
  slug: string;
  parent_id: number;
  name: string | null;
  description: string | null;
  count: number | string;
}

export function toTermRecord(row: TermRow): TermRecord {
  return {
    id: row.id,
    taxonomy: row.taxonomy,
    slug: row.slug,
    parent: row.parent_id,
    name: row.name ?? '',
    description: row.description ?? '',
    // PostgreSQL returns count(*) as a bigint string.
    count: Number(row.count),
  };
}

/** Many terms (of any taxonomy) in one statement, keyed by id. */
export async function loadTerms(
  context: RequestContext,
  ids: readonly number[],
): Promise<Map<number, TermRecord>> {
  if (ids.length === 0) return new Map();
  const rows = await termsWithTexts(context)
    .select(TERM_RECORD_SELECTION)
    .where('terms.id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, toTermRecord(row)]));
}

export async function loadTerm(context: RequestContext, id: number): Promise<TermRecord | undefined> {
  return (await loadTerms(context, [id])).get(id);
}

export async function isTermOf(db: Db, taxonomy: Taxonomy, id: number): Promise<boolean> {
  if (!isStorableId(id)) return false;
  const row = await db
    .selectFrom('terms')
    .select('id')
    .where('id', '=', id)
    .where('taxonomy', '=', taxonomy)
    .executeTakeFirst();
  return row !== undefined;
}

export async function termSlugTaken(
  db: Db,
  taxonomy: Taxonomy,
  slug: string,
  exceptId?: number,
): Promise<number | undefined> {
  let query = db.selectFrom('terms').select('id').where('taxonomy', '=', taxonomy).where('slug', '=', slug);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst())?.id;
}

/**
 * Ids of the terms of a taxonomy named by id or slug, in one statement. Returns the id for each item that
 * names a term (slug first, then id, as the plugin looks them up), `undefined` for the others.
 */
export async function lookUpTermsByIdOrSlug(
  db: Db,
  taxonomy: Taxonomy,
  items: ReadonlyArray<string | number>,
): Promise<Array<number | undefined>> {
  const texts = items.map((item) => String(item).trim());
  if (texts.length === 0) return [];
  const ids = texts
    .filter((t) => /^\d+$/.test(t))
    .map(Number)
    .filter(isStorableId);
  const rows = await db
    .selectFrom('terms')
    .select(['id', 'slug'])
    .where('taxonomy', '=', taxonomy)
    .where((eb) => eb.or([eb('slug', 'in', texts), ...(ids.length > 0 ? [eb('id', 'in', ids)] : [])]))
    .execute();
  const bySlug = new Map(rows.map((r) => [r.slug, r.id]));
  const byId = new Set(rows.map((r) => r.id));
  return texts.map(
    (text) => bySlug.get(text) ?? (/^\d+$/.test(text) && byId.has(Number(text)) ? Number(text) : undefined),
  );
}

/**
 * The term of a taxonomy whose name, as a reader in the request's language sees it (its own name, else the
 * default language's: SPEC §7), equals `name`, ignoring case (the database's case folding on both sides).
 * For categories only siblings under `parent` count (WordPress's `term_exists` rule: the same name may
 * appear under different parents).
 */
export async function findTermByName(
  context: RequestContext,
  taxonomy: Taxonomy,
  name: string,
  parent: number | undefined,
): Promise<{ id: number; slug: string } | undefined> {
  const fold = context.database.traits.foldCase;
  let query = termsWithTexts(context)
    .select(['terms.id', 'terms.slug'])
    .where('terms.taxonomy', '=', taxonomy)
    .where(fold(translatedName), '=', fold(sql.val(name)));
  if (parent !== undefined) query = query.where('terms.parent_id', '=', parent);
  return query.orderBy('terms.id').limit(1).executeTakeFirst();
}

/**
 * Rewrites the term's row of `term_search`: its slug and its names in every language, the
 * text the search index narrows `search` candidates by. Every write of a slug or name calls it.
 */
export async function refreshTermSearch(db: Db, termId: number): Promise<void> {
  const [term, texts] = await Promise.all([
    db.selectFrom('terms').select('slug').where('id', '=', termId).executeTakeFirst(),
    db.selectFrom('term_texts').select('name').where('term_id', '=', termId).orderBy('language').execute(),
  ]);
  if (!term) return;
  const body = termSearchBody(term.slug, texts);
  await sql`insert into term_search (term_id, body) values (${termId}, ${body})
    on conflict (term_id) do update set body = excluded.body`.execute(db);
}

/** Ids of `id` and every category above it, walking up the tree (stops on a cycle). */
export async function ancestorsAndSelf(db: Db, id: number): Promise<Set<number>> {
  const seen = new Set<number>();
  let current = id;
  while (current !== 0 && !seen.has(current)) {
    seen.add(current);
    const row = await db.selectFrom('terms').select('parent_id').where('id', '=', current).executeTakeFirst();
    current = row?.parent_id ?? 0;
  }
  return seen;
}

/**
 * The slugs of a category's ancestors joined by `/`, from the top of the tree down to its parent (null for
 * a top-level category), for the hierarchical archive URLs of categories (SPEC §14). A column of the row's
 * own statement (correlated with `terms`), so a page of categories costs no statement more (SPEC §12). The
 * walk builds the path as it climbs and stops after 100 levels, so a damaged tree with a cycle ends too.
 */
export const ancestorPath = sql<string | null>`(
  with recursive anc_up(parent_id, path, depth) as (
    select anc_p.parent_id, anc_p.slug, 1 from terms as anc_p where anc_p.id = ${sql.ref('terms.parent_id')}
    union all
    select anc_q.parent_id, anc_q.slug || '/' || anc_up.path, anc_up.depth + 1
      from terms as anc_q inner join anc_up on anc_q.id = anc_up.parent_id
      where anc_up.depth < 100
  )
  select path from anc_up order by depth desc limit 1
)`;

/** `ancestorPath` of one term, by its id (one statement; none for a top-level term). */
export async function ancestorPathOf(db: Db, term: { id: number; parent: number }): Promise<string | null> {
  if (term.parent === 0) return null;
  const row = await db
    .selectFrom('terms')
    .select(ancestorPath.as('ancestor_path'))
    .where('terms.id', '=', term.id)
    .executeTakeFirst();
  return row?.ancestor_path ?? null;
}

export interface TermTexts {
  name?: string;
  description?: string;
}

/**
 * Stores the sent texts in `language` and leaves other languages alone; a term's first write also fills the
 * default language when it has no row yet (SPEC §7).
 */
export async function writeTermTexts(
  db: Db,
  termId: number,
  language: string,
  defaultLanguage: string,
  texts: TermTexts,
): Promise<void> {
  await writeTranslatedTexts(db, 'term_texts', termId, language, defaultLanguage, texts);
}

/** Inserts a term and its texts; the slug must already be unique in the taxonomy. */
export async function insertTerm(
  context: RequestContext,
  term: { taxonomy: Taxonomy; slug: string; parent: number; name: string; description?: string },
): Promise<number> {
  const { db, config, language } = context;
  const row = await db.insertInto('terms').values(termRow(term)).returning('id').executeTakeFirstOrThrow();
  const texts: TermTexts = { name: term.name };
  if (term.description !== undefined) texts.description = term.description;
  await writeTermTexts(db, row.id, language, config.defaultLanguage, texts);
  await refreshTermSearch(db, row.id);
  return row.id;
}

/**
 * Deletes a term for good. Its children are not deleted: like WordPress, they move up to the deleted term's
 * own parent (0 for a top-level term).
 */
export async function deleteTerm(
  db: Db,
  term: Pick<TermRecord, 'id' | 'taxonomy' | 'parent'>,
): Promise<void> {
  await db
    .updateTable('terms')
    .set({ parent_id: term.parent })
    .where('taxonomy', '=', term.taxonomy)
    .where('parent_id', '=', term.id)
    .execute();
  // Explicit deletes rather than relying on ON DELETE CASCADE, which SQLite applies only with foreign keys on.
  await db.deleteFrom('event_terms').where('term_id', '=', term.id).execute();
  await db.deleteFrom('term_texts').where('term_id', '=', term.id).execute();
  await sql`delete from term_search where term_id = ${term.id}`.execute(db);
  await db.deleteFrom('terms').where('id', '=', term.id).execute();
}

/**
 * Inserts new top-level terms, each with its name in the request language (and the default language) and
 * its search text, in three statements whatever their number: an event write may name up to
 * `INPUT_LIMITS.termsPerWrite` new terms, and one round trip per statement per term would hold the write's
 * transaction (and SQLite's only writer) for seconds. Slugs must already be unique in
 * the taxonomy. Returns the new ids by slug.
 */
export async function insertNewTerms(
  context: RequestContext,
  taxonomy: Taxonomy,
  terms: ReadonlyArray<{ slug: string; name: string }>,
): Promise<Map<string, number>> {
  const { db, config, language } = context;
  const ids = new Map<string, number>();
  if (terms.length === 0) return ids;
  const rows = await db
    .insertInto('terms')
    .values(terms.map((term) => termRow({ taxonomy, slug: term.slug })))
    .returning(['id', 'slug'])
    .execute();
  for (const row of rows) ids.set(row.slug, row.id);
  const languages = [...new Set([language, config.defaultLanguage])].sort();
  const written = terms.map((term) =>
    termRows(ids.get(term.slug)!, {
      taxonomy,
      slug: term.slug,
      texts: languages.map((text) => ({ language: text, name: term.name, description: null })),
    }),
  );
  await db
    .insertInto('term_texts')
    .values(written.flatMap((row) => row.term_texts))
    .execute();
  // The search text as `refreshTermSearch` writes it.
  const search = written.map((row) => sql`(${row.term_search.term_id}, ${row.term_search.body})`);
  await sql`insert into term_search (term_id, body) values ${sql.join(search)}`.execute(db);
  return ids;
}
