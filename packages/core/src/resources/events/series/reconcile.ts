/**
 * Recurring events as the plugin's paid edition keeps them: the series event is the first occurrence, and every
 * other occurrence is an event of its own (own id, readable, editable, deletable) whose `parent_id` is the series.
 * Occurrences exist up to a horizon (`recurrenceHorizonMonths` ahead of the clock) and carry the series' data:
 * after each write of the series, `reconcileSeries` makes the set of occurrences match the rule (keeping ids
 * where a date stays) and copies the series' data into those not edited on their own (detached ones).
 *
 * Every step is a set-based statement (a few per write whatever the number of occurrences), inside the
 * transaction of the write that called it.
 */
import type { Expression } from 'kysely';
import { addWallSeconds, formatUtc, wallSecondsBetween } from '../../../dates/format.js';
import { localToUtc, utcToLocal } from '../../../dates/zones.js';
import type { Db } from '../../../db/database.js';
import type { EventRow, PostRow, PostStatus } from '../../../db/schema.js';
import { expandRecurrence } from '../../../ical/recurrence.js';
import {
  countedEventsPerTerm,
  countsForTerms,
  moveTermTallies,
  termIdsOfEvent,
} from '../../terms/repository.js';
import { copySeriesData } from './copy.js';
import { insertOccurrences } from './insert.js';
import { excludesStart, setRuleOnly } from './listing-flags.js';
import type { SeriesScope } from './repository.js';
import { asInvalidParam, horizonFor, readRecurrence } from './rule.js';

/** Ids per `in (…)` list of a delete, within SQLite's 32,766 bound values. */
const CHUNK = 500;

/**
 * Whether an event is an occurrence (other than the first) of a series: its series and original start, and
 * whether it is an exception (edited or deleted on its own: it follows nothing any more).
 */
export async function occurrenceOf(
  db: Db,
  eventId: number,
): Promise<{ seriesId: number; originalStartUtc: string; detached: boolean } | undefined> {
  const row = await db
    .selectFrom('events')
    .select(['series_id', 'original_start_utc', 'follows_id'])
    .where('id', '=', eventId)
    .executeTakeFirst();
  return row?.series_id != null && row.original_start_utc !== null
    ? { seriesId: row.series_id, originalStartUtc: row.original_start_utc, detached: row.follows_id === null }
    : undefined;
}

/** The ids of a series' occurrences (not the series itself), as a subquery. */
function occurrenceIds(db: Db, seriesId: number) {
  return db.selectFrom('events').select('id as event_id').where('series_id', '=', seriesId);
}

/** Per term, how many of a series' occurrences count for it now (`moveTermTallies` moves the difference). */
export function occurrencesPerTerm(scope: SeriesScope, seriesId: number): Promise<Map<number, number>> {
  return countedEventsPerTerm(
    scope.db,
    occurrenceIds(scope.db, seriesId) as unknown as Expression<number>,
    formatUtc(scope.now),
  );
}

/** Sets (or, with `null`, removes) the recurrence of an event, then reconciles its occurrences. */
export async function setRecurrence(
  scope: SeriesScope,
  seriesId: number,
  lines: string[] | null,
  options: {
    /** Its occurrences counted for their terms before the write changed the series' terms. */
    countedBeforeWrite?: ReadonlyMap<number, number> | undefined;
    /** false: the event was no series before this write (it has no series row, no occurrences). */
    wasSeries?: boolean;
    /** The series as this write left it: reconciling then reads none of it back. */
    written?: WrittenSeries;
  } = {},
): Promise<void> {
  const { db } = scope;
  const { countedBeforeWrite } = options;
  if (lines === null) {
    await removeOccurrences(scope, seriesId, countedBeforeWrite);
    await db.deleteFrom('event_series').where('event_id', '=', seriesId).execute();
    return;
  }
  const horizon = horizonFor(scope.config, scope.now);
  const existing =
    options.wasSeries === false
      ? undefined
      : await db
          .selectFrom('event_series')
          .select('horizon_utc')
          .where('event_id', '=', seriesId)
          .executeTakeFirst();
  const horizonUtc = existing && existing.horizon_utc > horizon ? existing.horizon_utc : horizon;
  if (existing)
    await db
      .updateTable('event_series')
      .set({ recurrence: JSON.stringify(lines), horizon_utc: horizonUtc })
      .where('event_id', '=', seriesId)
      .execute();
  else
    await db
      .insertInto('event_series')
      .values({ event_id: seriesId, recurrence: JSON.stringify(lines), horizon_utc: horizonUtc })
      .execute();
  await reconcileSeries(scope, seriesId, countedBeforeWrite, {
    fresh: !existing,
    series: options.written && { ...options.written, lines, horizonUtc },
  });
}

