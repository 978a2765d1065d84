/**
 * The input parameters of event writes (ref §5.3, SPEC §10): their validation, with venue and organizer
 * given as ids, `{id}` objects or inline records. The compound ones (`venue`, `organizer`, `categories`,
 * `tags`, `cost`) are checked by their `validate` callbacks and the write itself; their `documented` schemas
 * give /doc the forms a client sends, the inline records built from the venue and organizer create
 * parameters.
 */
import { z } from 'zod';
import { canPublish } from '../../auth/capabilities.js';
import { isValidTimezone } from '../../dates/zones.js';
import type { GeolocationExtension } from '../../extensions/geolocation.js';
import { describe, texts } from '../../i18n/descriptions.js';
import { parseRecurrence, RecurrenceError, recurrenceLines } from '../../ical/recurrence.js';
import type { RequestContext } from '../../route-table/context.js';
import { INPUT_LIMITS } from '../../route-table/input-limits.js';
import type { ParamValue } from '../../route-table/params.js';
import {
  documentedObject,
  type InferParams,
  param,
  toList,
  type ValidationResult,
} from '../../route-table/params.js';
import { type CurrencyDefaults, formatCost, PLUGIN_CURRENCY_DEFAULTS, parseCost } from '../../text/cost.js';
import { isValidImageReference } from '../images/repository.js';
import type { LinkedPostKind } from '../linked/kind.js';
import { createParams } from '../linked/params.js';
import { organizerKind } from '../organizers/kind.js';
import { isTime, isUrlOrEmpty, sharedPostParams } from '../posts/fields.js';
import { findPostBySlug } from '../posts/repository.js';
import { venueKind } from '../venues/kind.js';
import { checkOrganizers, checkVenue } from './linked-params.js';

/** For /doc: an existing venue or organizer, by ID or as `{id}`, or a new one (ref §7.8). */
function linkedRecordForms(
  resource: LinkedPostKind,
  geolocation: GeolocationExtension | undefined,
  type: 'venue' | 'organizer',
) {
  const [en, de, plural] =
    type === 'venue' ? ['venue', 'Veranstaltungsort', 'venues'] : ['organizer', 'Veranstalter', 'organizers'];
  const id = () => z.number().int().positive();
  return {
    id: id().meta(describe(`The ID of an existing ${en}.`, `Die ID eines vorhandenen ${de}s.`)),
    reference: z
      .object({ id: id().meta(describe(`The ${en} ID.`, `Die ID des ${de}s.`)) })
      .meta(describe(`An existing ${en}, as {"id": ID}.`, `Ein vorhandener ${de} als {"id": ID}.`)),
    inline: documentedObject(createParams(resource, geolocation)).meta(
      describe(
        `A new ${en}, with the fields of POST /${plural}; an equal one already stored is reused.`,
        `Ein neuer ${de} mit den Feldern von POST /${plural}; ein gleicher, schon gespeicherter wird wiederverwendet.`,
      ),
    ),
  };
}

/** For /doc: terms as IDs, slugs or names, listed or comma-separated. */
function termsForms(en: string, de: string) {
  return z.union([
    z
      .array(z.union([z.number().int().positive(), z.string()]))
      .max(INPUT_LIMITS.termsPerWrite)
      .meta(describe(`${en} IDs, slugs or names.`, `IDs, Slugs oder Namen der ${de}.`)),
    z
      .string()
      .meta(
        describe(
          `Comma-separated ${en.toLowerCase()} IDs, slugs or names; empty to remove all.`,
          `IDs, Slugs oder Namen der ${de}, durch Kommas getrennt; leer entfernt alle.`,
        ),
      ),
  ]);
}

/**
 * At most `INPUT_LIMITS.termsPerWrite` categories, and tags, in one write: each new name is a term created
 * inside the write's transaction, and thousands of them would hold SQLite's only writer for seconds.
 */
function termsWithinLimit(name: 'categories' | 'tags') {
  return (value: ParamValue): ValidationResult =>
    toList(value).length <= INPUT_LIMITS.termsPerWrite ||
    `${name} may name at most ${INPUT_LIMITS.termsPerWrite} terms in one write.`;
}

