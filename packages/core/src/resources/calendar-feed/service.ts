/**
 * `GET /events/calendar`, the widget feed: every event the caller may read that overlaps `[start, end)`, series
 * occurrences included, as FullCalendar and EventCalendar read an event source (schema.ts). The events list's
 * own filter finds them (`starts_before` end and `ends_after` start, exact times: the start index with the
 * longest event's length as its lower bound), so the list's indexes, visibility and password rules apply;
 * then a constant number of statements load and serialize them, whatever their number, within the budgets.
 */
import { canReadRecord } from '../../auth/capabilities.js';
import { addDays, formatUtc } from '../../dates/format.js';
import { isoInstantToUtc } from '../../dates/iso-instant.js';
import { normalizeTimezone, toIsoWithOffset, utcToLocal } from '../../dates/zones.js';
import { apiError } from '../../errors/catalog.js';
import { invalidParam } from '../../errors/invalid-params.js';
import type { RequestContext } from '../../route-table/context.js';
import type { OperationResult } from '../../route-table/route.js';
import { plainText } from '../../text/html.js';
import type { EventListParams } from '../events/list-params.js';
import { filterEvents } from '../events/list-query.js';
import { matchQuery } from '../events/list-statements.js';
import { loadEventRecords, textLanguages } from '../events/repository.js';
import type { EventOutput } from '../events/schema.js';
import { type EventRecord, serializeEvents } from '../events/serialize.js';
import { effectiveStatus } from '../posts/repository.js';
import type { CalendarFeedEvent } from './schema.js';

/** The longest range one request may ask for: a year view and its neighbouring weeks. */
export const CALENDAR_MAX_RANGE_DAYS = 400;
/**
 * The most events one answer holds: a month of a busy calendar is a few hundred; past this a widget could not
 * show them anyway, and loading and serializing them would hold the service for one request.
 */
export const CALENDAR_MAX_EVENTS = 2000;

/** The range and the list's filters a widget may add (`extraParams`). */
export type CalendarFeedParams = { start: string; end: string; timeZone?: string } & Pick<
  EventListParams,
  'categories' | 'tags' | 'venue' | 'organizer' | 'featured' | 'password'
>;

const DAY_MS = 86_400_000;
const instant = (utc: string) => Date.parse(`${utc.replace(' ', 'T')}Z`);

/** The range as UTC instants: read in `zone` when written without an offset; refused past the budget. */
function rangeOf(params: CalendarFeedParams, zone: string): { startUtc: string; endUtc: string } {
  // Both passed validation, which reads them the same way.
  const startUtc = isoInstantToUtc(params.start, zone)!;
  const endUtc = isoInstantToUtc(params.end, zone)!;
  if (endUtc <= startUtc) throw invalidParam('end', 'end must be later than start.');
  if (instant(endUtc) - instant(startUtc) > CALENDAR_MAX_RANGE_DAYS * DAY_MS)
    throw invalidParam('end', `A range spans at most ${CALENDAR_MAX_RANGE_DAYS} days.`);
  return { startUtc, endUtc };
}

/** Whether the caller may read this record (the list's statuses let writers list drafts they may not read). */
function readable(context: RequestContext, record: EventRecord): boolean {
  const { post } = record;
  return (
    post.status !== 'trash' &&
    canReadRecord(context.principal, { ...post, status: effectiveStatus(post, formatUtc(context.now)) })
  );
}

/** One event as the widgets read it. */
function widgetEvent(output: EventOutput, zone: string): CalendarFeedEvent {
  // Protected without its password, `all_day` is withheld (null): the event then shows as the times it spans.
  const allDay = output.all_day === true;
  const seriesId = output.series_id ?? (output.recurrence ? output.id : undefined);
  const venue = Array.isArray(output.venue) ? null : output.venue;
  const text = (value: unknown) => (typeof value === 'string' ? plainText(value) : '');
  return {
    id: String(output.id),
    ...(seriesId !== undefined ? { groupId: String(seriesId) } : {}),
    title: plainText(output.title),
    // All-day: the days in the event's own zone, the end exclusive (the day after the last one).
    start: allDay
      ? output.start_date.slice(0, 10)
      : toIsoWithOffset(utcToLocal(output.utc_start_date, zone), zone),
    end: allDay
      ? addDays(output.end_date.slice(0, 10), 1)
      : toIsoWithOffset(utcToLocal(output.utc_end_date, zone), zone),
    allDay,
    url: output.url,
    extendedProps: {
      rest_url: output.rest_url,
      status: output.status,
      timezone: output.timezone,
      excerpt: plainText(output.excerpt),
      cost: output.cost,
      featured: output.featured,
      image: output.image === false ? null : output.image.url,
      venue: venue
        ? {
            id: venue.id,
            name: text(venue.venue),
            url: venue.url,
            address: text(venue.address),
            city: text(venue.city),
            zip: text(venue.zip),
            country: text(venue.country),
          }
        : null,
      organizers: output.organizer.map((o) => ({ id: o.id, name: text(o.organizer), url: o.url })),
      categories: output.categories.map(({ id, name, slug }) => ({ id, name: plainText(name), slug })),
      tags: output.tags.map(({ id, name, slug }) => ({ id, name: plainText(name), slug })),
    },
  };
}

export async function calendarFeed(
  context: RequestContext,
  params: CalendarFeedParams,
): Promise<OperationResult> {
  const zone = params.timeZone !== undefined ? normalizeTimezone(params.timeZone) : context.config.timezone;
  const { startUtc, endUtc } = rangeOf(params, zone);
  const { start: _start, end: _end, timeZone: _zone, ...filters } = params;
  const filter = await filterEvents(context, {
    ...filters,
    // Overlap: starts before the range ends, ends after it starts (one that ends at its start is outside).
    starts_before: endUtc,
    ends_after: startUtc,
    strict_dates: true,
  });
  const rows = await matchQuery(filter)
    .orderBy('events.start_utc')
    .orderBy('events.id')
    .limit(CALENDAR_MAX_EVENTS + 1)
    .execute();
  if (rows.length > CALENDAR_MAX_EVENTS)
    throw apiError('rest_calendar_too_many_events', {
      message: `The range holds more than ${CALENDAR_MAX_EVENTS} events, the most one answer gives; ask for a shorter range or filter it.`,
      data: { max_events: CALENDAR_MAX_EVENTS },
    });
  const records = await loadEventRecords(
    context.db,
    rows.map((row) => row.id),
    textLanguages(context),
  );
  const byId = new Map(records.map((record) => [record.post.id, record]));
  const visible = rows
    .map((row) => byId.get(row.id))
    .filter((record): record is EventRecord => record !== undefined && readable(context, record));
  const outputs = await serializeEvents(context, visible, { single: false, password: params.password });
  return { body: outputs.map((output) => widgetEvent(output, zone)) };
}
