/**
 * The stored venues and organizers: a `posts` row, a row of the kind's own table, texts per language, and a
 * `linked_post_search` row the search index narrows by. Reads and writes of those rows, nothing of HTTP.
 */
import { sql } from 'kysely';
import { readByKey } from '../../db/by-key.js';
import type { CalendarDatabase, Db } from '../../db/database.js';
import type { PostRow, PostStatus, PostType } from '../../db/schema.js';
import { invalidParam } from '../../errors/invalid-params.js';
import { languagesFor } from '../../i18n/translations.js';
import {
  findPostBySlug,
  insertPost,
  JOINED_TEXT_COLUMNS,
  type JoinedTextColumns,
  loadPost,
  POST_COLUMNS,
  type PostTexts,
  pickJoinedTexts,
  slugForStatusChange,
  trashPost,
} from '../posts/repository.js';
import { organizerRow, postRow, type VenueValues, venueRow } from '../posts/rows.js';
import type { DetailRow, LinkedPostKind } from './kind.js';

const detailColumnsOfKind = new WeakMap<LinkedPostKind, ReadonlyArray<'d.id'>>();

/**
 * The kind's own columns as `d.<column>` (typed as the venues' alias stands for either table), made once per
 * kind: every uncached load of venue or organizer rows names them.
 */
function detailColumns(kind: LinkedPostKind): ReadonlyArray<'d.id'> {
  let columns = detailColumnsOfKind.get(kind);
  if (!columns) {
    columns = kind.columns.map((column) => `d.${column}` as 'd.id');
    detailColumnsOfKind.set(kind, columns);
  }
  return columns;
}

/** A record as a route addresses it: by id, or by slug. */
export interface RecordKey {
  readonly id?: number | undefined;
  readonly slug?: string | undefined;
}

export async function isOfType(kind: LinkedPostKind, db: Db, id: number): Promise<boolean> {
  const row = await db.selectFrom('posts').select('type').where('id', '=', id).executeTakeFirst();
  return row?.type === kind.type;
}

/**
 * Whether an event may link this record: it exists and is not in the trash. With row locks (PostgreSQL) the
 * record is locked `for share` to the end of the write, so that it cannot be trashed before the link commits.
 */
export async function isLinkable(
  kind: LinkedPostKind,
  { db, database }: { db: Db; database: Pick<CalendarDatabase, 'traits'> },
  id: number,
): Promise<boolean> {
  return (await unlinkableIds(kind, { db, database }, [id])).size === 0;
}

/** The rows of posts a write read ahead for its links (`readAheadLinkable`), by its transaction; null: none. */
const readAhead = new WeakMap<Db, Map<number, { id: number; type: PostType; status: PostStatus } | null>>();

/**
 * The posts an event write may link, read (and locked `for share` with row locks, in id order) in one
 * statement before its parameters are validated: its venue and organizers together, where each check would
 * be a statement. `unlinkableIds` then decides from what was read. The locks are those the checks would take.
 */
export async function readAheadLinkable(
  { db, database }: { db: Db; database: Pick<CalendarDatabase, 'traits'> },
  ids: readonly number[],
): Promise<void> {
  const known = readAhead.get(db) ?? new Map();
  const wanted = [...new Set(ids)].filter((id) => !known.has(id));
  if (wanted.length === 0) return;
  for (const row of await linkableRows(db, database, wanted)) known.set(row.id, row);
  for (const id of wanted) if (!known.has(id)) known.set(id, null);
  readAhead.set(db, known);
}

function linkableRows(db: Db, database: Pick<CalendarDatabase, 'traits'>, ids: readonly number[]) {
  const query = db.selectFrom('posts').select(['id', 'type', 'status']).where('id', 'in', ids).orderBy('id');
  return (database.traits.rowLocks ? query.forShare() : query).execute();
}

/**
 * `isLinkable` for many records of one kind in one statement (an event may name a thousand organizers): the
 * ids among `ids` that may not be linked. Locked `for share` in id order with row locks. Records the write
 * read ahead (`readAheadLinkable`) cost no statement.
 */
