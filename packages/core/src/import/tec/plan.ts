/**
 * What an import will do, decided before anything is written: for every record of the source, its
 * local id (the source's when it is free here, the one a former run gave it, or a fresh one with `remapIds`),
 * whether it is created, updated (its fingerprint changed at the source) or left unchanged, its local author,
 * and its slug; and every clash, which refuses the whole import.
 *
 * A clash is an id of the source taken here by a record that is not that record's earlier import (posts: the
 * shared id space of events, venues and organizers; terms: the term id space), or a slug taken here by another
 * record of the same type or taxonomy (the import keeps slugs, and ours are unique). `remapIds` settles id
 * clashes with fresh ids; slug clashes always refuse.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../../db/database.js';
import type { PostType, Taxonomy } from '../../db/schema.js';
import { slugTaken, TRASHED_SUFFIX } from '../../resources/posts/repository.js';
import type { CurrencyDefaults } from '../../text/cost.js';
import { sanitizeSlug, uniqueSlug } from '../../text/slug.js';
import type { CollectedRecords } from './collect.js';
import { conflictsWithin, parentConflicts, type TecSourceConflict } from './conflicts.js';
import {
  readEvent,
  readOrganizer,
  readTerm,
  readVenue,
  type SourceEvent,
  type SourceOrganizer,
  type SourcePost,
  type SourceTerm,
  type SourceVenue,
  UnreadableRecord,
  withoutNul,
} from './source.js';
import type { TecIdClash, TecKind, TecRecord, TecSkipped, TecUser } from './types.js';

export type Action = 'create' | 'update' | 'unchanged';

export interface Planned<S> {
  source: S;
  action: Action;
  /** The local id; set by `allocateFreshIds` for a record that needs a fresh one. */
  localId: number;
  /** Needs a fresh id (its own is taken here, and `remapIds` was given). */
  fresh: boolean;
  fingerprint: string;
}

export interface PlannedPost<S extends SourcePost> extends Planned<S> {
  /** The slug to store (the source's; named from the title for a draft the source left unnamed). */
  slug: string;
  authorId: number;
}

export interface ImportPlan {
  source: string;
  categories: Planned<SourceTerm>[];
  tags: Planned<SourceTerm>[];
  venues: PlannedPost<SourceVenue>[];
  organizers: PlannedPost<SourceOrganizer>[];
  events: PlannedPost<SourceEvent>[];
  clashes: TecIdClash[];
  /** Records of the source that clash with others of the source (conflicts.ts): the import cannot be made. */
  conflicts: TecSourceConflict[];
  skipped: TecSkipped[];
}

/** Where a plan is made: the source, the site's zone (for undated drafts) and the authors' fallback. */
export interface PlanSettings {
  source: string;
  siteZone: string;
  /** The site's default currency, which the source's costs without a symbol of their own show. */
  currency?: CurrencyDefaults;
  fallbackAuthorId: number;
  remapIds: boolean;
  users: readonly TecUser[];
}

/** A digest of what the import reads of a record: equal digests write equal rows. */
export function fingerprintOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('base64url');
}

/** `where id in (…)` lists at most this many values (far below both databases' limits). */
const IDS_PER_QUERY = 1000;

export function chunked<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/** Reads the records of a kind; those that cannot be read are skipped, with the reason. */
function readAll<S>(
  kind: TecKind,
  records: readonly TecRecord[],
  read: (record: TecRecord) => S,
  skipped: TecSkipped[],
): S[] {
  const out: S[] = [];
  for (const record of records) {
    try {
      out.push(read(withoutNul(record)));
    } catch (error) {
      if (!(error instanceof UnreadableRecord)) throw error;
      skipped.push({ kind, id: Number(record.id), reason: error.message });
    }
  }
  return out;
}

interface OriginRow {
  kind: string;
  source_id: number;
  post_id: number | null;
  term_id: number | null;
  fingerprint: string;
}

async function loadOrigins(db: Db, source: string): Promise<Map<string, OriginRow>> {
  const rows = await db
    .selectFrom('tec_origins')
    .select(['kind', 'source_id', 'post_id', 'term_id', 'fingerprint'])
    .where('source', '=', source)
    .execute();
  return new Map(rows.map((row) => [`${row.kind}:${row.source_id}`, row]));
}

/** Who holds these ids here: `venue 42 "Town hall"`, by id. */
async function postHolders(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  for (const part of chunked(ids, IDS_PER_QUERY)) {
    const rows = await db
      .selectFrom('posts')
      .leftJoin('post_texts', 'post_texts.post_id', 'posts.id')
      .select(['posts.id', 'posts.type', 'posts.slug', 'post_texts.title'])
      .where('posts.id', 'in', part)
      .execute();
    for (const row of rows)
      if (!out.has(row.id) || row.title) out.set(row.id, `${row.type} ${row.id} "${row.title ?? row.slug}"`);
  }
  return out;
}

