/**
 * Wire-format building blocks shared by the event, venue and organizer response schemas (ref §2, §3): the
 * fields every post carries, JSON-LD, list envelopes and the answer of a permanent delete. Response schemas
 * are plain wire types (no transforms), so they render as output JSON Schema (ecosystem notes §3.1).
 */
import { z } from 'zod';
import { describe } from '../../i18n/descriptions.js';
import { imageSchema } from '../images/schema.js';

/** `YYYY-MM-DD HH:MM:SS`, the format of every date (SPEC §8); drafts without a date have all zeros. */
export const DATE_TIME_PATTERN = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

export function dateTime(en: string, de: string) {
  return z.string().regex(DATE_TIME_PATTERN).meta(describe(en, de));
}

/** An integer id; a record id is never 0. */
export function recordId(en: string, de: string) {
  return z.number().int().positive().meta(describe(en, de));
}

/**
 * An empty JSON array: the plugin's PHP `[]` where a value is absent (`venue`, `custom_fields`, `meta`). Not
 * `z.tuple([])`: zod renders that with `prefixItems: []`, which JSON Schema 2020-12 does not allow.
 */
export function emptyList(en: string, de: string) {
  return z.array(z.never()).max(0).meta(describe(en, de));
}

export const postStatus = z
  .enum(['publish', 'future', 'draft', 'pending', 'private', 'trash'])
  .meta(
    describe(
      'The publication status; a scheduled (`future`) record whose date has passed is shown as `publish`.',
      'Der Veröffentlichungsstatus; ein geplanter (`future`) Datensatz, dessen Datum vergangen ist, erscheint als `publish`.',
    ),
  );

/** The fields of events, venues and organizers that come first, in the plugin's order (ref §2.1–2.3). */
export function postHeadFields(type: { en: string; de: string }) {
  return {
    id: recordId(`The ${type.en} ID.`, `Die ID ${type.de}.`),
    author: z
      .string()
      .regex(/^\d+$/)
      .meta(
        describe(
          'The author’s user ID, as a string of digits (as the plugin sends it).',
          'Die Benutzer-ID des Autors als Ziffernfolge (wie das Plugin sie sendet).',
        ),
      ),
    status: postStatus,
    date: dateTime(
      'Publication date, in the site time zone.',
      'Veröffentlichungsdatum in der Zeitzone der Website.',
    ),
    date_utc: dateTime('Publication date in UTC.', 'Veröffentlichungsdatum in UTC.'),
    modified: dateTime(
      'Date of the last change, in the site time zone.',
      'Datum der letzten Änderung in der Zeitzone der Website.',
    ),
    modified_utc: dateTime('Date of the last change in UTC.', 'Datum der letzten Änderung in UTC.'),
    url: z
      .url()
      .meta(
        describe(
          `The public web page of the ${type.en}, under the site URL.`,
          `Die öffentliche Webseite ${type.de} unter der Website-URL.`,
        ),
      ),
  };
}

export const globalIdFields = {
  global_id: z
    .string()
    .meta(
      describe(
        'A global identifier: `{site host and path}?id={id}`, without scheme.',
        'Eine globale Kennung: `{Host und Pfad der Website}?id={id}`, ohne Schema.',
      ),
    ),
  global_id_lineage: z
    .array(z.string())
    .meta(
      describe(
        'The global identifiers of the record’s origins; here always `[global_id]`.',
        'Die globalen Kennungen der Herkunft des Datensatzes; hier immer `[global_id]`.',
      ),
    ),
};

/** A schema.org object (`Event`, `Place`, `Person`) for search engines; only on single reads. */
export function jsonLd(type: string) {
  return z
    .looseObject({ '@context': z.string().optional(), '@type': z.literal(type) })
    .meta(
      describe(
        `A schema.org \`${type}\` in JSON-LD; only in the answer of a single read (by ID or slug).`,
        `Ein schema.org-\`${type}\` in JSON-LD; nur in der Antwort eines Einzelabrufs (über ID oder Slug).`,
      ),
    );
}

const pageLinks = {
  rest_url: z
    .url()
    .meta(
      describe(
        'This page’s address, with the effective query.',
        'Die Adresse dieser Seite mit der wirksamen Abfrage.',
      ),
    ),
  next_rest_url: z
    .url()
    .optional()
    .meta(
      describe(
        'The next page’s address, when there is one.',
        'Die Adresse der nächsten Seite, falls es eine gibt.',
      ),
    ),
  previous_rest_url: z
    .url()
    .optional()
    .meta(
      describe(
        'The previous page’s address, when there is one.',
        'Die Adresse der vorigen Seite, falls es eine gibt.',
      ),
    ),
};

const totals = {
  total: z
    .number()
    .int()
    .nonnegative()
    .meta(
      describe('How many records match, over all pages.', 'Wie viele Datensätze passen, über alle Seiten.'),
    ),
  total_pages: z
    .number()
    .int()
    .nonnegative()
    .meta(
      describe(
        'How many pages there are (0 when nothing matches).',
        'Wie viele Seiten es gibt (0, wenn nichts passt).',
      ),
    ),
};

