/**
 * Categories and tags as parts of events (ref §2.4a, §7.3, §6.2): resolving what a client sends, storing an
 * event's terms, and loading the embedded term objects of many events at once.
 */
import { sql } from 'kysely';
import { keptOr } from '../../cache/record-memo.js';
import { formatUtc } from '../../dates/format.js';
import { readByKey } from '../../db/by-key.js';
import type { Taxonomy } from '../../db/schema.js';
import { languagesFor } from '../../i18n/translations.js';
import type { RequestContext } from '../../route-table/context.js';
import { plainTitle } from '../../text/html.js';
import { sanitizeSlug, uniqueSlug } from '../../text/slug.js';
import { ownerOfRows } from '../events/series/reading.js';
import { eventTermRows } from '../posts/rows.js';
import { countChangeLeft, countsForTerms, moveTermCounts, termIdsOfEvent } from './counts.js';
import {
  insertNewTerms,
  isStorableId,
  lookUpTermsByIdOrSlug,
  TERM_RECORD_SELECTION,
  termSlugTaken,
  termsWithTextsIn,
  toTermRecord,
} from './repository.js';
import type { EmbeddedTermOutput } from './schema.js';
import { serializeEmbeddedTerm } from './serialize.js';

const DIGITS = /^\d+$/;

/**
 * Resolves the `categories`/`tags` input of an event write (ref §7.3), as the plugin's
 * `Tribe__Terms::translate_terms_to_ids` does: a text item is looked up as a slug, then as a name (in the
 * request language, then the default language, ignoring case), then, if it is all digits, as an id; a number
 * is an id. An id that is no term of the taxonomy is skipped silently; any other text that names nothing
 * creates a term with that name, from the caller's budget of new terms (`context.newTerms`). Order kept,
 * duplicates removed. A constant number of statements however many terms are named (new ones included), but
 * for slugs already taken.
 */
export async function resolveEventTermIds(
  context: RequestContext,
  taxonomy: Taxonomy,
  items: ReadonlyArray<string | number>,
): Promise<number[]> {
  return (await resolveEventTerms(context, new Map([[taxonomy, items]]))).get(taxonomy) ?? [];
}

/**
 * `resolveEventTermIds` for the categories and the tags of one write together: each look-up is one statement
 * for both taxonomies (a write names both more often than not).
 */
