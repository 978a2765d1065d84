/**
 * `/categories` and `/tags` (ref §1, §2.4b, §3.2, §5.8, §5.8b, §6.6, §7.1, §7.9, §8.2). One implementation,
 * parameterized by the taxonomy's descriptor.
 */

import { type SqlBool, sql } from 'kysely';
import { canManageTerms, canReadRecord } from '../../auth/capabilities.js';
import { formatUtc } from '../../dates/format.js';
import type { Db } from '../../db/database.js';
import { escapeLike } from '../../db/traits.js';
import { ApiError } from '../../errors/api-error.js';
import { invalidParam } from '../../errors/invalid-params.js';
import type { RequestContext } from '../../route-table/context.js';
import { pageParams, resolvePaging, totalHeaders } from '../../route-table/pagination.js';
import type { ParamBag, ParamValue } from '../../route-table/params.js';
import { type ParamSpec, type ParamSpecs, param } from '../../route-table/params.js';
import type { OperationResult, Params, RouteDefinition } from '../../route-table/route.js';
import { plainText, plainTitle } from '../../text/html.js';
import { sanitizeSlug, uniqueSlug } from '../../text/slug.js';
import { hidesLinksOf } from '../posts/protected-links.js';
import { effectiveStatus, loadPost } from '../posts/repository.js';
import { lockTerm } from '../posts/row-locks.js';
import { indexedCandidates, isBlankSearch } from '../posts/search.js';
import {
  ancestorPath,
  ancestorPathOf,
  ancestorsAndSelf,
  deleteTerm,
  findTermByName,
  insertTerm,
  isNonEmpty,
  isStorableId,
  isTermOf,
  loadTerm,
  lookUpTermsByIdOrSlug,
  publishedEventCount,
  refreshTermSearch,
  TERM_RECORD_SELECTION,
  type TermRecord,
  type TermTexts,
  termSlugTaken,
  termsWithTexts,
  toTermRecord,
  translatedDescription,
  translatedName,
  writeTermTexts,
} from './repository.js';
import { termResponses } from './schema.js';
import { serializeTerm } from './serialize.js';
import { CATEGORY, TAG, type TaxonomyKind } from './taxonomy.js';

export function categoryRoutes(): RouteDefinition[] {
  return termRoutes(CATEGORY);
}

export function tagRoutes(): RouteDefinition[] {
  return termRoutes(TAG);
}

// ---------------------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------------------

/**
 * WordPress's `term_exists` (ref §4.1): the existing term's id in `data.term_id`. `wp_insert_term` words it
 * differently for hierarchical taxonomies, where the name only has to be unique among siblings (SPEC §14).
 */
function termExists(kind: TaxonomyKind, termId: number): ApiError {
  const message = kind.hierarchical
    ? 'A term with the name provided already exists with this parent.'
    : 'A term with the name provided already exists in this taxonomy.';
  return new ApiError('term_exists', message, 400, { term_id: termId });
}

/** WordPress core's answer to a `parent` sent for a taxonomy without hierarchy (tags; SPEC §14). */
function notHierarchical(): ApiError {
  return new ApiError(
    'rest_taxonomy_not_hierarchical',
    'Cannot set parent term, taxonomy is not hierarchical.',
    400,
  );
}

/** `duplicate_term_slug`: WordPress answers 500 (the error has no status); a client mistake is a 400. */
function duplicateSlug(slug: string): ApiError {
  return new ApiError('duplicate_term_slug', `The slug “${slug}” is already in use by another term.`, 400);
}

/** WordPress core's answer when the terms of an event the caller may not read are asked for. */
function forbiddenEventTerms(context: RequestContext): ApiError {
  return new ApiError(
    'rest_forbidden_context',
    'Sorry, you are not allowed to view terms for this post.',
    context.principal === null ? 401 : 403,
  );
}

// ---------------------------------------------------------------------------------------------------------
// Parameters
// ---------------------------------------------------------------------------------------------------------

const text = (en: string, de: string) => ({ en, de });

async function isEventId(id: number, context: RequestContext): Promise<boolean> {
  if (!isStorableId(id)) return false;
  const row = await context.db.selectFrom('posts').select('type').where('id', '=', id).executeTakeFirst();
  return row?.type === 'event';
}

