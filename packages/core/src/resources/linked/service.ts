/**
 * What the venue and organizer routes do (ref §5.5–5.7, §7.1, §7.8): list, read, create (with duplicate
 * avoidance), update, trash or delete, and who may; also the inline create of an event write.
 */
import { sql } from 'kysely';
import { canEditRecord, canReadRecord, canWritePosts, mayAssignAuthor } from '../../auth/capabilities.js';
import { formatUtc } from '../../dates/format.js';
import type { PostRow } from '../../db/schema.js';
import { pluginError } from '../../errors/catalog.js';
import { languagesFor } from '../../i18n/translations.js';
import type { RequestContext } from '../../route-table/context.js';
import { listEnvelope, resolvePaging } from '../../route-table/pagination.js';
import type { ParamValue } from '../../route-table/params.js';
import type { OperationResult } from '../../route-table/route.js';
import { plainTitle } from '../../text/html.js';
import { sanitizeSlug, uniqueSlug } from '../../text/slug.js';
import type { ListScope } from '../changes/list-sync.js';
import { resolveImage } from '../images/repository.js';
import { resolvePublication } from '../posts/fields.js';
import { deletePost, effectiveStatus, slugTaken, writeTexts } from '../posts/repository.js';
import { slugCheckUnderLock } from '../posts/row-locks.js';
import type { LinkedPostKind, LinkedWrite } from './kind.js';
import { type LinkedListParams, linkedListQuery } from './list-query.js';
import {
  findRecord,
  insertRecord,
  type LinkedPostValues,
  loadRecord,
  type RecordKey,
  refreshSearchText,
  trashRecord,
  updateRecord,
} from './repository.js';
import { loadSerialized, serializeOne } from './serialize.js';

export async function listLinked(
  kind: LinkedPostKind,
  context: RequestContext,
  params: LinkedListParams,
  scope?: ListScope,
): Promise<OperationResult> {
  const { db, config } = context;
  const paging = resolvePaging(params, config);
  const filtered = await linkedListQuery(kind, context, params);
  const { echo } = filtered;
  const query = scope ? filtered.query.where(scope.where('posts.id')) : filtered.query;
  if (scope) scope.matches = async () => (await query.select('posts.id').execute()).map((row) => row.id);
  const [rows, count] = await Promise.all([
    query
      .select('posts.id')
      .orderBy('posts.date_utc', 'desc')
      .orderBy('posts.id', 'desc')
      .limit(paging.perPage)
      .offset(paging.offset)
      .execute(),
    context.counts.count(
      db,
      query.select((eb) => eb.fn.countAll().as('n')),
      context.dataVersion,
    ),
  ]);
  const ids = rows.map((r) => r.id);
  const serialized = await loadSerialized(kind, context, ids, false);
  return listEnvelope({
    key: kind.plural,
    items: ids.map((id) => serialized.get(id)),
    total: count,
    paging,
    collectionUrl: context.urls.rest(`/${kind.plural}/`),
    query: echo,
    notFoundCode: kind.codes.archiveNotFound,
  });
}

export async function readLinked(
  kind: LinkedPostKind,
  context: RequestContext,
  key: RecordKey,
): Promise<OperationResult> {
  const record = await loadRecord(kind, context.db, key);
  if (
    !canReadRecord(context.principal, {
      ...record,
      status: effectiveStatus(record, formatUtc(context.now)),
    })
  )
    throw pluginError(kind.codes.notAccessible);
  return { body: await serializeOne(kind, context, record.id, true) };
}

export async function createLinked(
  kind: LinkedPostKind,
  context: RequestContext,
  params: LinkedWrite,
): Promise<OperationResult> {
  const id = await create(kind, context, params);
  return {
    status: 201,
    body: await serializeOne(kind, context, id, false),
    headers: { Location: context.urls.rest(`/${kind.plural}/${id}`) },
  };
}

export async function updateLinked(
  kind: LinkedPostKind,
  context: RequestContext,
  params: LinkedWrite & RecordKey,
): Promise<OperationResult> {
  const record = await loadRecord(kind, context.db, params);
  const id = await applyWrite(kind, context, params, record);
  return { body: await serializeOne(kind, context, id, false) };
}

/** Trashes the record (unlinking it from its events, ref §7.1), or deletes a trashed one with `force`. */
export async function removeLinked(
  kind: LinkedPostKind,
  context: RequestContext,
  params: RecordKey & { force?: boolean | undefined },
): Promise<OperationResult> {
  const { db } = context;
  const record = await loadRecord(kind, db, params);
  if (record.status === 'trash') {
    if (params.force !== true) throw pluginError(kind.codes.inTrash);
    const previous = await serializeOne(kind, context, record.id, false);
    await deletePost(db, record.id);
    return { body: { deleted: true, previous } };
  }
  await trashRecord(kind, db, record, formatUtc(context.now));
  return { body: await serializeOne(kind, context, record.id, false) };
}

/** Creates (or, by duplicate avoidance, reuses) a record from inline data inside an event write. */
export function createInline(
  kind: LinkedPostKind,
  context: RequestContext,
  item: { readonly [field: string]: ParamValue },
): Promise<number> {
  return create(kind, context, inlineWrite(item));
}

/**
 * An inline record as sent: its fields were validated against the create parameters, but not coerced. The
 * shared fields are read as the write reads them (a date or image id given as a number is the same text,
 * an author id given as text the same number the database would store).
 */
function inlineWrite(item: { readonly [field: string]: ParamValue }): LinkedWrite {
  const text = (value: ParamValue | undefined) => (value === undefined ? undefined : String(value));
  return {
    ...item,
    author: item.author === undefined ? undefined : Number(item.author),
    date: text(item.date),
    date_utc: text(item.date_utc),
    description: text(item.description),
    status: text(item.status),
    image: text(item.image),
  };
}