/** Deletes every occurrence of a series for good (the series stops recurring, or is deleted itself). */
export async function removeOccurrences(
  scope: SeriesScope,
  seriesId: number,
  countedBeforeWrite?: ReadonlyMap<number, number>,
): Promise<void> {
  const { db } = scope;
  const counted = countedBeforeWrite ?? (await occurrencesPerTerm(scope, seriesId));
  await db.deleteFrom('posts').where('id', 'in', occurrenceIds(db, seriesId)).execute();
  await moveTermTallies(db, counted, new Map(), scope.database.traits.rowLocks);
}

/** A series' post, event and terms as the write of the series left them. */
export interface WrittenSeries {
  post: PostRow;
  event: EventRow;
  termIds: readonly number[];
}

/** A series' rows as reconciling reads them: its post, its event, its rule and how far it is materialized. */
interface SeriesRows {
  post: PostRow;
  event: EventRow;
  lines: string[];
  horizonUtc: string;
  /** Its terms, when its write knew them. */
  termIds?: readonly number[];
}

async function readSeries(db: Db, seriesId: number): Promise<SeriesRows | undefined> {
  const row = await db
    .selectFrom('event_series')
    .select(['recurrence', 'horizon_utc'])
    .where('event_id', '=', seriesId)
    .executeTakeFirst();
  if (!row) return undefined;
  const post = await db.selectFrom('posts').selectAll().where('id', '=', seriesId).executeTakeFirstOrThrow();
  const event = await db
    .selectFrom('events')
    .selectAll()
    .where('id', '=', seriesId)
    .executeTakeFirstOrThrow();
  return { post, event, lines: JSON.parse(row.recurrence) as string[], horizonUtc: row.horizon_utc };
}

interface ExistingOccurrence {
  event_id: number;
  original_start_utc: string;
  detached: number;
  status: string;
  trashed_from: string | null;
}

/**
 * Makes a series' occurrences match its rule up to its horizon, and copies its data into those not edited on
 * their own. An occurrence keeps its id while its date stays in the rule: matched first by its original start,
 * then by its day (a change of the start time moves every occurrence, it does not replace them). Detached
 * occurrences (exceptions) keep their own data and stay while their day is still in the rule; occurrences no
 * longer in the rule are deleted, except trashed ones (deleting an occurrence excludes its date; it stays in
 * the trash).
 */