/** Items of a list parameter that can name a term (ids or slugs); objects and lists cannot. */
function termReferences(items: readonly ParamValue[]): Array<string | number> | undefined {
  const out: Array<string | number> = [];
  for (const item of items) {
    if (typeof item !== 'string' && typeof item !== 'number') return undefined;
    out.push(item);
  }
  return out;
}

/** Ids of the terms named by an `include`/`exclude` list; undefined when an item names no term. */
async function resolveTermList(
  db: Db,
  kind: TaxonomyKind,
  items: readonly ParamValue[],
): Promise<number[] | undefined> {
  const references = termReferences(items);
  if (!references || references.length === 0) return undefined;
  const ids = await lookUpTermsByIdOrSlug(db, kind.taxonomy, references);
  return ids.every((id) => id !== undefined) ? (ids as number[]) : undefined;
}

function termListParam(kind: TaxonomyKind, description: { en: string; de: string }): ParamSpec {
  return param.list<RequestContext>('integer', description, {
    validate: async (items, context) => (await resolveTermList(context.db, kind, items)) !== undefined,
  });
}

/** `parent`: an existing category, or 0 for "no parent" (top level). */
function parentParam(description: { en: string; de: string }): ParamSpec {
  return param.integer<RequestContext>(description, {
    validate: (id, context) => id === 0 || isTermOf(context.db, 'category', id),
  });
}

function listParams(kind: TaxonomyKind): ParamSpecs {
  const params: ParamSpecs = {
    ...pageParams,
    // The plugin's `is_string` refuses only "": a search of blanks is accepted (and filters nothing).
    search: param.search<RequestContext>(
      text(
        'Only terms whose name or slug contains this text (case-insensitive).',
        'Nur Begriffe, deren Name oder Slug diesen Text enthält (ohne Beachtung der Groß-/Kleinschreibung).',
      ),
    ),
    exclude: termListParam(
      kind,
      text(
        'Leave out these terms (IDs or slugs; every one must exist).',
        'Diese Begriffe auslassen (IDs oder Slugs; jeder muss existieren).',
      ),
    ),
    include: termListParam(
      kind,
      text(
        'Only these terms (IDs or slugs; every one must exist).',
        'Nur diese Begriffe (IDs oder Slugs; jeder muss existieren).',
      ),
    ),
    order: param.text(
      text(
        'Sort order: "asc" (default) or "desc"; any value other than "asc" sorts descending.',
        'Sortierreihenfolge: "asc" (Standard) oder "desc"; jeder andere Wert als "asc" sortiert absteigend.',
      ),
      { default: 'asc' },
    ),
    orderby: param.text(
      text(
        'Sort by: id, name (default), slug, count, term_group, description, include or include_slugs; other values sort by name.',
        'Sortieren nach: id, name (Standard), slug, count, term_group, description, include oder include_slugs; andere Werte sortieren nach Name.',
      ),
      { default: 'name' },
    ),
    hide_empty: param.boolean(
      text(
        `Hide terms no published event uses (default true).`,
        'Begriffe ausblenden, die keine veröffentlichte Veranstaltung verwendet (Standard: true).',
      ),
      { default: true },
    ),
  };
  if (kind.hierarchical) {
    params.parent = parentParam(
      text(
        'Only the direct children of this category (0: only top-level categories).',
        'Nur die direkten Unterkategorien dieser Kategorie (0: nur die obersten Kategorien).',
      ),
    );
  }
  params.post = param.integer<RequestContext>(
    text('Only the terms of this event (its ID).', 'Nur die Begriffe dieser Veranstaltung (ihre ID).'),
    { validate: isEventId },
  );
  params.event = param.integer<RequestContext>(
    text(
      'Only the terms of this event (its ID); an alias of "post" that wins over it.',
      'Nur die Begriffe dieser Veranstaltung (ihre ID); ein Alias von "post", der Vorrang hat.',
    ),
    { validate: isEventId },
  );
  params.slug = param.text(
    text('Only the term with exactly this slug.', 'Nur der Begriff mit genau diesem Slug.'),
  );
  return params;
}

