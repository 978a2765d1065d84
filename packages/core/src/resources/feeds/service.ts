/**
 * The iCalendar feeds (issue 18): `GET /events/ical`, the events list as one VCALENDAR, and
 * `GET /events/{id}/ical`, one event. Both take what a calendar app can put in a subscription URL: no
 * headers, the list's filters, `multilang_language` and `password` as query parameters.
 */
import { type SqlBool, sql } from 'kysely';
import { pluginError } from '../../errors/catalog.js';
import { writeCalendar } from '../../ical/write.js';
import type { RequestContext } from '../../route-table/context.js';
import type { OperationResult } from '../../route-table/route.js';
import type { EventListParams } from '../events/list-params.js';
import { filterEvents, withDrivers } from '../events/list-query.js';
import { type EventAddress, readEvent } from '../events/service.js';
import { feedEvents, feedHeads } from './collect.js';

/** A feed holds up to this many events (series count once) unless `per_page` asks for fewer. */
export const FEED_DEFAULT_SIZE = 100;
/** `per_page` above this is capped silently, as the JSON lists cap theirs. */
export const FEED_MAX_SIZE = 1000;

const CONTENT_TYPE = 'text/calendar; charset=UTF-8';

/** The site's host, the calendar's name (the configuration has no site name) and the file names' stem. */
function siteHost(context: RequestContext): string {
  return new URL(context.config.siteUrl).host;
}

function fileName(context: RequestContext, what: string): string {
  const stem = `${siteHost(context)}-${what}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${stem || 'events'}.ics`;
}

function calendarAnswer(context: RequestContext, text: string, file: string): OperationResult {
  return {
    body: text,
    contentType: CONTENT_TYPE,
    headers: {
      'Content-Disposition': `attachment; filename="${fileName(context, file)}"`,
      // As the plugin: a feed is for calendar apps, not for search engines.
      'X-Robots-Tag': 'noindex, nofollow',
    },
  };
}

function calendarInfo(context: RequestContext) {
  return { name: siteHost(context), url: context.config.siteUrl };
}

/**
 * The heads of a list feed, in the order of their first matching start: each event that matches, with the
 * occurrences of a series standing for their series (once, however many match). The conditions are the
 * JSON list's (`filterEvents`, the statuses the caller may list, no password for anonymous searches), so
 * every filter agrees with `GET /events`; a filter that can drive the query from its own index (search,
 * geolocation) does, since a feed wants every match rather than the first page of a date walk.
 */
async function listHeads(
  context: RequestContext,
  params: EventListParams & { per_page?: number; page?: number },
): Promise<number[]> {
  const filter = await filterEvents(context, params);
  let query = withDrivers(filter, 'selective').where('events.status', 'in', filter.statuses);
  if (filter.passwordless)
    query = query.where(
      sql<SqlBool>`exists (select 1 from posts where posts.id = events.id and posts.password = '')`,
    );
  const perPage = Math.min(params.per_page ?? FEED_DEFAULT_SIZE, FEED_MAX_SIZE);
  const page = params.page ?? 1;
  const head = sql<number>`coalesce(${sql.ref('event_occurrences.series_id')}, ${sql.ref('events.id')})`;
  const rows = await query
    .leftJoin('event_occurrences', 'event_occurrences.event_id', 'events.id')
    .select([head.as('head'), (eb) => eb.fn.min('events.start_utc').as('first_start')])
    .groupBy(head)
    .orderBy('first_start')
    .orderBy('head')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  if (rows.length === 0 && page > 1) throw pluginError('event-archive-page-not-found');
  return rows.map((row) => Number(row.head));
}

/** `GET /events/ical`. */
export async function listFeed(
  context: RequestContext,
  params: EventListParams & { per_page?: number; page?: number },
): Promise<OperationResult> {
  const heads = await listHeads(context, params);
  const events = await feedEvents(context, heads, { password: params.password, context: params.context });
  return calendarAnswer(context, writeCalendar(calendarInfo(context), events), 'events');
}

/**
 * `GET /events/{id}/ical`: the JSON read's rules first (trash, private, password: the same errors, in JSON),
 * then the event; an occurrence of a series gives its series, rule and exceptions, as in the list feed.
 */
export async function eventFeed(
  context: RequestContext,
  params: EventAddress & { password?: string; context?: string },
): Promise<OperationResult> {
  const read = await readEvent(context, params);
  const { id, slug } = read.body as { id: number; slug: string };
  const events = await feedEvents(context, await feedHeads(context, [id]), {
    password: params.password,
    context: params.context,
  });
  return calendarAnswer(context, writeCalendar(calendarInfo(context), events), slug || String(id));
}
