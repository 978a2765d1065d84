/**
 * Scheduled publication: a `future` record whose date has passed becomes `publish`, as WordPress's cron does.
 * core.ts hands it to the handler as its `beforeEachRequest` hook, which runs it before every request (it
 * works at most once per second of the clock), so that every query can filter on the stored status alone,
 * and list totals stay cacheable. When it changed something, the handler tells the caches (`afterWrite`).
 */
import { formatUtc } from '../../dates/format.js';
import { serviceWrite } from '../../db/change-log.js';
import type { CalendarDatabase } from '../../db/database.js';
import { refreshTermCounts, termIdsOfEvents } from '../terms/repository.js';

/** Publishes what is due; resolves with whether it changed anything. */
export function createScheduledPublisher(): (database: CalendarDatabase, now: Date) => Promise<boolean> {
  let lastSecond: number | undefined;
  return async (database, now) => {
    // Once per clock second (it runs on every request, so the comparison comes before any formatting).
    const second = Math.floor(now.getTime() / 1000);
    if (lastSecond === second) return false;
    lastSecond = second;
    const nowUtc = formatUtc(now);
    const due = await database.kysely
      .selectFrom('posts')
      .select('id')
      .where('type', 'in', ['event', 'venue', 'organizer'])
      .where('status', '=', 'future')
      .where('date_utc', '<=', nowUtc)
      .execute();
    if (due.length === 0) return false;
    const ids = due.map((row) => row.id);
    await serviceWrite(
      database,
      async (trx) => {
        await trx
          .updateTable('posts')
          .set({ status: 'publish' })
          .where('id', 'in', ids)
          .where('status', '=', 'future')
          .execute();
        await refreshTermCounts(trx, await termIdsOfEvents(trx, ids), nowUtc, database.traits.rowLocks);
      },
      () => {},
    );
    return true;
  };
}