/** How this site shows a sent cost, for the examples of the `cost` description: `"15"` → `"$15"`. */
function costExamples(currency: CurrencyDefaults): { en: string; de: string } {
  const shown = (input: string) => {
    const parsed = parseCost(input);
    return JSON.stringify(formatCost(parsed.items, parsed.symbol, parsed.position, currency));
  };
  const site =
    currency.symbol === ''
      ? 'none'
      : `"${currency.symbol}" ${currency.position === 'prefix' ? 'before' : 'after'} the amount`;
  const siteDe =
    currency.symbol === ''
      ? 'keines'
      : `"${currency.symbol}" ${currency.position === 'prefix' ? 'vor' : 'nach'} dem Betrag`;
  return {
    en: `Amounts without a currency symbol of their own show with the site's default symbol (here ${site}): "15" → ${shown('15')}, "5 - 25" → ${shown('5 - 25')}, "10,20" → ${shown('10,20')}, and their cost_details.currency_symbol stays ""; an amount with its own symbol keeps it ("£7" → ${shown('£7')}). "Free" → "Free", ["0$", "20$", "30$"] → ${shown('0$ - 30$')}; a lone "0" is no cost ("").`,
    de: `Beträge ohne eigenes Währungssymbol erscheinen mit dem Standardsymbol der Website (hier ${siteDe}): "15" → ${shown('15')}, "5 - 25" → ${shown('5 - 25')}, "10,20" → ${shown('10,20')}, und ihr cost_details.currency_symbol bleibt ""; ein Betrag mit eigenem Symbol behält es ("£7" → ${shown('£7')}). "Free" → "Free", ["0$", "20$", "30$"] → ${shown('0$ - 30$')}; eine einzelne "0" sind keine Kosten ("").`,
  };
}

