/**
 * The iCalendar feeds: `GET /events/ical`, the events list as one VCALENDAR, and
 * `GET /events/{id}/ical`, one event. Both take what a calendar app can put in a subscription URL: no
 * headers, the list's filters, `multilang_language` and `password` as query parameters.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { pluginError } from '../../errors/catalog.js';
import { createCalendarWriter, type FeedEvent } from '../../ical/write.js';
import type { RequestContext } from '../../route-table/context.js';
import type { OperationResult } from '../../route-table/route.js';
import { sanitizeSlug } from '../../text/slug.js';
import type { ProtectedAccess } from '../events/serialize.js';
import { type EventAddress, readEvent } from '../events/service.js';
import { feedEvents, feedHeads } from './collect.js';
import { type FeedListParams, feedPageHeads } from './heads.js';

const CONTENT_TYPE = 'text/calendar; charset=UTF-8';

/** A feed's file name: the site's name and what it holds, as a slug (`kulturkalender-sud-events.ics`). */
function fileName(context: RequestContext, what: string): string {
  return `${sanitizeSlug(`${context.config.siteName} ${what}`) || 'events'}.ics`;
}

/** How long a cache may serve a public feed before it asks again (the ETag then makes that a 304). */
export const FEED_MAX_AGE_SECONDS = 300;

/**
 * Calendar apps poll a feed (`REFRESH-INTERVAL`, hourly), often through shared caches. A feed anyone may
 * read is fresh for a few minutes to every cache, then revalidated (never served stale: an event moved or
 * cancelled must show). One for a signed-in caller, or with content a `password` unlocked, is that caller's
 * alone: no shared cache keeps it, and their own revalidates it each time.
 */
export function feedCacheControl(context: RequestContext, password: string | undefined): string {
  if (context.principal !== null || (password !== undefined && password !== '')) return 'private, no-cache';
  return `public, max-age=${FEED_MAX_AGE_SECONDS}, must-revalidate`;
}

function calendarAnswer(
  context: RequestContext,
  text: string,
  file: string,
  password: string | undefined,
): OperationResult {
  return {
    body: text,
    contentType: CONTENT_TYPE,
    headers: {
      'Content-Disposition': `attachment; filename="${fileName(context, file)}"`,
      'Cache-Control': feedCacheControl(context, password),
      // Another caller may see more (or less) at the same address.
      Vary: 'Authorization',
      // As the plugin: a feed is for calendar apps, not for search engines.
      'X-Robots-Tag': 'noindex, nofollow',
    },
  };
}

function calendarInfo(context: RequestContext) {
  return { name: context.config.siteName, url: context.config.siteUrl };
}

/**
 * Entries loaded and serialized together, and events written together: a thousand events are a few
 * hundred milliseconds of serializing and writing, which other requests wait for unless the work yields
 * between batches (a constant number of batched queries per batch).
 */
const FEED_BATCH = 100;

/** The VCALENDAR of these entries (events or series), loaded and written a batch at a time. */
async function writeFeed(
  context: RequestContext,
  heads: readonly number[],
  access: ProtectedAccess,
): Promise<string> {
  const writer = createCalendarWriter(calendarInfo(context));
  for (let i = 0; i < heads.length; i += FEED_BATCH) {
    // SQLite answers synchronously: without a turn of the loop between the steps, a request's queries,
    // serializing and writing would be one stretch.
    await nextTurn();
    const events: FeedEvent[] = await feedEvents(context, heads.slice(i, i + FEED_BATCH), access);
    // One series may bring hundreds of exceptions: written in batches too.
    for (let j = 0; j < events.length; j += FEED_BATCH) {
      await nextTurn();
      writer.add(events.slice(j, j + FEED_BATCH));
    }
  }
  return writer.finish();
}

/** `GET /events/ical`. */
export async function listFeed(context: RequestContext, params: FeedListParams): Promise<OperationResult> {
  const heads = await feedPageHeads(context, params);
  if (heads.length === 0 && (params.page ?? 1) > 1) throw pluginError('event-archive-page-not-found');
  const text = await writeFeed(context, heads, { password: params.password, context: params.context });
  return calendarAnswer(context, text, 'events', params.password);
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
  const text = await writeFeed(context, await feedHeads(context, [id]), {
    password: params.password,
    context: params.context,
  });
  return calendarAnswer(context, text, slug || String(id), params.password);
}
