/**
 * The parameters of the category and tag routes (ref §5.8, §5.8b): the list filters, the id, and the fields a
 * write takes. Categories add `parent`; the validators look the named terms and events up.
 */
import type { Db } from '../../db/database.js';
import { texts } from '../../i18n/descriptions.js';
import type { RequestContext } from '../../route-table/context.js';
import { pageParams } from '../../route-table/pagination.js';
import { type InferParams, type ParamValue, param } from '../../route-table/params.js';
import { plainText } from '../../text/html.js';
import { isStorableId, isTermOf, lookUpTermsByIdOrSlug } from './repository.js';
import type { TaxonomyKind } from './taxonomy.js';

async function isEventId(id: number, context: RequestContext): Promise<boolean> {
  if (!isStorableId(id)) return false;
  const row = await context.db.selectFrom('posts').select('type').where('id', '=', id).executeTakeFirst();
  return row?.type === 'event';
}

/** Items of a list parameter that can name a term (ids or slugs); objects and lists cannot. */
function termReferences(items: readonly ParamValue[]): Array<string | number> | undefined {
  const out: Array<string | number> = [];
  for (const item of items) {
    if (typeof item !== 'string' && typeof item !== 'number') return undefined;
    out.push(item);
  }
  return out;
}

/** Ids of the terms named by an `include`/`exclude` list; undefined when an item names no term. */
export async function resolveTermList(
  db: Db,
  kind: TaxonomyKind,
  items: readonly ParamValue[],
): Promise<number[] | undefined> {
  const references = termReferences(items);
  if (!references || references.length === 0) return undefined;
  const ids = await lookUpTermsByIdOrSlug(db, kind.taxonomy, references);
  return ids.every((id) => id !== undefined) ? (ids as number[]) : undefined;
}

function termListParam(kind: TaxonomyKind, description: { en: string; de: string }) {
  return param.list('integer', description, {
    validate: async (items, context: RequestContext) =>
      (await resolveTermList(context.db, kind, items)) !== undefined,
  });
}

/** `parent`: an existing category, or 0 for "no parent" (top level). */
function parentParam(description: { en: string; de: string }) {
  return param.integer(description, {
    validate: (id, context: RequestContext) => id === 0 || isTermOf(context.db, 'category', id),
  });
}

export function listParams(kind: TaxonomyKind) {
  return {
    ...pageParams,
    // The plugin's `is_string` refuses only "": a search of blanks is accepted (and filters nothing).
    search: param.search<RequestContext>(
      texts(
        'Only terms whose name or slug contains this text (case-insensitive).',
        'Nur Begriffe, deren Name oder Slug diesen Text enthält (ohne Beachtung der Groß-/Kleinschreibung).',
      ),
    ),
    exclude: termListParam(
      kind,
      texts(
        'Leave out these terms (IDs or slugs; every one must exist).',
        'Diese Begriffe auslassen (IDs oder Slugs; jeder muss existieren).',
      ),
    ),
    include: termListParam(
      kind,
      texts(
        'Only these terms (IDs or slugs; every one must exist).',
        'Nur diese Begriffe (IDs oder Slugs; jeder muss existieren).',
      ),
    ),
    order: param.text(
      texts(
        'Sort order: "asc" (default) or "desc"; any value other than "asc" sorts descending.',
        'Sortierreihenfolge: "asc" (Standard) oder "desc"; jeder andere Wert als "asc" sortiert absteigend.',
      ),
      { default: 'asc' },
    ),
    orderby: param.text(
      texts(
        'Sort by: id, name (default), slug, count, term_group, description, include or include_slugs; other values sort by name.',
        'Sortieren nach: id, name (Standard), slug, count, term_group, description, include oder include_slugs; andere Werte sortieren nach Name.',
      ),
      { default: 'name' },
    ),
    hide_empty: param.boolean(
      texts(
        `Hide terms no published event uses (default true).`,
        'Begriffe ausblenden, die keine veröffentlichte Veranstaltung verwendet (Standard: true).',
      ),
      { default: true },
    ),
    ...(kind.hierarchical
      ? {
          parent: parentParam(
            texts(
              'Only the direct children of this category (0: only top-level categories).',
              'Nur die direkten Unterkategorien dieser Kategorie (0: nur die obersten Kategorien).',
            ),
          ),
        }
      : {}),
    post: param.integer(
      texts('Only the terms of this event (its ID).', 'Nur die Begriffe dieser Veranstaltung (ihre ID).'),
      { validate: isEventId },
    ),
    event: param.integer(
      texts(
        'Only the terms of this event (its ID); an alias of "post" that wins over it.',
        'Nur die Begriffe dieser Veranstaltung (ihre ID); ein Alias von "post", der Vorrang hat.',
      ),
      { validate: isEventId },
    ),
    slug: param.text(
      texts('Only the term with exactly this slug.', 'Nur der Begriff mit genau diesem Slug.'),
    ),
  };
}

export function idParam(kind: TaxonomyKind) {
  const { en, de } = kind.words;
  return param.integer(texts(`The ${en.one} ID.`, `Die ID ${de.genitive}.`), {
    required: true,
    validate: (id, context: RequestContext) => isTermOf(context.db, kind.taxonomy, id),
  });
}

/** The fields of a create (`create`: the name is required) or an update (every field optional). */
export function writeParams<R extends boolean>(kind: TaxonomyKind, create: R) {
  const { en, de } = kind.words;
  return {
    name: param.text(texts(`The ${en.one} name.`, `Der Name ${de.genitive}.`), {
      required: create,
      // Names are plain text: markup alone is no name.
      validate: (name) => plainText(name) !== '',
    }),
    description: param.text(texts(`The ${en.one} description.`, `Die Beschreibung ${de.genitive}.`)),
    slug: param.text(
      texts(
        `The ${en.one} slug (derived from the name if omitted).`,
        `Der Slug ${de.genitive} (ohne Angabe aus dem Namen gebildet).`,
      ),
    ),
    ...(kind.hierarchical
      ? {
          parent: parentParam(
            texts('The parent category ID (0: none).', 'Die ID der übergeordneten Kategorie (0: keine).'),
          ),
        }
      : {}),
  };
}

export type TermListParams = InferParams<ReturnType<typeof listParams>>;
export type TermIdParams = InferParams<{ id: ReturnType<typeof idParam> }>;
export type TermCreateParams = InferParams<ReturnType<typeof writeParams<true>>>;
export type TermUpdateParams = TermIdParams & InferParams<ReturnType<typeof writeParams<false>>>;
