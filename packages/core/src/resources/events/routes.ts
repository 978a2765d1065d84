/** The event routes (seed §4.1): list, create, read, update and delete, by id and by slug. */

import { canEditRecord, canReadRecord, canWritePosts, isEditor } from '../../auth/capabilities.js';
import type { CalendarConfig } from '../../config.js';
import { formatUtc } from '../../dates/format.js';
import { pluginError } from '../../errors/catalog.js';
import type { RequestContext } from '../../route-table/context.js';
import { param } from '../../route-table/params.js';
import type { OperationResult, Params, RouteDefinition } from '../../route-table/route.js';
import { effectiveStatus, findPostBySlug, loadPost, slugForStatusChange } from '../posts/repository.js';
import { postLocker } from '../posts/row-locks.js';
import { countsForTerms, moveTermCounts, termIdsOfEvent } from '../terms/repository.js';
import { eventListParams, listEvents } from './list.js';
import { eventWriteParams } from './params.js';
import { loadEventRecord, loadEventRecordBySlug } from './repository.js';
import { eventDeleteAnswerSchema, eventListSchema, eventSchema } from './schema.js';
import { type EventRecord, mayViewProtected, type ProtectedAccess, serializeEvents } from './serialize.js';
import { writeEvent } from './write.js';

const d = (en: string, de: string) => ({ en, de });

const idParam = param.id(d('The event ID.', 'Die ID der Veranstaltung.'), { required: true });
const slugParam = param.string<RequestContext>(d('The event slug.', 'Der Slug der Veranstaltung.'), {
  required: true,
  validate: async (slug, context) => (await findPostBySlug(context.db, 'event', slug)) !== undefined,
});
/**
 * The slug of a by-slug update: not checked against the stored events, so that an unknown slug answers
 * 404 `rest-event-not-found` as the plugin (SPEC §14), where a by-slug read or delete answers 400.
 */
const updateSlugParam = param.string<RequestContext>(d('The event slug.', 'Der Slug der Veranstaltung.'), {
  required: true,
});
const passwordParam = param.text(
  d(
    'The event password, to read a password-protected event.',
    'Das Passwort, um eine passwortgeschützte Veranstaltung zu lesen.',
  ),
);
/** `context=edit` shows protected content to those who may edit the event (ref §8.3). */
const contextParam = param.enumeration(
  ['view', 'edit'],
  d('The scope of the request: view or edit.', 'Der Kontext der Anfrage: view oder edit.'),
  { default: 'view' },
);
const forceParam = param.boolean(
  d('Delete a trashed event for good.', 'Eine Veranstaltung im Papierkorb endgültig löschen.'),
);

/** The event a route names: by id (404 when missing, 400 for another type's id) or by slug. */
async function findEvent(context: RequestContext, params: Params): Promise<EventRecord> {
  if (params.id !== undefined) {
    // One query in the common case (an event); a second only to tell "missing" from "another type".
    const record = await loadEventRecord(context.db, params.id);
    if (record) return record;
    const post = await loadPost(context.db, params.id);
    if (!post) throw pluginError('rest-event-not-found', params.id);
    throw pluginError('rest-invalid-event-id');
  }
  const record = await loadEventRecordBySlug(context.db, params.slug);
  if (!record) throw pluginError('rest-event-not-found', 0);
  return record;
}

async function serializeOne(context: RequestContext, id: number, single: boolean, access: ProtectedAccess) {
  const record = (await loadEventRecord(context.db, id))!;
  return (await serializeEvents(context, [record], { single, ...access }))[0]!;
}

async function readEvent(context: RequestContext, params: Params): Promise<OperationResult> {
  const record = await findEvent(context, params);
  const { post } = record;
  if (post.status === 'trash') throw pluginError('event-no-longer-available');
  if (!canReadRecord(context.principal, { ...post, status: effectiveStatus(post, formatUtc(context.now)) }))
    throw pluginError('event-not-accessible');
  const access = { password: params.password, context: params.context };
  if (!mayViewProtected(context, post, access)) throw pluginError('event-password-protected');
  return { body: (await serializeEvents(context, [record], { single: true, ...access }))[0]! };
}

async function createEvent(context: RequestContext, params: Params): Promise<OperationResult> {
  const id = await writeEvent(context, params);
  return {
    status: 201,
    body: await serializeOne(context, id, false, { password: params.password }),
    headers: { Location: context.urls.rest(`/events/${id}`) },
  };
}

async function updateEvent(context: RequestContext, params: Params): Promise<OperationResult> {
  const existing = await findEvent(context, params);
  const id = await writeEvent(context, params, existing);
  // The writer sees what they wrote: the password they sent, or else the stored one, unlocks it.
  const stored = (await loadPost(context.db, id))?.password ?? '';
  return { body: await serializeOne(context, id, false, { password: params.password ?? stored }) };
}