export async function resolveEventTerms(
  context: RequestContext,
  wanted: ReadonlyMap<Taxonomy, ReadonlyArray<string | number>>,
): Promise<Map<Taxonomy, number[]>> {
  const { db } = context;
  const taxonomies = [...wanted.keys()];
  const entriesOf = new Map(
    [...wanted].map(([taxonomy, items]) => [
      taxonomy,
      items.map((item) => (typeof item === 'number' ? item : item.trim())).filter((item) => item !== ''),
    ]),
  );
  const all = [...entriesOf.values()].flat();
  const texts = [...new Set(all.filter((e): e is string => typeof e === 'string'))];
  const ids = [
    ...new Set(
      all
        .filter((e) => typeof e === 'number' || DIGITS.test(e))
        .map(Number)
        .filter(isStorableId),
    ),
  ];

  // Slugs and ids first; names only for what no slug of its taxonomy resolved (a slug wins over a name), so a
  // write naming its terms by slug, as most clients do, skips the name look-up, which cannot use an index
  // (names match case-folded).
  const [bySlugRows, byIdRows] = await Promise.all([
    texts.length > 0
      ? db
          .selectFrom('terms')
          .select(['id', 'slug', 'taxonomy'])
          .where('taxonomy', 'in', taxonomies)
          .where('slug', 'in', texts)
          .execute()
      : [],
    ids.length > 0
      ? db
          .selectFrom('terms')
          .select(['id', 'taxonomy'])
          .where('taxonomy', 'in', taxonomies)
          .where('id', 'in', ids)
          .execute()
      : [],
  ]);
  const bySlug = new Map(bySlugRows.map((r) => [`${r.taxonomy} ${r.slug}`, r.id]));
  const unresolvedNames = new Set<string>();
  const unresolvedIn = new Set<Taxonomy>();
  for (const [taxonomy, entries] of entriesOf)
    for (const entry of entries)
      if (typeof entry === 'string' && !bySlug.has(`${taxonomy} ${entry}`)) {
        unresolvedNames.add(entry);
        unresolvedIn.add(taxonomy);
      }
  const byName =
    unresolvedNames.size > 0
      ? await termIdsByName(context, [...unresolvedIn], [...unresolvedNames])
      : new Map<string, number>();
  const existingIds = new Set(byIdRows.map((r) => `${r.taxonomy} ${r.id}`));

  const resolvedOf = new Map<Taxonomy, Array<number | string>>();
  const newNamesOf = new Map<Taxonomy, Map<string, string>>();
  for (const [taxonomy, entries] of entriesOf) {
    const exists = (id: number) => existingIds.has(`${taxonomy} ${id}`);
    // Each entry becomes a term id, or the (lower-cased) name of a term to create; the new terms are created
    // together, then the order of the entries is kept.
    const resolved: Array<number | string> = [];
    const newNames = new Map<string, string>();
    for (const entry of entries) {
      if (typeof entry === 'number') {
        if (exists(entry)) resolved.push(entry);
        continue;
      }
      const id = bySlug.get(`${taxonomy} ${entry}`) ?? byName.get(`${taxonomy} ${entry.toLowerCase()}`);
      if (id !== undefined) {
        resolved.push(id);
        continue;
      }
      // An id that names no term is skipped, not turned into a term called "123".
      if (DIGITS.test(entry)) {
        if (exists(Number(entry))) resolved.push(Number(entry));
        continue;
      }
      const name = plainTitle(entry);
      if (name === '') continue;
      // The same name twice in one request makes one term.
      const key = name.toLowerCase();
      if (!newNames.has(key)) newNames.set(key, name);
      resolved.push(key);
    }
    resolvedOf.set(taxonomy, resolved);
    newNamesOf.set(taxonomy, newNames);
  }
  // Before anything is written: a write over the caller's budget of new terms is refused whole.
  for (const [taxonomy, newNames] of newNamesOf)
    context.newTerms?.take(newNames.size, taxonomy === 'category' ? 'categories' : 'tags');
  const out = new Map<Taxonomy, number[]>();
  for (const [taxonomy, resolved] of resolvedOf) {
    const created = await createNamedTerms(context, taxonomy, newNamesOf.get(taxonomy)!);
    const result: number[] = [];
    for (const item of resolved) {
      const id = typeof item === 'number' ? item : created.get(item);
      if (id !== undefined && !result.includes(id)) result.push(id);
    }
    out.set(taxonomy, result);
  }
  return out;
}

/**
 * Creates the top-level terms for names sent with an event (by lower-cased name), in a few statements: one
 * lookup of the slugs already taken, then one insert of each kind (`insertNewTerms`). Only a slug already
 * taken costs a lookup per candidate suffix, as `uniqueSlug` counts up.
 */
async function createNamedTerms(
  context: RequestContext,
  taxonomy: Taxonomy,
  names: ReadonlyMap<string, string>,
): Promise<Map<string, number>> {
  const created = new Map<string, number>();
  if (names.size === 0) return created;
  const wanted = [...names].map(([key, name]) => ({ key, name, slug: sanitizeSlug(name) || taxonomy }));
  const taken = new Set(
    (
      await context.db
        .selectFrom('terms')
        .select('slug')
        .where('taxonomy', '=', taxonomy)
        .where('slug', 'in', [...new Set(wanted.map((term) => term.slug))])
        .execute()
    ).map((row) => row.slug),
  );
  // A slug taken may be a term of the same name that another write made and committed after this one looked
  // the names up: found by name now (a statement only when a slug is taken), it is used, not made twice.
  const slugTaken = wanted.filter((term) => taken.has(term.slug));
  if (slugTaken.length > 0) {
    const madeMeanwhile = await termIdsByName(
      context,
      [taxonomy],
      slugTaken.map((term) => term.name),
    );
    for (const term of slugTaken) {
      const existing = madeMeanwhile.get(`${taxonomy} ${term.key}`);
      if (existing !== undefined) created.set(term.key, existing);
    }
  }
  const toMake = wanted.filter((term) => !created.has(term.key));
  for (const term of toMake) {
    if (taken.has(term.slug))
      term.slug = await uniqueSlug(
        term.slug,
        async (candidate) =>
          taken.has(candidate) || (await termSlugTaken(context.db, taxonomy, candidate)) !== undefined,
      );
    taken.add(term.slug);
  }
  const ids = await insertNewTerms(context, taxonomy, toMake);
  for (const term of toMake) created.set(term.key, ids.get(term.slug)!);
  return created;
}

