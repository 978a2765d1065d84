/**
 * `POST /events/import`: an iCalendar file in, what was created, updated, left unchanged and
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
          uid: z
            .string()
            .meta(
              describe(
                'The UID it is known by: as written, or for an instance without its series `<UID>#RECURRENCE-ID=<UTC>`; empty when it could not be read.',
                'Die UID, unter der sie geführt wird: wie geschrieben, für eine Instanz ohne ihre Serie `<UID>#RECURRENCE-ID=<UTC>`; leer, wenn sie nicht gelesen werden konnte.',
              ),
            ),
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
          'Components not imported, and why (the line of what could not be read): events that cannot be read, cancelled events, VTODOs, events over a limit or refused, ….',
          'Nicht importierte Komponenten und warum (mit der Zeile des Unlesbaren): unlesbare Veranstaltungen, abgesagte Termine, VTODOs, Veranstaltungen über einer Grenze oder abgelehnte, ….',
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
        'Import events from an iCalendar file (text/calendar body, or JSON {"calendar": "…"}); by UID, so importing a file again changes only what changed. What producers evidently mean is read (a DATE without VALUE=DATE, Outlook\'s display-name zones, an event without a UID); an event that cannot be read, is over a limit or is refused by the API is skipped and listed in `skipped` with its line and why, and the rest is imported. A text that is no calendar is refused whole (400 naming the line), and so is a file with any unreadable event with strict=true. Written in slices: other requests are answered meanwhile.',
        'Veranstaltungen aus einer iCalendar-Datei importieren (text/calendar oder JSON {"calendar": "…"}); nach UID, ein erneuter Import ändert nur Geändertes. Was Programme erkennbar meinen, wird gelesen (ein DATE ohne VALUE=DATE, Outlooks Anzeigenamen von Zeitzonen, ein Termin ohne UID); eine Veranstaltung, die nicht gelesen werden kann, über einer Grenze liegt oder von der API abgelehnt wird, wird übersprungen und in `skipped` mit Zeile und Grund genannt, der Rest importiert. Ein Text, der kein Kalender ist, wird ganz abgelehnt (400 mit der Zeile), mit strict=true auch eine Datei mit einer unlesbaren Veranstaltung. In Abschnitten geschrieben: andere Anfragen werden derweil beantwortet.',
      ),
      params: {
        calendar: param.string<RequestContext, true>(
          texts(
            'The iCalendar (RFC 5545) text: the request body as text/calendar, or this field of a JSON body.',
            'Der iCalendar-Text (RFC 5545): der Rumpf als text/calendar oder dieses Feld eines JSON-Rumpfs.',
          ),
          { required: true, maxLength: INPUT_LIMITS.calendarLength },
        ),
        strict: {
          ...param.boolean(
            texts(
              'All or nothing: refuse the whole file (400 naming the line) when one event cannot be read, rather than importing the rest and listing it in `skipped`. In the query string, or a field of a JSON body. Default false.',
              'Alles oder nichts: die ganze Datei ablehnen (400 mit der Zeile), wenn eine Veranstaltung nicht gelesen werden kann, statt den Rest zu importieren und sie in `skipped` zu nennen. In der Query oder als Feld eines JSON-Rumpfs. Standard: false.',
            ),
            { default: false },
          ),
          inQuery: true,
        },
      },
      writesInSlices: true,
      authorize: (context) => isEditor(context.principal),
      operation: async (context, params) => ({
        body: await importCalendar(context, params.calendar, { strict: params.strict === true }),
      }),
      response: importReportSchema,
    }),
  ];
}
