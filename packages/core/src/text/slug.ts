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
  // Tags and entities are markup, not words (WordPress strips tags and drops entities too).
  const words = plainText(text);
  const slug = slugify(words, SLUGIFY_OPTIONS);
  return truncateSlug(slug, MAX_SLUG_LENGTH);
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
