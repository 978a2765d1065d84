import { sanitizeSlug } from '@calendar-events/core/internal';

/**
 * Unique slugs within one type, as `uniqueSlug` hands them out in creation order: the first record keeps
 * the slug of its name, the next get `-2`, `-3`, … Counting on from the last suffix, not from 2 as the
 * service does against its table, keeps a million titles linear (generated names stay far from the
 * 200-character limit the service shortens for).
 */
export class SlugRegistry {
  private readonly taken = new Set<string>();
  private readonly nextSuffix = new Map<string, number>();
  /** sanitizeSlug costs about half a millisecond; titles repeat. */
  private readonly slugOfName = new Map<string, string>();

  claim(name: string, fallback: string): string {
    let base = this.slugOfName.get(name);
    if (base === undefined) {
      base = sanitizeSlug(name) || fallback;
      this.slugOfName.set(name, base);
    }
    let slug = base;
    if (this.taken.has(slug)) {
      let suffix = this.nextSuffix.get(base) ?? 2;
      while (this.taken.has(`${base}-${suffix}`)) suffix++;
      slug = `${base}-${suffix}`;
      this.nextSuffix.set(base, suffix + 1);
    }
    this.taken.add(slug);
    return slug;
  }
}
