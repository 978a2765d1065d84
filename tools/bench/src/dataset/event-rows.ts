/**
 * One generated event and every row that belongs to it (post, event, texts, organizers, terms, search), or a
 * weekly series with its occurrences, as the service writes them when the event is created through the API.
 */
import { eventRows, listingStatus, postRow, searchRows, type TextRow } from '@calendar-events/core/internal';
import type { Draws } from './draws.js';
import type { FactsGatherer } from './facts.js';
import { COUNTRIES } from './places.js';
import type { LinkedRecords } from './reference-rows.js';
import type { Row } from './schema.js';
import { DAY_MS, EVENT_PASSWORD, HALF_SPAN_DAYS, LANGUAGES, type RecurrenceRows, WEEK_MS } from './shape.js';
import type { SlugRegistry } from './slugs.js';
import {
  ENSEMBLES,
  EVENT_KINDS,
  type EventKind,
  LAST_NAMES,
  OCCASIONS,
  SUBJECTS,
  THEMES,
} from './vocabulary.js';
import {
  fastWallTimeToUtcMs,
  floatingMsOf,
  formatIcalUtc,
  formatUtcMs as formatUtc,
  formatWallTime,
  type WallTime,
  WEEKDAYS,
  wallTimeOf,
} from './wall-times.js';

/** The rows of a batch of events. */
export interface EventBatch {
  posts: Row<'posts'>[];
  events: Row<'events'>[];
  post_texts: Row<'post_texts'>[];
  event_organizers: Row<'event_organizers'>[];
  event_terms: Row<'event_terms'>[];
  event_search: Row<'event_search'>[];
}

/** What every event is drawn from: the calendar's settings, the records it refers to, where its facts go. */
export interface EventWorld {
  draws: Draws;
  nowMs: number;
  todayMs: number;
  firstEventId: number;
  /** How many events the calendar has. */
  events: number;
  seriesShare: number;
  /** The horizon every generated series stands at: the moment of generation plus the default months. */
  horizonMs: number;
  horizonUtc: string;
  records: LinkedRecords;
  /** Popularity order: events pick low positions far more often (see `SeededRandom.skewedIndex`). */
  popularity: { venues: number[]; organizers: number[]; tags: number[] };
  eventSlugs: SlugRegistry;
  recurrence: RecurrenceRows;
  facts: FactsGatherer;
}

/** How far the generation is: events generated, and how many of them belong to series. */
export interface EventProgress {
  generated: number;
  seriesEvents: number;
}

/** Generates the next event (a series: all its occurrences) into `rows`; returns how many events that made. */
export function generateEvent(world: EventWorld, progress: EventProgress, rows: EventBatch): number {
  const random = world.draws.random;
  const index = progress.generated;
  const id = world.firstEventId + index;
  // Weekly series until they make up their share of the events so far. (No random draw when there are
  // none: the calendar without series is the one of the earlier figures, row for row.)
  const series = world.seriesShare > 0 && progress.seriesEvents < world.seriesShare * (index + 1);
  const kind: EventKind = random.pick(EVENT_KINDS);
  const occasion = random.pick(OCCASIONS);
  const subject = random.chance(0.3) ? random.pick(SUBJECTS) : undefined;
  const performer =
    subject === undefined && random.chance(0.3)
      ? random.chance(0.6)
        ? world.draws.personName()
        : `The ${random.pick(LAST_NAMES)} ${random.pick(ENSEMBLES)}`
      : undefined;
  const title = `${occasion.en} ${kind.en}${subject ? `: ${subject.en}` : performer ? ` with ${performer}` : ''}`;
  const slug = world.eventSlugs.claim(title, 'event');

  const venue = random.chance(0.95)
    ? world.records.venues[world.popularity.venues[random.skewedIndex(world.records.venues.length)]!]!
    : undefined;
  const zone = venue?.city.timezone ?? 'UTC';

  // The schedule, in the event's own zone.
  const dayOffset = random.integer(-HALF_SPAN_DAYS, HALF_SPAN_DAYS - 1);
  const dayMs = world.todayMs + dayOffset * DAY_MS;
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
  if (publishedMs > world.nowMs) publishedMs = world.nowMs - random.integer(0, 60) * DAY_MS;
  publishedMs -= random.integer(0, 86_399) * 1000;
  if (status === 'future') {
    // Scheduled to appear later; only sensible for events further ahead than that.
    const scheduledMs = world.nowMs + random.integer(1, 30) * DAY_MS;
    if (startUtcMs > scheduledMs + 7 * DAY_MS) publishedMs = scheduledMs;
    else status = 'publish';
  }
  const modifiedMs = Math.min(
    world.nowMs,
    Math.max(publishedMs, publishedMs + random.integer(0, 20) * DAY_MS),
  );
  const password = status !== 'trash' && random.chance(0.01) ? EVENT_PASSWORD : '';
  const hidden = random.chance(0.01) ? 1 : 0;

  const post = postRow({
    type: 'event',
    status,
    author_id: world.draws.author(),
    slug,
    date_utc: formatUtc(publishedMs),
    modified_utc: formatUtc(status === 'future' ? world.nowMs - random.integer(0, 9) * DAY_MS : modifiedMs),
    password,
    image_id: world.draws.imageId(0.3),
  });
  // As the service stores a trashed record (SPEC §14): `<slug>__trashed`, its slug free for others.
  const trashed = status === 'trash' ? { slug: `${slug}__trashed`, trashed_from: 'publish' } : {};
  rows.posts.push({ id, ...post, ...trashed });

  const cost = world.draws.cost(venue?.country ?? COUNTRIES.DE!);
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
    .distinct(organizerCount, world.records.organizerIds.length, () =>
      random.skewedIndex(world.records.organizerIds.length),
    )
    .map((p) => world.records.organizerIds[world.popularity.organizers[p]!]!);
  const categories = [world.records.categoryByName.get(kind.category)!];
  if (random.chance(0.25)) {
    const extra = random.pick(world.records.categories);
    if (extra !== categories[0]) categories.push(extra);
  }
  const tagCount = Math.min(4 - categories.length, random.integer(0, 2));
  const tags = random
    .distinct(tagCount, world.records.tags.length, () => random.skewedIndex(world.records.tags.length))
    .map((p) => world.records.tags[world.popularity.tags[p]!]!);
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
  const description = world.draws.descriptionEn(kind, occasion, venue, theme, organizers.length);
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
      description: random.chance(0.5) ? world.draws.descriptionDe(kind, occasion, venue) : null,
      excerpt: null,
    });
  }
  rows.post_texts.push(...texts);
  const search = searchRows({ id }, texts, LANGUAGES);
  rows.event_search.push(...search);

  const listed = listingStatus(post) === 'publish' && hidden === 0;
  const bodyEn = search[0]!.body;
  world.facts.observe({ id, slug, listed, password, venue, categories, startUtc, endUtc, bodyEn, theme });
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
  const weeksBeforeHorizon = Math.floor((world.horizonMs - startUtcMs - 2 * 3_600_000) / WEEK_MS) + 1;
  const count = Math.max(1, Math.min(wanted, weeksBeforeHorizon, world.events - index));
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
  world.recurrence.event_series.push({
    event_id: id,
    recurrence: JSON.stringify([rule]),
    horizon_utc: world.horizonUtc,
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
    world.facts.observe({
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
  progress.seriesEvents += count;
  return count;
}