export async function reconcileSeries(
  scope: SeriesScope,
  seriesId: number,
  countedBeforeWrite?: ReadonlyMap<number, number>,
  options: {
    /** A series just made: no occurrences yet. */
    fresh?: boolean;
    /** The series as the write that called this left it; read when not given. */
    series?: SeriesRows | undefined;
  } = {},
): Promise<void> {
  const { db } = scope;
  const series = options.series ?? (await readSeries(db, seriesId));
  if (!series) return;
  const { post, event } = series;
  const zone = event.timezone;
  // An update may have made the series all-day: its rule is then read (and may be refused) as such.
  const parsed = readRecurrence(series.lines, zone, event.all_day === 1);
  // The series' own instance is among them unless an EXDATE removes it (first.ts).
  const instants = asInvalidParam(() => expandRecurrence(parsed, event.start_local, zone, series.horizonUtc));
  const duration = wallSecondsBetween(event.start_local, event.end_local);
  const existing: ExistingOccurrence[] = options.fresh
    ? []
    : (
        await db
          .selectFrom('events as o')
          .innerJoin('posts as p', 'p.id', 'o.id')
          .select(['o.id', 'o.original_start_utc', 'o.follows_id', 'p.status', 'p.trashed_from'])
          .where('o.series_id', '=', seriesId)
          .execute()
      ).map((row) => ({
        event_id: row.id,
        original_start_utc: row.original_start_utc!,
        detached: row.follows_id === null ? 1 : 0,
        status: row.status,
        trashed_from: row.trashed_from,
      }));
  // Occurrences that follow the series changed terms with it: the write that changed them counted them before.
  const countedBefore =
    countedBeforeWrite ?? (existing.length > 0 ? await occurrencesPerTerm(scope, seriesId) : new Map());

  // Pair the rule's instants with the occurrences that exist: by original start, then by day.
  const byStart = new Map(existing.map((row) => [row.original_start_utc, row]));
  const unmatched = new Set(existing);
  const pairs: Array<{ instant: (typeof instants)[number]; row: ExistingOccurrence | undefined }> = [];
  for (const instant of instants) {
    const row = byStart.get(instant.utc);
    if (row && unmatched.has(row)) {
      unmatched.delete(row);
      pairs.push({ instant, row });
    } else pairs.push({ instant, row: undefined });
  }
  const byDay = new Map<string, ExistingOccurrence>();
  for (const row of unmatched) byDay.set(utcToLocal(row.original_start_utc, zone).slice(0, 10), row);
  for (const pair of pairs) {
    if (pair.row) continue;
    const row = byDay.get(pair.instant.local.slice(0, 10));
    if (row && unmatched.has(row)) {
      unmatched.delete(row);
      pair.row = row;
    }
  }

  // The series' own instance: the series stands for it, unless an exception (an occurrence edited on its own)
  // replaces it; a row that follows the series there would be the series twice.
  const own = pairs.findIndex((pair) => pair.instant.utc === event.start_utc);
  const replacement = own < 0 ? undefined : pairs[own]!.row;
  if (own >= 0) pairs.splice(own, 1);
  if (replacement?.detached === 1) pairs.push({ instant: instants[own]!, row: replacement });
  else if (replacement) unmatched.add(replacement);
  const ruleOnly = excludesStart(parsed, event, zone) || replacement?.detached === 1;
  await setRuleOnly(scope, seriesId, event.hide_from_listings, ruleOnly);

  // Gone from the rule: deleted, unless in the trash (an occurrence deleted on its own).
  const gone = [...unmatched].filter((row) => row.status !== 'trash').map((row) => row.event_id);
  for (let i = 0; i < gone.length; i += CHUNK)
    await db
      .deleteFrom('posts')
      .where('id', 'in', gone.slice(i, i + CHUNK))
      .execute();

  // Kept: a new original start where the rule moved it; new dates unless detached; back from the trash
  // with the series.
  for (const { instant, row } of pairs) {
    if (!row) continue;
    if (row.original_start_utc !== instant.utc)
      await db
        .updateTable('events')
        .set({ original_start_utc: instant.utc })
        .where('id', '=', row.event_id)
        .execute();
    if (row.detached === 1 && row.status === 'trash' && post.status !== 'trash' && row.trashed_from)
      await db
        .updateTable('posts')
        .set({ status: row.trashed_from as PostStatus, trashed_from: null, slug: post.slug })
        .where('id', '=', row.event_id)
        .execute();
    if (row.detached === 1) continue;
    const endLocal = addWallSeconds(instant.local, duration);
    await db
      .updateTable('events')
      .set({
        start_local: instant.local,
        end_local: endLocal,
        start_utc: instant.utc,
        end_utc: localToUtc(endLocal, zone),
      })
      .where('id', '=', row.event_id)
      .where((eb) =>
        eb.or([
          eb('start_local', '!=', instant.local),
          eb('end_local', '!=', endLocal),
          eb('timezone', '!=', zone),
        ]),
      )
      .execute();
  }

  // New dates: posts, events and occurrence rows; their data is copied below with the others'.
  const fresh = pairs.filter((pair) => !pair.row).map((pair) => pair.instant);
  if (fresh.length > 0) await insertOccurrences(scope, seriesId, post, event, fresh, duration);

  // Rows made just now have the series' post and event fields already.
  if (pairs.some((pair) => pair.row !== undefined && pair.row.detached === 0))
    await copySeriesData(scope, seriesId, post, event);
  // A series' first occurrences all follow it: each counts for the series' terms exactly when the series does.
  const countedAfter =
    existing.length > 0
      ? await occurrencesPerTerm(scope, seriesId)
      : countsForTerms(post, formatUtc(scope.now))
        ? new Map(
            (series.termIds ?? (await termIdsOfEvent(db, seriesId))).map((termId) => [termId, fresh.length]),
          )
        : new Map<number, number>();
  await moveTermTallies(db, countedBefore, countedAfter, scope.database.traits.rowLocks);
}
