/**
 * The two term shapes of ref §2.4 as response schemas: `Term`, embedded in events (WordPress's `WP_Term`
 * fields), and `Category` / `Tag`, from the `/categories` and `/tags` endpoints; and their list envelopes.
 */
import { z } from 'zod';
import { describe } from '../../i18n/descriptions.js';
import { emptyList, termListEnvelope } from '../posts/schema.js';

export const termUrlsSchema = z
  .object({
    self: z
      .url()
      .meta(describe('This term’s address in the API.', 'Die Adresse dieses Begriffs in der API.')),
    collection: z.url().meta(describe('The address of its collection.', 'Die Adresse seiner Sammlung.')),
    up: z
      .url()
      .optional()
      .meta(
        describe(
          'The parent category’s address; only when there is a parent.',
          'Die Adresse der übergeordneten Kategorie; nur wenn es eine gibt.',
        ),
      ),
  })
  .meta({
    id: 'TermUrls',
    ...describe('Addresses of a term in the API.', 'Adressen eines Begriffs in der API.'),
  });

const WORDPRESS_TAXONOMIES = ['tribe_events_cat', 'post_tag'] as const;

const termId = z.number().int().positive().meta(describe('The term ID.', 'Die ID des Begriffs.'));
const name = z
  .string()
  .meta(describe('The name, in the request’s language.', 'Der Name in der Sprache der Anfrage.'));
const slug = z.string().meta(describe('The slug.', 'Der Slug.'));
const description = z
  .string()
  .meta(
    describe(
      'The description, in the request’s language (a small set of inline HTML tags is kept).',
      'Die Beschreibung in der Sprache der Anfrage (einige Inline-HTML-Tags bleiben erhalten).',
    ),
  );
const count = z
  .number()
  .int()
  .nonnegative()
  .meta(
    describe(
      'How many published events use the term.',
      'Wie viele veröffentlichte Veranstaltungen den Begriff verwenden.',
    ),
  );
const parent = z
  .number()
  .int()
  .nonnegative()
  .meta(describe('The parent category ID; 0 for none.', 'Die ID der übergeordneten Kategorie; 0 für keine.'));

/** Shape (a): a category or tag inside an event. */
export const embeddedTermSchema = z
  .object({
    name,
    slug,
    term_group: z
      .literal(0)
      .meta(describe('Always 0 (a WordPress internal).', 'Immer 0 (intern bei WordPress).')),
    term_taxonomy_id: z
      .number()
      .int()
      .positive()
      .meta(describe('Equal to `id` (a WordPress internal).', 'Gleich `id` (intern bei WordPress).')),
    taxonomy: z
      .enum(WORDPRESS_TAXONOMIES)
      .meta(
        describe(
          '`tribe_events_cat` for categories, `post_tag` for tags.',
          '`tribe_events_cat` für Kategorien, `post_tag` für Schlagwörter.',
        ),
      ),
    description,
    parent: parent.meta(
      describe(
        'The parent category ID; 0 for none (always 0 for tags).',
        'Die ID der übergeordneten Kategorie; 0 für keine (bei Schlagwörtern immer 0).',
      ),
    ),
    count,
    filter: z
      .literal('raw')
      .meta(describe('Always `raw` (a WordPress internal).', 'Immer `raw` (intern bei WordPress).')),
    id: termId,
    urls: termUrlsSchema,
  })
  .meta({
    id: 'Term',
    ...describe(
      'A category or tag as embedded in an event (WordPress’s term fields).',
      'Eine Kategorie oder ein Schlagwort, wie in eine Veranstaltung eingebettet (die Begriffsfelder von WordPress).',
    ),
  });

const termMeta = emptyList('Always an empty list.', 'Immer eine leere Liste.');

/** The fields of shape (b) that categories and tags share, before `taxonomy`. */
const termHead = { id: termId, count, description, name, slug };

/** The fields of shape (b) that categories and tags share, after `taxonomy` (and `parent`). */
function termTail(archive: { en: string; de: string }) {
  return { meta: termMeta, url: z.url().meta(describe(archive.en, archive.de)), urls: termUrlsSchema };
}

/** Shape (b): what `/categories` answers. */
export const categorySchema = z
  .object({
    ...termHead,
    taxonomy: z.literal('tribe_events_cat'),
    parent,
    ...termTail({
      en: 'The category’s public archive page.',
      de: 'Die öffentliche Archivseite der Kategorie.',
    }),
  })
  .meta({ id: 'Category', ...describe('An event category.', 'Eine Veranstaltungskategorie.') });

/** Shape (b) for tags: no `parent`, since tags do not nest. */
export const tagSchema = z
  .object({
    ...termHead,
    taxonomy: z.literal('post_tag'),
    ...termTail({
      en: 'The tag’s public archive page.',
      de: 'Die öffentliche Archivseite des Schlagworts.',
    }),
  })
  .meta({ id: 'Tag', ...describe('An event tag.', 'Ein Schlagwort.') });

export const categoryListSchema = termListEnvelope({
  id: 'CategoryList',
  key: 'categories',
  item: categorySchema,
  description: { en: 'A page of event categories.', de: 'Eine Seite mit Veranstaltungskategorien.' },
});

export const tagListSchema = termListEnvelope({
  id: 'TagList',
  key: 'tags',
  item: tagSchema,
  description: { en: 'A page of event tags.', de: 'Eine Seite mit Schlagwörtern.' },
});

/** The terms as the serializers build them (terms/serialize.ts). */
export type EmbeddedTermOutput = z.output<typeof embeddedTermSchema>;
export type CategoryOutput = z.output<typeof categorySchema>;
export type TagOutput = z.output<typeof tagSchema>;

/** The response schemas of the term routes, by collection (the routes are one implementation for both). */
export const termResponses = {
  categories: { list: categoryListSchema, item: categorySchema },
  tags: { list: tagListSchema, item: tagSchema },
} as const;