interface EnvelopeOptions<Item extends z.ZodType> {
  /** The component id, e.g. `EventList`. */
  id: string;
  /** The items key: `events`, `venues`, `organizers`, `categories` or `tags`. */
  key: string;
  item: Item;
  description: { en: string; de: string };
}

/** The list envelope of events, venues and organizers (ref §3.1): items first, then links and totals. */
export function postListEnvelope<Item extends z.ZodType>(options: EnvelopeOptions<Item>) {
  const { id, key, item, description } = options;
  return z
    .object({
      [key]: z.array(item).meta(describe('The records of this page.', 'Die Datensätze dieser Seite.')),
      rest_url: pageLinks.rest_url,
      next_rest_url: pageLinks.next_rest_url,
      previous_rest_url: pageLinks.previous_rest_url,
      ...totals,
    })
    .meta({ id, ...describe(description.en, description.de) });
}

/** The list envelope of categories and tags (ref §3.2): links and totals first, then the items. */
export function termListEnvelope<Item extends z.ZodType>(options: EnvelopeOptions<Item>) {
  const { id, key, item, description } = options;
  return z
    .object({
      rest_url: z
        .url()
        .meta(
          describe(
            'The collection’s address, without a query (as the plugin sends it).',
            'Die Adresse der Sammlung ohne Abfrage (wie das Plugin sie sendet).',
          ),
        ),
      ...totals,
      [key]: z.array(item).meta(describe('The terms of this page.', 'Die Begriffe dieser Seite.')),
      next_rest_url: pageLinks.next_rest_url,
      previous_rest_url: pageLinks.previous_rest_url,
    })
    .meta({ id, ...describe(description.en, description.de) });
}

/** The answer of `DELETE …?force=true` on a trashed record: `{deleted: true, previous}` (SPEC §10). */
export function deletedAnswer<Item extends z.ZodType>(
  id: string,
  previous: Item,
  description: { en: string; de: string },
) {
  return z
    .object({ deleted: z.literal(true), previous })
    .meta({ id, ...describe(description.en, description.de) });
}

/**
 * The three answers of a post resource's routes, for their `response` declarations: a page (`{id}List`), a
 * record, and what a delete answers: the trashed record (200), or `{deleted: true, previous}` (`{id}Deleted`)
 * when a trashed one is removed for good with `force=true`.
 */
export function resourceAnswers<Item extends z.ZodType>(options: {
  /** The record's component id, e.g. `Venue`; the list and deleted answers are named after it. */
  id: string;
  /** The items key of the list envelope. */
  key: string;
  item: Item;
  texts: { list: { en: string; de: string }; deleted: { en: string; de: string } };
}) {
  const { id, key, item, texts } = options;
  const list = postListEnvelope({ id: `${id}List`, key, item, description: texts.list });
  const deleted = deletedAnswer(`${id}Deleted`, item, texts.deleted);
  return { list, item, deleteAnswer: z.union([item, deleted]) } as const;
}

/** A string field the falsy filter may leave out. */
export function optionalText(en: string, de: string) {
  return z.string().optional().meta(describe(en, de));
}

/**
 * The fields of a venue or organizer between `url` and its own details (ref §2.2, §2.3). The plugin drops
 * every empty one (`array_filter`), and so does `withoutFalsy`: an empty description, no image, and even a
 * name or slug that is `"0"`, which PHP counts as empty.
 */
export function linkedPostTextFields<Name extends 'venue' | 'organizer'>(
  nameKey: Name,
  type: { en: string; de: string },
) {
  return {
    [nameKey]: optionalText(
      `The ${type.en} name, in the request’s language.`,
      `Der Name ${type.de} in der Sprache der Anfrage.`,
    ),
    description: optionalText(
      'The description (HTML), in the request’s language; left out when empty.',
      'Die Beschreibung (HTML) in der Sprache der Anfrage; fehlt, wenn sie leer ist.',
    ),
    excerpt: optionalText(
      'The excerpt (HTML); left out when empty.',
      'Der Auszug (HTML); fehlt, wenn er leer ist.',
    ),
    slug: optionalText(
      'The slug (left out only when it is `"0"`, which the plugin’s filter counts as empty).',
      'Der Slug (fehlt nur, wenn er `"0"` ist, was der Filter des Plugins als leer zählt).',
    ),
    image: imageSchema.optional(),
  } as Record<Name, z.ZodOptional<z.ZodString>> & {
    description: z.ZodOptional<z.ZodString>;
    excerpt: z.ZodOptional<z.ZodString>;
    slug: z.ZodOptional<z.ZodString>;
    image: z.ZodOptional<typeof imageSchema>;
  };
}

/**
 * A venue or organizer object (ref §2.2, §2.3): the post's head fields, its texts, the kind's own fields,
 * then the global ids.
 */
export function linkedPostSchema<Name extends 'venue' | 'organizer', Details extends z.ZodRawShape>(options: {
  nameKey: Name;
  type: { en: string; de: string };
  details: Details;
  /** The component id, `Venue` or `Organizer`. */
  id: string;
  description: { en: string; de: string };
}) {
  const { nameKey, type, details, id, description } = options;
  return z
    .object({
      ...postHeadFields(type),
      ...linkedPostTextFields(nameKey, type),
      ...details,
      ...globalIdFields,
    })
    .meta({ id, ...describe(description.en, description.de) });
}
