/**
 * The iCalendar feeds (issue 18): `GET /events/ical`, the events list as one VCALENDAR, and
 * `GET /events/{id}/ical`, one event. Both take what a calendar app can put in a subscription URL: no
 * headers, the list's filters, `multilang_language` and `password` as query parameters.
 */
import { pluginError } from '../../errors/catalog.js';
import { writeCalendar } from '../../ical/write.js';
import type { RequestContext } from '../../route-table/context.js';
import type { OperationResult } from '../../route-table/route.js';
import { sanitizeSlug } from '../../text/slug.js';
import type { EventListParams } from '../events/list-params.js';
import { filterEvents, pageQuery, withDrivers } from '../events/list-query.js';
import { type EventAddress, readEvent } from '../events/service.js';
import { feedEvents, feedHeads } from './collect.js';

/** A feed holds up to this many events (series count once) unless `per_page` asks for fewer. */
export const FEED_DEFAULT_SIZE = 100;
/** `per_page` above this is capped silently, as the JSON lists cap theirs. */
export const FEED_MAX_SIZE = 1000;

const CONTENT_TYPE = 'text/calendar; charset=UTF-8';

/** A feed's file name: the site's name and what it holds, as a slug (`kulturkalender-sud-events.ics`). */
function fileName(context: RequestContext, what: string): string {
  return `${sanitizeSlug(`${context.config.siteName} ${what}`) || 'events'}.ics`;
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
  return { name: context.config.siteName, url: context.config.siteUrl };
}

/** The most ids one walk step reads (and hands to `in (…)`, within SQLite's parameter limit). */
const MAX_STEP = 10_000;

/**
 * The heads of a list feed, in the order of their first matching start: each event that matches, with the
 * occurrences of a series standing for their series (once, however many match). The events are read as the
 * JSON list reads its pages (`filterEvents`, `pageQuery`: the same conditions, statuses, password rule and
 * order), in steps that double until the page of heads is full or the matches end: a calendar without
 * series takes one step of `per_page` rows, and the occurrences of a series only make the walk longer until
 * other events start. A filter that can drive the query from its own index (search, geolocation) does,
 * since a feed wants every match rather than one page of a date walk.
 */
async function listHeads(
  context: RequestContext,
  params: EventListParams & { per_page?: number; page?: number },
): Promise<number[]> {
  const filter = await filterEvents(context, params);
  const query = withDrivers(filter, 'selective');
  const perPage = Math.min(params.per_page ?? FEED_DEFAULT_SIZE, FEED_MAX_SIZE);
  const page = params.page ?? 1;
  const wanted = page * perPage;
  const heads: number[] = [];
  const seen = new Set<number>();
  let offset = 0;
  let step = Math.min(wanted, MAX_STEP);
  for (;;) {
    const rows = await pageQuery(filter, query, { page: 1, perPage: step, offset }).execute();
    for (const head of await feedHeads(
      context,
      rows.map((row) => row.id),
    )) {
      if (seen.has(head)) continue;
      seen.add(head);
      heads.push(head);
    }
    if (heads.length >= wanted || rows.length < step) break;
    offset += step;
    step = Math.min(step * 2, MAX_STEP);
  }
  const onPage = heads.slice((page - 1) * perPage, wanted);
  if (onPage.length === 0 && page > 1) throw pluginError('event-archive-page-not-found');
  return onPage;
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
