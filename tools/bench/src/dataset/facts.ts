/**
 * What the scenarios are told about the generated calendar (`DatasetFacts`): gathered while the events stream
 * by (samples to read, counts that choose filters with results), summed up once they are all generated.
 */

import type { City } from './places.js';
import type { LinkedRecords } from './reference-rows.js';
import {
  type CalendarShape,
  DAY_MS,
  type DatasetFacts,
  GEO_RADIUS_KM,
  SAMPLE_EVENTS,
  SEARCH_WORD,
  type TermRecord,
  type VenueRecord,
} from './shape.js';
import { formatDate } from './wall-times.js';

function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 6371 * 2 * Math.asin(Math.sqrt(a));
}

/** The calendar as a whole, once every event is generated. */
export interface CalendarFacts {
  shape: CalendarShape;
  nowMs: number;
  lastEventId: number;
  records: LinkedRecords;
  venuePopularity: readonly number[];
  series: DatasetFacts['series'];
}

export class FactsGatherer {
  private readonly defaultWindow: { start: string; end: string };
  private readonly filteredWindow: { startDate: string; endDate: string; start: string; end: string };
  private listedInDefaultWindow = 0;
  private readonly searchMatches = new Map<string, number>();
  private searchWordEvents = 0;
  private readonly venueCategoryCounts = new Map<string, number>();
  private readonly sampleEvents: Array<{ id: number; slug: string }> = [];
  private readonly sampleStep: number;

  constructor(
    todayMs: number,
    events: number,
    private readonly firstEventId: number,
  ) {
    this.sampleStep = Math.max(1, Math.floor(events / (SAMPLE_EVENTS * 1.2)));
    // The service's default list window (site zone UTC): the start of yesterday to the end of the day
    // 24 months ahead.
    const windowEnd = new Date(todayMs);
    windowEnd.setUTCMonth(windowEnd.getUTCMonth() + 24);
    this.defaultWindow = {
      start: `${formatDate(todayMs - DAY_MS)} 00:00:00`,
      end: `${formatDate(windowEnd.getTime())} 23:59:59`,
    };
    const startDate = formatDate(todayMs);
    const endDate = formatDate(todayMs + 182 * DAY_MS);
    this.filteredWindow = {
      startDate,
      endDate,
      start: `${startDate} 00:00:00`,
      end: `${endDate} 23:59:59`,
    };
  }

  /** Keeps what the scenarios need: sample ids, and counts to choose filters that return results. */
  observe(event: {
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

  /** Once every event is generated: what the scenarios need. */
  facts(calendar: CalendarFacts): DatasetFacts {
    const { shape, nowMs, lastEventId, records, venuePopularity, series } = calendar;
    // The busiest venue and category in the filter window, so the filtered list returns a full-ish page.
    let best: { key: string; count: number } = { key: '', count: 0 };
    for (const [key, count] of this.venueCategoryCounts) if (count > best.count) best = { key, count };
    const [venueText, categorySlug] = best.key.split('|');
    const filteredVenue = best.count > 0 ? Number(venueText) : records.venues[venuePopularity[0]!]!.id;

    const venuesPerCity = new Map<City, number>();
    for (const venue of records.venues)
      venuesPerCity.set(venue.city, (venuesPerCity.get(venue.city) ?? 0) + 1);
    const [geoCity] = [...venuesPerCity.entries()].sort((a, b) => b[1] - a[1])[0]!;
    const venuesInRadius = records.venues.filter(
      (v) => distanceKm(geoCity.lat, geoCity.lng, v.lat, v.lng) <= GEO_RADIUS_KM,
    ).length;

    // The search word, unless the calendar is so small that it misses the default window entirely.
    let word: string = SEARCH_WORD;
    if ((this.searchMatches.get(word) ?? 0) === 0) {
      word = [...this.searchMatches.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? SEARCH_WORD;
    }

    const createVenue = records.venues[venuePopularity[Math.min(10, records.venues.length - 1)]!]!;
    return {
      generatedAt: new Date(nowMs).toISOString(),
      shape: shape,
      listedInDefaultWindow: this.listedInDefaultWindow,
      lastGeneratedPostId: lastEventId,
      sampleEvents: this.sampleEvents,
      filtered: {
        category: categorySlug ?? records.categories[0]!.slug,
        venue: filteredVenue,
        startDate: this.filteredWindow.startDate,
        endDate: this.filteredWindow.endDate,
        matches: best.count,
      },
      search: {
        word,
        matchesInDefaultWindow: this.searchMatches.get(word) ?? 0,
        shareOfEvents: this.searchWordEvents / Math.max(1, shape.events),
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
        organizers: records.organizerIds.slice(0, 2),
        categories: [records.categories[0]!.slug],
        tags: records.tags.slice(0, 2).map((t) => t.slug),
        timezone: createVenue.city.timezone,
      },
      ...(series ? { series } : {}),
    };
  }
}
