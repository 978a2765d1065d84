/**
 * The records every event refers to, generated before the events: images, categories and tags, venues in real
 * cities, organizers. Their rows are what a create through the API stores (core's row builders).
 */
import { organizerRow, pad, postRow, termRows, venueRow } from '@calendar-events/core/internal';
import type { Draws } from './draws.js';
import { CITIES, COUNTRIES } from './places.js';
import type { Row, RowSet } from './schema.js';
import type { CalendarShape, TermRecord, VenueRecord } from './shape.js';
import { SlugRegistry } from './slugs.js';
import {
  CATEGORIES,
  GENERIC_TAGS,
  ORGANIZER_KINDS,
  ORGANIZER_SUBJECTS,
  STREETS,
  SUBJECTS,
  VENUE_KINDS,
} from './vocabulary.js';

/** The generated records the events pick from. */
export interface LinkedRecords {
  venues: VenueRecord[];
  organizerIds: number[];
  categories: TermRecord[];
  categoryByName: Map<string, TermRecord>;
  tags: TermRecord[];
}

/** A venue's or organizer's `posts` row and English text, as a create through the API stores them. */
function addLinkedPost(
  draws: Draws,
  rows: { posts: Row<'posts'>[]; post_texts: Row<'post_texts'>[] },
  post: { id: number; type: 'venue' | 'organizer'; slug: string; name: string },
  description: () => string | null,
): void {
  const { id, type, slug, name } = post;
  const stored = {
    type,
    status: 'publish',
    author_id: draws.author(),
    slug,
    ...draws.pastDates(1500),
  } as const;
  rows.posts.push({ id, ...postRow({ ...stored, image_id: draws.imageId(0.2) }) });
  rows.post_texts.push({
    post_id: id,
    language: 'en',
    title: name,
    description: description(),
    excerpt: null,
  });
}

