/**
 * WordPress's post search (`WP_Query::parse_search` and `parse_search_terms`, SPEC §9): the text splits into
 * words and `"quoted phrases"`; every term must appear in the title, excerpt or description (case-insensitive);
 * a term written `-word` must not appear in any of them.
 */
import { type RawBuilder, sql } from 'kysely';
import { type DialectTraits, escapeLike } from '../../db/traits.js';

export interface SearchTerms {
  include: string[];
  exclude: string[];
}

/** WordPress's term pattern: a quoted phrase (closed or running to the end), or a run of non-separators. */
const TERM_PATTERN = /"[^\n]*?(?:"|$)|(?:(?<=[\t ",+])|^)[^\t ",+]+/g;

/** WordPress's English search stopwords (`WP_Query::get_search_stopwords`). */
const STOPWORDS = new Set(
  'about,an,are,as,at,be,by,com,for,from,how,in,is,it,of,on,or,that,the,this,to,was,what,when,where,who,will,with,www'.split(
    ',',
  ),
);

/** More terms than this and WordPress searches for the whole text as one term. */
const MAX_TERMS = 9;

/**
 * Whether a search text filters anything. WordPress runs a search for any non-empty `s`, but a text of
 * blanks (or line breaks, which it strips) has no term: we treat it as no search at all rather than as
 * WordPress's accidental "contains a space" (`search=%20` lists like a request without `search`).
 */
export function isBlankSearch(text: string): boolean {
  return text.replace(/[\r\n]/g, '').trim() === '';
}

/**
 * The terms of a search text, as WordPress finds them:
 * - line breaks are removed; the text splits into `"quoted phrases"` and runs of characters other than
 *   tab, space, `"`, `,` and `+`;
 * - phrases keep their inner and outer spaces (only the quotes, and `'`, are trimmed from their ends);
 *   other terms are trimmed of quotes, apostrophes and spaces;
 * - empty terms and `0` (PHP's falsy strings), single ASCII letters or `-`, and stopwords are dropped;
 * - when no term remains, or more than nine, the whole text is one term;
 * - a term starting with `-` (even a quoted one, or the whole text) excludes what follows the dash.
 */
export function parseSearch(text: string): SearchTerms {
  const s = text.replace(/[\r\n]/g, '');
  const terms: string[] = [];
  for (const match of s.matchAll(TERM_PATTERN)) {
    const raw = match[0];
    const term = /^".+"$/.test(raw) ? trimChars(raw, `"'`) : trimChars(raw, `"' `);
    if (term === '' || term === '0') continue;
    if (term.length === 1 && /^[a-z-]$/i.test(term)) continue;
    if (STOPWORDS.has(term.toLowerCase())) continue;
    terms.push(term);
  }
  const chosen = terms.length === 0 || terms.length > MAX_TERMS ? [s] : terms;
  const include: string[] = [];
  const exclude: string[] = [];
  for (const term of chosen) {
    if (term.startsWith('-')) exclude.push(term.slice(1));
    else include.push(term);
  }
  return { include, exclude };
}

/** PHP's `trim($text, $characters)`. */
function trimChars(text: string, characters: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && characters.includes(text[start]!)) start++;
  while (end > start && characters.includes(text[end - 1]!)) end--;
  return text.slice(start, end);
}

/**
 * Venue and organizer search (ref §6.5): the text splits into fragments on every run of characters that are
 * not ASCII letters, digits or `-`.
 */
export function searchFragments(text: string): string[] {
  return text.split(/[^A-Za-z0-9-]+/).filter((fragment) => fragment !== '');
}

// ---------------------------------------------------------------------------------------------------------
// Substring search through a trigram index
// ---------------------------------------------------------------------------------------------------------

/**
 * Trigram indexes (SQLite FTS5 `trigram`, PostgreSQL `pg_trgm`) find only strings of three characters or
 * more; shorter ones are matched by the exact condition that follows the index lookup.
 */
export function isIndexable(term: string): boolean {
  return [...term].length >= 3;
}

/**
 * An FTS5 phrase: the text in double quotes, inner quotes doubled (matched literally, ignoring case as FTS5
 * folds it). A term ending in `i` also matches a text that ends it with `İ`, which FTS5 does not fold but
 * JavaScript and PostgreSQL lower to `i` and a combining dot: so the index finds what the exact rule
 * (`fold_case`, PostgreSQL's `lower`) finds.
 */
export function ftsPhrase(term: string): string {
  const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;
  return /i$/i.test(term) ? `(${quoted(term)} OR ${quoted(`${term.slice(0, -1)}\u0130`)})` : quoted(term);
}

/** A search table: one text (`body`) per record, keyed by the record's id, with its trigram index. */
export type SearchTable =
  | { table: 'linked_post_search'; key: 'post_id' }
  | { table: 'term_search'; key: 'term_id' };

/**
 * The ids of the records whose search text contains every one of `terms` (ignoring case), looked up in the
 * trigram index, as a subquery for `id in (…)`; undefined when no term is long enough for the index. The
 * search text holds all of a record's searchable fields in every language, so this is a superset: the
 * caller still applies its exact rule, to these candidates only.
 */
export function indexedCandidates(
  traits: DialectTraits,
  search: SearchTable,
  terms: readonly string[],
): RawBuilder<number> | undefined {
  const indexed = terms.filter(isIndexable);
  if (indexed.length === 0) return undefined;
  if (traits.substringIndex === 'fts5-trigram') {
    const fts = sql.table(`${search.table}_fts`);
    return sql<number>`select rowid from ${fts} where ${fts} match ${indexed.map(ftsPhrase).join(' AND ')}`;
  }
  const conditions = indexed.map((term) => traits.ilike(sql.ref('body'), `%${escapeLike(term)}%`));
  return sql<number>`select ${sql.ref(search.key)} from ${sql.table(search.table)} where ${sql.join(conditions, sql` and `)}`;
}