export function eventWriteParams(
  create: boolean,
  geolocation: GeolocationExtension | undefined,
  currency: CurrencyDefaults = PLUGIN_CURRENCY_DEFAULTS,
) {
  const examples = costExamples(currency);
  const venue = linkedRecordForms(venueKind, geolocation, 'venue');
  const organizer = linkedRecordForms(organizerKind, geolocation, 'organizer');
  const organizerItem = z.union([organizer.id, organizer.reference, organizer.inline]);
  return {
    title: param.text(texts('The event title.', 'Der Titel der Veranstaltung.'), { required: create }),
    description: param.text(
      texts('The event description (HTML).', 'Die Beschreibung der Veranstaltung (HTML).'),
    ),
    excerpt: param.text(texts('The event excerpt (HTML).', 'Der Auszug der Veranstaltung (HTML).')),
    slug: param.text(texts('The event slug.', 'Der Slug der Veranstaltung.')),
    author: sharedPostParams.author,
    date: sharedPostParams.date,
    date_utc: sharedPostParams.date_utc,
    status: sharedPostParams.status,
    timezone: param.string<RequestContext>(
      texts(
        'The event time zone (an IANA name such as Europe/Berlin, or UTC+5).',
        'Die Zeitzone der Veranstaltung (ein IANA-Name wie Europe/Berlin oder UTC+5).',
      ),
      { validate: (zone) => zone.trim() === '' || isValidTimezone(zone.trim()) },
    ),
    start_date: param.text<RequestContext>(
      texts(
        'The start date and time, anything strtotime() accepts; read in the event time zone.',
        'Beginn (Datum und Uhrzeit), alles, was strtotime() versteht; in der Zeitzone der Veranstaltung gelesen.',
      ),
      { required: create, validate: isTime },
    ),
    end_date: param.text<RequestContext>(
      texts(
        'The end date and time; not before the start.',
        'Ende (Datum und Uhrzeit); nicht vor dem Beginn.',
      ),
      { required: create, validate: isTime },
    ),
    all_day: param.boolean(
      texts('Whether the event lasts the whole day.', 'Ob die Veranstaltung den ganzen Tag dauert.'),
    ),
    image: param.string<RequestContext>(
      texts(
        'The featured image: the ID of a stored image or an http(s) URL.',
        'Das Beitragsbild: die ID eines gespeicherten Bildes oder eine http(s)-URL.',
      ),
      {
        validate: (value, context) => isValidImageReference(context.db, value, canPublish(context.principal)),
      },
    ),
    cost: param.any(
      texts(
        `The event cost: a string such as "$10 - $20" or a list of costs. ${examples.en}`,
        `Die Kosten: eine Zeichenkette wie "10 € - 20 €" oder eine Liste von Kosten. ${examples.de}`,
      ),
      {
        documented: z.union([
          z
            .string()
            .meta(
              describe(
                'Amounts with an optional currency sign, e.g. "$10 - $20" or "Free"; empty for none.',
                'Beträge mit einem optionalen Währungszeichen, z. B. "10 € - 20 €" oder "Free"; leer für keine.',
              ),
            ),
          z.number().nonnegative().meta(describe('A bare amount.', 'Ein bloßer Betrag.')),
          z
            .array(z.union([z.string(), z.number().nonnegative()]))
            .meta(describe('Several costs.', 'Mehrere Kosten.')),
        ]),
      },
    ),
    website: param.string<RequestContext>(texts('The event website URL.', 'Die Website der Veranstaltung.'), {
      validate: isUrlOrEmpty,
    }),
    show_map: param.boolean(texts('Whether to show a map.', 'Ob eine Karte angezeigt wird.')),
    show_map_link: param.boolean(texts('Whether to show a map link.', 'Ob ein Kartenlink angezeigt wird.')),
    hide_from_listings: param.boolean(
      texts('Hide the event from lists.', 'Die Veranstaltung in Listen ausblenden.'),
    ),
    sticky: param.boolean(texts('Sticky in the calendar view.', 'In der Kalenderansicht oben halten.')),
    featured: param.boolean(texts('Featured on the site.', 'Auf der Website hervorgehoben.')),
    categories: param.any(
      texts(
        'Categories: IDs, slugs or names (unknown names are created); empty to remove all.',
        'Kategorien: IDs, Slugs oder Namen (unbekannte Namen werden angelegt); leer entfernt alle.',
      ),
      { documented: termsForms('Category', 'Kategorien'), validate: termsWithinLimit('categories') },
    ),
    tags: param.any(
      texts(
        'Tags: IDs, slugs or names (unknown names are created); empty to remove all.',
        'Schlagwörter: IDs, Slugs oder Namen (unbekannte Namen werden angelegt); leer entfernt alle.',
      ),
      { documented: termsForms('Tag', 'Schlagwörter'), validate: termsWithinLimit('tags') },
    ),
    venue: param.any<RequestContext>(
      texts(
        'The venue: an ID, {"id": ID}, or a venue object to create; 0 or empty to remove it.',
        'Der Veranstaltungsort: eine ID, {"id": ID} oder ein neuer Ort als Objekt; 0 oder leer entfernt ihn.',
      ),
      {
        documented: z.union([
          z
            .number()
            .int()
            .nonnegative()
            .meta(
              describe(
                'The ID of an existing venue; 0 removes the venue.',
                'Die ID eines vorhandenen Veranstaltungsortes; 0 entfernt ihn.',
              ),
            ),
          venue.reference,
          venue.inline,
          z.literal('').meta(describe('Removes the venue.', 'Entfernt den Veranstaltungsort.')),
        ]),
        validate: (value, context) => checkVenue(value, context, geolocation),
      },
    ),
    organizer: param.any<RequestContext>(
      texts(
        'The organizers: IDs, {"id": ID} objects or organizer objects to create; empty to remove all.',
        'Die Veranstalter: IDs, {"id": ID}-Objekte oder neue Veranstalter als Objekte; leer entfernt alle.',
      ),
      {
        documented: z.union([
          z
            .array(organizerItem)
            .meta(describe('The organizers; [] removes all.', 'Die Veranstalter; [] entfernt alle.')),
          organizerItem,
          z
            .string()
            .regex(/^[\d\s,]*$/)
            .meta(
              describe(
                'Comma-separated IDs of existing organizers; empty to remove all.',
                'IDs vorhandener Veranstalter, durch Kommas getrennt; leer entfernt alle.',
              ),
            ),
        ]),
        validate: (value, context) => checkOrganizers(value, context, geolocation),
      },
    ),
    password: param.string(
      texts(
        'The event password ("" removes it); editors only.',
        'Das Passwort der Veranstaltung ("" entfernt es); nur Redakteure.',
      ),
    ),
    recurrence: param.any(
      texts(
        'Makes the event recurring: RFC 5545 lines (RRULE, RDATE, EXDATE), as a list or one per line, read in the event\'s time zone, e.g. ["RRULE:FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270630T215959Z", "EXDATE;TZID=Europe/Berlin:20261224T190000"]; [] or "" stops the recurrence. Not on an occurrence.',
        'Macht die Veranstaltung wiederkehrend: RFC-5545-Zeilen (RRULE, RDATE, EXDATE), als Liste oder eine je Zeile, in der Zeitzone der Veranstaltung gelesen, z. B. ["RRULE:FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270630T215959Z"]; [] oder "" beendet die Wiederholung. Nicht bei einem einzelnen Termin einer Serie.',
      ),
      {
        documented: z.array(z.string()),
        validate: (value): ValidationResult => {
          const lines = recurrenceInput(value);
          if (lines === undefined)
            return 'recurrence must be a list of RFC 5545 lines or a text of such lines.';
          if (lines.length > 100) return 'recurrence may have at most 100 lines.';
          if (lines.length === 0) return true;
          try {
            // The event's own zone is applied when it is written; here the lines' form is checked.
            parseRecurrence(lines, 'UTC');
            return true;
          } catch (error) {
            return error instanceof RecurrenceError ? `Invalid recurrence: ${error.message}.` : false;
          }
        },
      },
    ),
    post_parent: param.id<RequestContext>(
      texts(
        'The parent event ID (editors only); 0 removes it.',
        'Die ID der übergeordneten Veranstaltung (nur Redakteure); 0 entfernt sie.',
      ),
      {
        validate: async (id, context) =>
          id === 0 ||
          (await context.db.selectFrom('posts').select('type').where('id', '=', id).executeTakeFirst())
            ?.type === 'event',
      },
    ),
  };
}

