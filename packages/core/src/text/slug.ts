/**
 * Slugs like WordPress's `sanitize_title` and `wp_unique_post_slug` (ref §7.9).
 *
 * `@sindresorhus/slugify` does the transliteration; its options are set so that it agrees with WordPress
 * where WordPress does something definite:
 * - `remove_accents` maps ä, ö, ü to a, o, u (not ae, oe, ue) and ß to ss;
 * - `&` and entities disappear (slugify's default writes `and`), as do apostrophes (`Don't` → `dont`);
 * - no word splitting at case changes (`FooBar` → `foobar`);
 * - underscores are kept (`my_event` stays `my_event`);
 * - at most 200 characters, the size of WordPress's `post_name` column.
 * Where they differ we keep slugify's readable behaviour: other punctuation becomes `-` rather than vanishing
 * (`a+b` → `a-b`), and non-Latin scripts are transliterated (`Москва` → `moskva`) rather than percent-encoded.
 * Characters slugify cannot transliterate (e.g. CJK) are dropped, so a title in those scripts gives ''.
 */
import slugify, { type Options as SlugifyOptions } from '@sindresorhus/slugify';
import { plainText } from './html.js';

/** The longest slug WordPress stores (`wp_posts.post_name` is VARCHAR(200)). */
export const MAX_SLUG_LENGTH = 200;

/** Replacements that override slugify's defaults, applied before transliteration. */
const WORDPRESS_REPLACEMENTS: Array<[string, string]> = [
  // remove_accents, not German transliteration (slugify's default is ae/oe/ue).
  ['ä', 'a'],
  ['Ä', 'A'],
  ['ö', 'o'],
  ['Ö', 'O'],
  ['ü', 'u'],
  ['Ü', 'U'],
  ['ß', 'ss'],
  ['ẞ', 'SS'],
  // WordPress drops these instead of spelling them out.
  ['&', ' '],
  ['🦄', ' '],
  ['♥', ' '],
  // Apostrophes vanish inside words, as in WordPress (`L'Orchestre` → `lorchestre`).
  ["'", ''],
  ['’', ''],
  ['‘', ''],
];

const SLUGIFY_OPTIONS: SlugifyOptions = {
  decamelize: false,
  customReplacements: WORDPRESS_REPLACEMENTS,
  preserveCharacters: ['_'],
};

/**
 * WordPress-style slug of a title or of a slug sent by a client: lower case, accents removed, spaces and
 * punctuation turned into `-`, runs of `-` collapsed, `-` trimmed from both ends. '' when nothing is left.
 */
export function sanitizeSlug(text: string): string {
  return truncateSlug(quickSlug(text) ?? librarySlug(text), MAX_SLUG_LENGTH);
}

/** The slug as the library makes it, markup and entities removed first (WordPress strips tags, drops entities). */
export function librarySlug(text: string): string {
  return slugify(plainText(text), SLUGIFY_OPTIONS);
}

/** Latin-1 letters that slugify turns into their base letter, as Unicode decomposition does. */
const FOLDABLE =
  /[\u00c0-\u00c5\u00c7-\u00cf\u00d1-\u00d6\u00d9-\u00dd\u00e0-\u00e5\u00e7-\u00ef\u00f1-\u00f6\u00f9-\u00fd\u00ff]/g;

/**
 * ASCII letters, digits, spaces and the signs the library turns into separators. Not: `"&'<>\\_^\``, which the
 * markup step or the library treat otherwise (apostrophes are removed before the test, as the replacements
 * above remove them).
 */
const PLAIN = /^[A-Za-z0-9 !#$%()*+,\-./:;=?@[\]{|}~]*$/;

/**
 * The library's answer for the common titles, computed directly: slugify is slow for a call per title (it
 * builds its transliteration expressions each time), and sanitize-html's pass more. For text that is plain ASCII
 * once Latin-1 accents and apostrophes are dropped, both come down to lower-casing and joining the runs of
 * letters and digits with `-` (a property test checks this against `librarySlug`); anything else goes to them.
 */
function quickSlug(text: string): string | undefined {
  const folded = text.replace(FOLDABLE, (c) => c.normalize('NFD')[0]!).replace(/['’‘]/g, '');
  if (!PLAIN.test(folded)) return undefined;
  return folded
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((part) => part !== '')
    .join('-');
}

/**
 * `wp_unique_post_slug`: `wanted` if it is free, else `wanted-2`, `wanted-3`, … (shortened so the result stays
 * within {@link MAX_SLUG_LENGTH}). An empty slug is returned as is: records without a slug (drafts) may share
 * it. The caller decides what counts as taken (same type, other record, trashed records or not), and should
 * still guard the final write with a unique index, since two requests can pick the same free slug.
 */
export async function uniqueSlug(
  wanted: string,
  isTaken: (slug: string) => Promise<boolean>,
): Promise<string> {
  if (wanted === '' || !(await isTaken(wanted))) return wanted;
  for (let suffix = 2; suffix <= MAX_SLUG_SUFFIX; suffix++) {
    const ending = `-${suffix}`;
    const candidate = truncateSlug(wanted, MAX_SLUG_LENGTH - ending.length) + ending;
    if (!(await isTaken(candidate))) return candidate;
  }
  // WordPress loops for ever; a predicate that never says "free" is a bug we would rather see than wait on.
  throw new Error(`No free slug for "${wanted}" up to suffix ${MAX_SLUG_SUFFIX}`);
}

/** How far uniqueSlug counts before it gives up. */
const MAX_SLUG_SUFFIX = 10_000;

/** Cuts a slug to `maxLength` without leaving a trailing `-`. */
function truncateSlug(slug: string, maxLength: number): string {
  if (slug.length <= maxLength) return slug;
  return slug.slice(0, maxLength).replace(/-+$/, '');
}
