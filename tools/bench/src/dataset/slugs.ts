/**
 * Slugs as the service makes them from a title (core's `sanitizeSlug`, which is not exported): the same
 * library with the same options, so that a generated record carries the slug a client would have got by
 * creating it through the API. Only what generated names need is kept (they hold no HTML).
 */
import slugify, { type Options } from '@sindresorhus/slugify';

const OPTIONS: Options = {
  decamelize: false,
  customReplacements: [
    // WordPress's remove_accents (ä → a, not ae), and `&` dropped rather than spelled out.
    ['ä', 'a'],
    ['Ä', 'A'],
    ['ö', 'o'],
    ['Ö', 'O'],
    ['ü', 'u'],
    ['Ü', 'U'],
    ['ß', 'ss'],
    ['&', ' '],
    ["'", ''],
    ['’', ''],
  ],
  preserveCharacters: ['_'],
};

/** Printable ASCII but `_` (which slugify keeps), for which slugify's answer is simple to compute. */
const PLAIN_ASCII = /^[\x20-\x5e\x60-\x7e]*$/;

/** Letters that slugify transliterates by dropping their accent (as Unicode decomposition does). */
const DECOMPOSABLE =
  /[\u00c0-\u00c5\u00c7-\u00cf\u00d1-\u00d6\u00d9-\u00dd\u00e0-\u00e5\u00e7-\u00ef\u00f1-\u00f6\u00f9-\u00fd\u00ff]/g;

/**
 * The slug of a name. slugify costs about half a millisecond a call (it builds its transliteration
 * expressions each time), too slow for a million titles. For names that are ASCII once accents are
 * dropped, nearly all, the same result comes from lower-casing and joining the runs of letters and digits
 * with `-` (checked against slugify in the tests); anything else goes to slugify.
 */
export function slugOf(name: string): string {
  const folded = name
    .replace(/[äÄöÖüÜ]/g, (c) => c.normalize('NFD')[0]!)
    .replace(/ß/g, 'ss')
    .replace(DECOMPOSABLE, (c) => c.normalize('NFD')[0]!)
    .replace(/['’]/g, '');
  const slug = PLAIN_ASCII.test(folded)
    ? folded
        .toLowerCase()
        .split(/[^a-z0-9]+/)
        .filter((part) => part !== '')
        .join('-')
    : slugify(name, OPTIONS);
  return slug.slice(0, 200).replace(/-+$/, '');
}

/** slugify itself, to check the fast path against. */
export function slugifiedLikeCore(name: string): string {
  return slugify(name, OPTIONS).slice(0, 200).replace(/-+$/, '');
}

/**
 * Unique slugs within one type, as `wp_unique_post_slug` hands them out in creation order: the first
 * record keeps `name`, the next get `name-2`, `name-3`, …
 */
export class SlugRegistry {
  private readonly taken = new Set<string>();
  private readonly nextSuffix = new Map<string, number>();
  private readonly cache = new Map<string, string>();

  claim(name: string, fallback: string): string {
    let base = this.cache.get(name);
    if (base === undefined) {
      base = slugOf(name) || fallback;
      this.cache.set(name, base);
    }
    if (!this.taken.has(base)) {
      this.taken.add(base);
      return base;
    }
    let suffix = this.nextSuffix.get(base) ?? 2;
    while (this.taken.has(`${base}-${suffix}`)) suffix++;
    const slug = `${base}-${suffix}`;
    this.nextSuffix.set(base, suffix + 1);
    this.taken.add(slug);
    return slug;
  }
}