/** Recurrence lines as sent (a list of lines, or one text of lines); undefined when it is neither. */
export function recurrenceInput(value: ParamValue): string[] | undefined {
  if (value === null || value === '') return [];
  if (typeof value === 'string') return recurrenceLines(value);
  if (Array.isArray(value) && value.every((line) => typeof line === 'string'))
    return recurrenceLines(value as string[]);
  return undefined;
}

/** What `writeEvent` receives from a create or an update: every field optional, as an update sends them. */
export type EventWriteParams = InferParams<ReturnType<typeof eventWriteParams>>;

/** The parameters that name one event and say how to show it, for the read, update and delete routes. */
export const eventIdParam = param.id(texts('The event ID.', 'Die ID der Veranstaltung.'), { required: true });
export const eventSlugParam = param.string(texts('The event slug.', 'Der Slug der Veranstaltung.'), {
  required: true,
  validate: async (slug, context: RequestContext) =>
    (await findPostBySlug(context.db, 'event', slug)) !== undefined,
});
/**
 * The slug of a by-slug update: not checked against the stored events, so that an unknown slug answers
 * 404 `rest-event-not-found` as the plugin (SPEC §14), where a by-slug read or delete answers 400.
 */
export const eventUpdateSlugParam = param.string(texts('The event slug.', 'Der Slug der Veranstaltung.'), {
  required: true,
});
export const eventPasswordParam = param.text(
  texts(
    'The event password, to read a password-protected event.',
    'Das Passwort, um eine passwortgeschützte Veranstaltung zu lesen.',
  ),
);
/** `context=edit` shows protected content to those who may edit the event (ref §8.3). */
export const eventContextParam = param.enumeration(
  ['view', 'edit'],
  texts('The scope of the request: view or edit.', 'Der Kontext der Anfrage: view oder edit.'),
  { default: 'view' },
);
export const eventForceParam = param.boolean(
  texts('Delete a trashed event for good.', 'Eine Veranstaltung im Papierkorb endgültig löschen.'),
);
