/**
 * The subscribable iCalendar feeds: the events list and one event as `text/calendar`, usable
 * without headers (every parameter fits in the URL a calendar app subscribes to).
 */
import { z } from 'zod';
import type { GeolocationExtension } from '../../extensions/geolocation.js';
import { describe, texts } from '../../i18n/descriptions.js';
import { param } from '../../route-table/params.js';
import { defineRoute, type RouteDefinition } from '../../route-table/route.js';
import { eventListParams } from '../events/list-params.js';
import { eventContextParam, eventIdParam, eventPasswordParam } from '../events/params.js';
import { FEED_DEFAULT_SIZE, FEED_MAX_REACH, FEED_MAX_SIZE } from './heads.js';
import { eventFeed, listFeed } from './service.js';

/**
 * The answer: an iCalendar document. `contentMediaType` makes /doc describe it as `text/calendar` content
 * (openapi/document.ts) rather than JSON.
 */
export const icalendarSchema = z.string().meta({
  id: 'ICalendar',
  contentMediaType: 'text/calendar',
  ...describe(
    'An iCalendar document (RFC 5545): VCALENDAR with a VTIMEZONE per TZID used and a VEVENT per event; a series is one VEVENT with its RRULE/RDATE/EXDATE and one VEVENT with RECURRENCE-ID per exception.',
    'Ein iCalendar-Dokument (RFC 5545): VCALENDAR mit einer VTIMEZONE je verwendeter TZID und einem VEVENT je Veranstaltung; eine Serie ist ein VEVENT mit RRULE/RDATE/EXDATE und je Ausnahme ein VEVENT mit RECURRENCE-ID.',
  ),
});

export function feedRoutes(geolocation: GeolocationExtension | undefined): RouteDefinition[] {
  return [
    defineRoute({
      name: 'events.feed',
      path: '/events/ical',
      methods: ['GET'],
      clockDependent: true,
      summary: texts(
        `The events list as an iCalendar feed to subscribe to: every filter of GET /events applies; up to ${FEED_DEFAULT_SIZE} events (per_page, at most ${FEED_MAX_SIZE}), a series counting once; series as RRULE with their exceptions.`,
        `Die Veranstaltungsliste als abonnierbarer iCalendar-Feed: alle Filter von GET /events gelten; bis zu ${FEED_DEFAULT_SIZE} Veranstaltungen (per_page, höchstens ${FEED_MAX_SIZE}), eine Serie zählt einmal; Serien als RRULE mit ihren Ausnahmen.`,
      ),
      params: {
        ...eventListParams(geolocation),
        page: param.positiveInteger(
          texts(
            `The page of the feed (per_page events each). A feed reaches its first ${FEED_MAX_REACH} events: page × per_page above that is refused (start later with start_date).`,
            `Die Seite des Feeds (je per_page Veranstaltungen). Ein Feed reicht bis zu seinen ersten ${FEED_MAX_REACH} Veranstaltungen: page × per_page darüber wird abgelehnt (mit start_date später beginnen).`,
          ),
          { default: 1 },
        ),
        per_page: param.positiveInteger(
          texts(
            `How many events the feed holds (a series counts once): ${FEED_DEFAULT_SIZE} by default, at most ${FEED_MAX_SIZE}.`,
            `Wie viele Veranstaltungen der Feed enthält (eine Serie zählt einmal): standardmäßig ${FEED_DEFAULT_SIZE}, höchstens ${FEED_MAX_SIZE}.`,
          ),
          { default: FEED_DEFAULT_SIZE },
        ),
      },
      operation: listFeed,
      response: icalendarSchema,
    }),
    defineRoute({
      name: 'events.feed-one',
      path: '/events/{id}/ical',
      methods: ['GET'],
      summary: texts(
        'One event as an iCalendar file (an occurrence of a series gives the series, with its rule and exceptions).',
        'Eine Veranstaltung als iCalendar-Datei (ein Termin einer Serie liefert die Serie mit Regel und Ausnahmen).',
      ),
      params: { id: eventIdParam, password: eventPasswordParam, context: eventContextParam },
      operation: eventFeed,
      response: icalendarSchema,
    }),
  ];
}