export async function unlinkableIds(
  kind: LinkedPostKind,
  { db, database }: { db: Db; database: Pick<CalendarDatabase, 'traits'> },
  ids: readonly number[],
): Promise<Set<number>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Set();
  const known = readAhead.get(db);
  const unknown = known ? wanted.filter((id) => !known.has(id)) : wanted;
  const rows = unknown.length > 0 ? await linkableRows(db, database, unknown) : [];
  for (const id of wanted) {
    const row = known?.get(id);
    if (row) rows.push(row);
  }
  const linkable = new Set(
    rows.filter((row) => row.type === kind.type && row.status !== 'trash').map((row) => row.id),
  );
  return new Set(wanted.filter((id) => !linkable.has(id)));
}

/** The post by id (of any type) or by slug (of this kind); the caller checks the type where it matters. */
export async function findRecord(kind: LinkedPostKind, db: Db, key: RecordKey): Promise<PostRow | undefined> {
  if (key.id !== undefined) return loadPost(db, key.id);
  return key.slug !== undefined ? findPostBySlug(db, kind.type, key.slug) : undefined;
}

/** The record a route names; validation has already checked it exists, so a concurrent delete lands here. */
export async function loadRecord(kind: LinkedPostKind, db: Db, key: RecordKey): Promise<PostRow> {
  const record = await findRecord(kind, db, key);
  if (!record || record.type !== kind.type) throw invalidParam('id');
  return record;
}

/** The global ids a record moved in from a site of the plugin keeps (`tec_origins`); null for the others. */
interface OriginColumns {
  origin_global_id: string | null;
  origin_global_id_lineage: string | null;
}

export type DetailRowWithOrigin = PostRow & DetailRow & OriginColumns;

/**
 * The posts with their own fields and their kept global ids, and their texts in `language` (with the default
 * language's as fallback): one statement for all ids. The texts are joined (a row per language found) rather
 * than read by a statement of their own: every event answer with a venue and organizers, and every list of
 * them, reads these.
 */
export async function loadDetailRows(
  kind: LinkedPostKind,
  db: Db,
  ids: readonly number[],
  language: string,
  defaultLanguage: string,
): Promise<{ rows: DetailRowWithOrigin[]; texts: Map<number, PostTexts> }> {
  const wanted = [...new Set(ids)];
  const joined = (await readByKey(
    db,
    `${kind.table} with texts`,
    { ids: wanted, languages: languagesFor(language, defaultLanguage) },
    (values) =>
      db
        .selectFrom(`${kind.table} as d` as 'venues as d')
        .innerJoin('posts', 'posts.id', 'd.id')
        .leftJoin('tec_origins', 'tec_origins.post_id', 'd.id')
        .leftJoin('post_texts as t', (join) =>
          join.onRef('t.post_id', '=', 'd.id').on('t.language', 'in', values.languages),
        )
        .select(detailColumns(kind))
        .select(POST_COLUMNS)
        .select([
          'tec_origins.global_id as origin_global_id',
          'tec_origins.global_id_lineage as origin_global_id_lineage',
        ])
        .select(JOINED_TEXT_COLUMNS)
        .where('d.id', 'in', values.ids),
  )) as unknown as Array<DetailRowWithOrigin & JoinedTextColumns>;
  // A record's row once, without its text columns.
  const rows = new Map<number, DetailRowWithOrigin>();
  for (const { text_language, text_title, text_description, text_excerpt, ...row } of joined)
    if (!rows.has(row.id)) rows.set(row.id, row);
  return { rows: [...rows.values()], texts: pickJoinedTexts(joined, wanted, language, defaultLanguage) };
}

export async function loadDetail(kind: LinkedPostKind, db: Db, id: number): Promise<DetailRow | undefined> {
  const [row] = await readByKey(db, kind.table, { id }, (values) =>
    db
      .selectFrom(`${kind.table} as d` as 'venues as d')
      .select(detailColumns(kind))
      .where('d.id', '=', values.id),
  );
  return row as DetailRow | undefined;
}

/** The `posts` columns a venue or organizer write sets. */
export interface LinkedPostValues {
  status: PostStatus;
  date_utc: string;
  modified_utc: string;
  image_id: number | null;
}

