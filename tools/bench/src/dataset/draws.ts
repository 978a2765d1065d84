/**
 * The drawn values of the generated records: who wrote them and when, names, phone numbers, images, costs
 * and descriptions. Each draw takes the generator's one random sequence, in the order the generator asks.
 */
import type { Country } from './places.js';
import type { SeededRandom } from './random.js';
import type { VenueRecord } from './shape.js';
import { DAY_MS } from './shape.js';
import {
  type EventKind,
  FIRST_NAMES,
  LAST_NAMES,
  SENTENCES_DE,
  SENTENCES_EN,
  type Translated,
} from './vocabulary.js';
import { formatUtcMs as formatUtc } from './wall-times.js';

/** What the draws of a record need: the random sequence, the moment of generation, the users and images. */
export class Draws {
  constructor(
    readonly random: SeededRandom,
    private readonly nowMs: number,
    private readonly administratorId: number,
    private readonly authorIds: readonly number[],
    private readonly images: number,
  ) {}

  author(): number {
    return this.random.chance(0.3) || this.authorIds.length === 0
      ? this.administratorId
      : this.random.pick(this.authorIds);
  }

  /** A publication date some time before now, and a modification date after it. */
  pastDates(maxDaysAgo: number): { date_utc: string; modified_utc: string } {
    const published =
      this.nowMs - this.random.integer(1, maxDaysAgo) * DAY_MS - this.random.integer(0, 86_399) * 1000;
    const modified = Math.min(this.nowMs, published + this.random.integer(0, 30) * DAY_MS);
    return { date_utc: formatUtc(published), modified_utc: formatUtc(modified) };
  }

  personName(): string {
    return `${this.random.pick(FIRST_NAMES)} ${this.random.pick(LAST_NAMES)}`;
  }

  phone(): string {
    return this.random.chance(0.6)
      ? `+${this.random.integer(1, 99)} ${this.random.integer(100000, 99999999)}`
      : '';
  }

  imageId(probability: number): number | null {
    return this.random.chance(probability) ? this.random.integer(1, this.images) : null;
  }

  /**
   * The cost as core stores it (a JSON list of the amounts as written, `content/cost.ts`) after parsing what
   * a local organizer sends: `"12 €"`, `"$10 - $25"`, `"Free"` (a lone `"0"` would be no cost at all), or a
   * bare `"15"`, which shows with the site's default currency symbol.
   */
  cost(country: Country): { values: string; symbol: string; position: string } {
    const roll = this.random.next();
    if (roll < 0.25) return { values: '[]', symbol: '', position: '' };
    if (roll < 0.4) return { values: '["Free"]', symbol: '', position: '' };
    const base = this.random.pick([5, 8, 10, 12, 15, 18, 20, 25, 30, 35, 45, 60, 80, 120]);
    const price = (euros: number) => {
      const local = euros * country.priceScale;
      return local >= 100 ? Math.round(local / 10) * 10 : Math.round(local * 2) / 2;
    };
    const written = (amount: number) => (Number.isInteger(amount) ? String(amount) : amount.toFixed(2));
    const values = this.random.chance(0.3) ? [price(base), price(base * 2)] : [price(base)];
    const items = JSON.stringify([...new Set(values)].map(written));
    // About one priced event in five is sent without a symbol and relies on the site's default.
    if (roll < 0.52) return { values: items, symbol: '', position: '' };
    return { values: items, symbol: country.currency, position: country.position };
  }

  descriptionEn(
    kind: EventKind,
    occasion: Translated,
    venue: VenueRecord | undefined,
    theme: string,
    organizers: number,
  ): string {
    const random = this.random;
    const where = venue ? `at ${venue.name} in ${venue.city.name}` : 'online';
    const intro = `Join us for a ${occasion.en.toLowerCase()} ${kind.en.toLowerCase()} ${where}.`;
    const sentences = random
      .distinct(3, SENTENCES_EN.length, () => random.integer(0, SENTENCES_EN.length - 1))
      .map((i) => SENTENCES_EN[i]!);
    const spotlight = `This edition puts the spotlight on ${theme}.`;
    const hosts =
      organizers > 1 ? 'The organizers look forward to seeing you.' : 'We look forward to seeing you.';
    // Half the descriptions are HTML as WordPress editors write it, half plain text with blank lines.
    if (random.chance(0.5)) {
      return `<p>${intro} ${sentences[0]} ${sentences[1]}</p>\n<p><strong>${spotlight}</strong> ${sentences[2]}</p>\n<p>${hosts}</p>`;
    }
    return `${intro} ${sentences[0]} ${sentences[1]}\n\n${spotlight} ${sentences[2]}\n\n${hosts}`;
  }

  descriptionDe(kind: EventKind, occasion: Translated, venue: VenueRecord | undefined): string {
    const random = this.random;
    const where = venue ? `im Haus ${venue.name} in ${venue.city.name}` : 'online';
    const sentences = random
      .distinct(2, SENTENCES_DE.length, () => random.integer(0, SENTENCES_DE.length - 1))
      .map((i) => SENTENCES_DE[i]!);
    return `<p>Willkommen: ${kind.de} ${occasion.de} ${where}. ${sentences[0]}</p>\n<p>${sentences[1]}</p>`;
  }
}
