/**
 * The statements of an event list, from its filter (`list-query.ts`): the page, the total, or both at once,
 * with the drivers in the form the total chose (`DateWalkable`).
 */
import { type KyselyPlugin, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { DialectTraits } from '../../db/traits.js';
import type { Paging } from '../../route-table/pagination.js';
import type { EventFilter, EventPostQuery, EventQuery } from './list-query.js';

/**
 * The filter's conditions with its drivers in one form: `selective` for the count, either for the page;
 * `own` (selective, or its form without followers) only for a query of events that follow nothing.
 */
export function withDrivers(filter: EventFilter, form: 'selective' | 'walked' | 'own'): EventQuery {
  return filter.drivers.reduce(
    (q, driver) => q.where(form === 'own' ? (driver.own ?? driver.selective) : driver[form]),
    filter.query,
  );
}

/**
 * Whether the page should walk the events in date order rather than start from the drivers' indexes (see
 * `DateWalkable`), given the total of the selective form.
 */
export function shouldWalk(filter: EventFilter, total: number, paging: Paging): boolean {
  return !filter.include && total * total >= walkThreshold(filter) * (paging.offset + paging.perPage);
}

/** The drivers' threshold of walking (`DateWalkable.walkThreshold`): the largest of theirs. */
function walkThreshold(filter: EventFilter): number {
  return Math.max(...filter.drivers.map((driver) => driver.walkThreshold));
}

// Page and total test the status copied onto the event and join the posts only for what
// needs them (a password condition, the publication order of `include`): the total of the default window
// is counted from the `events_listing` index alone (without reading a post row per event of the window),
// and a page walks an index of events (`events_venue` holds every column it tests)
// without reading each walked event's post row.

function withPosts(filter: EventFilter, q: EventQuery): EventPostQuery {
  const joined = q.innerJoin('posts', 'posts.id', 'events.id') as EventPostQuery;
  return filter.protectedEvents ? joined.where(filter.protectedEvents) : joined;
}

function listed(filter: EventFilter, q: EventQuery): EventQuery {
  return q.where('events.status', 'in', filter.statuses);
}

/** The events the caller may list, posts joined where a password condition needs them: what is counted. */
function listedMatches(filter: EventFilter, q: EventQuery): EventQuery {
  return filter.protectedEvents
    ? (withPosts(filter, listed(filter, q)) as unknown as EventQuery)
    : listed(filter, q);
}

/** The matches a page is cut from: posts joined also where the publication order (`include`) needs them. */
function pageMatches(filter: EventFilter, q: EventQuery): EventQuery {
  return filter.include
    ? (withPosts(filter, listed(filter, q)) as unknown as EventQuery)
    : listedMatches(filter, q);
}

/** What a page is ordered by before `events.id`: the date, or the publication for `include`. */
function orderColumn(filter: EventFilter) {
  return filter.include ? ('posts.date_utc' as 'events.start_utc') : 'events.start_utc';
}

/** The ids of one page: by date, or in publication order for `include`. */
export function pageQuery(filter: EventFilter, q: EventQuery, paging: Paging) {
  return pageMatches(filter, q)
    .orderBy(orderColumn(filter))
    .orderBy('events.id')
    .select('events.id')
    .limit(paging.perPage)
    .offset(paging.offset);
}

/**
 * How much more a match costs when the page is led by the matches (each looked up, with its post, and sorted)
 * than an event of the date range does when the page walks it and tests it against them (on SQLite, about
 * 4 us against 0.07; tools/bench/RESULTS.md).
 */
const LED_MATCH_COST = 60;

/**
 * The page of the selective form when its total is known. Walking the date range until a page of matches is
 * found reads about (events in the range / matches) events per row of the page; leading by the matches
 * (`led`, as the total is) reads every match: for a word in a handful of events the walk would read the whole
 * range. The threshold of the walked form (`walkThreshold`) stands for the range's size here too.
 */
export function selectivePageQuery(
  filter: EventFilter,
  q: EventQuery,
  paging: Paging,
  total: number,
  traits: Pick<DialectTraits, 'ledByIds' | 'ledByIndex'>,
) {
  const page = pageQuery(filter, q, paging);
  const fewMatches =
    total * total * LED_MATCH_COST < walkThreshold(filter) * (paging.offset + paging.perPage);
  return fewMatches ? led(filter, page, traits) : page;
}

/**
 * One page of the selective form and the total of its matches in one statement: the matches are found once
 * (kept in a materialized `matched`), counted and cut, where a count and a page would each find them (a
 * search's trigram look-up). `count(*) over ()` would say the same, but PostgreSQL then plans the page without
 * its limit, badly for a common word. No row (a page past the end) gives no total.
 */
export function pageWithTotalQuery(
  filter: EventFilter,
  q: EventQuery,
  paging: Paging,
  db: Db,
  traits: Pick<DialectTraits, 'ledByIds' | 'ledByIndex'>,
) {
  const matches = pageMatches(filter, q).select(['events.id', `${orderColumn(filter)} as sort_key`]);
  return db
    .with(
      (cte) => cte('matched').materialized(),
      () => led(filter, matches, traits),
    )
    .selectFrom('matched')
    .select(['matched.id', sql<number>`(select count(*) from matched)`.as('total')])
    .orderBy('matched.sort_key')
    .orderBy('matched.id')
    .limit(paging.perPage)
    .offset(paging.offset);
}

/** The ids of every match, unpaged: for a list restricted to a bounded set of records (a sync). */
export function matchQuery(filter: EventFilter) {
  return listedMatches(filter, withDrivers(filter, 'selective')).select('events.id');
}

/**
 * The `select count(*) as n` of the list, for the count cache; with the selective form of a search, led by
 * its matches where the database cannot tell by itself (`countLedByMatches`).
 */
export function countQuery(
  filter: EventFilter,
  q: EventQuery,
  traits: Pick<DialectTraits, 'ledByIds' | 'ledByIndex'>,
) {
  return led(
    filter,
    listedMatches(filter, q).select((eb) => eb.fn.countAll().as('n')),
    traits,
  );
}

/**
 * The selective form's matches read the way the database cannot tell by itself: a search's by its matches'
 * ids (`countLedByMatches`), a geolocation's by the index of its venues (its one driver's `selectiveIndex`).
 */
function led<Q extends { withPlugin(plugin: KyselyPlugin): Q }>(
  filter: EventFilter,
  query: Q,
  traits: Pick<DialectTraits, 'ledByIds' | 'ledByIndex'>,
): Q {
  if (filter.countLedByMatches) return traits.ledByIds(query);
  const index = filter.drivers.length === 1 ? filter.drivers[0]!.selectiveIndex : undefined;
  return index ? traits.ledByIndex(query, index) : query;
}
