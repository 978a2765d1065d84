/**
 * What differs between categories and tags (ref §2.4, §8.2): names, addresses, and whether terms nest.
 * Everything else about terms is one implementation, parameterized by one of these descriptors.
 */
import type { Taxonomy } from '../../db/schema.js';

export interface TaxonomyKind {
  taxonomy: Taxonomy;
  /** The WordPress taxonomy name clients see in `taxonomy`. */
  wordpressName: 'tribe_events_cat' | 'post_tag';
  /** The collection path segment and the list envelope key. */
  collection: 'categories' | 'tags';
  /** Categories nest (`parent`); tags do not. */
  hierarchical: boolean;
  /** The public HTML archive page of a term, under the site URL (SPEC §4). */
  permalink(slug: string): string;
  /** Words for summaries and parameter descriptions. */
  words: {
    en: { one: string; many: string };
    /** German needs the genitive with its article (`der Kategorie`, `des Schlagworts`). */
    de: { one: string; many: string; genitive: string };
  };
}

export const CATEGORY: TaxonomyKind = {
  taxonomy: 'category',
  wordpressName: 'tribe_events_cat',
  collection: 'categories',
  hierarchical: true,
  permalink: (slug) => `/events/category/${slug}/`,
  words: {
    en: { one: 'event category', many: 'event categories' },
    de: {
      one: 'Veranstaltungskategorie',
      many: 'Veranstaltungskategorien',
      genitive: 'der Veranstaltungskategorie',
    },
  },
};

export const TAG: TaxonomyKind = {
  taxonomy: 'tag',
  wordpressName: 'post_tag',
  collection: 'tags',
  hierarchical: false,
  permalink: (slug) => `/tag/${slug}/`,
  words: {
    en: { one: 'event tag', many: 'event tags' },
    de: { one: 'Schlagwort', many: 'Schlagwörter', genitive: 'des Schlagworts' },
  },
};

export function taxonomyKind(taxonomy: Taxonomy): TaxonomyKind {
  return taxonomy === 'category' ? CATEGORY : TAG;
}