/** Inserts the post and its own row; `details` are the kind's `toDetailValues` for a create (every column). */
export async function insertRecord(
  kind: LinkedPostKind,
  db: Db,
  post: LinkedPostValues & { author_id: number; slug: string },
  details: Record<string, unknown>,
): Promise<number> {
  const id = await insertPost(db, postRow({ type: kind.type, ...post }));
  if (kind.table === 'venues')
    await db
      .insertInto('venues')
      .values(venueRow(id, details as VenueValues))
      .execute();
  else
    await db
      .insertInto('organizers')
      .values(organizerRow(id, details as Parameters<typeof organizerRow>[1]))
      .execute();
  return id;
}

/** Updates the post (the slug follows a move into or out of the trash, SPEC §14) and the sent own fields. */
export async function updateRecord(
  kind: LinkedPostKind,
  db: Db,
  existing: PostRow,
  post: LinkedPostValues & { author_id?: number | undefined },
  details: (current: DetailRow | undefined) => Record<string, unknown>,
  rowLocks = false,
): Promise<void> {
  const { id } = existing;
  await db
    .updateTable('posts')
    .set({
      status: post.status,
      slug: await slugForStatusChange(
        db,
        kind.type,
        id,
        existing.slug,
        existing.status,
        post.status,
        rowLocks,
      ),
      date_utc: post.date_utc,
      modified_utc: post.modified_utc,
      image_id: post.image_id,
      ...(post.author_id !== undefined ? { author_id: post.author_id } : {}),
    })
    .where('id', '=', id)
    .execute();
  const values = details(
    (await db.selectFrom(kind.table).selectAll().where('id', '=', id).executeTakeFirst()) as
      | DetailRow
      | undefined,
  );
  if (Object.keys(values).length > 0)
    await db.updateTable(kind.table).set(values).where('id', '=', id).execute();
}

/** Moves the record into the trash and unlinks it from its events (ref §7.1). */
export async function trashRecord(
  kind: LinkedPostKind,
  db: Db,
  record: PostRow,
  nowUtc: string,
): Promise<void> {
  // `loadRecord` checked that `record.type` is the kind's, the type `trashPost` frees the slug in.
  await trashPost(db, record, nowUtc);
  if (kind.type === 'venue')
    await db.updateTable('events').set({ venue_id: null }).where('venue_id', '=', record.id).execute();
  else await db.deleteFrom('event_organizers').where('organizer_id', '=', record.id).execute();
}

/**
 * Rewrites the record's row of `linked_post_search`: its searchable fields (ref §6.5) in
 * every language, the text the search index narrows candidates by.
 */
export async function refreshSearchText(kind: LinkedPostKind, db: Db, id: number): Promise<void> {
  const [detail, texts] = await Promise.all([
    loadDetail(kind, db, id),
    db
      .selectFrom('post_texts')
      .select(['title', 'description', 'excerpt'])
      .where('post_id', '=', id)
      .orderBy('language')
      .execute(),
  ]);
  // The kind names its searchable columns; the row is read by those names.
  const body = linkedSearchBody(kind, detail ?? {}, texts);
  await sql`insert into linked_post_search (post_id, body) values (${id}, ${body})
    on conflict (post_id) do update set body = excluded.body`.execute(db);
}

/**
 * The `linked_post_search` body of a record: its searchable fields (`kind.searchFields`, read from its own
 * row by name), then its texts of every language (ordered by language), separated by line breaks, which no
 * search fragment contains.
 */
export function linkedSearchBody(
  kind: Pick<LinkedPostKind, 'searchFields'>,
  columns: Readonly<Record<string, unknown>>,
  texts: ReadonlyArray<{ title: string | null; description: string | null; excerpt: string | null }>,
): string {
  const parts = [
    ...kind.searchFields.map((field) => columns[field] as string | null | undefined),
    ...texts.flatMap((t) => [t.title, t.description, t.excerpt]),
  ];
  return parts.filter((part) => part !== null && part !== undefined && part !== '').join('\n');
}
