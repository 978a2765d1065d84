/**
 * The steps of keeping recurring events' occurrences ahead of the clock (`recurrenceHorizonMonths`): which
 * series fell behind, extending one, and recording one that cannot be extended. The keeper
 * (horizon-keeper.ts) runs them in the background, in slices, never inside a request.
 *
 * A series is due when its horizon fell more than a day behind the clock's: the keeper then moves it to the
 * clock's horizon by steps of a bounded number of new occurrences (`extendSeriesStep`), each a transaction of
 * its own and a write like any other (cache/index.ts, point 1). A series the longer horizon takes past the occurrence limit, or whose stored rule
 * is refused now, cannot be extended by waiting: it is recorded in `series_extension_refusals`
 * with why, and skipped until the series is edited (its `modified_utc` or its rule changes).
 */
import type { CalendarConfig } from '../../../config.js';
import { formatUtc, wallSecondsBetween } from '../../../dates/format.js';
import { serviceWrite } from '../../../db/change-log.js';
import type { CalendarDatabase, Db } from '../../../db/database.js';
import { isApiError } from '../../../errors/api-error.js';
import { expandRecurrence, parseRecurrence, RecurrenceError } from '../../../ical/recurrence.js';
import { countsForTerms, moveTermTallies, termIdsOfEvent } from '../../terms/repository.js';
import { insertOccurrences } from './insert.js';
import { horizonFor } from './rule.js';

const DAY_MS = 86_400_000;

/** Where a round extends series to, and before which a series' horizon makes it due. */
export interface HorizonTarget {
  horizonUtc: string;
  dueBeforeUtc: string;
}

export function horizonTarget(config: CalendarConfig, now: Date): HorizonTarget {
  const horizonUtc = horizonFor(config, now);
  const horizonMs = Date.parse(`${horizonUtc.replace(' ', 'T')}Z`);
  return { horizonUtc, dueBeforeUtc: formatUtc(new Date(horizonMs - DAY_MS)) };
}

/** A series that fell behind: its id, how far its occurrences exist, and its last edit (date and rule). */
export interface DueSeries {
  eventId: number;
  horizonUtc: string;
  modifiedUtc: string;
  recurrence: string;
}

/** Where a walk over the due series stands: the last one taken, in the walk's order. */
export type DueCursor = Pick<DueSeries, 'eventId' | 'horizonUtc'>;

/**
 * Up to `limit` due series after `after`, furthest behind first (the horizon index walks them in order),
 * leaving out those refused and not edited since. A walk by cursor: one that failed for a passing reason is
 * passed over in this round, not taken first again by each slice.
 */
export async function dueSeries(
  db: Db,
  dueBeforeUtc: string,
  after: DueCursor | undefined,
  limit: number,
): Promise<DueSeries[]> {
  let query = db
    .selectFrom('event_series as s')
    .innerJoin('posts as p', 'p.id', 's.event_id')
    .leftJoin('series_extension_refusals as r', 'r.event_id', 's.event_id')
    .select(['s.event_id', 's.horizon_utc', 's.recurrence', 'p.modified_utc'])
    .where('s.horizon_utc', '<', dueBeforeUtc)
    .where((eb) =>
      eb.or([
        eb('r.event_id', 'is', null),
        eb('r.series_modified_utc', '!=', eb.ref('p.modified_utc')),
        eb('r.series_recurrence', '!=', eb.ref('s.recurrence')),
      ]),
    );
  if (after)
    query = query.where((eb) =>
      eb.or([
        eb('s.horizon_utc', '>', after.horizonUtc),
        eb.and([eb('s.horizon_utc', '=', after.horizonUtc), eb('s.event_id', '>', after.eventId)]),
      ]),
    );
  const rows = await query.orderBy('s.horizon_utc').orderBy('s.event_id').limit(limit).execute();
  return rows.map((row) => ({
    eventId: row.event_id,
    horizonUtc: row.horizon_utc,
    modifiedUtc: row.modified_utc,
    recurrence: row.recurrence,
  }));
}

/** New occurrences per transaction: a long way to go takes several steps, each holding the database briefly. */
export const OCCURRENCES_PER_STEP = 200;

/**
 * Moves one series' horizon towards `target.horizonUtc` by one step, in a write transaction of its own
 * (`serviceWrite`): the occurrences its rule gives from its horizon so far, up to
 * `OCCURRENCES_PER_STEP` of them. Its horizon then stands at the start of the first occurrence not added yet
 * (every start before it exists), or at the target. Resolves with the horizon reached, or undefined when there
 * was nothing to do any more (the series was deleted, or edited or extended by another writer since it was
 * found due). A series that cannot be extended throws (see `refusalOf`); its transaction changed nothing.
 *
 * Only new occurrences are written: every write of the series reconciled those before its horizon with its
 * rule and data (reconcile.ts), and new ones follow the series from the start (`insertOccurrences`). A step
 * costs the rule's expansion and its own rows, not the occurrences the series has already.
 */
