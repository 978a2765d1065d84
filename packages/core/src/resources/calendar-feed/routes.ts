/** The widget feed's route: `GET /events/calendar`, an event source for FullCalendar and EventCalendar. */
import { isoInstantToUtc } from '../../dates/iso-instant.js';
import { isValidTimezone } from '../../dates/zones.js';
import type { GeolocationExtension } from '../../extensions/geolocation.js';
import { texts } from '../../i18n/descriptions.js';
import { param } from '../../route-table/params.js';
import { defineRoute, type RouteDefinition } from '../../route-table/route.js';
import { eventListParams } from '../events/list-params.js';
import { calendarFeedSchema } from './schema.js';
import { CALENDAR_MAX_EVENTS, CALENDAR_MAX_RANGE_DAYS, calendarFeed } from './service.js';

const instantParam = (en: string, de: string) =>
  param.text(texts(en, de), {
    required: true,
    // The zone only moves a wall time; whether the text is a date-time does not depend on it.
    validate: (value: string) => isoInstantToUtc(value, 'UTC') !== null,
  });

export function calendarFeedRoutes(geolocation: GeolocationExtension | undefined): RouteDefinition[] {
  const list = eventListParams(geolocation);
  return [
    defineRoute({
      name: 'events.calendar',
      path: '/events/calendar',
      methods: ['GET'],
      clockDependent: true,
      summary: texts(
        `The events overlapping [start, end) as a bare JSON array for calendar widgets (FullCalendar, EventCalendar: events: '<this URL>'): series occurrences included (groupId: the series), all-day ends exclusive. At most ${CALENDAR_MAX_RANGE_DAYS} days and ${CALENDAR_MAX_EVENTS} events (more: 400 rest_calendar_too_many_events).`,
        `Die Veranstaltungen, die [start, end) überschneiden, als bloßes JSON-Array für Kalender-Widgets (FullCalendar, EventCalendar: events: '<diese URL>'): Termine von Serien inbegriffen (groupId: die Serie), ganztägige Enden exklusiv. Höchstens ${CALENDAR_MAX_RANGE_DAYS} Tage und ${CALENDAR_MAX_EVENTS} Veranstaltungen (mehr: 400 rest_calendar_too_many_events).`,
      ),
      params: {
        start: instantParam(
          'The range’s start (ISO 8601: a date, or a date-time with or without an offset; without one, read in timeZone).',
          'Beginn des Zeitraums (ISO 8601: ein Datum oder eine Uhrzeit mit oder ohne Versatz; ohne Versatz in timeZone gelesen).',
        ),
        end: instantParam(
          'The range’s end, exclusive (as start).',
          'Ende des Zeitraums, exklusiv (wie start).',
        ),
        timeZone: param.text(
          texts(
            'The time zone (IANA) in which start and end without an offset are read and the answer’s times are written. Default: the site’s.',
            'Die Zeitzone (IANA), in der start und end ohne Versatz gelesen und die Zeiten der Antwort geschrieben werden. Standard: die der Website.',
          ),
          { validate: (value: string) => isValidTimezone(value) },
        ),
        categories: list.categories,
        tags: list.tags,
        venue: list.venue,
        organizer: list.organizer,
        featured: list.featured,
        password: list.password,
      },
      operation: calendarFeed,
      response: calendarFeedSchema,
    }),
  ];
}
