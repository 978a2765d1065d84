/**
 * The operations of `/categories` and `/tags` (ref §1, §2.4b, §3.2, §7.1, §7.9): list, read, create, update
 * and delete, each taking the taxonomy's descriptor, so categories and tags share one implementation.
 */
import { canReadRecord } from '../../auth/capabilities.js';
import { formatUtc } from '../../dates/format.js';
import { duplicateSlug, forbiddenEventTerms, notHierarchical, termExists } from '../../errors/catalog.js';
import { invalidParam } from '../../errors/invalid-params.js';
import type { RequestContext } from '../../route-table/context.js';
import { resolvePaging, totalHeaders } from '../../route-table/pagination.js';
import type { ParamBag } from '../../route-table/params.js';
import type { OperationResult } from '../../route-table/route.js';
import { plainTitle } from '../../text/html.js';
import { sanitizeSlug, uniqueSlug } from '../../text/slug.js';
import type { ListScope } from '../changes/list-sync.js';
import { hidesLinksOf } from '../posts/protected-links.js';
import { effectiveStatus, loadPost } from '../posts/repository.js';
import { findTermPage } from './list-query.js';
import {
  resolveTermList,
  type TermCreateParams,
  type TermIdParams,
  type TermListParams,
  type TermUpdateParams,
} from './params.js';
import {
  ancestorPathOf,
  ancestorsAndSelf,
  deleteTerm,
  findTermByName,
  insertTerm,
  loadTerm,
  refreshTermSearch,
  type TermTexts,
  termSlugTaken,
  writeTermTexts,
} from './repository.js';
import { serializeTerm } from './serialize.js';
import type { TaxonomyKind } from './taxonomy.js';

async function serializeById(context: RequestContext, id: number): Promise<Record<string, unknown>> {
  const term = await loadTerm(context, id);
  // Validation checked the id; only a concurrent delete lands here.
  if (!term) throw invalidParam('id');
  return serializeTerm(context, term, await ancestorPathOf(context.db, term));
}

export async function listTerms(
  kind: TaxonomyKind,
  context: RequestContext,
  params: TermListParams,
  scope?: ListScope,
): Promise<OperationResult> {
  const { db } = context;
  const paging = resolvePaging(params, context.config);
  const nowUtc = formatUtc(context.now);

  const eventId = params.event ?? params.post;
  let hidden = false;
  if (eventId !== undefined) {
    const event = await loadPost(db, eventId);
    if (!event || !canReadRecord(context.principal, { ...event, status: effectiveStatus(event, nowUtc) }))
      throw forbiddenEventTerms(context.principal !== null);
    hidden = hidesLinksOf(context, event);
  }
  const include = params.include !== undefined ? await resolveTermList(db, kind, params.include) : undefined;
  const exclude = params.exclude !== undefined ? await resolveTermList(db, kind, params.exclude) : undefined;

  const { rows, total } = await findTermPage(
    context,
    kind,
    {
      search: params.search,
      include,
      exclude,
      parent: params.parent,
      eventId,
      hidden,
      slug: params.slug,
      hideEmpty: params.hide_empty !== false,
      nowUtc,
      scope,
    },
    {
      orderby: String(params.orderby ?? 'name'),
      direction: String(params.order ?? 'asc').toLowerCase() === 'asc' ? 'asc' : 'desc',
    },
    paging,
  );
  const totalPages = total === 0 ? 0 : Math.ceil(total / paging.perPage);

  // Term archives echo no query in `rest_url`, so the page links carry only `page` (ref §3.2).
  const restUrl = context.urls.rest(`/${kind.collection}/`);
  const body: Record<string, unknown> = {
    rest_url: restUrl,
    total,
    total_pages: totalPages,
    [kind.collection]: rows.map((row) => serializeTerm(context, row.term, row.ancestorPath)),
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

export async function readTerm(context: RequestContext, params: TermIdParams): Promise<OperationResult> {
  return { body: await serializeById(context, params.id) };
}

/** `parent` sent to a taxonomy without hierarchy: WordPress's `isset`, so anything but null (SPEC §14). */
function refuseParent(kind: TaxonomyKind, sent: ParamBag): void {
  if (!kind.hierarchical && sent.parent !== undefined && sent.parent !== null) throw notHierarchical();
}

export async function createTerm(
  kind: TaxonomyKind,
  context: RequestContext,
  params: TermCreateParams,
  sent: ParamBag,
): Promise<OperationResult> {
  const { db } = context;
  refuseParent(kind, sent);
  const name = plainTitle(params.name);
  const parent = kind.hierarchical ? (params.parent ?? 0) : 0;
  const requestedSlug = params.slug !== undefined ? sanitizeSlug(params.slug) : '';

  // `term_exists` (ref §7.9): the same name (any case) under the same parent, as a reader in the request's
  // language sees names (its own, else the default language's: SPEC §7). As in WordPress, an explicitly
  // sent slug that is free lets the same name exist twice.
  const sameName = await findTermByName(context, kind.taxonomy, name, kind.hierarchical ? parent : undefined);
  if (sameName) {
    const slugIsFree =
      requestedSlug !== '' && (await termSlugTaken(db, kind.taxonomy, requestedSlug)) === undefined;
    if (!slugIsFree) throw termExists(kind.hierarchical, sameName.id);
  }

  const wanted = requestedSlug || sanitizeSlug(name) || kind.taxonomy;
  const slug = await uniqueSlug(
    wanted,
    async (candidate) => (await termSlugTaken(db, kind.taxonomy, candidate)) !== undefined,
  );
  const term: Parameters<typeof insertTerm>[1] = { taxonomy: kind.taxonomy, slug, parent, name };
  if (params.description !== undefined) term.description = params.description;
  context.newTerms?.take(1, 'name');
  const id = await insertTerm(context, term);
  return {
    status: 201,
    body: await serializeById(context, id),
    headers: { Location: context.urls.rest(`/${kind.collection}/${id}`) },
  };
}

/** Updates are partial: only the sent fields change (SPEC §10). */
export async function updateTerm(
  kind: TaxonomyKind,
  context: RequestContext,
  params: TermUpdateParams,
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
    const sentSlug = sanitizeSlug(params.slug);
    if (sentSlug === '') {
      // Nothing usable was sent (`!!!`): derive the slug from the name, as WordPress does.
      changes.slug = await uniqueSlug(sanitizeSlug(name ?? term.name) || kind.taxonomy, isTaken);
    } else {
      if (await isTaken(sentSlug)) throw duplicateSlug(sentSlug);
      changes.slug = sentSlug;
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
export async function removeTerm(context: RequestContext, params: TermIdParams): Promise<OperationResult> {
  const term = await loadTerm(context, params.id);
  if (!term) throw invalidParam('id');
  const previous = serializeTerm(context, term, await ancestorPathOf(context.db, term));
  await deleteTerm(context.db, term);
  return { body: previous };
}
