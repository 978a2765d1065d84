/**
 * Storage shared by events, venues and organizers: one id space (`posts`), translatable text per language
 * (`post_texts`), slugs unique per type. Every function takes the Kysely handle of the request (a
 * transaction for writes).
 */

import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { runInKeptShape } from '../../db/kept-shapes.js';
import type { PostRow, PostStatus, PostTextsTable, PostType } from '../../db/schema.js';
import { languagesFor, pickTranslation } from '../../i18n/translations.js';
import { uniqueSlug } from '../../text/slug.js';
import { writeTranslatedTexts } from '../translated-texts.js';
import { slugCheckUnderLock } from './row-locks.js';

export interface PostTexts {
  title: string;
  description: string;
  excerpt: string;
}

export const TEXT_FIELDS = ['title', 'description', 'excerpt'] as const;

type PostTextsRow = Selectable<PostTextsTable>;

/** The columns of a post row, for queries that join `posts` to a type's own table. */
export const POST_COLUMNS = [
  'posts.id',
  'posts.type',
  'posts.status',
  'posts.author_id',
  'posts.slug',
  'posts.date_utc',
  'posts.modified_utc',
  'posts.password',
  'posts.image_id',
  'posts.trashed_from',
] as const;

export async function loadPosts(db: Db, ids: readonly number[]): Promise<Map<number, PostRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('posts')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

export async function loadPost(db: Db, id: number): Promise<PostRow | undefined> {
  return db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Texts of many posts in one query, in `language` with fallback to the default language. */
export async function loadTexts(
  db: Db,
  ids: readonly number[],
  language: string,
  defaultLanguage: string,
): Promise<Map<number, PostTexts>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('post_texts')
    .selectAll()
    .where('post_id', 'in', [...new Set(ids)])
    .where('language', 'in', languagesFor(language, defaultLanguage))
    .execute();
  return pickTexts(rows, ids, language, defaultLanguage);
}

/**
 * The columns of a `post_texts as t` row joined to a query of posts (a row per language found), renamed so that
 * they meet no column of that query: a post's texts read with its row, with no statement of their own.
 */
export const JOINED_TEXT_COLUMNS = [
  't.language as text_language',
  't.title as text_title',
  't.description as text_description',
  't.excerpt as text_excerpt',
] as const;

export interface JoinedTextColumns {
  text_language: string | null;
  text_title: string | null;
  text_description: string | null;
  text_excerpt: string | null;
}

/** The texts of posts read with their rows (`JOINED_TEXT_COLUMNS`), picked as `loadTexts` picks them. */
export function pickJoinedTexts(
  rows: ReadonlyArray<{ id: number } & JoinedTextColumns>,
  ids: readonly number[],
  language: string,
  defaultLanguage: string,
): Map<number, PostTexts> {
  const textRows: Parameters<typeof pickTexts>[0][number][] = [];
  for (const row of rows)
    if (row.text_language !== null)
      textRows.push({
        post_id: row.id,
        language: row.text_language,
        title: row.text_title,
        description: row.text_description,
        excerpt: row.text_excerpt,
      });
  return pickTexts(textRows, ids, language, defaultLanguage);
}

/** Each of `ids`' texts, picked from its `post_texts` rows in `language` with fallback to the default one. */
export function pickTexts(
  rows: ReadonlyArray<
    Pick<Selectable<PostTextsTable>, 'post_id' | 'language' | (typeof TEXT_FIELDS)[number]>
  >,
  ids: readonly number[],
  language: string,
  defaultLanguage: string,
): Map<number, PostTexts> {
  const out = new Map<number, PostTexts>();
  const byPost = new Map<number, Array<(typeof rows)[number]>>();
  for (const row of rows) {
    const list = byPost.get(row.post_id) ?? [];
    list.push(row);
    byPost.set(row.post_id, list);
  }
  for (const id of ids) {
    out.set(id, pickTranslation(byPost.get(id) ?? [], language, defaultLanguage, TEXT_FIELDS));
  }
  return out;
}

