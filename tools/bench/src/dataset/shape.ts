/**
 * What the generated calendar is made of: its size for N events, the constants the scenarios share with it,
 * the records the events refer to, and the facts the scenarios are told about it.
 */
import type { City, Country } from './places.js';
import type { Row } from './schema.js';
import { CATEGORIES, type Translated } from './vocabulary.js';

export const DAY_MS = 86_400_000;
export const WEEK_MS = 7 * DAY_MS;
/** The service's default `recurrenceHorizonMonths`: how far ahead a series' occurrences exist. */
export const RECURRENCE_HORIZON_MONTHS = 24;
/** Events start up to this many days before and after the moment of generation (three years in all). */
export const HALF_SPAN_DAYS = 548;
/** The word the search scenario looks for; any theme would do, each is in about 1 % of descriptions. */
export const SEARCH_WORD = 'calligraphy';
/** The geolocation scenario's radius, the service's default. */
export const GEO_RADIUS_KM = 25;
/** The password of the protected events (about 1 %). */
export const EVENT_PASSWORD = 'bench-secret';
/** How many events the single-read scenarios cycle through. */
export const SAMPLE_EVENTS = 1000;

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

export interface VenueRecord {
  id: number;
  name: string;
  city: City;
  country: Country;
  lat: number;
  lng: number;
}

export interface TermRecord {
  id: number;
  slug: string;
  name: Translated;
}

/** The service's default languages: the search index holds a row for each. */
export const LANGUAGES = { languages: ['en', 'de'], defaultLanguage: 'en' } as const;

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