function idParam(kind: TaxonomyKind): ParamSpec {
  const { en, de } = kind.words;
  return param.integer<RequestContext>(text(`The ${en.one} ID.`, `Die ID ${de.genitive}.`), {
    required: true,
    validate: (id, context) => isTermOf(context.db, kind.taxonomy, id),
  });
}

function writeParams(kind: TaxonomyKind, create: boolean): ParamSpecs {
  const { en, de } = kind.words;
  const params: ParamSpecs = {
    name: param.text(text(`The ${en.one} name.`, `Der Name ${de.genitive}.`), {
      required: create,
      // Names are plain text: markup alone is no name.
      validate: (name) => plainText(name) !== '',
    }),
    description: param.text(text(`The ${en.one} description.`, `Die Beschreibung ${de.genitive}.`)),
    slug: param.text(
      text(
        `The ${en.one} slug (derived from the name if omitted).`,
        `Der Slug ${de.genitive} (ohne Angabe aus dem Namen gebildet).`,
      ),
    ),
  };
  if (kind.hierarchical) {
    params.parent = parentParam(
      text('The parent category ID (0: none).', 'Die ID der übergeordneten Kategorie (0: keine).'),
    );
  }
  return params;
}

// ---------------------------------------------------------------------------------------------------------
// Operations
// ---------------------------------------------------------------------------------------------------------

async function serializeById(context: RequestContext, id: number): Promise<Record<string, unknown>> {
  const term = await loadTerm(context, id);
  // Validation checked the id; only a concurrent delete lands here.
  if (!term) throw invalidParam('id');
  return serializeTerm(context, term, await ancestorPathOf(context.db, term));
}

