/**
 * WordPress's post search (`WP_Query::parse_search`, SPEC §9): the text splits into words and
 * `"quoted phrases"`; every term must appear in the title, excerpt or description (case-insensitive);
 * a term written `-word` must not appear in any of them.
 */
export interface SearchTerms {
  include: string[];
  exclude: string[];
}

const TERM_PATTERN = /"[^"]*(?:"|$)|(?:(?<=[\t ",+])|^)[^\t ",+]+/g;

export function parseSearch(text: string): SearchTerms {
  const include: string[] = [];
  const exclude: string[] = [];
  for (const match of text.matchAll(TERM_PATTERN)) {
    let term = match[0];
    const quoted = term.startsWith('"');
    term = term.replace(/^"|"$/g, '').trim();
    if (!quoted) term = term.replace(/^[\s]+|[\s]+$/g, '');
    const excluded = !quoted && term.length > 1 && term.startsWith('-');
    if (excluded) term = term.slice(1);
    if (term === '') continue;
    (excluded ? exclude : include).push(term);
  }
  return { include, exclude };
}

/**
 * Venue and organizer search (ref §6.5): the text splits into fragments on every run of characters that are
 * not ASCII letters, digits or `-`.
 */
export function searchFragments(text: string): string[] {
  return text.split(/[^A-Za-z0-9-]+/).filter((fragment) => fragment !== '');
}
