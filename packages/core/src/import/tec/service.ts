/**
 * Moving in from WordPress, the writer: everything the reader fetched from a site of the plugin
 * (`TecSnapshot`, see types.ts) is written into this service's database with the source's ids, slugs, dates,
 * time zones, costs, flags, statuses, links and global ids, so that `GET /events/{id}` and the others answer
 * here as the source answered for the same id.
 *
 * 1. Check: the fallback author exists; every record is read (unreadable ones are skipped with the reason);
 *    the plan (plan.ts) places every record and finds every clash, with this database (`TecIdClashError`) or
 *    inside the source (`TecSourceConflictError`, conflicts.ts): either refuses the whole import before
 *    anything is written.
 * 2. Ids: the counters of the id spaces are moved past every id the import writes, and remapped records get
 *    fresh ids from them (ids.ts).
 * 3. Write, in dependency order and in batches of `batchSize` records, each batch a transaction (write.ts):
 *    categories (parents first), tags, images, venues, organizers, events. An interrupted run keeps its
 *    committed batches; the next run finds them unchanged through their origin rows.
 *
 * A second run writes nothing that did not change at the source. `dryRun` stops after step 1 (remapped ids
 * are then the ones the counters would give now). Decisions where the source and this service differ:
 * - Drafts the source left unnamed and undated get a slug from their title and dates from their site-zone
 *   dates (this service's drafts have real ones, SPEC §14); see source.ts.
 * - A trashed record's slug is kept as the source answers it (`<slug>__trashed`); an unnamed trashed draft
 *   gets its named slug with the suffix, as the service's own trash does (`slugForStatusChange`). The status it
 *   had before is unknown to the API (`trashed_from` stays null).
 * - Texts are stored in the default language; the search rows of every language follow from them.
 * - Recurrence rules are not imported: a record's `post_parent` (or `series_id`) is kept as its parent link.
 */
import { type ConfigOptions, resolveConfig } from '../../config.js';
import { analyzeStaleTables } from '../../db/analyze.js';
import type { CalendarDatabase } from '../../db/database.js';
import type { Taxonomy } from '../../db/schema.js';
import { findUserByLogin } from '../../resources/users/repository.js';
import { collectRecords } from './collect.js';
import { TecSourceConflictError } from './conflicts.js';
import { type IdTable, reserveIdsUpTo, takeFreshIds, topId } from './ids.js';
import { planImages } from './images.js';
import { type ImportPlan, type Planned, planImport } from './plan.js';
import type { LocalIds } from './rows.js';
import { sourceKey } from './source.js';
import type {
  TecIdClash,
  TecImportCounts,
  TecImportOptions,
  TecImportReport,
  TecKind,
  TecSnapshot,
} from './types.js';
import { type WriteContext, writeEvents, writeImages, writeLinked, writeTerms } from './write.js';

/** The import refused: ids or slugs of the source are taken here (`clashes` lists each). Nothing was written. */
export class TecIdClashError extends Error {
  readonly clashes: TecIdClash[];

  constructor(clashes: TecIdClash[]) {
    const first = clashes
      .slice(0, 3)
      .map((clash) => `${clash.kind} ${clash.id} (${clash.holder})`)
      .join(', ');
    const remedies = [
      ...(clashes.some((clash) => clash.taken !== 'slug')
        ? ['with remapIds, records whose id is taken get new ones']
        : []),
      ...(clashes.some((clash) => clash.taken === 'slug')
        ? ['a slug taken here must be freed here first (the import keeps slugs)']
        : []),
    ];
    super(
      `${clashes.length} record(s) of the source clash with records here: ${first}${clashes.length > 3 ? ', …' : ''}. Nothing was written; ${remedies.join('; ')}.`,
    );
    this.name = 'TecIdClashError';
    this.clashes = clashes;
  }
}

export interface TecWriteOptions extends TecImportOptions {
  /**
   * The settings the service runs with (as `createCalendarCore` takes them): the site time zone dates drafts
   * the source left undated; the languages give the search rows.
   */
  config?: ConfigOptions;
  /** The clock (tests): term counts of scheduled events, and the images' registration date. */
  now?: Date;
  /** Records per transaction (default 500). */
  batchSize?: number;
}

const KINDS: readonly TecKind[] = ['category', 'tag', 'venue', 'organizer', 'event'];

function recordsOf(plan: ImportPlan): Record<TecKind, ReadonlyArray<Planned<unknown>>> {
  return {
    category: plan.categories,
    tag: plan.tags,
    venue: plan.venues,
    organizer: plan.organizers,
    event: plan.events,
  };
}

/** Gives the records that need one a fresh id: taken from the counters, or as they would give them now. */
async function allocateIds(
  database: CalendarDatabase,
  records: ReadonlyArray<{ localId: number; fresh: boolean }>,
  table: IdTable,
  dryRun: boolean,
  keep: ReadonlyArray<{ localId: number; fresh: boolean }>,
): Promise<void> {
  const db = database.kysely;
  // A loop, not `Math.max(...ids)`: a large site's ids are more arguments than a call takes.
  const keptTop = keep.reduce((top, r) => (r.fresh ? top : Math.max(top, r.localId)), 0);
  const fresh = records.filter((r) => r.fresh);
  let ids: number[];
  if (dryRun) {
    const top = Math.max(keptTop, await topId(db, database.traits, table));
    ids = fresh.map((_, index) => top + 1 + index);
  } else {
    ids = await db.transaction().execute(async (trx) => {
      await reserveIdsUpTo(trx, database.traits, table, keptTop);
      return takeFreshIds(trx, database.traits, table, fresh.length);
    });
  }
  fresh.forEach((record, index) => {
    record.localId = ids[index]!;
  });
}