/**
 * Stores the sent translatable fields in `language` and leaves other languages alone; the first write of a
 * record also fills the default language when it has no content yet (SPEC §7). Returns the rows of the
 * languages written, as they now are (for a new record, `fresh`, which has no texts to read first: all of them).
 */
export async function writeTexts(
  db: Db,
  postId: number,
  language: string,
  defaultLanguage: string,
  texts: Partial<PostTexts>,
  options: { fresh?: boolean } = {},
): Promise<PostTextsRow[]> {
  const rows = await writeTranslatedTexts(
    db,
    'post_texts',
    postId,
    language,
    defaultLanguage,
    texts,
    options.fresh,
  );
  return rows as unknown as PostTextsRow[];
}

export async function slugTaken(db: Db, type: PostType, slug: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('posts').select('id').where('type', '=', type).where('slug', '=', slug);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** What WordPress appends to the slug of a trashed record (`wp_add_trashed_suffix_to_post_name_for_post`). */
export const TRASHED_SUFFIX = '__trashed';

/**
 * The slug a record gets when its status changes (SPEC §14, as WordPress): trashed, it becomes
 * `<slug>__trashed` (the slug cut to 191 characters first, so that it stays within 200), freeing the slug for
 * a new record; taken out of the trash, it gets its slug back, or the next free one (`<slug>-2`, …), checked
 * under the slug's lock where the database has row locks (`rowLocks`).
 */
export async function slugForStatusChange(
  db: Db,
  type: PostType,
  id: number,
  slug: string,
  from: PostStatus,
  to: PostStatus,
  rowLocks = false,
): Promise<string> {
  if (from !== 'trash' && to === 'trash')
    return slug === '' || slug.endsWith(TRASHED_SUFFIX) ? slug : `${slug.slice(0, 191)}${TRASHED_SUFFIX}`;
  if (from === 'trash' && to !== 'trash') {
    const wanted = slug.endsWith(TRASHED_SUFFIX) ? slug.slice(0, -TRASHED_SUFFIX.length) : slug;
    return uniqueSlug(
      wanted,
      slugCheckUnderLock(db, rowLocks, type, (s) => slugTaken(db, type, s, id)),
    );
  }
  return slug;
}

export async function findPostBySlug(db: Db, type: PostType, slug: string): Promise<PostRow | undefined> {
  return db
    .selectFrom('posts')
    .selectAll()
    .where('type', '=', type)
    .where('slug', '=', slug)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/** A `future` record whose publication date has passed is served as `publish` (SPEC §10). */
export function effectiveStatus(post: Pick<PostRow, 'status' | 'date_utc'>, nowUtc: string): PostStatus {
  return post.status === 'future' && post.date_utc <= nowUtc ? 'publish' : post.status;
}

/** Stores a new record's post row; returns its id, which its type's own row then shares. */
export async function insertPost(db: Db, row: Omit<PostRow, 'id'>): Promise<number> {
  const inserted = await runInKeptShape(db, 'insert post', row, (values) =>
    db.insertInto('posts').values(values).returning('id'),
  );
  return inserted.rows[0]!.id;
}

/**
 * Moves a record to the trash (SPEC §14, as WordPress): the status it had is kept in `trashed_from`, and its
 * slug becomes `<slug>__trashed`, freeing the slug for a new record.
 */
export async function trashPost(
  db: Db,
  post: Pick<PostRow, 'id' | 'type' | 'status' | 'slug'>,
  nowUtc: string,
): Promise<void> {
  await db
    .updateTable('posts')
    .set({
      status: 'trash',
      trashed_from: post.status,
      slug: await slugForStatusChange(db, post.type, post.id, post.slug, post.status, 'trash'),
      modified_utc: nowUtc,
    })
    .where('id', '=', post.id)
    .execute();
}

/** Deletes a record for good; its own row, texts, links and search rows go with it (foreign keys cascade). */
export async function deletePost(db: Db, id: number): Promise<void> {
  await db.deleteFrom('posts').where('id', '=', id).execute();
}