async function deleteEvent(context: RequestContext, params: Params): Promise<OperationResult> {
  const { post } = await findEvent(context, params);
  if (post.status === 'trash') {
    if (params.force !== true) throw pluginError('event-is-in-trash');
    const previous = await serializeOne(context, post.id, false, { password: post.password });
    await context.db.deleteFrom('posts').where('id', '=', post.id).execute();
    return { body: { deleted: true, previous } };
  }
  await context.db
    .updateTable('posts')
    .set({
      status: 'trash',
      trashed_from: post.status,
      slug: await slugForStatusChange(context.db, 'event', post.id, post.slug, post.status, 'trash'),
      modified_utc: formatUtc(context.now),
    })
    .where('id', '=', post.id)
    .execute();
  // A trashed event no longer counts for its terms (a purge later changes nothing more).
  const termIds = await termIdsOfEvent(context.db, post.id);
  await moveTermCounts(
    context.db,
    { termIds, counted: countsForTerms(post, formatUtc(context.now)) },
    { termIds, counted: false },
  );
  return { body: await serializeOne(context, post.id, false, { password: post.password }) };
}

/** Fields only editors may set (SPEC §9, §10): `password`, `post_parent`, and another user as `author`. */
function editorOnlyFieldsAllowed(context: RequestContext, params: Params, authorId: number): boolean {
  if (isEditor(context.principal)) return true;
  return (
    params.password === undefined &&
    params.post_parent === undefined &&
    (params.author === undefined || params.author === authorId)
  );
}

async function mayCreate(context: RequestContext, params: Params): Promise<boolean> {
  return (
    canWritePosts(context.principal) && editorOnlyFieldsAllowed(context, params, context.principal!.userId)
  );
}

/** Record-level permission to update, by id and by slug alike; a missing record passes so the handler can answer 404. */
function mayEdit(context: RequestContext, params: Params): Promise<boolean> {
  return mayChange(context, params, true);
}

/** As `mayEdit`, without the editor-only fields: a delete sends none. */
function mayDelete(context: RequestContext, params: Params): Promise<boolean> {
  return mayChange(context, params, false);
}

async function mayChange(context: RequestContext, params: Params, checkFields: boolean): Promise<boolean> {
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

const lockEvent = postLocker('event');

export function eventRoutes(config: CalendarConfig): RouteDefinition[] {
  const currency = { symbol: config.currencySymbol, position: config.currencyPosition };
  const updateParams = eventWriteParams(false, config.geolocation.enabled, currency);
  return [
    {
      name: 'events.list',
      path: '/events',
      methods: ['GET'],
      clockDependent: true,
      summary: d('List events.', 'Veranstaltungen auflisten.'),
      params: eventListParams(config.geolocation.enabled),
      operation: listEvents,
      response: eventListSchema,
    },
    {
      name: 'events.create',
      path: '/events',
      methods: ['POST'],
      summary: d('Create an event.', 'Eine Veranstaltung anlegen.'),
      params: eventWriteParams(true, config.geolocation.enabled, currency),
      authorize: mayCreate,
      operation: createEvent,
      response: eventSchema,
    },
    {
      name: 'events.read',
      path: '/events/{id}',
      methods: ['GET'],
      summary: d('Read an event.', 'Eine Veranstaltung lesen.'),
      params: { id: idParam, password: passwordParam, context: contextParam },
      operation: readEvent,
      response: eventSchema,
    },
    {
      name: 'events.delete',
      path: '/events/{id}',
      methods: ['DELETE'],
      summary: d(
        'Trash an event, or delete a trashed one for good with force=true.',
        'Eine Veranstaltung in den Papierkorb legen oder mit force=true endgültig löschen.',
      ),
      params: { id: idParam, force: forceParam, password: passwordParam },
      lockRecord: lockEvent,
      authorize: mayDelete,
      operation: deleteEvent,
      response: eventDeleteAnswerSchema,
    },
    {
      name: 'events.update',
      path: '/events/{id}',
      methods: ['POST', 'PUT', 'PATCH'],
      summary: d(
        'Update an event (omitted fields keep their values).',
        'Eine Veranstaltung ändern (fehlende Felder bleiben unverändert).',
      ),
      params: { id: idParam, ...updateParams },
      lockRecord: lockEvent,
      authorize: mayEdit,
      operation: updateEvent,
      response: eventSchema,
    },
    {
      name: 'events.read-by-slug',
      path: '/events/by-slug/{slug}',
      methods: ['GET'],
      summary: d('Read an event by slug.', 'Eine Veranstaltung über den Slug lesen.'),
      params: { slug: slugParam, password: passwordParam, context: contextParam },
      operation: readEvent,
      response: eventSchema,
    },
    {
      name: 'events.delete-by-slug',
      path: '/events/by-slug/{slug}',
      methods: ['DELETE'],
      summary: d('Trash an event by slug.', 'Eine Veranstaltung über den Slug löschen.'),
      params: { slug: slugParam, force: forceParam, password: passwordParam },
      lockRecord: lockEvent,
      authorize: mayDelete,
      operation: deleteEvent,
      response: eventDeleteAnswerSchema,
    },
    {
      name: 'events.update-by-slug',
      path: '/events/by-slug/{slug}',
      methods: ['POST', 'PUT', 'PATCH'],
      summary: d('Update an event by slug.', 'Eine Veranstaltung über den Slug ändern.'),
      params: { ...updateParams, slug: updateSlugParam },
      lockRecord: lockEvent,
      authorize: mayEdit,
      operation: updateEvent,
      response: eventSchema,
    },
  ];
}