/**
 * Replaces an event's terms of one taxonomy; `position` keeps the given order. The stored term counts follow
 * unless `moveCounts` is false (a caller that moves them once for several changes, as `writeEvent` does).
 */
export async function setEventTerms(
  context: RequestContext,
  eventId: number,
  taxonomy: Taxonomy,
  termIds: readonly number[],
  options: { moveCounts?: boolean } = {},
): Promise<void> {
  const { db } = context;
  const moveCounts = options.moveCounts !== false;
  const before = moveCounts ? await termIdsOfEvent(db, eventId) : [];
  await db
    .deleteFrom('event_terms')
    .where('event_id', '=', eventId)
    .where('term_id', 'in', db.selectFrom('terms').select('id').where('taxonomy', '=', taxonomy))
    .execute();
  const rows = eventTermRows(eventId, termIds);
  if (rows.length > 0) await db.insertInto('event_terms').values(rows).execute();
  if (!moveCounts) return;
  // The event's status is what it is now: only the change of terms moves counts here.
  const post = await db
    .selectFrom('posts')
    .select(['status', 'date_utc'])
    .where('id', '=', eventId)
    .executeTakeFirst();
  const counted = post !== undefined && countsForTerms(post, formatUtc(context.now));
  await moveTermCounts(
    db,
    { termIds: before, counted },
    { termIds: await termIdsOfEvent(db, eventId), counted },
    context.database.traits.rowLocks,
  );
}

export interface EventTerms {
  categories: EmbeddedTermOutput[];
  tags: EmbeddedTermOutput[];
}

/**
 * The embedded terms (ref §2.4a) of many events: one statement for the terms with their texts (request
 * language, falling back to the default) and their stored counts. Every requested event id is in the map.
 */
export async function loadEventTerms(
  context: RequestContext,
  eventIds: readonly number[],
): Promise<Map<number, EventTerms>> {
  const out = new Map<number, EventTerms>();
  const ids = [...new Set(eventIds)];
  for (const id of ids) out.set(id, { categories: [], tags: [] });
  if (ids.length === 0) return out;

  // An occurrence that follows its series carries the series' terms (events/series/follows.ts).
  const { db, config, language } = context;
  const rows = await readByKey(
    db,
    'event terms',
    { ids, language, defaultLanguage: config.defaultLanguage },
    (values) =>
      termsWithTextsIn(db, values.language, values.defaultLanguage)
        .innerJoin('event_terms', 'event_terms.term_id', 'terms.id')
        .innerJoin('events', (join) => join.on(ownerOfRows(), '=', sql.ref('event_terms.event_id')))
        .select(['events.id as event_id', ...TERM_RECORD_SELECTION])
        .where('events.id', 'in', values.ids)
        .orderBy('events.id')
        .orderBy('event_terms.position')
        .orderBy('terms.id'),
  );
  if (rows.length === 0) return out;

  for (const row of rows) {
    const entry = out.get(row.event_id);
    if (!entry) continue;
    (row.taxonomy === 'category' ? entry.categories : entry.tags).push(
      // A write's answer counts what the write left to its end (counts.ts, `moveAtTheEnd`).
      serializeEmbeddedTerm(
        context,
        toTermRecord({ ...row, count: Number(row.count) + countChangeLeft(context.db, row.id) }),
      ),
    );
  }
  return out;
}

