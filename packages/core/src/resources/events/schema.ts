/**
 * The event object of ref §2.1 as a response schema: every key always present (the event is never
 * falsy-filtered), with the quirks clients rely on (SPEC §4): string date details and cost values, `venue`
 * `[]` when there is none, `organizer` always a list, `image` `false` when absent. `json_ld` is the one
 * key that depends on the route: single reads have it, lists and writes do not.
 */
import { z } from 'zod';
import { describe } from '../../i18n/descriptions.js';
import { imageSchema } from '../images/schema.js';
import { organizerSchema } from '../organizers/schema.js';
import {
  DATE_TIME_PATTERN,
  dateTime,
  emptyList,
  globalIdFields,
  jsonLd,
  postHeadFields,
  resourceAnswers,
} from '../posts/schema.js';
import { embeddedTermSchema } from '../terms/schema.js';
import { venueSchema } from '../venues/schema.js';

const EVENT = { en: 'event', de: 'der Veranstaltung' };

const digits = (count: number, en: string, de: string) =>
  z
    .string()
    .regex(new RegExp(`^\\d{${count}}$`))
    .meta(describe(en, de));

export const dateDetailsSchema = z
  .object({
    year: digits(4, 'Four-digit year.', 'Vierstelliges Jahr.'),
    month: digits(2, 'Two-digit month.', 'Zweistelliger Monat.'),
    day: digits(2, 'Two-digit day.', 'Zweistelliger Tag.'),
    hour: digits(2, 'Two-digit hour (24-hour clock).', 'Zweistellige Stunde (24-Stunden-Uhr).'),
    minutes: digits(2, 'Two-digit minutes.', 'Zweistellige Minuten.'),
    seconds: digits(2, 'Two-digit seconds.', 'Zweistellige Sekunden.'),
  })
  .meta({
    id: 'DateDetails',
    ...describe(
      'The parts of a date as zero-padded strings, taken from the date as it is (no time zone conversion).',
      'Die Teile eines Datums als mit Nullen aufgefüllte Zeichenketten, unverändert aus dem Datum übernommen (ohne Zeitzonenumrechnung).',
    ),
  });

export const costDetailsSchema = z
  .object({
    currency_symbol: z
      .string()
      .meta(
        describe(
          "The currency symbol sent with the cost, e.g. `$`; empty when the cost was sent without one (`cost` then shows the site's default symbol).",
          'Das mit den Kosten gesendete Währungssymbol, z. B. `€`; leer, wenn die Kosten ohne eines gesendet wurden (`cost` zeigt dann das Standardsymbol der Website).',
        ),
      ),
    currency_code: z
      .string()
      .meta(describe('The currency code, e.g. `USD`.', 'Der Währungscode, z. B. `EUR`.')),
    currency_position: z
      .enum(['prefix', 'postfix', ''])
      .meta(
        describe(
          'Whether the symbol goes before (`prefix`) or after (`postfix`) the amount; empty when unknown.',
          'Ob das Symbol vor (`prefix`) oder nach (`postfix`) dem Betrag steht; leer, wenn unbekannt.',
        ),
      ),
    values: z
      .array(z.string().regex(/^(\d+(\.\d+)?|[a-z]+)$/))
      .meta(
        describe(
          'The distinct amounts, ascending, as the plugin writes them: numeric strings with `.` as the decimal separator and the decimals as sent (`["0", "20"]`, `"10,20"` → `["10.20"]`), or a lone free word in lower case (`"Free"` → `["free"]`).',
          'Die verschiedenen Beträge, aufsteigend, wie das Plugin sie schreibt: numerische Zeichenketten mit `.` als Dezimaltrenner und den Nachkommastellen wie gesendet (`["0", "20"]`, `"10,20"` → `["10.20"]`), oder ein einzelnes Wort für kostenlos in Kleinbuchstaben (`"Free"` → `["free"]`).',
        ),
      ),
  })
  .meta({ id: 'CostDetails', ...describe('The parsed cost.', 'Die ausgewerteten Kosten.') });

/** Booleans a password-protected event shows as `null` in a list, to callers without its password (ref §8.3). */
const protectableFlag = (en: string, de: string) =>
  z
    .boolean()
    .nullable()
    .meta(
      describe(
        `${en} \`null\` for a password-protected event listed without its password.`,
        `${de} \`null\` bei einer passwortgeschützten Veranstaltung, die ohne ihr Passwort aufgelistet wird.`,
      ),
    );

