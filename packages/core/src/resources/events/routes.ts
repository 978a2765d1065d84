/** The event routes (seed §4.1): list, create, read, update and delete, by id and by slug. */

import type { CalendarConfig } from '../../config.js';
import type { GeolocationExtension } from '../../extensions/geolocation.js';
import { texts } from '../../i18n/descriptions.js';
import { param } from '../../route-table/params.js';
import { defineRoute, type RouteDefinition } from '../../route-table/route.js';
import { listSyncParams, syncedList } from '../changes/list-sync.js';
import { postLocker } from '../posts/row-locks.js';
import { readAheadLinks } from './linked-params.js';
import { eventListParams } from './list-params.js';
import {
  eventContextParam,
  eventForceParam,
  eventIdParam,
  eventPasswordParam,
  eventSlugParam,
  eventUpdateSlugParam,
  eventWriteParams,
} from './params.js';
import { eventDeleteAnswerSchema, eventListSchema, eventSchema } from './schema.js';
import {
  createEvent,
  deleteEvent,
  listEvents,
  mayCreate,
  mayCreateAny,
  mayDelete,
  mayEdit,
  readEvent,
  updateEvent,
} from './service.js';

const lockEvent = postLocker('event');

/** A series' own instance alone (series/first.ts), as an occurrence's id names its own. */
const eventOccurrenceOnlyParam = param.boolean(
  texts(
    'For a series: its first occurrence alone, which then becomes an occurrence of its own (an exception); the series keeps its rule.',
    'Bei einer Serie: nur ihr erster Termin, der dann ein eigener Termin (eine Ausnahme) wird; die Serie behält ihre Regel.',
  ),
);

export function eventRoutes(
  config: CalendarConfig,
  geolocation: GeolocationExtension | undefined,
): RouteDefinition[] {
  const currency = { symbol: config.currencySymbol, position: config.currencyPosition };
  const updateParams = eventWriteParams(false, geolocation, currency);
  return [
    defineRoute({
      name: 'events.list',
      path: '/events',
      methods: ['GET'],
      clockDependent: true,
      summary: texts('List events.', 'Veranstaltungen auflisten.'),
      params: { ...eventListParams(geolocation), ...listSyncParams() },
      operation: syncedList('event', listEvents),
      response: eventListSchema,
    }),
    defineRoute({
      name: 'events.create',
      path: '/events',
      methods: ['POST'],
      summary: texts('Create an event.', 'Eine Veranstaltung anlegen.'),
      params: eventWriteParams(true, geolocation, currency),
      prepare: readAheadLinks,
      authorize: mayCreate,
      allows: mayCreateAny,
      operation: createEvent,
      response: eventSchema,
    }),
    defineRoute({
      name: 'events.read',
      path: '/events/{id}',
      methods: ['GET'],
      summary: texts('Read an event.', 'Eine Veranstaltung lesen.'),
      params: { id: eventIdParam, password: eventPasswordParam, context: eventContextParam },
      operation: readEvent,
      response: eventSchema,
    }),
    defineRoute({
      name: 'events.delete',
      path: '/events/{id}',
      methods: ['DELETE'],
      summary: texts(
        'Trash an event, or delete a trashed one for good with force=true.',
        'Eine Veranstaltung in den Papierkorb legen oder mit force=true endgültig löschen.',
      ),
      params: {
        id: eventIdParam,
        force: eventForceParam,
        password: eventPasswordParam,
        occurrence_only: eventOccurrenceOnlyParam,
      },
      lockRecord: lockEvent,
      authorize: mayDelete,
      operation: deleteEvent,
      response: eventDeleteAnswerSchema,
    }),
    defineRoute({
      name: 'events.update',
      path: '/events/{id}',
      methods: ['POST', 'PUT', 'PATCH'],
      summary: texts(
        'Update an event (omitted fields keep their values).',
        'Eine Veranstaltung ändern (fehlende Felder bleiben unverändert).',
      ),
      params: { id: eventIdParam, ...updateParams, occurrence_only: eventOccurrenceOnlyParam },
      prepare: readAheadLinks,
      lockRecord: lockEvent,
      authorize: mayEdit,
      // `Allow` asks whether the caller may edit the record, not whether it may send these fields.
      allows: mayDelete,
      operation: updateEvent,
      response: eventSchema,
    }),
    defineRoute({
      name: 'events.read-by-slug',
      path: '/events/by-slug/{slug}',
      methods: ['GET'],
      summary: texts('Read an event by slug.', 'Eine Veranstaltung über den Slug lesen.'),
      params: { slug: eventSlugParam, password: eventPasswordParam, context: eventContextParam },
      operation: readEvent,
      response: eventSchema,
    }),
    defineRoute({
      name: 'events.delete-by-slug',
      path: '/events/by-slug/{slug}',
      methods: ['DELETE'],
      summary: texts('Trash an event by slug.', 'Eine Veranstaltung über den Slug löschen.'),
      params: { slug: eventSlugParam, force: eventForceParam, password: eventPasswordParam },
      lockRecord: lockEvent,
      authorize: mayDelete,
      operation: deleteEvent,
      response: eventDeleteAnswerSchema,
    }),
    defineRoute({
      name: 'events.update-by-slug',
      path: '/events/by-slug/{slug}',
      methods: ['POST', 'PUT', 'PATCH'],
      summary: texts('Update an event by slug.', 'Eine Veranstaltung über den Slug ändern.'),
      params: { ...updateParams, slug: eventUpdateSlugParam },
      prepare: readAheadLinks,
      lockRecord: lockEvent,
      authorize: mayEdit,
      // `Allow` asks whether the caller may edit the record, not whether it may send these fields.
      allows: mayDelete,
      operation: updateEvent,
      response: eventSchema,
    }),
  ];
}