/** Record-level permission: by id and by slug alike (closing the plugin's by-slug hole). */
export async function mayEdit(
  kind: LinkedPostKind,
  context: RequestContext,
  params: RecordKey & { author?: number | undefined },
): Promise<boolean> {
  if (!canWritePosts(context.principal)) return false;
  const record = await findRecord(kind, context.db, params);
  if (!record) return true;
  if (!canEditRecord(context.principal, record)) return false;
  return mayAssignAuthor(context.principal, params.author, record.author_id);
}

/**
 * Whether the caller may edit the record the path names, as `Allow` names it (the plugin's permission rule):
 * a record that does not exist allows nothing; the `author` sent does not count.
 */
export async function mayEditExisting(
  kind: LinkedPostKind,
  context: RequestContext,
  params: RecordKey,
): Promise<boolean> {
  if (!canWritePosts(context.principal)) return false;
  const record = await findRecord(kind, context.db, params);
  return record ? canEditRecord(context.principal, record) : false;
}

/** Whether the caller may create records at all, as `Allow` names it: whatever author it sends. */
export function mayCreateAny(context: RequestContext): boolean {
  return canWritePosts(context.principal);
}

export function mayCreate(context: RequestContext, params: { author?: number | undefined }): boolean {
  return (
    canWritePosts(context.principal) &&
    mayAssignAuthor(context.principal, params.author, context.principal!.userId)
  );
}

async function create(kind: LinkedPostKind, context: RequestContext, params: LinkedWrite): Promise<number> {
  const duplicate = await findDuplicate(kind, context, params);
  // Only a record the caller may edit is reused (and overwritten); anyone else gets a record of their own.
  const reusable = duplicate && canEditRecord(context.principal, duplicate) ? duplicate : undefined;
  // The reused record keeps its stored name, whatever the letter case sent (SPEC §14).
  return applyWrite(kind, context, reusable ? { ...params, [kind.nameField]: undefined } : params, reusable);
}

/**
 * Duplicate avoidance (ref §7.8): a record whose name equals the new one, case-insensitively (and whose
 * description equals the sent one, if sent), is reused and its fields overwritten. Names and descriptions
 * are compared as a reader in the request's language sees them: its own text, else the default
 * language's, field by field (SPEC §7), as the `term_exists` check of categories and tags does.
 */
export async function findDuplicate(
  kind: LinkedPostKind,
  context: RequestContext,
  params: LinkedWrite,
): Promise<PostRow | undefined> {
  const { db, database, config } = context;
  const fold = database.traits.foldCase;
  const languages = languagesFor(context.language, config.defaultLanguage);
  const fallback = languages.length > 1;
  const seen = (name: 'title' | 'description') =>
    fallback ? sql`coalesce(${sql.ref(`tl.${name}`)}, ${sql.ref(`td.${name}`)})` : sql.ref(`tl.${name}`);
  let query = db
    .selectFrom('posts')
    .leftJoin('post_texts as tl', (join) =>
      join.onRef('tl.post_id', '=', 'posts.id').on('tl.language', '=', context.language),
    )
    .$if(fallback, (q) =>
      q.leftJoin('post_texts as td', (join) =>
        join.onRef('td.post_id', '=', 'posts.id').on('td.language', '=', config.defaultLanguage),
      ),
    )
    .selectAll('posts')
    .where('posts.type', '=', kind.type)
    .where('posts.status', '!=', 'trash')
    .where(fold(seen('title')), '=', fold(sql.val(plainTitle(String(params[kind.nameField])))));
  if (params.description !== undefined)
    query = query.where(fold(seen('description')), '=', fold(sql.val(String(params.description))));
  return query.orderBy('posts.id').limit(1).executeTakeFirst();
}

/** Writes a create (`existing` undefined) or an update: the post, its own row, its texts, its search row. */
async function applyWrite(
  kind: LinkedPostKind,
  context: RequestContext,
  params: LinkedWrite,
  existing: PostRow | undefined,
): Promise<number> {
  const { db, config } = context;
  const publication = resolvePublication(context, params, config.timezone, existing);
  const post: LinkedPostValues = {
    status: publication.status,
    date_utc: publication.date_utc,
    modified_utc: formatUtc(context.now),
    image_id:
      params.image === undefined
        ? (existing?.image_id ?? null)
        : params.image.trim() === ''
          ? null
          : await resolveImage(db, params.image, context.now),
  };
  let id: number;
  if (existing) {
    id = existing.id;
    await updateRecord(
      kind,
      db,
      existing,
      { ...post, author_id: params.author },
      (current) => kind.toDetailValues(params, current),
      context.database.traits.rowLocks,
    );
  } else {
    const name = String(params[kind.nameField]);
    const slug = await uniqueSlug(
      sanitizeSlug(name) || kind.type,
      slugCheckUnderLock(db, context.database.traits.rowLocks, kind.type, (s) => slugTaken(db, kind.type, s)),
    );
    id = await insertRecord(
      kind,
      db,
      { ...post, author_id: params.author ?? context.principal!.userId, slug },
      kind.toDetailValues(params, undefined),
    );
  }
  const texts: { title?: string; description?: string } = {};
  const name = params[kind.nameField];
  if (name !== undefined) texts.title = plainTitle(String(name));
  if (params.description !== undefined) texts.description = String(params.description);
  if (!existing || Object.keys(texts).length > 0)
    await writeTexts(db, id, context.language, config.defaultLanguage, texts);
  await refreshSearchText(kind, db, id);
  return id;
}