/** Users must exist first; everything but the events: images, terms, venues, organizers (kept in `records`). */
export function referenceRows(draws: Draws, shape: CalendarShape, records: LinkedRecords): RowSet {
  const images: Row<'images'>[] = [];
  for (let id = 1; id <= shape.images; id++) {
    // A URL registered by an event write: the service never downloads it, so sizes stay unknown.
    images.push({
      id,
      url: `https://images.calendar-bench.example/uploads/${pad(id, 5)}.jpg`,
      width: null,
      height: null,
      mime_type: 'image/jpeg',
      filesize: null,
      created_utc: draws.pastDates(1500).date_utc,
    });
  }

  const terms: Row<'terms'>[] = [];
  const termTexts: Row<'term_texts'>[] = [];
  const termSlugs = { category: new SlugRegistry(), tag: new SlugRegistry() };
  let termId = 0;
  const addTerm = (record: TermRecord, values: Omit<Parameters<typeof termRows>[1], 'slug'>) => {
    const rows = termRows(record.id, { ...values, slug: record.slug });
    terms.push(rows.terms);
    termTexts.push(...rows.term_texts);
  };
  for (const category of CATEGORIES) {
    const record: TermRecord = {
      id: ++termId,
      slug: termSlugs.category.claim(category.en, 'category'),
      name: category,
    };
    addTerm(record, {
      taxonomy: 'category',
      parent: category.parent !== undefined ? records.categoryByName.get(category.parent)!.id : 0,
      texts: [
        { language: 'en', name: category.en, description: category.description },
        // A German name added later by a German write: description left to fall back to English.
        { language: 'de', name: category.de, description: null },
      ],
    });
    records.categories.push(record);
    records.categoryByName.set(category.en, record);
  }
  const tagNames: Array<{ en: string; de: string | null }> = [
    ...SUBJECTS.map((s) => ({ en: s.en.toLowerCase(), de: s.de })),
    ...GENERIC_TAGS.map(([en, de]) => ({ en, de })),
  ];
  for (const city of CITIES) {
    if (tagNames.length >= shape.tags) break;
    tagNames.push({ en: city.name.toLowerCase(), de: null });
  }
  for (const name of tagNames.slice(0, shape.tags)) {
    const record: TermRecord = {
      id: ++termId,
      slug: termSlugs.tag.claim(name.en, 'tag'),
      name: { en: name.en, de: name.de ?? name.en },
    };
    addTerm(record, {
      taxonomy: 'tag',
      texts: [
        { language: 'en', name: name.en, description: null },
        ...(name.de !== null ? [{ language: 'de', name: name.de, description: null }] : []),
      ],
    });
    records.tags.push(record);
  }

  const linked = { posts: [] as Row<'posts'>[], post_texts: [] as Row<'post_texts'>[] };
  const venueRows: Row<'venues'>[] = [];
  const venueSlugs = new SlugRegistry();
  const cityWeights = CITIES.map((_, rank) => 1 / Math.sqrt(rank + 1));
  const cumulative: number[] = [];
  let total = 0;
  for (const weight of cityWeights) {
    total += weight;
    cumulative.push(total);
  }
  const namesInCity = new Map<string, Set<string>>();
  for (let index = 0; index < shape.venues; index++) {
    const id = index + 1;
    const target = draws.random.next() * total;
    const city = CITIES[cumulative.findIndex((c) => c >= target)] ?? CITIES[0]!;
    const country = COUNTRIES[city.country]!;
    const kind = draws.random.pick(VENUE_KINDS);
    const taken = namesInCity.get(city.name) ?? new Set<string>();
    namesInCity.set(city.name, taken);
    let name = `${city.name} ${kind}`;
    if (taken.has(name)) name = `${kind} ${draws.random.pick(STREETS)}`;
    if (taken.has(name)) name = `${kind} ${city.name} ${taken.size + 1}`;
    taken.add(name);
    const slug = venueSlugs.claim(name, 'venue');
    // Scattered up to 8 km around the centre, denser near it.
    const distance = 8 * Math.sqrt(draws.random.next());
    const angle = draws.random.next() * 2 * Math.PI;
    const lat = Math.round((city.lat + (distance * Math.cos(angle)) / 111.045) * 1e6) / 1e6;
    const lng =
      Math.round(
        (city.lng + (distance * Math.sin(angle)) / (111.045 * Math.cos((city.lat * Math.PI) / 180))) * 1e6,
      ) / 1e6;
    const state = country.regionField === 'state' ? city.region : '';
    const province = country.regionField === 'province' ? city.region : '';
    addLinkedPost(draws, linked, { id, type: 'venue', slug, name }, () =>
      draws.random.chance(0.5) ? `A ${kind.toLowerCase()} in ${city.name}, open all year round.` : null,
    );
    venueRows.push(
      venueRow(id, {
        address: `${draws.random.pick(STREETS)} ${draws.random.integer(1, 180)}`,
        city: city.name,
        country: country.name,
        province,
        state,
        zip: pad(draws.random.integer(1000, 99999), 5),
        phone: draws.phone(),
        website: draws.random.chance(0.5) ? `https://${slug}.venues.example` : '',
        show_map: draws.random.chance(0.95) ? 1 : 0,
        show_map_link: draws.random.chance(0.95) ? 1 : 0,
        geo_lat: lat,
        geo_lng: lng,
      }),
    );
    records.venues.push({ id, name, city, country, lat, lng });
  }

  const organizerRows: Row<'organizers'>[] = [];
  const organizerSlugs = new SlugRegistry();
  for (let index = 0; index < shape.organizers; index++) {
    const id = shape.venues + index + 1;
    const name = draws.random.chance(0.6)
      ? `${draws.random.pick(CITIES.slice(0, 60)).name} ${draws.random.pick(ORGANIZER_SUBJECTS)} ${draws.random.pick(ORGANIZER_KINDS)}`
      : draws.personName();
    const slug = organizerSlugs.claim(name, 'organizer');
    addLinkedPost(draws, linked, { id, type: 'organizer', slug, name }, () =>
      draws.random.chance(0.4) ? `${name} has organised events in the region since 2009.` : null,
    );
    organizerRows.push(
      organizerRow(id, {
        phone: draws.phone(),
        website: draws.random.chance(0.6) ? `https://${slug}.organizers.example` : '',
        email: draws.random.chance(0.8) ? `hello@${slug}.organizers.example` : '',
      }),
    );
    records.organizerIds.push(id);
  }

  return {
    images,
    terms,
    term_texts: termTexts,
    ...linked,
    venues: venueRows,
    organizers: organizerRows,
  };
}
