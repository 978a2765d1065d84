/**
 * The events of a feed as `FeedEvent`s for ical/write.ts: a series once (its rule) with its exceptions, an
 * event on its own otherwise. Content comes from the JSON serializer, so language, password blanking and the
 * venue, organizer and category objects are exactly what the JSON answers show; a constant number of
 * batched queries whatever the number of events.
 */
import { canReadRecord } from '../../auth/capabilities.js';
import { formatUtc } from '../../dates/format.js';
import type { FeedEvent } from '../../ical/write.js';
import type { RequestContext } from '../../route-table/context.js';
import { plainText } from '../../text/html.js';
import { loadEventRecords, textLanguages } from '../events/repository.js';
import type { EventOutput } from '../events/schema.js';
import { type EventRecord, type ProtectedAccess, serializeEvents } from '../events/serialize.js';
import { exdateLine, loadRecurrenceInfo } from '../events/series/index.js';
import { effectiveStatus } from '../posts/repository.js';

/**
 * The ids that stand for a list of events in a feed: each occurrence of a series by its series (once), in
 * the order first met; other events by themselves.
 */
export async function feedHeads(context: RequestContext, ids: readonly number[]): Promise<number[]> {
  const info = await loadRecurrenceInfo(context.db, ids);
  const heads = ids.map((id) => info.occurrences.get(id)?.seriesId ?? id);
  return [...new Set(heads)];
}

/** Whether the caller may see a record of a feed that the filter did not name itself (a series, an exception). */
function readable(context: RequestContext, record: EventRecord): boolean {
  const { post } = record;
  if (post.status === 'trash') return false;
  return canReadRecord(context.principal, { ...post, status: effectiveStatus(post, formatUtc(context.now)) });
}

/** Description as plain text, its paragraphs and line breaks kept as line ends. */
export function plainDescription(html: string): string {
  return html
    .split(/<\/p\s*>/i)
    .map((paragraph) =>
      paragraph
        .split(/<br\s*\/?>/i)
        .map(plainText)
        .filter((line) => line !== '')
        .join('\n'),
    )
    .filter((paragraph) => paragraph !== '')
    .join('\n\n');
}

/** `Venue, address, city, zip, country`, the plugin's LOCATION; the parts a venue has. */
function location(output: EventOutput): string {
  const venue = output.venue;
  if (Array.isArray(venue)) return '';
  return [venue.venue, venue.address, venue.city, venue.zip, venue.country]
    .map((part) => (part === undefined ? '' : plainText(String(part))))
    .filter((part) => part !== '')
    .join(', ');
}

/**
 * The feed events for the given heads (events, or series whose occurrences matched): each series with its
 * RRULE/RDATE/EXDATE lines, followed by its exceptions (the occurrences edited on their own) by original
 * start. A series the caller may not read is left out. `access` unlocks password-protected content as in
 * the JSON answers; without it a protected event shows its title and times only.
 */
export async function feedEvents(
  context: RequestContext,
  heads: readonly number[],
  access: ProtectedAccess,
): Promise<FeedEvent[]> {
  const { db, config } = context;
  if (heads.length === 0) return [];
  const info = await loadRecurrenceInfo(db, heads);
  const seriesIds = heads.filter((id) => info.series.has(id));
  const exceptionRows =
    seriesIds.length === 0
      ? []
      : await db
          .selectFrom('events')
          .select(['id as event_id', 'series_id', 'original_start_utc'])
          .where('series_id', 'in', seriesIds)
          // Exceptions: occurrences that follow their series no more.
          .where('follows_id', 'is', null)
          .orderBy('original_start_utc')
          .execute();
  const allIds = [...heads, ...exceptionRows.map((row) => row.event_id)];
  const [records, icalRows, venueRows] = await Promise.all([
    loadEventRecords(db, allIds, textLanguages(context)),
    db
      .selectFrom('events')
      .leftJoin('event_ical', 'event_ical.event_id', 'events.id')
      .leftJoin('event_series', 'event_series.event_id', 'events.id')
      .select([
        'events.id as event_id',
        'events.sequence',
        'events.revised_utc',
        'event_ical.uid',
        'event_series.horizon_utc',
      ])
      .where('events.id', 'in', allIds)
      .execute(),
    db
      .selectFrom('venues')
      .innerJoin('events', 'events.venue_id', 'venues.id')
      .select(['events.id as event_id', 'venues.geo_lat', 'venues.geo_lng'])
      .where('events.id', 'in', allIds)
      .execute(),
  ]);
  const visible = records.filter((record) => readable(context, record));
  const outputs = await serializeEvents(context, visible, { single: false, ...access });
  const byId = new Map(visible.map((record, index) => [record.post.id, { record, output: outputs[index]! }]));
  const ical = new Map(icalRows.map((row) => [row.event_id, row]));
  const geo = new Map(venueRows.map((row) => [row.event_id, row]));
  const host = new URL(config.siteUrl).host;
  const uidOf = (id: number) => ical.get(id)?.uid ?? `${id}@${host}`;
  const horizonOf = (id: number) => ical.get(id)?.horizon_utc ?? undefined;

  const toFeedEvent = (id: number, uid: string): FeedEvent | undefined => {
    const found = byId.get(id);
    if (!found) return undefined;
    const { record, output } = found;
    const { event, post } = record;
    const coordinates = geo.get(id);
    const hasVenue = !Array.isArray(output.venue);
    return {
      uid,
      sequence: Number(ical.get(id)?.sequence ?? 0),
      title: plainText(output.title),
      description: plainDescription(output.description),
      url: output.url,
      allDay: event.all_day === 1,
      timezone: event.timezone,
      startLocal: event.start_local,
      endLocal: event.end_local,
      startUtc: event.start_utc,
      endUtc: event.end_utc,
      createdUtc: post.date_utc,
      modifiedUtc: ical.get(id)?.revised_utc ?? post.modified_utc,
      location: location(output),
      ...(hasVenue && coordinates?.geo_lat != null && coordinates.geo_lng != null
        ? { geo: { lat: Number(coordinates.geo_lat), lng: Number(coordinates.geo_lng) } }
        : {}),
      organizers: output.organizer.map((o) => ({
        name: plainText(String(o.organizer ?? '')),
        email: String(o.email ?? ''),
      })),
      categories: output.categories.map((c) => plainText(c.name)),
    };
  };

  const events: FeedEvent[] = [];
  for (const id of heads) {
    const head = toFeedEvent(id, uidOf(id));
    if (!head) continue;
    const lines = info.series.get(id);
    if (!lines) {
      events.push(head);
      continue;
    }
    // An exception the lists do not show (hidden from listings, or not readable by the caller) leaves its
    // date out: without it, a calendar would show the series' own instance on that date instead.
    const exceptions: FeedEvent[] = [];
    const excluded: string[] = [];
    for (const row of exceptionRows) {
      if (row.series_id !== id) continue;
      const exception = toFeedEvent(row.event_id, head.uid);
      if (exception && byId.get(row.event_id)?.record.event.hide_from_listings !== 1)
        exceptions.push({
          ...exception,
          recurrenceId: { startUtc: row.original_start_utc!, timezone: head.timezone, allDay: head.allDay },
        });
      else {
        const line = exdateLine(row.original_start_utc!, head.timezone, head.allDay);
        if (!lines.includes(line) && !excluded.includes(line)) excluded.push(line);
      }
    }
    const horizonUtc = horizonOf(id);
    events.push(
      { ...head, recurrence: [...lines, ...excluded], ...(horizonUtc ? { horizonUtc } : {}) },
      ...exceptions,
    );
  }
  return events;
}