async function termHolders(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  for (const part of chunked(ids, IDS_PER_QUERY)) {
    const rows = await db
      .selectFrom('terms')
      .select(['id', 'taxonomy', 'slug'])
      .where('id', 'in', part)
      .execute();
    for (const row of rows) out.set(row.id, `${row.taxonomy} ${row.id} "${row.slug}"`);
  }
  return out;
}

/** Local records of `table` holding one of these slugs: `type:slug` (or `taxonomy:slug`) → their ids. */
async function slugHolders(db: Db, table: 'posts' | 'terms', slugs: readonly string[]) {
  const out = new Map<string, number[]>();
  for (const part of chunked([...new Set(slugs)], IDS_PER_QUERY)) {
    const rows =
      table === 'posts'
        ? await db
            .selectFrom('posts')
            .select(['id', 'type as group', 'slug'])
            .where('slug', 'in', part)
            .execute()
        : await db
            .selectFrom('terms')
            .select(['id', 'taxonomy as group', 'slug'])
            .where('slug', 'in', part)
            .execute();
    for (const row of rows) {
      const key = `${row.group}:${row.slug}`;
      out.set(key, [...(out.get(key) ?? []), row.id]);
    }
  }
  return out;
}

/**
 * Local ids and actions of one id space's records. Found again through its origin row, a record keeps the
 * local id it got; otherwise it asks for its source id, and clashes when that is taken here.
 */
async function placeRecords<S extends { kind: TecKind; sourceId: number }>(
  sources: readonly S[],
  origins: Map<string, OriginRow>,
  holdersOf: (ids: readonly number[]) => Promise<Map<number, string>>,
  settings: PlanSettings,
  clashes: TecIdClash[],
): Promise<Planned<S>[]> {
  const planned = sources.map((source): Planned<S> => {
    const origin = origins.get(`${source.kind}:${source.sourceId}`);
    const localId = origin?.post_id ?? origin?.term_id ?? null;
    const fingerprint = fingerprintOf(source);
    if (localId === null)
      return { source, action: 'create', localId: source.sourceId, fresh: false, fingerprint };
    const action = origin!.fingerprint === fingerprint ? 'unchanged' : 'update';
    return { source, action, localId, fresh: false, fingerprint };
  });
  const wanted = planned.filter((p) => p.action === 'create').map((p) => p.localId);
  const holders = await holdersOf(wanted);
  for (const record of planned) {
    const holder = record.action === 'create' ? holders.get(record.localId) : undefined;
    if (holder === undefined) continue;
    if (settings.remapIds) record.fresh = true;
    else clashes.push({ kind: record.source.kind, id: record.source.sourceId, holder, taken: 'id' });
  }
  return planned;
}

/** A slug taken here by another record of the same type or taxonomy is a clash, whatever `remapIds` says. */
async function findSlugClashes(
  db: Db,
  table: 'posts' | 'terms',
  records: ReadonlyArray<Planned<{ kind: TecKind; sourceId: number }> & { slug: string }>,
  ours: ReadonlySet<number>,
  clashes: TecIdClash[],
): Promise<void> {
  const checked = records.filter((r) => r.action !== 'unchanged' && r.slug !== '');
  const holders = await slugHolders(
    db,
    table,
    checked.map((r) => r.slug),
  );
  for (const record of checked) {
    const holder = holders
      .get(`${record.source.kind}:${record.slug}`)
      ?.find((id) => !(id === record.localId && !record.fresh) && !ours.has(id));
    if (holder === undefined) continue;
    clashes.push({
      kind: record.source.kind,
      id: record.source.sourceId,
      holder: `${record.source.kind} ${holder} holds the slug "${record.slug}"`,
      taken: 'slug',
    });
  }
}

/**
 * Local users by the source's user id, where a local user has the same login. Without credentials the source
 * tells no logins, only nicenames (`slug`), which WordPress makes from the login: a local login equal to the
 * nicename is then taken as the same person.
 */
async function localAuthors(db: Db, users: readonly TecUser[]): Promise<Map<number, number>> {
  const loginOf = (user: TecUser) => user.login || user.slug || '';
  const known = users.filter((user) => loginOf(user) !== '');
  const out = new Map<number, number>();
  if (known.length === 0) return out;
  const rows = await db
    .selectFrom('users')
    .select(['id', 'login'])
    .where('login', 'in', known.map(loginOf))
    .execute();
  const byLogin = new Map(rows.map((row) => [row.login, row.id]));
  for (const user of known) {
    const local = byLogin.get(loginOf(user));
    if (local !== undefined) out.set(user.id, local);
  }
  return out;
}

