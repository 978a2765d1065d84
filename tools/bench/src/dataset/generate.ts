/**
 * The generated calendar: venues in real cities, organizers, categories, tags, images, and N events over
 * three years centred on the moment of generation, as rows of the service's tables. Every row is what the
 * service itself stores when a client creates the record through the API: the rows come from core's own
 * row builders (`@calendar-events/core/internal`, which its writes use too), with the slugs its
 * `sanitizeSlug` gives. The benchmark measures the service on data it could have written.
 *
 * Generation is deterministic for a given N and moment, and streams events in batches so that a million
 * events never sit in memory at once.
 */
import {
  eventRows,
  listingStatus,
  organizerRow,
  postRow,
  sanitizeSlug,
  searchRows,
  type TextRow,
  termRows,
  venueRow,
} from '@calendar-events/core/internal';
import { DateTime, IANAZone } from 'luxon';
import { CITIES, type City, COUNTRIES, type Country } from './places.js';
import { SeededRandom } from './random.js';
import type { Row, RowSet } from './schema.js';
import {
  CATEGORIES,
  ENSEMBLES,
  EVENT_KINDS,
  type EventKind,
  FIRST_NAMES,
  GENERIC_TAGS,
  LAST_NAMES,
  OCCASIONS,
  ORGANIZER_KINDS,
  ORGANIZER_SUBJECTS,
  SENTENCES_DE,
  SENTENCES_EN,
  STREETS,
  SUBJECTS,
  THEMES,
  type Translated,
  VENUE_KINDS,
} from './vocabulary.js';

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
/** The service's default `recurrenceHorizonMonths`: how far ahead a series' occurrences exist. */
export const RECURRENCE_HORIZON_MONTHS = 24;
/** Events start up to this many days before and after the moment of generation (three years in all). */
const HALF_SPAN_DAYS = 548;
/** The word the search scenario looks for; any theme would do, each is in about 1 % of descriptions. */
export const SEARCH_WORD = 'calligraphy';
/** The geolocation scenario's radius, the service's default. */
export const GEO_RADIUS_KM = 25;
/** The password of the protected events (about 1 %). */
export const EVENT_PASSWORD = 'bench-secret';
/** How many events the single-read scenarios cycle through. */
const SAMPLE_EVENTS = 1000;

export interface CalendarShape {
  events: number;
  venues: number;
  organizers: number;
  images: number;
  categories: number;
  tags: number;
}

/** About 2,000 venues and 1,000 organizers for 100,000 events; proportionally more or fewer for other N. */
export function calendarShape(events: number): CalendarShape {
  return {
    events,
    venues: Math.max(20, Math.round(events / 50)),
    organizers: Math.max(10, Math.round(events / 100)),
    images: Math.max(20, Math.min(5000, Math.round(events / 100))),
    categories: CATEGORIES.length,
    tags: 200,
  };
}

/** What the scenarios need to know about the generated calendar (saved with the dataset). */
export interface DatasetFacts {
  generatedAt: string;
  shape: CalendarShape;
  /** Events in the default list window (yesterday to +24 months) that lists show. */
  listedInDefaultWindow: number;
  /** Ids at or below this were generated; anything above was created by a benchmark run. */
  lastGeneratedPostId: number;
  sampleEvents: Array<{ id: number; slug: string }>;
  filtered: { category: string; venue: number; startDate: string; endDate: string; matches: number };
  search: { word: string; matchesInDefaultWindow: number; shareOfEvents: number };
  geolocation: { city: string; lat: number; lng: number; radiusKm: number; venuesInRadius: number };
  create: { venue: number; organizers: number[]; categories: string[]; tags: string[]; timezone: string };
  /**
   * The weekly series (absent in calendars generated before series existed, and with `seriesShare` 0): how
   * many, and how many events they make up in all (each series counts itself, its first occurrence, and its
   * other occurrences).
   */
  series?: { share: number; series: number; events: number };
}

interface VenueRecord {
  id: number;
  name: string;
  city: City;
  country: Country;
  lat: number;
  lng: number;
}

