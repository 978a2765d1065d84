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
import { DateTime } from 'luxon';
import { Draws } from './draws.js';
import { type EventBatch, type EventProgress, type EventWorld, generateEvent } from './event-rows.js';
import { FactsGatherer } from './facts.js';
import { SeededRandom } from './random.js';
import { type LinkedRecords, referenceRows } from './reference-rows.js';
import type { RowSet } from './schema.js';
import {
  type CalendarShape,
  calendarShape,
  DAY_MS,
  type DatasetFacts,
  type GeneratorOptions,
  RECURRENCE_HORIZON_MONTHS,
  type RecurrenceRows,
} from './shape.js';
import { SlugRegistry } from './slugs.js';
import { formatUtcMs } from './wall-times.js';

export class CalendarGenerator {
  readonly shape: CalendarShape;
  private readonly random: SeededRandom;
  private readonly nowMs: number;
  private readonly seriesShare: number;
  private readonly records: LinkedRecords = {
    venues: [],
    organizerIds: [],
    categories: [],
    categoryByName: new Map(),
    tags: [],
  };
  private readonly draws: Draws;
  private readonly gatherer: FactsGatherer;
  private readonly world: EventWorld;
  private readonly progress: EventProgress = { generated: 0, seriesEvents: 0 };

  constructor(options: GeneratorOptions) {
    this.shape = calendarShape(options.events);
    this.random = new SeededRandom(0x5eed ^ options.events);
    this.nowMs = options.now.getTime();
    const todayMs = Math.floor(this.nowMs / DAY_MS) * DAY_MS;
    const firstEventId = this.shape.venues + this.shape.organizers + 1;
    this.seriesShare = options.seriesShare ?? 0;
    if (!(this.seriesShare >= 0 && this.seriesShare < 1))
      throw new RangeError(`seriesShare must be from 0 to below 1, not ${this.seriesShare}`);
    // As core's horizonFor: luxon's month arithmetic in UTC, to the second.
    const horizonMs = DateTime.fromMillis(this.nowMs, { zone: 'UTC' })
      .plus({ months: RECURRENCE_HORIZON_MONTHS })
      .toMillis();
    this.draws = new Draws(
      this.random,
      this.nowMs,
      options.administratorId,
      options.authorIds,
      this.shape.images,
    );
    this.gatherer = new FactsGatherer(todayMs, options.events, firstEventId);
    this.world = {
      draws: this.draws,
      nowMs: this.nowMs,
      todayMs,
      firstEventId,
      events: this.shape.events,
      seriesShare: this.seriesShare,
      horizonMs,
      horizonUtc: formatUtcMs(horizonMs),
      records: this.records,
      popularity: { venues: [], organizers: [], tags: [] },
      eventSlugs: new SlugRegistry(),
      recurrence: { event_series: [] },
      facts: this.gatherer,
    };
  }

  get lastEventId(): number {
    return this.world.firstEventId + this.shape.events - 1;
  }

  /** Users must exist first; everything but the events: images, terms, venues, organizers. */
  referenceRows(): RowSet {
    const rows = referenceRows(this.draws, this.shape, this.records);
    this.world.popularity = {
      venues: this.random.permutation(this.records.venues.length),
      organizers: this.random.permutation(this.records.organizerIds.length),
      tags: this.random.permutation(this.records.tags.length),
    };
    return rows;
  }

  /** The next `count` events (fewer at the end), with every row that belongs to them. */
  nextEvents(count: number): RowSet & EventBatch {
    const rows: EventBatch = {
      posts: [],
      events: [],
      post_texts: [],
      event_organizers: [],
      event_terms: [],
      event_search: [],
    };
    const end = Math.min(this.shape.events, this.progress.generated + count);
    // A series comes whole (its occurrences follow it, as the service inserts them): a batch may end a few
    // events past `count`.
    while (this.progress.generated < end)
      this.progress.generated += generateEvent(this.world, this.progress, rows);
    return rows;
  }

  /** The `event_series` rows of every series generated so far (all of them once the events are done). */
  recurrenceRows(): RecurrenceRows {
    return this.world.recurrence;
  }

  get remainingEvents(): number {
    return this.shape.events - this.progress.generated;
  }

  /** Once every event is generated: what the scenarios need. */
  facts(): DatasetFacts {
    return this.gatherer.facts({
      shape: this.shape,
      nowMs: this.nowMs,
      lastEventId: this.lastEventId,
      records: this.records,
      venuePopularity: this.world.popularity.venues,
      series:
        this.seriesShare > 0
          ? {
              share: this.seriesShare,
              series: this.world.recurrence.event_series.length,
              events: this.progress.seriesEvents,
            }
          : undefined,
    });
  }
}
