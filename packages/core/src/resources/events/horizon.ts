/**
 * Keeps the occurrences of recurring events ahead of the clock: once an hour (it runs before requests, as the
 * scheduled publisher does), each series whose horizon fell more than a day behind `recurrenceHorizonMonths`
 * gets its occurrences up to the new horizon, each series in a transaction of its own.
 */
import type { CalendarConfig } from '../../config.js';
import { formatUtc } from '../../dates/format.js';
import { bumpDataVersion } from '../../db/data-version.js';
import type { CalendarDatabase } from '../../db/database.js';
import type { Logger } from '../../logger.js';
import { horizonFor, reconcileSeries } from './series.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Series extended per run: a run stays short, the next hour's run takes the rest. */
const SERIES_PER_RUN = 200;

/** Extends what is due; resolves with whether it changed anything. */
export function createHorizonKeeper(
  config: CalendarConfig,
  logger: Logger,
): (database: CalendarDatabase, now: Date) => Promise<boolean> {
  let lastRun: number | undefined;
  return async (database, now) => {
    if (lastRun !== undefined && now.getTime() - lastRun < HOUR_MS && now.getTime() >= lastRun) return false;
    lastRun = now.getTime();
    const horizon = horizonFor(config, now);
    const due = await database.kysely
      .selectFrom('event_series')
      .select('event_id')
      .where('horizon_utc', '<', formatUtc(new Date(Date.parse(`${horizon.replace(' ', 'T')}Z`) - DAY_MS)))
      .orderBy('horizon_utc')
      .limit(SERIES_PER_RUN)
      .execute();
    let changed = false;
    for (const { event_id } of due) {
      try {
        await database.kysely.transaction().execute(async (trx) => {
          await bumpDataVersion(trx);
          await trx
            .updateTable('event_series')
            .set({ horizon_utc: horizon })
            .where('event_id', '=', event_id)
            .where('horizon_utc', '<', horizon)
            .execute();
          await reconcileSeries({ db: trx, database, config, now }, event_id);
        });
        changed = true;
      } catch (err) {
        // One series that cannot be extended (its rows changed by another program) must not stop the others
        // nor the request that ran the keeper; the next run tries again.
        logger.warn({ err, seriesId: event_id }, 'recurring event not extended to the horizon');
      }
    }
    return changed;
  };
}
