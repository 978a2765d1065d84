/**
 * The two term shapes of ref §2.4: (a) embedded in events, (b) from the `/categories` and `/tags` endpoints.
 */
import sanitizeHtml from 'sanitize-html';
import type { RequestContext } from '../../route-table/context.js';
import type { TermRecord } from './repository.js';
import type { CategoryOutput, EmbeddedTermOutput, TagOutput } from './schema.js';
import { type TaxonomyKind, taxonomyKind } from './taxonomy.js';

/**
 * WordPress filters term descriptions with kses and its small inline allow-list (`$allowedtags`), and does
 * not wrap them in paragraphs. Plain text is returned exactly as stored (so `Fish & Chips` stays as it is);
 * text with markup goes through the same allow-list, so no script or `javascript:` link reaches a client
 * that renders descriptions as HTML.
 */
const DESCRIPTION_SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'a',
    'abbr',
    'acronym',
    'b',
    'blockquote',
    'cite',
    'code',
    'del',
    'em',
    'i',
    'q',
    's',
    'strike',
    'strong',
  ],
  allowedAttributes: {
    a: ['href', 'title'],
    abbr: ['title'],
    acronym: ['title'],
    blockquote: ['cite'],
    del: ['datetime'],
    q: ['cite'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href', 'cite'],
  disallowedTagsMode: 'discard',
};

const LOOKS_LIKE_MARKUP = /<[a-z!/?]/i;

export function termDescription(stored: string): string {
  const text = stored.trim();
  return LOOKS_LIKE_MARKUP.test(text) ? sanitizeHtml(text, DESCRIPTION_SANITIZE_OPTIONS).trim() : text;
}

/** `urls`: this term, its collection, and its parent when it has one (ref §2.4). */
export function termUrls(
  context: RequestContext,
  kind: TaxonomyKind,
  term: Pick<TermRecord, 'id' | 'parent'>,
) {
  const urls: { self: string; collection: string; up?: string } = {
    self: context.urls.rest(`/${kind.collection}/${term.id}`),
    collection: context.urls.rest(`/${kind.collection}`),
  };
  if (term.parent !== 0) urls.up = context.urls.rest(`/${kind.collection}/${term.parent}`);
  return urls;
}

/**
 * Shape (b): what `/categories` and `/tags` return. Tags have no `parent` key; there is no `_links`. `url`
 * is the term's archive page, under the slugs of its ancestors for a category (`ancestorPath`, from the top
 * down: WordPress's hierarchical term links).
 */
export function serializeTerm(
  context: RequestContext,
  term: TermRecord,
  ancestors: string | null = null,
): CategoryOutput | TagOutput {
  const kind = taxonomyKind(term.taxonomy);
  const common = {
    id: term.id,
    count: term.count,
    description: termDescription(term.description),
    name: term.name,
    slug: term.slug,
  };
  const rest = {
    meta: [],
    url: context.urls.site(kind.permalink(ancestors ? `${ancestors}/${term.slug}` : term.slug)),
    urls: termUrls(context, kind, term),
  };
  // Spelled out per taxonomy, so that each shape is checked against its own schema.
  return kind.hierarchical
    ? ({ ...common, taxonomy: 'tribe_events_cat', parent: term.parent, ...rest } satisfies CategoryOutput)
    : ({ ...common, taxonomy: 'post_tag', ...rest } satisfies TagOutput);
}

/**
 * Shape (a): a term inside an event. WordPress's `WP_Term` fields, with the internals `term_group`,
 * `term_taxonomy_id` and `filter` kept at constant values (SPEC §4); `parent` is present for tags too (0).
 */
export function serializeEmbeddedTerm(context: RequestContext, term: TermRecord): EmbeddedTermOutput {
  const kind = taxonomyKind(term.taxonomy);
  return {
    name: term.name,
    slug: term.slug,
    term_group: 0,
    term_taxonomy_id: term.id,
    taxonomy: kind.wordpressName,
    description: termDescription(term.description),
    parent: term.parent,
    count: term.count,
    filter: 'raw',
    id: term.id,
    urls: termUrls(context, kind, term),
  };
}
