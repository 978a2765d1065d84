/**
 * The widget feed's answer: a bare JSON array of event objects in the shape FullCalendar's and EventCalendar's
 * `events: '<url>'` sources parse (`id`, `groupId`, `title`, `start`, `end`, `allDay`, `url`,
 * `extendedProps`). Both read a date-time's digits as given (EventCalendar ignores an offset, FullCalendar
 * applies it), so times are the wall time of the asked zone with that zone's offset: both then show the same.
 */
import { z } from 'zod';
import { describe } from '../../i18n/descriptions.js';

const reference = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  url: z.string(),
});

const term = z.object({ id: z.number().int().positive(), name: z.string(), slug: z.string() });

export const calendarFeedEventSchema = z
  .object({
    id: z
      .string()
      .meta(describe('The event’s ID, as a string.', 'Die ID der Veranstaltung als Zeichenkette.')),
    groupId: z
      .string()
      .optional()
      .meta(
        describe(
          'Only on an event of a series (the series itself or one of its occurrences): the series’ ID, so that a widget treats them as one group.',
          'Nur bei einem Termin einer Serie (der Serie selbst oder einem ihrer Termine): die ID der Serie, sodass ein Widget sie als Gruppe behandelt.',
        ),
      ),
    title: z.string().meta(describe('The title, as plain text.', 'Der Titel als reiner Text.')),
    start: z
      .string()
      .meta(
        describe(
          'All-day: the first day (`YYYY-MM-DD`). Otherwise the start as ISO 8601 with offset, as wall time of the asked time zone (timeZone, else the site’s).',
          'Ganztägig: der erste Tag (`YYYY-MM-DD`). Sonst der Beginn als ISO 8601 mit Versatz, als Uhrzeit der angefragten Zeitzone (timeZone, sonst die der Website).',
        ),
      ),
    end: z
      .string()
      .meta(
        describe(
          'All-day: the day after the last day (exclusive, as the widgets read it). Otherwise the end as ISO 8601 with offset.',
          'Ganztägig: der Tag nach dem letzten Tag (exklusiv, wie die Widgets es lesen). Sonst das Ende als ISO 8601 mit Versatz.',
        ),
      ),
    allDay: z
      .boolean()
      .meta(describe('Whether the event lasts whole days.', 'Ob die Veranstaltung ganze Tage dauert.')),
    url: z.string().meta(describe('The event’s page.', 'Die Seite der Veranstaltung.')),
    extendedProps: z
      .object({
        rest_url: z.string(),
        status: z.string(),
        timezone: z.string(),
        excerpt: z.string(),
        cost: z.string(),
        featured: z.boolean().nullable(),
        image: z.string().nullable(),
        venue: reference
          .extend({ address: z.string(), city: z.string(), zip: z.string(), country: z.string() })
          .nullable(),
        organizers: z.array(reference),
        categories: z.array(term),
        tags: z.array(term),
      })
      .meta(
        describe(
          'The rest, as the JSON answers show it (a password-protected event listed without its password: empty).',
          'Der Rest, wie ihn die JSON-Antworten zeigen (eine passwortgeschützte Veranstaltung ohne ihr Passwort: leer).',
        ),
      ),
  })
  .meta({ id: 'CalendarFeedEvent' });

export const calendarFeedSchema = z.array(calendarFeedEventSchema).meta({
  id: 'CalendarFeed',
  ...describe(
    'The events overlapping the range, by start: a bare array, as FullCalendar and EventCalendar read an event source.',
    'Die Veranstaltungen, die den Zeitraum überschneiden, nach Beginn: ein bloßes Array, wie FullCalendar und EventCalendar eine Ereignisquelle lesen.',
  ),
});

export type CalendarFeedEvent = z.output<typeof calendarFeedEventSchema>;