const wallTime = (en: string, de: string) => z.string().regex(DATE_TIME_PATTERN).meta(describe(en, de));

const { id, ...publicationFields } = postHeadFields(EVENT);

export const eventSchema = z
  .object({
    id,
    ...globalIdFields,
    ...publicationFields,
    rest_url: z
      .url()
      .meta(describe('The event’s address in this API.', 'Die Adresse der Veranstaltung in dieser API.')),
    title: z
      .string()
      .meta(describe('The title, in the request’s language.', 'Der Titel in der Sprache der Anfrage.')),
    description: z
      .string()
      .meta(
        describe(
          'The description (HTML), in the request’s language.',
          'Die Beschreibung (HTML) in der Sprache der Anfrage.',
        ),
      ),
    excerpt: z
      .string()
      .meta(
        describe(
          'The excerpt (HTML); empty when there is none.',
          'Der Auszug (HTML); leer, wenn es keinen gibt.',
        ),
      ),
    slug: z.string().meta(describe('The slug.', 'Der Slug.')),
    image: z
      .union([imageSchema, z.literal(false)])
      .meta(
        describe(
          'The featured image, or `false` when there is none.',
          'Das Beitragsbild oder `false`, wenn es keines gibt.',
        ),
      ),
    all_day: protectableFlag('Whether the event lasts all day.', 'Ob die Veranstaltung ganztägig ist.'),
    start_date: wallTime('Start, in the event’s time zone.', 'Beginn in der Zeitzone der Veranstaltung.'),
    start_date_details: dateDetailsSchema,
    end_date: wallTime('End, in the event’s time zone.', 'Ende in der Zeitzone der Veranstaltung.'),
    end_date_details: dateDetailsSchema,
    utc_start_date: dateTime('Start in UTC.', 'Beginn in UTC.'),
    utc_start_date_details: dateDetailsSchema,
    utc_end_date: dateTime('End in UTC.', 'Ende in UTC.'),
    utc_end_date_details: dateDetailsSchema,
    timezone: z
      .string()
      .meta(
        describe(
          'The event’s time zone, e.g. `Europe/Berlin` or `UTC+5`.',
          'Die Zeitzone der Veranstaltung, z. B. `Europe/Berlin` oder `UTC+5`.',
        ),
      ),
    timezone_abbr: z
      .string()
      .meta(
        describe(
          'The time zone’s abbreviation at the start, e.g. `CET`.',
          'Die Abkürzung der Zeitzone zum Beginn, z. B. `CET`.',
        ),
      ),
    cost: z
      .string()
      .meta(
        describe(
          'The formatted cost (`"Free – 30 €"`); empty when there is none. Amounts sent without a currency symbol show with the site\'s default symbol and position (settings `currencySymbol`/`currencyPosition`, `--currency-symbol`/`--currency-position`; default `$` before the amount): `"15"` → `"$15"`, `"5 - 25"` → `"$5 – $25"`, `"10,20"` → `"$10,20"`; a lone `"0"` → `""`.',
          'Die formatierten Kosten (`"Free – 30 €"`); leer, wenn es keine gibt. Ohne eigenes Währungssymbol gesendete Beträge erscheinen mit dem Standardsymbol und der Standardstellung der Website (Einstellungen `currencySymbol`/`currencyPosition`, `--currency-symbol`/`--currency-position`; Standard `$` vor dem Betrag): `"15"` → `"$15"`, `"5 - 25"` → `"$5 – $25"`, `"10,20"` → `"$10,20"`; eine einzelne `"0"` → `""`.',
        ),
      ),
    cost_details: costDetailsSchema,
    website: z
      .string()
      .meta(
        describe(
          'The event website; the event’s public page when none was given.',
          'Die Website der Veranstaltung; ohne Angabe die öffentliche Seite der Veranstaltung.',
        ),
      ),
    show_map: protectableFlag('Whether to show a map.', 'Ob eine Karte angezeigt wird.'),
    show_map_link: protectableFlag('Whether to show a map link.', 'Ob ein Kartenlink angezeigt wird.'),
    hide_from_listings: protectableFlag(
      'Whether the event is hidden from lists.',
      'Ob die Veranstaltung in Listen verborgen ist.',
    ),
    sticky: protectableFlag('Whether the event is sticky.', 'Ob die Veranstaltung oben gehalten wird.'),
    featured: protectableFlag('Whether the event is featured.', 'Ob die Veranstaltung hervorgehoben ist.'),
    categories: z
      .array(embeddedTermSchema)
      .meta(describe('The event’s categories.', 'Die Kategorien der Veranstaltung.')),
    tags: z
      .array(embeddedTermSchema)
      .meta(describe('The event’s tags.', 'Die Schlagwörter der Veranstaltung.')),
    venue: z
      .union([venueSchema, emptyList('No venue.', 'Kein Veranstaltungsort.')])
      .meta(
        describe(
          'The venue, or an empty list `[]` when the event has none.',
          'Der Veranstaltungsort oder eine leere Liste `[]`, wenn die Veranstaltung keinen hat.',
        ),
      ),
    organizer: z
      .array(organizerSchema)
      .meta(describe('The organizers; always a list.', 'Die Veranstalter; immer eine Liste.')),
    custom_fields: emptyList(
      'Always an empty list (no additional fields).',
      'Immer eine leere Liste (keine Zusatzfelder).',
    ),
    json_ld: jsonLd('Event').optional(),
    recurrence: z
      .array(z.string())
      .optional()
      .meta(
        describe(
          'Only on a recurring event (the series, itself the first occurrence): its RFC 5545 lines (RRULE, RDATE, EXDATE), read in its time zone.',
          'Nur bei einer wiederkehrenden Veranstaltung (der Serie, selbst der erste Termin): ihre RFC-5545-Zeilen (RRULE, RDATE, EXDATE), in ihrer Zeitzone gelesen.',
        ),
      ),
    series_id: z
      .number()
      .int()
      .optional()
      .meta(
        describe(
          'Only on an occurrence of a series (other than the first): the ID of the series event.',
          'Nur bei einem Termin einer Serie (außer dem ersten): die ID der Serie.',
        ),
      ),
    original_start_date: z
      .string()
      .optional()
      .meta(
        describe(
          'Only on an occurrence: the start the rule gave it (its RECURRENCE-ID), in the event’s time zone.',
          'Nur bei einem Termin einer Serie: der Beginn, den die Regel ihm gab (seine RECURRENCE-ID), in der Zeitzone der Veranstaltung.',
        ),
      ),
    original_utc_start_date: z
      .string()
      .optional()
      .meta(
        describe(
          'Only on an occurrence: the same start in UTC.',
          'Nur bei einem Termin: derselbe Beginn in UTC.',
        ),
      ),
    is_exception: z
      .boolean()
      .optional()
      .meta(
        describe(
          'Only on an occurrence: whether it was edited on its own, so that changes of the series leave it as it is.',
          'Nur bei einem Termin: ob er einzeln geändert wurde, sodass Änderungen der Serie ihn nicht mehr ändern.',
        ),
      ),
  })
  .meta({
    id: 'Event',
    ...describe(
      'An event. Every key is always present, except `json_ld` (only in the answer of a single read) and the recurrence keys (only on series and their occurrences).',
      'Eine Veranstaltung. Jeder Schlüssel ist immer vorhanden, außer `json_ld` (nur in der Antwort eines Einzelabrufs) und den Schlüsseln der Wiederholung (nur bei Serien und ihren Terminen).',
    ),
  });

/** The answers of the event routes, for their `response` declarations. */
export const eventResponses = resourceAnswers({
  id: 'Event',
  key: 'events',
  item: eventSchema,
  texts: {
    list: { en: 'A page of events.', de: 'Eine Seite mit Veranstaltungen.' },
    deleted: {
      en: 'A trashed event deleted for good (force=true): the event as it was.',
      de: 'Eine endgültig gelöschte Veranstaltung aus dem Papierkorb (force=true): die Veranstaltung, wie sie war.',
    },
  },
});

export const eventListSchema = eventResponses.list;

/** A delete trashes the event (200 with it), or removes a trashed one for good with `force=true`. */
export const eventDeleteAnswerSchema = eventResponses.deleteAnswer;

/** The event as the serializer builds it: typing its object with this makes drift a compile error. */
export type EventOutput = z.output<typeof eventSchema>;