function localIds(plan: ImportPlan, images: Map<string, number>): LocalIds {
  const posts = new Map<number, number>();
  for (const record of [...plan.venues, ...plan.organizers, ...plan.events])
    posts.set(record.source.sourceId, record.localId);
  const terms: Record<Taxonomy, Map<number, number>> = {
    category: new Map(plan.categories.map((r) => [r.source.sourceId, r.localId])),
    tag: new Map(plan.tags.map((r) => [r.source.sourceId, r.localId])),
  };
  return {
    post: (sourceId) => (sourceId === null ? null : (posts.get(sourceId) ?? null)),
    term: (taxonomy, sourceId) => terms[taxonomy].get(sourceId) ?? null,
    image: (url) => images.get(url) ?? null,
  };
}

function reportOf(plan: ImportPlan, dryRun: boolean): TecImportReport {
  const all = recordsOf(plan);
  const byKind = {} as Record<TecKind, TecImportCounts>;
  for (const kind of KINDS) {
    const count = (action: string) => all[kind].filter((r) => r.action === action).length;
    byKind[kind] = { created: count('create'), updated: count('update'), unchanged: count('unchanged') };
  }
  const sum = (key: keyof TecImportCounts) => KINDS.reduce((total, kind) => total + byKind[kind][key], 0);
  const remapped = KINDS.flatMap((kind) =>
    (all[kind] as ReadonlyArray<Planned<{ sourceId: number }>>)
      .filter((r) => r.fresh)
      .map((r) => ({ kind, from: r.source.sourceId, to: r.localId })),
  );
  return {
    dryRun,
    byKind,
    created: sum('created'),
    updated: sum('updated'),
    unchanged: sum('unchanged'),
    skipped: plan.skipped,
    remapped,
  };
}

/**
 * Writes a snapshot of a site of the plugin into the database (see the module comment).
 * @throws TecSourceConflictError when records of the source clash with each other (nothing written).
 * @throws TecIdClashError when ids or slugs of the source are taken here (nothing written).
 * @throws Error when `fallbackAuthor` names no local user (nothing written).
 */
export async function importTecSnapshot(
  database: CalendarDatabase,
  snapshot: TecSnapshot,
  options: TecWriteOptions,
): Promise<TecImportReport> {
  const config = resolveConfig(options.config ?? {});
  const now = options.now ?? new Date();
  const dryRun = options.dryRun === true;
  const db = database.kysely;
  const fallback = await findUserByLogin(db, options.fallbackAuthor);
  if (!fallback)
    throw new Error(
      `No user with the login "${options.fallbackAuthor}" here to receive the records whose author has no local user: create it first (calendar-events users add).`,
    );
  const plan = await planImport(db, collectRecords(snapshot), {
    source: sourceKey(snapshot.apiRoot),
    siteZone: config.timezone,
    currency: { symbol: config.currencySymbol, position: config.currencyPosition },
    fallbackAuthorId: fallback.id,
    remapIds: options.remapIds === true,
    users: snapshot.users,
  });
  if (plan.conflicts.length > 0) throw new TecSourceConflictError(plan.conflicts);
  if (plan.clashes.length > 0) throw new TecIdClashError(plan.clashes);

  const posts = [...plan.venues, ...plan.organizers, ...plan.events];
  const terms = [...plan.categories, ...plan.tags];
  const toWrite = (records: ReadonlyArray<Planned<unknown>>) =>
    records.filter((r) => r.action !== 'unchanged');
  await allocateIds(database, posts, 'posts', dryRun, toWrite(posts) as typeof posts);
  await allocateIds(database, terms, 'terms', dryRun, toWrite(terms) as typeof terms);
  const images = await planImages(db, posts);
  await allocateIds(database, images.created, 'images', dryRun, images.created);
  const report = reportOf(plan, dryRun);
  // What the reader found but could not read is skipped too: a report never says nothing was left when it was.
  report.skipped = [...(snapshot.unread ?? []), ...report.skipped];
  if (snapshot.incomplete?.length) report.incomplete = [...snapshot.incomplete];
  if (dryRun) return report;

  const imageIds = new Map(images.existing);
  for (const { image, localId } of images.created) imageIds.set(image.url, localId);
  const all = recordsOf(plan);
  const progress = (kind: TecKind) => {
    const total = all[kind].length;
    let done = total - toWrite(all[kind]).length;
    options.onProgress?.({ kind, done, total });
    return (written: number) => {
      done += written;
      options.onProgress?.({ kind, done, total });
    };
  };
  const ids = localIds(plan, imageIds);
  const context = (kind: TecKind | undefined): WriteContext => ({
    database,
    source: plan.source,
    ids,
    languages: config,
    now,
    batchSize: options.batchSize ?? 500,
    onBatch: kind ? progress(kind) : () => {},
  });
  await writeTerms(context('category'), toWrite(plan.categories) as typeof plan.categories);
  await writeTerms(context('tag'), toWrite(plan.tags) as typeof plan.tags);
  await writeImages(context(undefined), images.created);
  await writeLinked(context('venue'), toWrite(plan.venues) as typeof plan.venues);
  await writeLinked(context('organizer'), toWrite(plan.organizers) as typeof plan.organizers);
  // A series before its occurrences: their parent link names it.
  const events = toWrite(plan.events) as typeof plan.events;
  await writeEvents(
    context('event'),
    [...events].sort(
      (a, b) => Number(a.source.parentSourceId !== null) - Number(b.source.parentSourceId !== null),
    ),
  );
  // What a bulk write leaves, PostgreSQL's planner must see before the next query (db/analyze.ts).
  await analyzeStaleTables(database, database.kysely);
  return report;
}
