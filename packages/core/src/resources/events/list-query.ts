/**
 * The filters of `GET /events` (ref §3.1, §6; SPEC §9) as Kysely queries: one condition set on the events,
 * the filters that may drive the query from their own index, and what `rest_url` echoes. The page and the
 * total are built from the same conditions, so they always agree.
 */
import { type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { formatUtc } from '../../dates/format.js';
import { parseTimeInput } from '../../dates/input.js';
import { endOfDay, localToUtc, startOfDay, utcToLocal } from '../../dates/zones.js';
import type { Database, PostStatus } from '../../db/schema.js';
import { geolocationFor } from '../../extensions/geolocation.js';
import { ticketedFilter } from '../../extensions/tickets.js';
import type { RequestContext } from '../../route-table/context.js';
import type { EchoedParam } from '../../route-table/pagination.js';
import { toList } from '../../route-table/params.js';
import { linksVisibleCondition } from '../posts/protected-links.js';
import { isBlankSearch, isIndexable, parseSearch } from '../posts/search.js';
import { echoedStatus, visibleStatusesFor } from '../posts/visibility.js';
import { findTermIdsForFilter } from '../terms/event-terms.js';
import {
  defaultWindow,
  type EventListParams,
  idList,
  strictDefaultWindow,
  termItems,
} from './list-params.js';
import {
  eventMatchesSearch,
  matchingEvents,
  matchingOwnEventIds,
  rarestEventTrigram,
} from './search-index.js';
import { ownedBy, ownerOfRows } from './series/reading.js';

/** The filters, on events alone: the page joins the posts, the total reads the events only (see below). */
export type EventQuery = SelectQueryBuilder<Database, 'events', object>;
export type EventPostQuery = SelectQueryBuilder<Database, 'events' | 'posts', object>;

/**
 * A filter that can choose how a page is found. `selective` lets the database start from the filter's own
 * index (the venues near a point, the trigram index of a search) and sort every match: its cost grows with
 * the matches. `walked` keeps the database walking the events in date order and testing each one until the
 * page is full: about (events in the date range / matches) rows per row of the page. Walking wins once
 * matches² exceed `walkThreshold` times the page's end (offset + per_page); the count, always taken with the
 * selective form and cached per data version, decides. SQLite has no statistics to make this choice itself;
 * PostgreSQL makes it well and is asked the same way.
 */
interface DateWalkable {
  selective: Expression<SqlBool>;
  walked: Expression<SqlBool>;
  walkThreshold: number;
  /** The selective form for events that follow nothing, when it can skip listing followers (the feeds). */
  own?: Expression<SqlBool>;
  /**
   * The index of `events` the selective form is read by, where the database has no statistics to tell
   * (`traits.ledByIndex`): the geolocation's venues near a point are few among the date range's events.
   */
  selectiveIndex?: string;
}

/** A list request's filters, ready to build its page and its total. */
export interface EventFilter {
  /** The conditions on events, without the drivers. */
  query: EventQuery;
  /**
   * Filters that can either drive the query from their own index or be tested on events walked in date
   * order (see `DateWalkable`): added last, once the count has told which way is cheaper.
   */
  drivers: DateWalkable[];
  /** What `rest_url` and the paging links repeat, in the plugin's order. */
  echo: EchoedParam[];
  /**
   * Which password-protected events may match, as a condition on their post rows (which page and total then
   * join); undefined: any. Set by an anonymous search (whose text they protect) and by the filters by links
   * (whose links they protect: `posts/protected-links.ts`).
   */
  protectedEvents: ((eb: ExpressionBuilder<Database, 'posts'>) => Expression<SqlBool>) | undefined;
  /** The ids of `include`, which replace the date filters and order the page by publication. */
  include: number[] | undefined;
  /** The statuses the caller may list (tested on the status copied onto the event). */
  statuses: PostStatus[];
  /** No match starts after this UTC instant (an end bound: events end no earlier than they start). */
  startsBy?: string | undefined;
  /**
   * Whether the count starts from the search's matches (`traits.ledByIds`): a search with a term its index
   * serves and no other filter with an index of its own (terms, venue, organizer, a place), so that the
   * matches are the one list of events the count could start from, and the date range's index the other.
   */
  countLedByMatches?: boolean;
}

/**
 * Where walking the date order stops paying for a search: starting from the trigram index costs the same for
 * any page, walking grows with the page, and this threshold still walks a page of 50 for a word in about one
 * event of a hundred of the default window at a million events on SQLite, where walking is still the cheaper
 * (figures in tools/bench/RESULTS.md, "Figures behind the code's choices").
 */
const SEARCH_DATE_WALK = 400_000;

/**
 * A date bound as a UTC instant (ref §6.1). Strict: the exact time, a string without an offset read as UTC.
 * Whole days: the calendar date of the input as written (in its own offset when it names one; a timestamp
 * is a UTC date), from 00:00:00 or to 23:59:59 of that day in the site zone.
 */
function bound(context: RequestContext, value: string, edge: 'start' | 'end', strict: boolean): string {
  const zone = context.config.timezone;
  if (strict) return parseTimeInput(value, { now: context.now, timezone: 'UTC' })!.local;
  const written = parseTimeInput(value, { now: context.now, timezone: zone })!.written;
  return localToUtc(edge === 'start' ? startOfDay(written) : endOfDay(written), zone);
}

/** The earliest start an event ending after `endUtc` can have (`event_bounds`), or undefined if unknown. */
async function earliestStartEndingAfter(
  context: RequestContext,
  endUtc: string,
): Promise<string | undefined> {
  const row = await context.db
    .selectFrom('event_bounds')
    .select('max_duration_seconds')
    .where('id', '=', 1)
    .executeTakeFirst();
  if (!row) return undefined;
  const end = Date.parse(`${endUtc.replace(' ', 'T')}Z`);
  return formatUtc(new Date(end - Number(row.max_duration_seconds) * 1000));
}

const RELATIVE = [
  ['starts_before', 'events.start_utc', '<'],
  ['starts_after', 'events.start_utc', '>'],
  ['ends_before', 'events.end_utc', '<'],
  ['ends_after', 'events.end_utc', '>'],
] as const;

type RelativeBounds = Partial<Record<(typeof RELATIVE)[number][0], string>>;

/** The filters of a list request, in the order the plugin echoes them. */
export async function filterEvents(context: RequestContext, params: EventListParams): Promise<EventFilter> {
  const filter: EventFilter = {
    query: context.db.selectFrom('events').where('events.hide_from_listings', '=', 0) as EventQuery,
    drivers: [],
    echo: [],
    protectedEvents: undefined,
    include: params.include ? idList(params.include) : undefined,
    statuses: visibleStatusesFor(context, params.status),
  };
  const { echo } = filter;
  const zone = context.config.timezone;
  const relativeBounds = filter.include ? {} : await dateBounds(context, params, filter);

  let searchIndexed = false;
  // A search of blanks only has no term: it filters nothing, as if absent (WordPress would look for a space).
  if (params.search !== undefined && !isBlankSearch(params.search)) {
    const terms = parseSearch(params.search);
    const rarest = await rarestEventTrigram(context, terms);
    filter.drivers.push({
      selective: matchingEvents(context, context.db, terms, context.language, rarest),
      walked: eventMatchesSearch(context, context.db, terms, context.language),
      walkThreshold: SEARCH_DATE_WALK,
      own: sql<SqlBool>`${sql.ref('events.id')} in (${matchingOwnEventIds(context, context.db, terms, context.language, rarest)})`,
    });
    searchIndexed = terms.include.some(isIndexable);
    // As WordPress: logged-out searches skip password-protected events, whose text they may not read (for
    // anonymous callers, the rule of the filters by links is exactly that).
    if (context.principal === null) filter.protectedEvents = linksVisibleCondition(context);
    echo.push(['search', params.search]);
  }

  const status = echoedStatus(context, params.status);
  if (status !== undefined) echo.push(['status', status]);

  if (filter.include) {
    filter.query = filter.query.where('events.id', 'in', filter.include);
    echo.push(['include', filter.include.join(',')]);
  }
  if (params.post_parent !== undefined) {
    filter.query = filter.query.where('events.parent_id', '=', params.post_parent);
    echo.push(['post_parent', String(params.post_parent)]);
  }
  // The effective bounds, as start_date and end_date are echoed (the plugin's echo, SPEC §14).
  for (const [name] of RELATIVE) {
    const value = relativeBounds[name];
    if (value !== undefined) echo.push([name, utcToLocal(value, zone)]);
  }

  await termConditions(context, params, filter);

  await ticketedFilter(context, params.ticketed, filter);
  // Off, the extension's parameters were refused before this: no `geoloc*` value gets here.
  geolocationFor(context.config)?.listFilter(context, params, filter);
  // A protected event's categories, tags, venue and organizers are part of what its password protects
  // (`categories?post=` lists none of them): a list filtered by them must not tell them either.
  // A geolocation point finds events by their venue's place.
  const byLinks = [params.categories, params.tags, params.venue, params.organizer, params.geoloc_lat];
  if (byLinks.some((value) => value !== undefined)) filter.protectedEvents = linksVisibleCondition(context);

  for (const [name, column] of [
    ['venue', 'events.venue_id'],
    ['organizer', undefined],
  ] as const) {
    const value = params[name];
    if (value === undefined) continue;
    const ids = [...new Set(idList(value)!)];
    if (column) filter.query = filter.query.where(column, 'in', ids);
    // `in (…)` rather than a correlated `exists`, for SQLite's sake (as for categories and tags).
    else
      filter.query = filter.query.where(
        ownedBy(
          context.database.traits,
          context.db,
          context.db
            .selectFrom('event_organizers')
            .select('event_organizers.event_id')
            .where('event_organizers.organizer_id', 'in', ids),
        ),
      );
    echo.push([name, ids.join(',')]);
  }

  if (params.featured !== undefined) {
    filter.query = filter.query.where('events.featured', '=', params.featured ? 1 : 0);
    // As the plugin: `featured=1` is echoed, `featured=0` is not (SPEC §14).
    if (params.featured) echo.push(['featured', '1']);
  }
  filter.countLedByMatches =
    searchIndexed && filter.drivers.length === 1 && byLinks.every((v) => v === undefined);
  return filter;
}

/**
 * Dates: explicit bounds, relative bounds, and the default window that relative bounds switch off. Returns
 * the relative bounds, which the plugin echoes later than the others.
 */
async function dateBounds(
  context: RequestContext,
  params: EventListParams,
  filter: EventFilter,
): Promise<RelativeBounds> {
  const strict = params.strict_dates === true;
  const zone = context.config.timezone;
  const { echo } = filter;
  const relativeBounds: RelativeBounds = {};
  const relative = RELATIVE.filter(([name]) => params[name] !== undefined);
  let startUtc: string | undefined;
  let endUtc: string | undefined;
  if (params.start_date !== undefined) startUtc = bound(context, params.start_date, 'start', strict);
  else if (relative.length === 0) {
    startUtc = strict
      ? strictDefaultWindow(context).startUtc
      : localToUtc(defaultWindow(context).startLocal, zone);
  }
  if (params.end_date !== undefined) endUtc = bound(context, params.end_date, 'end', strict);
  else if (relative.length === 0) {
    endUtc = strict ? strictDefaultWindow(context).endUtc : localToUtc(defaultWindow(context).endLocal, zone);
  }
  if (startUtc !== undefined) {
    filter.query = filter.query.where('events.start_utc', '>=', startUtc);
    echo.push(['start_date', utcToLocal(startUtc, zone)]);
  }
  if (endUtc !== undefined) {
    filter.startsBy = endUtc;
    filter.query = filter.query.where('events.end_utc', '<=', endUtc);
    echo.push(['end_date', utcToLocal(endUtc, zone)]);
  }
  // Not echoed by the plugin, whose next page then reads the exact times as whole days: a fix.
  if (strict) echo.push(['strict_dates', '1']);
  for (const [name, column, operator] of RELATIVE) {
    const sent = params[name];
    if (sent === undefined) continue;
    // Inclusive mode moves every relative bound to the end of its day (ref §6.1).
    const value = bound(context, sent, 'end', strict);
    relativeBounds[name] = value;
    filter.query = filter.query.where(column, operator, value);
    // Redundant bounds on the start, so the start index serves the end filters too: an event that ends
    // before V started before V; one that ends after V started after V minus the longest event's length.
    if (name === 'ends_before' || name === 'starts_before')
      filter.startsBy = filter.startsBy === undefined || value < filter.startsBy ? value : filter.startsBy;
    if (name === 'ends_before') filter.query = filter.query.where('events.start_utc', '<', value);
    if (name === 'ends_after') {
      const earliest = await earliestStartEndingAfter(context, value);
      if (earliest !== undefined) filter.query = filter.query.where('events.start_utc', '>=', earliest);
    }
  }
  return relativeBounds;
}

/** `categories` and `tags`: OR within one list, AND across them (SPEC §9). */
async function termConditions(context: RequestContext, params: EventListParams, filter: EventFilter) {
  const { db } = context;
  for (const [name, taxonomy] of [
    ['categories', 'category'],
    ['tags', 'tag'],
  ] as const) {
    const items = params[name];
    if (items === undefined) continue;
    const termIds = (await findTermIdsForFilter(context, taxonomy, termItems(items)))!;
    // Echoed, unlike the plugin (ref §3.1 quirk), so that next_rest_url pages through the same list.
    filter.echo.push([name, toList(items).join(',')]);
    // `in (…)`, not a correlated `exists`:
    // SQLite, which has no statistics, then starts from the term's index instead of testing every event of
    // the date range (seconds for the count of a million-event calendar); PostgreSQL plans both alike.
    // With a venue, SQLite starts from the venue's index whichever form is used, and `in` would first list
    // every event of the term (tens of thousands for a category of a million events), where testing the
    // venue's few events one by one is far cheaper. PostgreSQL would turn that `exists` into a hash join over
    // every event of the term all the same; fenced with `offset 0`, as the search test is, it tests each event
    // the venue's index walks (several times cheaper for page and count: tools/bench/RESULTS.md).
    const eventsOfTerms = db
      .selectFrom('event_terms')
      .select('event_terms.event_id')
      .where('event_terms.term_id', 'in', termIds);
    // An occurrence that follows its series carries the series' terms (`series/follows.ts`).
    const ofThisEvent = eventsOfTerms.where('event_terms.event_id', '=', ownerOfRows());
    filter.query =
      params.venue === undefined
        ? filter.query.where(ownedBy(context.database.traits, db, eventsOfTerms))
        : filter.query.where((eb) =>
            eb.exists(context.database.traits.flattensExists ? ofThisEvent.offset(0) : ofThisEvent),
          );
  }
}
