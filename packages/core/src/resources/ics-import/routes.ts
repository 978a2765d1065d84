/**
 * `POST /events/import` (issue 18): an iCalendar file in, what was created, updated, left unchanged and
 * skipped out. Editors and above, as the file writes events of any author's and venues and organizers.
 */
import { z } from 'zod';
import { isEditor } from '../../auth/capabilities.js';
import { describe, texts } from '../../i18n/descriptions.js';
import type { RequestContext } from '../../route-table/context.js';
import { INPUT_LIMITS } from '../../route-table/input-limits.js';
import { param } from '../../route-table/params.js';
import { defineRoute, type RouteDefinition } from '../../route-table/route.js';
import { importCalendar } from './service.js';

const count = (en: string, de: string) => z.number().int().nonnegative().meta(describe(en, de));

export const importReportSchema = z
  .object({
    created: count('Events created (UIDs not imported before).', 'Angelegte Veranstaltungen (neue UIDs).'),
    updated: count(
      'Events updated: the series or one of its exceptions newer than imported before (a higher SEQUENCE, a later LAST-MODIFIED, or, with neither, changed content).',
      'Geänderte Veranstaltungen: die Serie oder eine ihrer Ausnahmen neuer als beim letzten Import (höhere SEQUENCE, späteres LAST-MODIFIED oder, ohne beides, geänderter Inhalt).',
    ),
    unchanged: count(
      'Events left as they are (imported before, not newer).',
      'Unveränderte Veranstaltungen (schon importiert, nicht neuer).',
    ),
    skipped: z
      .array(
        z.object({
          uid: z.string().meta(describe('The UID.', 'Die UID.')),
          line: z
            .number()
            .int()
            .positive()
            .meta(describe('The line of its BEGIN.', 'Die Zeile seines BEGIN.')),
          reason: z.string().meta(describe('Why it was skipped.', 'Warum es übersprungen wurde.')),
        }),
      )
      .meta(
        describe(
          'Components not imported, and why: exceptions without their series, cancelled events, VTODOs, events over a limit or refused, ….',
          'Nicht importierte Komponenten und warum: Ausnahmen ohne ihre Serie, abgesagte Termine, VTODOs, Veranstaltungen über einer Grenze oder abgelehnte, ….',
        ),
      ),
  })
  .meta({
    id: 'IcsImportReport',
    ...describe('What an iCalendar import did.', 'Was ein iCalendar-Import getan hat.'),
  });

export function icsImportRoutes(): RouteDefinition[] {
  return [
    defineRoute({
      name: 'events.import',
      path: '/events/import',
      methods: ['POST'],
      summary: texts(
        'Import events from an iCalendar file (text/calendar body, or JSON {"calendar": "…"}); by UID, so importing a file again changes only what changed. A file that breaks RFC 5545 is refused whole (400 naming the line); an event over a limit, or one the API refuses, is skipped with its line and why. Written in slices: other requests are answered meanwhile.',
        'Veranstaltungen aus einer iCalendar-Datei importieren (text/calendar oder JSON {"calendar": "…"}); nach UID, ein erneuter Import ändert nur Geändertes. Eine Datei, die RFC 5545 verletzt, wird ganz abgelehnt (400 mit der Zeile); eine Veranstaltung über einer Grenze oder eine, die die API ablehnt, wird mit Zeile und Grund übersprungen. In Abschnitten geschrieben: andere Anfragen werden derweil beantwortet.',
      ),
      params: {
        calendar: param.string<RequestContext, true>(
          texts(
            'The iCalendar (RFC 5545) text: the request body as text/calendar, or this field of a JSON body.',
            'Der iCalendar-Text (RFC 5545): der Rumpf als text/calendar oder dieses Feld eines JSON-Rumpfs.',
          ),
          { required: true, maxLength: INPUT_LIMITS.calendarLength },
        ),
      },
      writesInSlices: true,
      authorize: (context) => isEditor(context.principal),
      operation: async (context, params) => ({ body: await importCalendar(context, params.calendar) }),
      response: importReportSchema,
    }),
  ];
}