export async function extendSeriesStep(
  database: CalendarDatabase,
  config: CalendarConfig,
  now: Date,
  seriesId: number,
  target: HorizonTarget,
): Promise<string | undefined> {
  return serviceWrite(
    database,
    async (db) => {
      // The series locked first where the database has row locks: this step then comes after any write of the
      // series under way, whose result is what is read next.
      if (database.traits.rowLocks)
        await db.selectFrom('posts').select('id').where('id', '=', seriesId).forUpdate().execute();
      const series = await db
        .selectFrom('event_series')
        .select(['recurrence', 'horizon_utc'])
        .where('event_id', '=', seriesId)
        .executeTakeFirst();
      if (!series || series.horizon_utc >= target.dueBeforeUtc) return undefined;
      const fromUtc = series.horizon_utc;
      const post = await db
        .selectFrom('posts')
        .selectAll()
        .where('id', '=', seriesId)
        .executeTakeFirstOrThrow();
      const event = await db
        .selectFrom('events')
        .selectAll()
        .where('id', '=', seriesId)
        .executeTakeFirstOrThrow();
      const zone = event.timezone;
      const parsed = parseRecurrence(JSON.parse(series.recurrence) as string[], zone, {
        allDay: event.all_day === 1,
      });
      // Occurrences from the horizon on exist only if another program wrote them: kept, not doubled.
      const existing = new Set(
        (
          await db
            .selectFrom('events')
            .select('original_start_utc')
            .where('series_id', '=', seriesId)
            .where('original_start_utc', '>=', fromUtc)
            .execute()
        ).map((row) => row.original_start_utc),
      );
      // The whole way to the target is expanded: a rule that passes the occurrence limit there is refused now.
      const fresh = expandRecurrence(parsed, event.start_local, zone, target.horizonUtc).filter(
        (instant) => instant.utc >= fromUtc && instant.utc !== event.start_utc && !existing.has(instant.utc),
      );
      const step = fresh.slice(0, OCCURRENCES_PER_STEP);
      const reached = fresh[OCCURRENCES_PER_STEP]?.utc ?? target.horizonUtc;
      await db
        .updateTable('event_series')
        .set({ horizon_utc: reached })
        .where('event_id', '=', seriesId)
        .execute();
      if (step.length > 0) {
        const scope = { db, database, config, now };
        const duration = wallSecondsBetween(event.start_local, event.end_local);
        await insertOccurrences(scope, seriesId, post, event, step, duration);
        // They follow the series: each counts for the series' terms exactly when the series does.
        if (countsForTerms(post, formatUtc(now))) {
          const added = new Map((await termIdsOfEvent(db, seriesId)).map((termId) => [termId, step.length]));
          await moveTermTallies(db, new Map(), added, database.traits.rowLocks);
        }
      }
      // At the target (edited since it was refused, perhaps): no longer a series that cannot be extended.
      if (reached === target.horizonUtc)
        await db.deleteFrom('series_extension_refusals').where('event_id', '=', seriesId).execute();
      return reached;
    },
    () => {},
  );
}

/**
 * Why an extension failed, when waiting cannot help: the rule gives more occurrences than allowed before the
 * horizon, or the rule itself is refused now (both a 400 had the series been written so). Undefined for
 * anything else (the database went away, a conflict with another writer): the next round tries again.
 */
export function refusalOf(error: unknown): string | undefined {
  if (error instanceof RecurrenceError) return error.message;
  if (isApiError(error) && error.status >= 400 && error.status < 500) return error.message;
  return undefined;
}

/**
 * Records that a series cannot be extended to `horizonUtc`, and why: the keeper skips it until its
 * `modified_utc` moves (an edit). Not calendar data, so no data-version bump: no answer shows it.
 */
export async function recordRefusal(
  db: Db,
  series: DueSeries,
  horizonUtc: string,
  reason: string,
  now: Date,
): Promise<void> {
  const row = {
    series_modified_utc: series.modifiedUtc,
    series_recurrence: series.recurrence,
    horizon_utc: horizonUtc,
    reason,
    refused_utc: formatUtc(now),
  };
  await db
    .insertInto('series_extension_refusals')
    .values({ event_id: series.eventId, ...row })
    .onConflict((conflict) => conflict.column('event_id').doUpdateSet(row))
    .execute();
}
