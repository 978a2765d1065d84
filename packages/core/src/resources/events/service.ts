/**
 * What the event routes do (seed §4.1, SPEC §8–10): list, read, create, update and delete, and who may
 * write which event. The routes name these; the queries live in list-query.ts (filters), list-statements.ts
 * (a list's page and total), repository.ts and write.ts.
 */
import {
  canEditRecord,
  canReadRecord,
  canWritePosts,
  isEditor,
  mayAssignAuthor,
} from '../../auth/capabilities.js';
import { formatUtc } from '../../dates/format.js';
import { pluginError } from '../../errors/catalog.js';
import type { RequestContext } from '../../route-table/context.js';
import { listEnvelope, resolvePaging } from '../../route-table/pagination.js';
import type { OperationResult } from '../../route-table/route.js';
import type { ListScope } from '../changes/list-sync.js';
import { deletePost, effectiveStatus, findPostBySlug, loadPost, trashPost } from '../posts/repository.js';
import { countsForTerms, moveTermCounts, termIdsOfEvent } from '../terms/repository.js';
import { serializeListed, serializeRead } from './kept-outputs.js';
import type { EventListParams } from './list-params.js';
import { filterEvents } from './list-query.js';
import {
  countQuery,
  matchQuery,
  pageQuery,
  pageWithTotalQuery,
  selectivePageQuery,
  shouldWalk,
  withDrivers,
} from './list-statements.js';
import type { EventWriteParams } from './params.js';
import { loadEventRecord, loadEventRecordBySlug, textLanguages } from './repository.js';
import { type EventRecord, mayViewProtected, type ProtectedAccess, serializeEvents } from './serialize.js';
import {
  deleteOccurrences,
  excludeOccurrence,
  firstInstanceRow,
  occurrenceOf,
  trashOccurrences,
} from './series/index.js';
import { writeEvent } from './write.js';

/** How a route names one event: by id, or (the by-slug routes) by slug. */
export type EventAddress = { id: number } | { id?: undefined; slug: string };

/** Fields only editors may set (SPEC §9, §10). */
type EditorOnlyFields = { password?: string; post_parent?: number; author?: number };

/**
 * `GET /events` (ref §3.1, §5.1, §6): the filters become one page query and one count, then the page is
 * serialized with a constant number of batched loads.
 */
export async function listEvents(
  context: RequestContext,
  params: EventListParams,
  scope?: ListScope,
): Promise<OperationResult> {
  const { db, config } = context;
  const paging = resolvePaging(params, config);
  const filter = await filterEvents(context, params);
  if (scope) {
    filter.query = filter.query.where(scope.where('events.id'));
    scope.matches = async () => (await matchQuery(filter).execute()).map((row) => row.id);
  }
  const total = (q: typeof filter.query, alongside?: () => Promise<number | undefined>) =>
    context.counts.count(db, countQuery(filter, q, context.database.traits), context.dataVersion, alongside);
  let rows: Array<{ id: number }>;
  let count: number;
  if (filter.drivers.length > 0) {
    const selective = withDrivers(filter, 'selective');
    // A total not kept comes with the selective form's page, whose matches it counts anyway.
    let selectivePage: Array<{ id: number; total: unknown }> | undefined;
    count = await total(selective, async () => {
      selectivePage = await pageWithTotalQuery(
        filter,
        selective,
        paging,
        db,
        context.database.traits,
      ).execute();
      return selectivePage.length > 0 ? Number(selectivePage[0]!.total) : undefined;
    });
    if (shouldWalk(filter, count, paging))
      rows = await pageQuery(filter, withDrivers(filter, 'walked'), paging).execute();
    else
      rows =
        selectivePage ??
        (await selectivePageQuery(filter, selective, paging, count, context.database.traits).execute());
  } else {
    [rows, count] = await Promise.all([
      pageQuery(filter, filter.query, paging).execute(),
      total(filter.query),
    ]);
  }
  const items = await serializeListed(
    context,
    rows.map((r) => r.id),
    { password: params.password, context: params.context },
  );
  return listEnvelope({
    key: 'events',
    items,
    total: count,
    paging,
    collectionUrl: context.urls.rest('/events/'),
    query: filter.echo,
    notFoundCode: 'event-archive-page-not-found',
  });
}

/** The event a route names: by id (404 when missing, 400 for another type's id) or by slug. */
async function findEvent(context: RequestContext, params: EventAddress): Promise<EventRecord> {
  if (params.id !== undefined) {
    // One query in the common case (an event); a second only to tell "missing" from "another type".
    const record = await loadEventRecord(context.db, params.id, textLanguages(context));
    if (record) return record;
    const post = await loadPost(context.db, params.id);
    if (!post) throw pluginError('rest-event-not-found', params.id);
    throw pluginError('rest-invalid-event-id');
  }
  const record = await loadEventRecordBySlug(context.db, params.slug, textLanguages(context));
  if (!record) throw pluginError('rest-event-not-found', 0);
  return record;
}

/**
 * With `occurrence_only`, a series stands for its own instance alone, as any other occurrence does by its id:
 * the occurrence row of that instance (made now, series/first.ts). Another occurrence is itself.
 */