interface TermRecord {
  id: number;
  slug: string;
  name: Translated;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `YYYY-MM-DD HH:MM:SS` of an instant, in UTC. */
function formatUtc(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

function formatDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** A wall time: calendar fields that mean nothing without a zone. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** Wall-time fields of a "floating" millisecond value (UTC arithmetic used as a calendar). */
function wallTimeOf(floatingMs: number): WallTime {
  const d = new Date(floatingMs);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
}

function formatWallTime(t: WallTime): string {
  return `${t.year}-${pad(t.month)}-${pad(t.day)} ${pad(t.hour)}:${pad(t.minute)}:${pad(t.second)}`;
}

const zones = new Map<string, IANAZone>();

/**
 * The instant a wall time names in a zone, as core's `localToUtc` computes it: a time skipped by a DST gap
 * moves forward, a repeated one takes its first occurrence.
 */
export function wallTimeToUtcMs(time: WallTime, zoneName: string): number {
  let zone = zones.get(zoneName);
  if (!zone) {
    zone = IANAZone.create(zoneName);
    zones.set(zoneName, zone);
  }
  const readings = DateTime.fromObject(time, { zone }).getPossibleOffsets();
  return Math.min(...readings.map((reading) => reading.toMillis()));
}

const noonOffsets = new Map<string, number>();

/** The zone's offset (ms) at noon of a day, remembered: one luxon call per zone and day. */
function noonOffset(zoneName: string, year: number, month: number, day: number): number {
  const key = `${zoneName}|${year}-${month}-${day}`;
  let offset = noonOffsets.get(key);
  if (offset === undefined) {
    const noon = { year, month, day, hour: 12, minute: 0, second: 0 };
    offset = Date.UTC(year, month - 1, day, 12) - wallTimeToUtcMs(noon, zoneName);
    noonOffsets.set(key, offset);
  }
  return offset;
}

/**
 * `wallTimeToUtcMs`, faster: asking luxon (Intl lookups) for each of millions of dates is too slow.
 * Zones change their offset only between midnight and 04:00 local time, so from 04:00 on a day has the
 * offset it has at noon; before 04:00 it has it too when the previous noon had the same offset (no
 * change in between). Only the night of a change takes the exact path.
 */
export function fastWallTimeToUtcMs(time: WallTime, zoneName: string): number {
  const floating = Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
  const offset = noonOffset(zoneName, time.year, time.month, time.day);
  if (time.hour >= 4) return floating - offset;
  const previous = new Date(floating - 86_400_000);
  const previousOffset = noonOffset(
    zoneName,
    previous.getUTCFullYear(),
    previous.getUTCMonth() + 1,
    previous.getUTCDate(),
  );
  return previousOffset === offset ? floating - offset : wallTimeToUtcMs(time, zoneName);
}

function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 6371 * 2 * Math.asin(Math.sqrt(a));
}

/**
 * Unique slugs within one type, as `uniqueSlug` hands them out in creation order: the first record keeps
 * the slug of its name, the next get `-2`, `-3`, … Counting on from the last suffix, not from 2 as the
 * service does against its table, keeps a million titles linear (generated names stay far from the
 * 200-character limit the service shortens for).
 */
class SlugRegistry {
  private readonly taken = new Set<string>();
  private readonly nextSuffix = new Map<string, number>();
  /** sanitizeSlug is slow for a million calls; titles repeat. */
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

/** The service's default languages: the search index holds a row for each. */
const LANGUAGES = { languages: ['en', 'de'], defaultLanguage: 'en' } as const;

export interface GeneratorOptions {
  events: number;
  /** The moment the three years are centred on. */
  now: Date;
  administratorId: number;
  authorIds: readonly number[];
  /**
   * The share of the events that are occurrences of weekly series (the series events included), 0 (the
   * default: no series, the calendar of the earlier figures) to below 1.
   */
  seriesShare?: number;
}

/** The rows that make events series, written once their events are (each names its first event). */
export interface RecurrenceRows {
  event_series: Row<'event_series'>[];
}

/** `YYYYMMDDTHHMMSSZ` of an instant. */
function formatIcalUtc(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;

/** Floating milliseconds of a wall time (UTC arithmetic used as a calendar; the inverse of wallTimeOf). */
function floatingMsOf(t: WallTime): number {
  return Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
}

export class CalendarGenerator {
  readonly shape: CalendarShape;
  private readonly random: SeededRandom;
  private readonly nowMs: number;
  private readonly todayMs: number;
  private readonly administratorId: number;
  private readonly authorIds: readonly number[];

  private readonly venues: VenueRecord[] = [];
  private readonly organizerIds: number[] = [];
  private readonly categories: TermRecord[] = [];
  private readonly categoryByName = new Map<string, TermRecord>();
  private readonly tags: TermRecord[] = [];
  /** Popularity order: events pick low positions far more often (see `SeededRandom.skewedIndex`). */
  private venuePopularity: number[] = [];
  private organizerPopularity: number[] = [];
  private tagPopularity: number[] = [];
  private readonly eventSlugs = new SlugRegistry();
  private readonly firstEventId: number;
  private generatedEvents = 0;
  private readonly seriesShare: number;
  /** The horizon every generated series stands at: the moment of generation plus the default months. */
  private readonly horizonMs: number;
  private readonly horizonUtc: string;
  private seriesEvents = 0;
  private readonly recurrence: RecurrenceRows = { event_series: [] };

  // What the scenarios will ask for, gathered while the events stream by.
  private readonly defaultWindow: { start: string; end: string };
  private readonly filteredWindow: { startDate: string; endDate: string; start: string; end: string };
  private listedInDefaultWindow = 0;
  private readonly searchMatches = new Map<string, number>();
  private searchWordEvents = 0;
  private readonly venueCategoryCounts = new Map<string, number>();
  private readonly sampleEvents: Array<{ id: number; slug: string }> = [];
  private readonly sampleStep: number;

  constructor(options: GeneratorOptions) {
    this.shape = calendarShape(options.events);
    this.random = new SeededRandom(0x5eed ^ options.events);
    this.nowMs = options.now.getTime();
    this.todayMs = Math.floor(this.nowMs / DAY_MS) * DAY_MS;
    this.administratorId = options.administratorId;
    this.authorIds = options.authorIds;
    this.firstEventId = this.shape.venues + this.shape.organizers + 1;
    this.sampleStep = Math.max(1, Math.floor(options.events / (SAMPLE_EVENTS * 1.2)));
    this.seriesShare = options.seriesShare ?? 0;
    if (!(this.seriesShare >= 0 && this.seriesShare < 1))
      throw new RangeError(`seriesShare must be from 0 to below 1, not ${this.seriesShare}`);
    // As core's horizonFor: luxon's month arithmetic in UTC, to the second.
    this.horizonMs = DateTime.fromMillis(this.nowMs, { zone: 'UTC' })
      .plus({ months: RECURRENCE_HORIZON_MONTHS })
      .toMillis();
    this.horizonUtc = formatUtc(this.horizonMs);

    // The service's default list window (site zone UTC): the start of yesterday to the end of the day
    // 24 months ahead.
    const windowEnd = new Date(this.todayMs);
    windowEnd.setUTCMonth(windowEnd.getUTCMonth() + 24);
    this.defaultWindow = {
      start: `${formatDate(this.todayMs - DAY_MS)} 00:00:00`,
      end: `${formatDate(windowEnd.getTime())} 23:59:59`,
    };
    const startDate = formatDate(this.todayMs);
    const endDate = formatDate(this.todayMs + 182 * DAY_MS);
    this.filteredWindow = {
      startDate,
      endDate,
      start: `${startDate} 00:00:00`,
      end: `${endDate} 23:59:59`,
    };
  }

  get lastEventId(): number {
    return this.firstEventId + this.shape.events - 1;
  }

  private author(): number {
    return this.random.chance(0.3) || this.authorIds.length === 0
      ? this.administratorId
      : this.random.pick(this.authorIds);
  }

  /** A publication date some time before now, and a modification date after it. */
  private pastDates(maxDaysAgo: number): { date_utc: string; modified_utc: string } {
    const published =
      this.nowMs - this.random.integer(1, maxDaysAgo) * DAY_MS - this.random.integer(0, 86_399) * 1000;
    const modified = Math.min(this.nowMs, published + this.random.integer(0, 30) * DAY_MS);
    return { date_utc: formatUtc(published), modified_utc: formatUtc(modified) };
  }

  private personName(): string {
    return `${this.random.pick(FIRST_NAMES)} ${this.random.pick(LAST_NAMES)}`;
  }

  private phone(): string {
    return this.random.chance(0.6)
      ? `+${this.random.integer(1, 99)} ${this.random.integer(100000, 99999999)}`
      : '';
  }

  /** A venue's or organizer's `posts` row and English text, as a create through the API stores them. */
  private addLinkedPost(
    rows: { posts: Row<'posts'>[]; post_texts: Row<'post_texts'>[] },
    post: { id: number; type: 'venue' | 'organizer'; slug: string; name: string },
    description: () => string | null,
  ): void {
    const { id, type, slug, name } = post;
    const stored = {
      type,
      status: 'publish',
      author_id: this.author(),
      slug,
      ...this.pastDates(1500),
    } as const;
    rows.posts.push({ id, ...postRow({ ...stored, image_id: this.imageId(0.2) }) });
    rows.post_texts.push({
      post_id: id,
      language: 'en',
      title: name,
      description: description(),
      excerpt: null,
    });
  }

  private imageId(probability: number): number | null {
    return this.random.chance(probability) ? this.random.integer(1, this.shape.images) : null;
  }

  /** Users must exist first; everything but the events: images, terms, venues, organizers. */
  referenceRows(): RowSet {
    const images: Row<'images'>[] = [];
    for (let id = 1; id <= this.shape.images; id++) {
      // A URL registered by an event write: the service never downloads it, so sizes stay unknown.
      images.push({
        id,
        url: `https://images.calendar-bench.example/uploads/${pad(id, 5)}.jpg`,
        width: null,
        height: null,
        mime_type: 'image/jpeg',
        filesize: null,
        created_utc: this.pastDates(1500).date_utc,
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
        parent: category.parent !== undefined ? this.categoryByName.get(category.parent)!.id : 0,
        texts: [
          { language: 'en', name: category.en, description: category.description },
          // A German name added later by a German write: description left to fall back to English.
          { language: 'de', name: category.de, description: null },
        ],
      });
      this.categories.push(record);
      this.categoryByName.set(category.en, record);
    }
    const tagNames: Array<{ en: string; de: string | null }> = [
      ...SUBJECTS.map((s) => ({ en: s.en.toLowerCase(), de: s.de })),
      ...GENERIC_TAGS.map(([en, de]) => ({ en, de })),
    ];
    for (const city of CITIES) {
      if (tagNames.length >= this.shape.tags) break;
      tagNames.push({ en: city.name.toLowerCase(), de: null });
    }
    for (const name of tagNames.slice(0, this.shape.tags)) {
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
      this.tags.push(record);
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
    for (let index = 0; index < this.shape.venues; index++) {
      const id = index + 1;
      const target = this.random.next() * total;
      const city = CITIES[cumulative.findIndex((c) => c >= target)] ?? CITIES[0]!;
      const country = COUNTRIES[city.country]!;
      const kind = this.random.pick(VENUE_KINDS);
      const taken = namesInCity.get(city.name) ?? new Set<string>();
      namesInCity.set(city.name, taken);
      let name = `${city.name} ${kind}`;
      if (taken.has(name)) name = `${kind} ${this.random.pick(STREETS)}`;
      if (taken.has(name)) name = `${kind} ${city.name} ${taken.size + 1}`;
      taken.add(name);
      const slug = venueSlugs.claim(name, 'venue');
      // Scattered up to 8 km around the centre, denser near it.
      const distance = 8 * Math.sqrt(this.random.next());
      const angle = this.random.next() * 2 * Math.PI;
      const lat = Math.round((city.lat + (distance * Math.cos(angle)) / 111.045) * 1e6) / 1e6;
      const lng =
        Math.round(
          (city.lng + (distance * Math.sin(angle)) / (111.045 * Math.cos((city.lat * Math.PI) / 180))) * 1e6,
        ) / 1e6;
      const state = country.regionField === 'state' ? city.region : '';
      const province = country.regionField === 'province' ? city.region : '';
      this.addLinkedPost(linked, { id, type: 'venue', slug, name }, () =>
        this.random.chance(0.5) ? `A ${kind.toLowerCase()} in ${city.name}, open all year round.` : null,
      );
      venueRows.push(
        venueRow(id, {
          address: `${this.random.pick(STREETS)} ${this.random.integer(1, 180)}`,
          city: city.name,
          country: country.name,
          province,
          state,
          zip: pad(this.random.integer(1000, 99999), 5),
          phone: this.phone(),
          website: this.random.chance(0.5) ? `https://${slug}.venues.example` : '',
          show_map: this.random.chance(0.95) ? 1 : 0,
          show_map_link: this.random.chance(0.95) ? 1 : 0,
          geo_lat: lat,
          geo_lng: lng,
        }),
      );
      this.venues.push({ id, name, city, country, lat, lng });
    }

    const organizerRows: Row<'organizers'>[] = [];
    const organizerSlugs = new SlugRegistry();
    for (let index = 0; index < this.shape.organizers; index++) {
      const id = this.shape.venues + index + 1;
      const name = this.random.chance(0.6)
        ? `${this.random.pick(CITIES.slice(0, 60)).name} ${this.random.pick(ORGANIZER_SUBJECTS)} ${this.random.pick(ORGANIZER_KINDS)}`
        : this.personName();
      const slug = organizerSlugs.claim(name, 'organizer');
      this.addLinkedPost(linked, { id, type: 'organizer', slug, name }, () =>
        this.random.chance(0.4) ? `${name} has organised events in the region since 2009.` : null,
      );
      organizerRows.push(
        organizerRow(id, {
          phone: this.phone(),
          website: this.random.chance(0.6) ? `https://${slug}.organizers.example` : '',
          email: this.random.chance(0.8) ? `hello@${slug}.organizers.example` : '',
        }),
      );
      this.organizerIds.push(id);
    }

    this.venuePopularity = this.random.permutation(this.venues.length);
    this.organizerPopularity = this.random.permutation(this.organizerIds.length);
    this.tagPopularity = this.random.permutation(this.tags.length);

    return {
      images,
      terms,
      term_texts: termTexts,
      ...linked,
      venues: venueRows,
      organizers: organizerRows,
    };
  }

  /** The next `count` events (fewer at the end), with every row that belongs to them. */
  nextEvents(count: number): RowSet & { events: Row<'events'>[] } {
    const rows = {
      posts: [] as Row<'posts'>[],
      events: [] as Row<'events'>[],
      post_texts: [] as Row<'post_texts'>[],
      event_organizers: [] as Row<'event_organizers'>[],
      event_terms: [] as Row<'event_terms'>[],
      event_search: [] as Row<'event_search'>[],
    };
    const end = Math.min(this.shape.events, this.generatedEvents + count);
    // A series comes whole (its occurrences follow it, as the service inserts them): a batch may end a few
    // events past `count`.
    while (this.generatedEvents < end) this.generatedEvents += this.generateEvent(rows);
    return rows;
  }

  /** The `event_series` rows of every series generated so far (all of them once the events are done). */
  recurrenceRows(): RecurrenceRows {
    return this.recurrence;
  }

  get remainingEvents(): number {
    return this.shape.events - this.generatedEvents;
  }

  private generateEvent(rows: {
    posts: Row<'posts'>[];
    events: Row<'events'>[];
    post_texts: Row<'post_texts'>[];
    event_organizers: Row<'event_organizers'>[];
    event_terms: Row<'event_terms'>[];
    event_search: Row<'event_search'>[];
  }): number {
    const random = this.random;
    const index = this.generatedEvents;
    const id = this.firstEventId + index;
    // Weekly series until they make up their share of the events so far. (No random draw when there are
    // none: the calendar without series is the one of the earlier figures, row for row.)
    const series = this.seriesShare > 0 && this.seriesEvents < this.seriesShare * (index + 1);
    const kind: EventKind = random.pick(EVENT_KINDS);
    const occasion = random.pick(OCCASIONS);
    const subject = random.chance(0.3) ? random.pick(SUBJECTS) : undefined;
    const performer =
      subject === undefined && random.chance(0.3)
        ? random.chance(0.6)
          ? this.personName()
          : `The ${random.pick(LAST_NAMES)} ${random.pick(ENSEMBLES)}`
        : undefined;
    const title = `${occasion.en} ${kind.en}${subject ? `: ${subject.en}` : performer ? ` with ${performer}` : ''}`;
    const slug = this.eventSlugs.claim(title, 'event');

    const venue = random.chance(0.95)
      ? this.venues[this.venuePopularity[random.skewedIndex(this.venues.length)]!]!
      : undefined;
    const zone = venue?.city.timezone ?? 'UTC';

    // The schedule, in the event's own zone.
    const dayOffset = random.integer(-HALF_SPAN_DAYS, HALF_SPAN_DAYS - 1);
    const dayMs = this.todayMs + dayOffset * DAY_MS;
    // A series is a timed event of an evening or a day (a weekly course, a regular night), never all-day.
    const allDay = !series && random.chance(0.05);
    let startLocal: WallTime;
    let endLocal: WallTime;
    if (allDay) {
      startLocal = wallTimeOf(dayMs);
      endLocal = wallTimeOf(dayMs + random.integer(0, 2) * DAY_MS + DAY_MS - 1000);
    } else {
      const hour = random.chance(0.5) ? random.integer(18, 21) : random.integer(9, 17);
      const startMs = dayMs + hour * 3_600_000 + random.pick([0, 0, 15, 30, 30, 45]) * 60_000;
      const minutes =
        !series && random.chance(0.03)
          ? random.integer(1, 3) * 1440 + random.integer(1, 6) * 60
          : random.pick([60, 90, 120, 120, 150, 180, 240]);
      startLocal = wallTimeOf(startMs);
      endLocal = wallTimeOf(startMs + minutes * 60_000);
    }
    const startUtcMs = fastWallTimeToUtcMs(startLocal, zone);
    const endUtcMs = fastWallTimeToUtcMs(endLocal, zone);
    const startUtc = formatUtc(startUtcMs);
    const endUtc = formatUtc(endUtcMs);

    // Status and publication: mostly published some weeks before the start, never in the future.
    const roll = random.next();
    let status: Row<'posts'>['status'] =
      roll < 0.95
        ? 'publish'
        : roll < 0.96
          ? 'future'
          : roll < 0.975
            ? 'draft'
            : roll < 0.98
              ? 'pending'
              : roll < 0.99
                ? 'private'
                : 'trash';
    // A series is not scheduled nor in the trash: those would be a state of the whole series.
    if (series && (status === 'future' || status === 'trash')) status = 'publish';
    let publishedMs = startUtcMs - random.integer(3, 120) * DAY_MS;
    if (publishedMs > this.nowMs) publishedMs = this.nowMs - random.integer(0, 60) * DAY_MS;
    publishedMs -= random.integer(0, 86_399) * 1000;
    if (status === 'future') {
      // Scheduled to appear later; only sensible for events further ahead than that.
      const scheduledMs = this.nowMs + random.integer(1, 30) * DAY_MS;
      if (startUtcMs > scheduledMs + 7 * DAY_MS) publishedMs = scheduledMs;
      else status = 'publish';
    }
    const modifiedMs = Math.min(
      this.nowMs,
      Math.max(publishedMs, publishedMs + random.integer(0, 20) * DAY_MS),
    );
    const password = status !== 'trash' && random.chance(0.01) ? EVENT_PASSWORD : '';
    const hidden = random.chance(0.01) ? 1 : 0;

    const post = postRow({
      type: 'event',
      status,
      author_id: this.author(),
      slug,
      date_utc: formatUtc(publishedMs),
      modified_utc: formatUtc(status === 'future' ? this.nowMs - random.integer(0, 9) * DAY_MS : modifiedMs),
      password,
      image_id: this.imageId(0.3),
    });
    // As the service stores a trashed record (SPEC §14): `<slug>__trashed`, its slug free for others.
    const trashed = status === 'trash' ? { slug: `${slug}__trashed`, trashed_from: 'publish' } : {};
    rows.posts.push({ id, ...post, ...trashed });

    const cost = this.cost(venue?.country ?? COUNTRIES.DE!);
    const event = {
      start_local: formatWallTime(startLocal),
      end_local: formatWallTime(endLocal),
      start_utc: startUtc,
      end_utc: endUtc,
      timezone: zone,
      all_day: allDay ? 1 : 0,
      cost: cost.values,
      currency_symbol: cost.symbol,
      currency_code: '',
      currency_position: cost.position,
      website: random.chance(0.2) ? `https://tickets.calendar-bench.example/${slug}` : null,
      // Maps only for events with a venue, as a client sends show_map explicitly (the default is false).
      show_map: random.chance(0.95) && venue !== undefined ? 1 : 0,
      show_map_link: random.chance(0.95) && venue !== undefined ? 1 : 0,
      hide_from_listings: hidden,
      sticky: random.chance(0.01) ? 1 : 0,
      featured: random.chance(0.05) ? 1 : 0,
      venue_id: venue?.id ?? null,
      parent_id: null,
    };

    // Organizers and terms.
    const organizerCount = random.integer(1, 3);
    const organizers = random
      .distinct(organizerCount, this.organizerIds.length, () => random.skewedIndex(this.organizerIds.length))
      .map((p) => this.organizerIds[this.organizerPopularity[p]!]!);
    const categories = [this.categoryByName.get(kind.category)!];
    if (random.chance(0.25)) {
      const extra = random.pick(this.categories);
      if (extra !== categories[0]) categories.push(extra);
    }
    const tagCount = Math.min(4 - categories.length, random.integer(0, 2));
    const tags = random
      .distinct(tagCount, this.tags.length, () => random.skewedIndex(this.tags.length))
      .map((p) => this.tags[this.tagPopularity[p]!]!);
    const links = eventRows(id, event, {
      organizers,
      categories: categories.map((term) => term.id),
      tags: tags.map((term) => term.id),
    });
    // The post's status is copied onto the event (for the list index), as the service writes it; every row
    // has the occurrences' columns too (the loader's columns are the first row's).
    rows.events.push(
      ...links.events.map((row) => ({
        ...row,
        status,
        follows_id: null,
        series_id: null,
        original_start_utc: null,
      })),
    );
    rows.event_organizers.push(...links.event_organizers);
    rows.event_terms.push(...links.event_terms);

    // Texts: English always, German for about 30 %, written by a later German update of the title (and
    // maybe the description) alone.
    const theme = random.pick(THEMES);
    const description = this.descriptionEn(kind, occasion, venue, theme, organizers.length);
    const excerpt = random.chance(0.4)
      ? `${kind.en} ${venue ? `at ${venue.name}, ${venue.city.name}` : 'online'}.`
      : null;
    const texts: Array<TextRow & { post_id: number }> = [
      { post_id: id, language: 'en', title, description, excerpt },
    ];
    if (random.chance(0.3)) {
      texts.push({
        post_id: id,
        language: 'de',
        title: `${kind.de} ${occasion.de}${subject ? `: ${subject.de}` : performer ? ` mit ${performer}` : ''}`,
        description: random.chance(0.5) ? this.descriptionDe(kind, occasion, venue) : null,
        excerpt: null,
      });
    }
    rows.post_texts.push(...texts);
    const search = searchRows({ id }, texts, LANGUAGES);
    rows.event_search.push(...search);

    const listed = listingStatus(post) === 'publish' && hidden === 0;
    const bodyEn = search[0]!.body;
    this.observe({ id, slug, listed, password, venue, categories, startUtc, endUtc, bodyEn, theme });
    if (!series) return 1;

    // The series' other occurrences, as reconcileSeries (core, resources/events/series.ts) writes them when
    // the series is created: a post each with the series' post fields (its slug too) and the moment of
    // creation as modification date; the series' event row at the rule's dates, parent_id the series (no
    // texts, search rows, organizers or terms: it follows the series, whose rows stand for its own), its
    // series and original start on its event row. Each week keeps the wall
    // time in the event's zone (the UTC instant moves with daylight saving time).
    const wanted = random.chance(0.6) ? random.integer(6, 16) : random.integer(20, 60);
    // Every occurrence before the horizon (an hour to spare for a change of offset), so that no later
    // reconcile finds a date to add; and no more events than the calendar has left.
    const weeksBeforeHorizon = Math.floor((this.horizonMs - startUtcMs - 2 * 3_600_000) / WEEK_MS) + 1;
    const count = Math.max(1, Math.min(wanted, weeksBeforeHorizon, this.shape.events - index));
    const startFloating = floatingMsOf(startLocal);
    const endFloating = floatingMsOf(endLocal);
    const byDay = WEEKDAYS[new Date(startFloating).getUTCDay()]!;
    let rule = `RRULE:FREQ=WEEKLY;BYDAY=${byDay};COUNT=${count}`;
    if (random.chance(0.5)) {
      // As Google Calendar writes an end date: the end of the last day in the event's zone, in UTC.
      const last = wallTimeOf(startFloating + (count - 1) * WEEK_MS);
      const until = fastWallTimeToUtcMs({ ...last, hour: 23, minute: 59, second: 59 }, zone);
      rule = `RRULE:FREQ=WEEKLY;BYDAY=${byDay};UNTIL=${formatIcalUtc(until)}`;
    }
    // The calendar's last event cannot start a series.
    if (count < 2) return 1;
    this.recurrence.event_series.push({
      event_id: id,
      recurrence: JSON.stringify([rule]),
      horizon_utc: this.horizonUtc,
    });
    const occurrencePost = { ...post, trashed_from: null, modified_utc: post.date_utc };
    for (let week = 1; week < count; week++) {
      const occurrenceId = id + week;
      const occurrenceStart = wallTimeOf(startFloating + week * WEEK_MS);
      const occurrenceEnd = wallTimeOf(endFloating + week * WEEK_MS);
      const occurrenceStartUtc = formatUtc(fastWallTimeToUtcMs(occurrenceStart, zone));
      const occurrenceEndUtc = formatUtc(fastWallTimeToUtcMs(occurrenceEnd, zone));
      rows.posts.push({ id: occurrenceId, ...occurrencePost });
      const occurrence = eventRows(occurrenceId, {
        ...event,
        start_local: formatWallTime(occurrenceStart),
        end_local: formatWallTime(occurrenceEnd),
        start_utc: occurrenceStartUtc,
        end_utc: occurrenceEndUtc,
        parent_id: id,
      });
      rows.events.push(
        ...occurrence.events.map((row) => ({
          ...row,
          status,
          follows_id: id,
          series_id: id,
          original_start_utc: occurrenceStartUtc,
        })),
      );
      this.observe({
        id: occurrenceId,
        slug,
        listed,
        password,
        venue,
        categories,
        startUtc: occurrenceStartUtc,
        endUtc: occurrenceEndUtc,
        bodyEn,
        theme,
        occurrence: true,
      });
    }
    this.seriesEvents += count;
    return count;
  }

  /** Keeps what the scenarios need: sample ids, and counts to choose filters that return results. */
  private observe(event: {
    id: number;
    slug: string;
    /** Published and not hidden: what anonymous lists show. */
    listed: boolean;
    password: string;
    venue: VenueRecord | undefined;
    categories: TermRecord[];
    startUtc: string;
    endUtc: string;
    bodyEn: string;
    theme: string;
    /** An occurrence other than the first: not read by id or slug (its slug is its series'). */
    occurrence?: boolean;
  }): void {
    const { listed } = event;
    if (event.bodyEn.includes(SEARCH_WORD)) this.searchWordEvents++;
    if (
      listed &&
      event.password === '' &&
      !event.occurrence &&
      this.sampleEvents.length < SAMPLE_EVENTS &&
      (event.id - this.firstEventId) % this.sampleStep === 0
    )
      this.sampleEvents.push({ id: event.id, slug: event.slug });
    if (!listed) return;
    if (event.startUtc >= this.defaultWindow.start && event.endUtc <= this.defaultWindow.end) {
      this.listedInDefaultWindow++;
      // Anonymous searches skip protected events, whose text they may not read.
      if (event.password === '')
        this.searchMatches.set(event.theme, (this.searchMatches.get(event.theme) ?? 0) + 1);
    }
    if (
      event.venue &&
      event.startUtc >= this.filteredWindow.start &&
      event.endUtc <= this.filteredWindow.end
    ) {
      for (const category of event.categories) {
        const key = `${event.venue.id}|${category.slug}`;
        this.venueCategoryCounts.set(key, (this.venueCategoryCounts.get(key) ?? 0) + 1);
      }
    }
  }

  /**
   * The cost as core stores it (a JSON list of the amounts as written, `content/cost.ts`) after parsing what
   * a local organizer sends: `"12 €"`, `"$10 - $25"`, `"Free"` (a lone `"0"` would be no cost at all), or a
   * bare `"15"`, which shows with the site's default currency symbol.
   */
  private cost(country: Country): { values: string; symbol: string; position: string } {
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

  private descriptionEn(
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

  private descriptionDe(kind: EventKind, occasion: Translated, venue: VenueRecord | undefined): string {
    const random = this.random;
    const where = venue ? `im Haus ${venue.name} in ${venue.city.name}` : 'online';
    const sentences = random
      .distinct(2, SENTENCES_DE.length, () => random.integer(0, SENTENCES_DE.length - 1))
      .map((i) => SENTENCES_DE[i]!);
    return `<p>Willkommen: ${kind.de} ${occasion.de} ${where}. ${sentences[0]}</p>\n<p>${sentences[1]}</p>`;
  }

  /** Once every event is generated: what the scenarios need. */
  facts(): DatasetFacts {
    // The busiest venue and category in the filter window, so the filtered list returns a full-ish page.
    let best: { key: string; count: number } = { key: '', count: 0 };
    for (const [key, count] of this.venueCategoryCounts) if (count > best.count) best = { key, count };
    const [venueText, categorySlug] = best.key.split('|');
    const filteredVenue = best.count > 0 ? Number(venueText) : this.venues[this.venuePopularity[0]!]!.id;

    const venuesPerCity = new Map<City, number>();
    for (const venue of this.venues) venuesPerCity.set(venue.city, (venuesPerCity.get(venue.city) ?? 0) + 1);
    const [geoCity] = [...venuesPerCity.entries()].sort((a, b) => b[1] - a[1])[0]!;
    const venuesInRadius = this.venues.filter(
      (v) => distanceKm(geoCity.lat, geoCity.lng, v.lat, v.lng) <= GEO_RADIUS_KM,
    ).length;

    // The search word, unless the calendar is so small that it misses the default window entirely.
    let word: string = SEARCH_WORD;
    if ((this.searchMatches.get(word) ?? 0) === 0) {
      word = [...this.searchMatches.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? SEARCH_WORD;
    }

    const createVenue = this.venues[this.venuePopularity[Math.min(10, this.venues.length - 1)]!]!;
    return {
      generatedAt: new Date(this.nowMs).toISOString(),
      shape: this.shape,
      listedInDefaultWindow: this.listedInDefaultWindow,
      lastGeneratedPostId: this.lastEventId,
      sampleEvents: this.sampleEvents,
      filtered: {
        category: categorySlug ?? this.categories[0]!.slug,
        venue: filteredVenue,
        startDate: this.filteredWindow.startDate,
        endDate: this.filteredWindow.endDate,
        matches: best.count,
      },
      search: {
        word,
        matchesInDefaultWindow: this.searchMatches.get(word) ?? 0,
        shareOfEvents: this.searchWordEvents / Math.max(1, this.shape.events),
      },
      geolocation: {
        city: geoCity.name,
        lat: geoCity.lat,
        lng: geoCity.lng,
        radiusKm: GEO_RADIUS_KM,
        venuesInRadius,
      },
      create: {
        venue: createVenue.id,
        organizers: this.organizerIds.slice(0, 2),
        categories: [this.categories[0]!.slug],
        tags: this.tags.slice(0, 2).map((t) => t.slug),
        timezone: createVenue.city.timezone,
      },
      ...(this.seriesShare > 0
        ? {
            series: {
              share: this.seriesShare,
              series: this.recurrence.event_series.length,
              events: this.seriesEvents,
            },
          }
        : {}),
    };
  }
}