/**
 * For the `categories`/`tags` filters of event lists (SPEC §9): items are ids or slugs (a slug first, then an
 * id). Returns the term ids without duplicates, or undefined when an item names no term of the taxonomy.
 */
export function findTermIdsForFilter(
  context: RequestContext,
  taxonomy: Taxonomy,
  items: ReadonlyArray<string | number>,
): Promise<number[] | undefined> {
  let lookups = lookupsOfRequest.get(context);
  if (!lookups) {
    lookups = new Map();
    lookupsOfRequest.set(context, lookups);
  }
  const key = JSON.stringify([taxonomy, ...items.map(String)]);
  let found = lookups.get(key);
  if (!found) {
    found = keptTermIds(context, key, () => termIdsForFilter(context, taxonomy, items));
    lookups.set(key, found);
  }
  return found;
}

/**
 * A lookup of a filter's terms kept at the data version (cache/record-memo.ts), in the request's language
 * (names are matched in it): a list filtered by the same category at many addresses (its pages, its other
 * filters) looks it up once per change of the data.
 */
async function keptTermIds(
  context: RequestContext,
  key: string,
  lookUp: () => Promise<number[] | undefined>,
): Promise<number[] | undefined> {
  const kept = await context.records?.scope(
    { inTransaction: context.db.isTransaction, language: context.language, version: context.dataVersion },
    'filter-terms',
  );
  // A copy for the caller: the kept list is shared with the requests that follow.
  const ids = await keptOr(kept, key, lookUp);
  return ids && [...ids];
}

/**
 * The lookups of one request, by its context: a list's parameter validator and the list itself ask the same,
 * which on PostgreSQL is a round trip each. A write's operation has a context of its own (its transaction).
 */
const lookupsOfRequest = new WeakMap<RequestContext, Map<string, Promise<number[] | undefined>>>();

async function termIdsForFilter(
  context: RequestContext,
  taxonomy: Taxonomy,
  items: ReadonlyArray<string | number>,
): Promise<number[] | undefined> {
  const found = await lookUpTermsByIdOrSlug(context.db, taxonomy, items);
  const unmatched = items.map((item) => String(item).trim()).filter((_, i) => found[i] === undefined);
  if (unmatched.length > 0) {
    // The plugin's `term_exists` also knows a term by its name (ref §5.1): as a reader in the request's
    // language sees it, else in the default language, ignoring case.
    const byName = await termIdsByName(context, [taxonomy], unmatched);
    for (let i = 0; i < found.length; i++)
      if (found[i] === undefined)
        found[i] = byName.get(`${taxonomy} ${String(items[i]).trim().toLowerCase()}`);
  }
  if (found.some((id) => id === undefined)) return undefined;
  return [...new Set(found as number[])];
}

/**
 * Term ids by taxonomy and lower-cased name (`<taxonomy> <name>`), the request language's names first (one query for all the names). The
 * database folds the names to match them; JavaScript folds both sides the same way to pair them up.
 */
async function termIdsByName(
  context: RequestContext,
  taxonomies: readonly Taxonomy[],
  names: readonly string[],
): Promise<Map<string, number>> {
  const { db, database, config, language } = context;
  const fold = database.traits.foldCase;
  const rows = await db
    .selectFrom('terms')
    .innerJoin('term_texts', 'term_texts.term_id', 'terms.id')
    .select(['terms.id', 'terms.taxonomy', 'term_texts.language', 'term_texts.name'])
    .where('terms.taxonomy', 'in', taxonomies)
    .where('term_texts.language', 'in', languagesFor(language, config.defaultLanguage))
    .where(
      sql<boolean>`${fold(sql.ref('term_texts.name'))} in (${sql.join(names.map((n) => fold(sql.val(n))))})`,
    )
    .orderBy('terms.id')
    .execute();
  const byName = new Map<string, number>();
  for (const preferred of [language, config.defaultLanguage])
    for (const row of rows) {
      const key = `${row.taxonomy} ${(row.name ?? '').toLowerCase()}`;
      if (row.language === preferred && !byName.has(key)) byName.set(key, row.id);
    }
  return byName;
}