/** Categories with every parent before its children (a parent missing from the source counts as none). */
function parentsFirst(categories: Planned<SourceTerm>[]): Planned<SourceTerm>[] {
  const bySourceId = new Map(categories.map((c) => [c.source.sourceId, c]));
  const out: Planned<SourceTerm>[] = [];
  const placed = new Set<number>();
  const place = (category: Planned<SourceTerm>, trail: Set<number>) => {
    const id = category.source.sourceId;
    if (placed.has(id) || trail.has(id)) return;
    trail.add(id);
    const parent = bySourceId.get(category.source.parentSourceId);
    if (parent) place(parent, trail);
    placed.add(id);
    out.push(category);
  };
  for (const category of categories) place(category, new Set());
  return out;
}

/** The slug a post is stored with: the source's, or for an unnamed draft one made from its title. */
async function slugsOf<S extends SourcePost>(
  db: Db,
  records: Planned<S>[],
  authors: Map<number, number>,
  settings: PlanSettings,
): Promise<PlannedPost<S>[]> {
  const named = new Set(records.map((r) => `${r.source.kind}:${r.source.slug}`));
  const unnamedUpdates = records.filter((r) => r.source.slug === '' && r.action !== 'create');
  const storedSlugs = new Map<number, string>();
  for (const part of chunked(
    unnamedUpdates.map((r) => r.localId),
    IDS_PER_QUERY,
  ))
    for (const row of await db.selectFrom('posts').select(['id', 'slug']).where('id', 'in', part).execute())
      storedSlugs.set(row.id, row.slug);
  const out: PlannedPost<S>[] = [];
  for (const record of records) {
    const { source } = record;
    let slug = source.slug;
    if (slug === '' && record.action !== 'unchanged') {
      slug =
        storedSlugs.get(record.localId) ??
        (await uniqueSlug(
          sanitizeSlug(source.title) || source.kind,
          async (candidate) =>
            named.has(`${source.kind}:${candidate}`) ||
            (await slugTaken(db, source.kind as PostType, candidate)),
        ));
      named.add(`${source.kind}:${slug}`);
      if (source.status === 'trash' && !slug.endsWith(TRASHED_SUFFIX)) slug = `${slug}${TRASHED_SUFFIX}`;
    }
    out.push({ ...record, slug, authorId: authors.get(source.authorSourceId) ?? settings.fallbackAuthorId });
  }
  return out;
}

export async function planImport(
  db: Db,
  collected: CollectedRecords,
  settings: PlanSettings,
): Promise<ImportPlan> {
  const skipped: TecSkipped[] = [];
  const clashes: TecIdClash[] = [];
  const zone = settings.siteZone;
  const origins = await loadOrigins(db, settings.source);
  const terms = (taxonomy: Taxonomy, records: readonly TecRecord[]) =>
    placeRecords(
      readAll(taxonomy, records, (r) => readTerm(taxonomy, r), skipped),
      origins,
      (ids) => termHolders(db, ids),
      settings,
      clashes,
    );
  const categories = parentsFirst(await terms('category', collected.categories));
  const tags = await terms('tag', collected.tags);
  const posts = <S extends SourcePost>(
    kind: TecKind,
    records: readonly TecRecord[],
    read: (r: TecRecord) => S,
  ) =>
    placeRecords(
      readAll(kind, records, read, skipped),
      origins,
      (ids) => postHolders(db, ids),
      settings,
      clashes,
    );
  const venues = await posts('venue', collected.venues, (r) => readVenue(r, zone));
  const organizers = await posts('organizer', collected.organizers, (r) => readOrganizer(r, zone));
  const events = await posts('event', collected.events, (r) => readEvent(r, zone, settings.currency));

  const authors = await localAuthors(db, settings.users);
  const plan: ImportPlan = {
    source: settings.source,
    categories,
    tags,
    venues: await slugsOf(db, venues, authors, settings),
    organizers: await slugsOf(db, organizers, authors, settings),
    events: await slugsOf(db, events, authors, settings),
    clashes,
    conflicts: [
      ...conflictsWithin([...events, ...venues, ...organizers].map((p) => p.source)),
      ...conflictsWithin([...categories, ...tags].map((t) => t.source)),
      ...parentConflicts(
        events.map((p) => p.source),
        new Map([...organizers, ...venues, ...events].map((p) => [p.source.sourceId, p.source.kind])),
      ),
    ],
    skipped,
  };
  const ourTerms = new Set([...categories, ...tags].filter((t) => !t.fresh).map((t) => t.localId));
  const ourPosts = new Set(
    [...plan.venues, ...plan.organizers, ...plan.events].filter((p) => !p.fresh).map((p) => p.localId),
  );
  await findSlugClashes(
    db,
    'terms',
    [...categories, ...tags].map((t) => ({ ...t, slug: t.source.slug })),
    ourTerms,
    clashes,
  );
  await findSlugClashes(
    db,
    'posts',
    [...plan.venues, ...plan.organizers, ...plan.events].filter((p) => !p.slug.endsWith(TRASHED_SUFFIX)),
    ourPosts,
    clashes,
  );
  return plan;
}
