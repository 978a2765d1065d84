/**
 * Instances of a series imported without their series (`IcsEvent.instanceOf`: a Google export of someone
 * else's series holds only the instances the exporter was invited to). Each is a single event kept by its
 * `instanceUid` (the series' UID and its RECURRENCE-ID), until its series is imported:
 *
 * - from then on, an instance of a stored series is the exception of that series' occurrence (kept by the same
 *   `instanceUid`, so that importing it again is unchanged), never an event beside it;
 * - the series, when it is imported, takes the place of the single events imported for its instances before:
 *   they are deleted, and the series' file says what each of those occurrences is (its exception, or the
 *   occurrence as the rule gives it), so that no instance is there twice.
 */
import { INSTANCE_UID_MARK } from '../../ical/read.js';
import { deleteEvent } from '../../resources/events/service.js';
import type { RequestContext } from '../../route-table/context.js';

/** The single events imported for instances without their series, by the series' UID. */
export type InstanceSingles = Map<string, number[]>;

/**
 * Every single event imported for an instance without its series: read once an import, before its first
 * slice (one pass over the imported UIDs, rather than one a series).
 */
export async function instanceSingles(context: RequestContext): Promise<InstanceSingles> {
  const rows = await context.db
    .selectFrom('event_ical')
    .innerJoin('events', 'events.id', 'event_ical.event_id')
    .select(['event_ical.event_id', 'event_ical.uid'])
    .where('event_ical.uid', 'like', `%${INSTANCE_UID_MARK}%`)
    .where('events.series_id', 'is', null)
    .execute();
  const singles: InstanceSingles = new Map();
  for (const row of rows) {
    const at = row.uid.lastIndexOf(INSTANCE_UID_MARK);
    if (at < 0) continue;
    const seriesUid = row.uid.slice(0, at);
    const ids = singles.get(seriesUid);
    if (ids) ids.push(row.event_id);
    else singles.set(seriesUid, [row.event_id]);
  }
  return singles;
}

/**
 * The single events imported for instances of the series `seriesUid`, deleted (trashed and purged: the series'
 * occurrences stand for them now). Those still there: a slice rolled back and written again finds them again.
 */
export async function replaceInstanceSingles(
  context: RequestContext,
  singles: InstanceSingles,
  seriesUid: string,
): Promise<number> {
  const ids = singles.get(seriesUid);
  if (!ids) return 0;
  const rows = await context.db
    .selectFrom('event_ical')
    .innerJoin('posts', 'posts.id', 'event_ical.event_id')
    .select(['event_ical.event_id', 'posts.status'])
    .where('event_ical.event_id', 'in', ids)
    .execute();
  for (const { event_id: id, status } of rows) {
    // Only a trashed event is purged: through the trash, as any delete, so that its terms are counted out.
    if (status !== 'trash') await deleteEvent(context, { id });
    await deleteEvent(context, { id, force: true });
  }
  return rows.length;
}