async function list(kind: TaxonomyKind, context: RequestContext, params: Params): Promise<OperationResult> {
  const { db, database } = context;
  const paging = resolvePaging(params, context.config);
  const nowUtc = formatUtc(context.now);

  const eventId: number | undefined = params.event ?? params.post;
  let hidden = false;
  if (eventId !== undefined) {
    const event = await loadPost(db, eventId);
    if (!event || !canReadRecord(context.principal, { ...event, status: effectiveStatus(event, nowUtc) }))
      throw forbiddenEventTerms(context);
    hidden = hidesLinksOf(context, event);
  }
  const include = params.include !== undefined ? await resolveTermList(db, kind, params.include) : undefined;
  const exclude = params.exclude !== undefined ? await resolveTermList(db, kind, params.exclude) : undefined;

  let filtered = termsWithTexts(context).where('terms.taxonomy', '=', kind.taxonomy);
  // A search of blanks only filters nothing (as for events and venues).
  if (params.search !== undefined && !isBlankSearch(params.search)) {
    const pattern = `%${escapeLike(params.search)}%`;
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
      params.search,
    ]);
    if (candidates) filtered = filtered.where(sql<SqlBool>`${sql.ref('terms.id')} in (${candidates})`);
  }
  if (include) filtered = filtered.where('terms.id', 'in', include);
  if (exclude) filtered = filtered.where('terms.id', 'not in', exclude);
  if (kind.hierarchical && params.parent !== undefined)
    filtered = filtered.where('terms.parent_id', '=', params.parent);
  if (eventId !== undefined) {
    filtered = filtered.where(
      'terms.id',
      'in',
      db.selectFrom('event_terms').select('term_id').where('event_id', '=', eventId),
    );
    if (hidden) filtered = filtered.where(sql<SqlBool>`1 = 0`);
  }
  // Slugs are stored sanitized; a slug written differently (`Foo Bar`) still finds `foo-bar`, as in WordPress.
  if (params.slug !== undefined) filtered = filtered.where('terms.slug', '=', sanitizeSlug(params.slug));
  if (params.hide_empty !== false) filtered = filtered.where(isNonEmpty(kind.taxonomy, 'terms.id', nowUtc));

  const direction = String(params.order ?? 'asc').toLowerCase() === 'asc' ? 'asc' : 'desc';
  const sortKey = sortKeyFor(context, String(params.orderby ?? 'name'), include);
  // A category's ancestors, for its url, in the page's own statement (SPEC §12, §14).
  let page = filtered
    .select(TERM_RECORD_SELECTION)
    .select((kind.hierarchical ? ancestorPath : sql<string | null>`null`).as('ancestor_path'));
  if (sortKey) page = page.orderBy(sortKey, direction);
  page = page.orderBy('terms.id', 'asc').limit(paging.perPage).offset(paging.offset);

  const [rows, counted] = await Promise.all([
    page.execute(),
    filtered.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  const total = Number(counted.n);
  const totalPages = total === 0 ? 0 : Math.ceil(total / paging.perPage);

  // Term archives echo no query in `rest_url`, so the page links carry only `page` (ref §3.2).
  const restUrl = context.urls.rest(`/${kind.collection}/`);
  const body: Record<string, unknown> = {
    rest_url: restUrl,
    total,
    total_pages: totalPages,
    [kind.collection]: rows.map((row) => serializeTerm(context, toTermRecord(row), row.ancestor_path)),
  };
  const links: string[] = [];
  if (paging.page < totalPages) {
    body.next_rest_url = `${restUrl}?page=${paging.page + 1}`;
    links.push(`<${body.next_rest_url}>; rel="next"`);
  }
  // As in the plugin, a page past the end still links back to the page before it.
  if (paging.page > 1) {
    body.previous_rest_url = paging.page === 2 ? restUrl : `${restUrl}?page=${paging.page - 1}`;
    links.push(`<${body.previous_rest_url}>; rel="prev"`);
  }
  return { body, headers: totalHeaders(total, totalPages, links) };
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

async function read(context: RequestContext, params: Params): Promise<OperationResult> {
  return { body: await serializeById(context, params.id) };
}

/** `parent` sent to a taxonomy without hierarchy: WordPress's `isset`, so anything but null (SPEC §14). */
function refuseParent(kind: TaxonomyKind, sent: ParamBag): void {
  if (!kind.hierarchical && sent.parent !== undefined && sent.parent !== null) throw notHierarchical();
}

async function create(
  kind: TaxonomyKind,
  context: RequestContext,
  params: Params,
  sent: ParamBag,
): Promise<OperationResult> {
  const { db } = context;
  refuseParent(kind, sent);
  const name = plainTitle(params.name);
  const parent: number = kind.hierarchical ? (params.parent ?? 0) : 0;
  const requestedSlug = params.slug !== undefined ? sanitizeSlug(params.slug) : '';

  // `term_exists` (ref §7.9): the same name (any case) under the same parent, as a reader in the request's
  // language sees names (its own, else the default language's: SPEC §7). As in WordPress, an explicitly
  // sent slug that is free lets the same name exist twice.
  const sameName = await findTermByName(context, kind.taxonomy, name, kind.hierarchical ? parent : undefined);
  if (sameName) {
    const slugIsFree =
      requestedSlug !== '' && (await termSlugTaken(db, kind.taxonomy, requestedSlug)) === undefined;
    if (!slugIsFree) throw termExists(kind, sameName.id);
  }

  const wanted = requestedSlug || sanitizeSlug(name) || kind.taxonomy;
  const slug = await uniqueSlug(
    wanted,
    async (candidate) => (await termSlugTaken(db, kind.taxonomy, candidate)) !== undefined,
  );
  const term: Parameters<typeof insertTerm>[1] = { taxonomy: kind.taxonomy, slug, parent, name };
  if (params.description !== undefined) term.description = params.description;
  const id = await insertTerm(context, term);
  return {
    status: 201,
    body: await serializeById(context, id),
    headers: { Location: context.urls.rest(`/${kind.collection}/${id}`) },
  };
}

/** Updates are partial: only the sent fields change (SPEC §10). */
async function update(
  kind: TaxonomyKind,
  context: RequestContext,
  params: Params,
  sent: ParamBag,
): Promise<OperationResult> {
  const { db, config, language } = context;
  const term = await loadTerm(context, params.id);
  if (!term) throw invalidParam('id');
  refuseParent(kind, sent);
  const name = params.name !== undefined ? plainTitle(params.name) : undefined;

  const changes: { parent_id?: number; slug?: string } = {};
  if (kind.hierarchical && params.parent !== undefined) {
    // WordPress silently drops a parent that would make a loop; we say so instead.
    if (params.parent !== 0 && (await ancestorsAndSelf(db, params.parent)).has(term.id))
      throw invalidParam(
        'parent',
        'A category cannot be its own parent or the parent of one of its ancestors.',
      );
    changes.parent_id = params.parent;
  }
  if (params.slug !== undefined) {
    const isTaken = async (candidate: string) =>
      (await termSlugTaken(db, kind.taxonomy, candidate, term.id)) !== undefined;
    const sent = sanitizeSlug(params.slug);
    if (sent === '') {
      // Nothing usable was sent (`!!!`): derive the slug from the name, as WordPress does.
      changes.slug = await uniqueSlug(sanitizeSlug(name ?? term.name) || kind.taxonomy, isTaken);
    } else {
      if (await isTaken(sent)) throw duplicateSlug(sent);
      changes.slug = sent;
    }
  }
  if (Object.keys(changes).length > 0)
    await db.updateTable('terms').set(changes).where('id', '=', term.id).execute();

  const texts: TermTexts = {};
  if (name !== undefined) texts.name = name;
  if (params.description !== undefined) texts.description = params.description;
  if (Object.keys(texts).length > 0)
    await writeTermTexts(db, term.id, language, config.defaultLanguage, texts);
  if (changes.slug !== undefined || texts.name !== undefined) await refreshTermSearch(db, term.id);
  return { body: await serializeById(context, term.id) };
}

/** Deleting a term is permanent (the plugin forces `force=true`): 200 with the term as it was. */
async function remove(context: RequestContext, params: Params): Promise<OperationResult> {
  const term: TermRecord | undefined = await loadTerm(context, params.id);
  if (!term) throw invalidParam('id');
  const previous = serializeTerm(context, term, await ancestorPathOf(context.db, term));
  await deleteTerm(context.db, term);
  return { body: previous };
}

// ---------------------------------------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------------------------------------

function termRoutes(kind: TaxonomyKind): RouteDefinition[] {
  const { collection } = kind;
  const { en, de } = kind.words;
  const mayManage = (context: RequestContext) => canManageTerms(context.principal, kind.taxonomy);
  const responses = termResponses[collection];
  const id = idParam(kind);
  return [
    {
      name: `${collection}.list`,
      path: `/${collection}`,
      methods: ['GET'],
      summary: text(`List ${en.many}.`, `${de.many} auflisten.`),
      params: listParams(kind),
      operation: (context, params) => list(kind, context, params),
      response: responses.list,
    },
    {
      name: `${collection}.create`,
      path: `/${collection}`,
      methods: ['POST'],
      summary: text(`Create an ${en.one}.`, `${de.one} anlegen.`),
      params: writeParams(kind, true),
      authorize: mayManage,
      operation: (context, params, sent) => create(kind, context, params, sent),
      response: responses.item,
    },
    {
      name: `${collection}.read`,
      path: `/${collection}/{id}`,
      methods: ['GET'],
      summary: text(`Read an ${en.one}.`, `${de.one} lesen.`),
      params: { id },
      operation: read,
      response: responses.item,
    },
    {
      name: `${collection}.update`,
      path: `/${collection}/{id}`,
      methods: ['POST', 'PUT', 'PATCH'],
      summary: text(
        `Update an ${en.one} (omitted fields keep their values).`,
        `${de.one} ändern (fehlende Felder bleiben unverändert).`,
      ),
      params: { id, ...writeParams(kind, false) },
      lockRecord: lockTerm,
      authorize: mayManage,
      operation: (context, params, sent) => update(kind, context, params, sent),
      response: responses.item,
    },
    {
      name: `${collection}.delete`,
      path: `/${collection}/{id}`,
      methods: ['DELETE'],
      summary: text(`Delete an ${en.one} for good.`, `${de.one} endgültig löschen.`),
      params: { id },
      lockRecord: lockTerm,
      authorize: mayManage,
      operation: remove,
      response: responses.item,
    },
  ];
}