async function ownInstance(
  context: RequestContext,
  record: EventRecord,
  occurrenceOnly: boolean | undefined,
): Promise<EventRecord> {
  if (occurrenceOnly !== true || (await occurrenceOf(context.db, record.post.id))) return record;
  return findEvent(context, { id: await firstInstanceRow(context, record.post.id) });
}

async function serializeOne(context: RequestContext, id: number, single: boolean, access: ProtectedAccess) {
  const record = (await loadEventRecord(context.db, id, textLanguages(context)))!;
  return (await serializeEvents(context, [record], { single, ...access }))[0]!;
}

export async function readEvent(
  context: RequestContext,
  params: EventAddress & { password?: string; context?: string },
): Promise<OperationResult> {
  const record = await findEvent(context, params);
  const { post } = record;
  if (post.status === 'trash') throw pluginError('event-no-longer-available');
  if (!canReadRecord(context.principal, { ...post, status: effectiveStatus(post, formatUtc(context.now)) }))
    throw pluginError('event-not-accessible');
  const access = { password: params.password, context: params.context };
  if (!mayViewProtected(context, post, access)) throw pluginError('event-password-protected');
  return { body: await serializeRead(context, record) };
}

export async function createEvent(
  context: RequestContext,
  params: EventWriteParams,
): Promise<OperationResult> {
  const id = await writeEvent(context, params);
  return {
    status: 201,
    body: await serializeOne(context, id, false, { password: params.password }),
    headers: { Location: context.urls.rest(`/events/${id}`) },
  };
}

export async function updateEvent(
  context: RequestContext,
  params: EventAddress & EventWriteParams & { occurrence_only?: boolean },
): Promise<OperationResult> {
  const existing = await ownInstance(context, await findEvent(context, params), params.occurrence_only);
  const id = await writeEvent(context, params, existing);
  // The writer sees what they wrote: the password they sent, or else the stored one, unlocks it.
  const stored = (await loadPost(context.db, id))?.password ?? '';
  return { body: await serializeOne(context, id, false, { password: params.password ?? stored }) };
}

export async function deleteEvent(
  context: RequestContext,
  params: EventAddress & { force?: boolean; occurrence_only?: boolean },
): Promise<OperationResult> {
  const { post } = await ownInstance(context, await findEvent(context, params), params.occurrence_only);
  if (post.status === 'trash') {
    if (params.force !== true) throw pluginError('event-is-in-trash');
    const previous = await serializeOne(context, post.id, false, { password: post.password });
    await deleteOccurrences(context, post.id);
    await deletePost(context.db, post.id);
    return { body: { deleted: true, previous } };
  }
  await trashPost(context.db, post, formatUtc(context.now));
  // A trashed event no longer counts for its terms (a purge later changes nothing more).
  const termIds = await termIdsOfEvent(context.db, post.id);
  await moveTermCounts(
    context.db,
    { termIds, counted: countsForTerms(post, formatUtc(context.now)) },
    { termIds, counted: false },
    context.database.traits.rowLocks,
  );
  // Within a series: an occurrence's date leaves the rule; a series takes its occurrences along.
  const occurrence = await occurrenceOf(context.db, post.id);
  if (occurrence) await excludeOccurrence(context, post.id, occurrence);
  else await trashOccurrences(context, post.id, (await loadPost(context.db, post.id))!.slug);
  return { body: await serializeOne(context, post.id, false, { password: post.password }) };
}

/** Fields only editors may set (SPEC §9, §10): `password`, `post_parent`, and another user as `author`. */
function editorOnlyFieldsAllowed(
  context: RequestContext,
  params: EditorOnlyFields,
  authorId: number,
): boolean {
  if (isEditor(context.principal)) return true;
  return (
    params.password === undefined &&
    params.post_parent === undefined &&
    mayAssignAuthor(context.principal, params.author, authorId)
  );
}

export async function mayCreate(context: RequestContext, params: EditorOnlyFields): Promise<boolean> {
  return (
    canWritePosts(context.principal) && editorOnlyFieldsAllowed(context, params, context.principal!.userId)
  );
}

/** Whether the caller may create events at all, as `Allow` names it: whatever author or fields it sends. */
export function mayCreateAny(context: RequestContext): boolean {
  return canWritePosts(context.principal);
}

/** Record-level permission to update, by id and by slug alike; a missing record passes so the handler can answer 404. */
export function mayEdit(context: RequestContext, params: EventAddress & EditorOnlyFields): Promise<boolean> {
  return mayChange(context, params, true);
}

/** As `mayEdit`, without the editor-only fields: a delete sends none. */
export function mayDelete(context: RequestContext, params: EventAddress): Promise<boolean> {
  return mayChange(context, params, false);
}

async function mayChange(
  context: RequestContext,
  params: EventAddress & EditorOnlyFields,
  checkFields: boolean,
): Promise<boolean> {
  if (!canWritePosts(context.principal)) return false;
  const post =
    params.id !== undefined
      ? await loadPost(context.db, params.id)
      : await findPostBySlug(context.db, 'event', params.slug);
  if (!post) return true;
  // Another type's id: WordPress checks `edit_post` on that record first, so 403 before the 400.
  if (post.type !== 'event') return canEditRecord(context.principal, post);
  if (!canEditRecord(context.principal, post)) return false;
  return !checkFields || editorOnlyFieldsAllowed(context, params, post.author_id);
}
