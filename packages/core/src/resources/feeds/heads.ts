/**
 * The entries of a list feed: each event that matches `GET /events`'s filters, with the occurrences of a
 * series standing for their series (once, at the place of its first matching occurrence), in the order of
 * that first match (start, then id). The work follows the page asked for, not the occurrences a calendar
 * holds: a daily series has hundreds of occurrences, and they all carry their series' data
 * (events/series/follows.ts), so one of them tells whether any matches.
 *
 * - **Own events** (those that follow nothing: events on their own, series, exceptions) are walked in date
 *   order from `events_own_start` (migration 0021), in steps of about the page's reach, with the list's
 *   filters: each row is an entry, or an exception or series already met.
 * - **Followers** (occurrences that follow their series) differ from each other in their dates (and ids)
 *   only. Date conditions keep a run of consecutive occurrences, so the first one that meets them (one seek
 *   per series in `events_follower_start`) matches every filter exactly when some follower does. One
 *   statement finds that candidate of every series and tests the list's filters on the candidates alone: a
 *   seek per series rather than a row per occurrence.
 *
 * The two streams are merged by (start, id). With `include` (a list of ids, ordered by publication), the
 * ids themselves bound the work: they are read as they are.
 */
import { sql } from 'kysely';
import { invalidParam } from '../../errors/invalid-params.js';
import type { RequestContext } from '../../route-table/context.js';
import type { EventListParams } from '../events/list-params.js';
import { type EventFilter, filterEvents } from '../events/list-query.js';
import { pageQuery, withDrivers } from '../events/list-statements.js';

/** A feed holds up to this many events (series count once) unless `per_page` asks for fewer. */
export const FEED_DEFAULT_SIZE = 100;
/** `per_page` above this is capped silently, as the JSON lists cap theirs. */
export const FEED_MAX_SIZE = 1000;
/**
 * The furthest entry a feed page may reach (`page` × `per_page`): ten pages of the largest size. A calendar
 * app subscribes to the first page; a date filter (`start_date`) reaches anything further with the same
 * work, where a deeper page would walk every entry before it.
 */
export const FEED_MAX_REACH = 10 * FEED_MAX_SIZE;

export type FeedListParams = EventListParams & { per_page?: number; page?: number };

/** A matching event, as both streams give it. */
interface Row {
  id: number;
  start_utc: string;
  series_id: number | null;
}

/**
 * The only conditions that differ between the followers of one series: their dates, and `ticketed`, which
 * names events by id (a ticket provider may name one occurrence). Each series' candidate meets these.
 */
const PER_OCCURRENCE_PARAMS = [
  'start_date',
  'end_date',
  'starts_before',
  'starts_after',
  'ends_before',
  'ends_after',
  'strict_dates',
  'ticketed',
] as const;

/** The page's place in the list of entries; a page beyond `FEED_MAX_REACH` is refused before any query. */
export function feedPaging(params: { per_page?: number; page?: number }): { offset: number; reach: number } {
  const perPage = Math.min(params.per_page ?? FEED_DEFAULT_SIZE, FEED_MAX_SIZE);
  const page = params.page ?? 1;
  // Both are positive integers; a product past the reach (or past exact integers) is refused alike.
  if (page > FEED_MAX_REACH || page * perPage > FEED_MAX_REACH)
    throw invalidParam(
      'page',
      `A feed reaches its first ${FEED_MAX_REACH} events (page × per_page); start later with start_date instead.`,
    );
  return { offset: (page - 1) * perPage, reach: page * perPage };
}

const before = (a: Row, b: Row) => a.start_utc < b.start_utc || (a.start_utc === b.start_utc && a.id < b.id);

/** The entries (event or series ids) of one feed page, in feed order; empty past the last entry. */
export async function feedPageHeads(context: RequestContext, params: FeedListParams): Promise<number[]> {
  const { offset, reach } = feedPaging(params);
  const filter = await filterEvents(context, params);
  const heads = filter.include
    ? await includedHeads(filter, reach)
    : await mergedHeads(context, params, filter, reach);
  return heads.slice(offset, reach);
}

/** `include`: at most the listed events, in publication order; an occurrence stands for its series. */
async function includedHeads(filter: EventFilter, reach: number): Promise<number[]> {
  // The listed ids are few: the other filters (a search) are tested on each.
  const listed = withDrivers(filter, 'walked');
  const rows = await pageQuery(filter, listed, { page: 1, perPage: filter.include!.length, offset: 0 })
    .select(['events.series_id'])
    .execute();
  return [...new Set(rows.map((row) => row.series_id ?? row.id))].slice(0, reach);
}

async function mergedHeads(
  context: RequestContext,
  params: FeedListParams,
  filter: EventFilter,
  reach: number,
): Promise<number[]> {
  const followers = await followerCandidates(context, params, filter, reach);
  const own = withDrivers(filter, 'own').where('events.follows_id', 'is', null);
  const heads: number[] = [];
  const seen = new Set<number>();
  let f = 0;
  let ownRows: Row[] = [];
  let o = 0;
  let ownOffset = 0;
  // Every own row is a new entry but for the series met through a follower and the exceptions: the first
  // step reads that many more, so that one step is the rule.
  let step = reach + followers.length;
  let ownDone = false;
  while (heads.length < reach) {
    if (o === ownRows.length && !ownDone) {
      ownRows = await pageQuery(filter, own, { page: 1, perPage: step, offset: ownOffset })
        .select(['events.start_utc', 'events.series_id'])
        .execute();
      o = 0;
      ownOffset += ownRows.length;
      ownDone = ownRows.length < step;
      step = Math.min(step * 2, 2 * FEED_MAX_REACH);
    }
    const nextOwn = ownRows[o];
    const nextFollower = followers[f];
    let row: Row;
    if (nextOwn && (!nextFollower || before(nextOwn, nextFollower))) {
      row = nextOwn;
      o++;
    } else if (nextFollower) {
      row = nextFollower;
      f++;
    } else break;
    const head = row.series_id ?? row.id;
    if (seen.has(head)) continue;
    seen.add(head);
    heads.push(head);
  }
  return heads;
}

/**
 * For each series, its first follower that matches the list's filters, in (start, id) order; the first
 * `reach` of them. Each series' candidate is the first follower that meets the conditions on dates and ids (a seek in
 * `events_follower_start`, bounded above by the latest start a match can have); the list's other filters,
 * which hold for all of a series' followers or for none, are tested on the candidates only.
 */
async function followerCandidates(
  context: RequestContext,
  params: FeedListParams,
  filter: EventFilter,
  reach: number,
): Promise<Row[]> {
  const ownParams: FeedListParams = {};
  for (const name of PER_OCCURRENCE_PARAMS)
    if (params[name] !== undefined) Object.assign(ownParams, { [name]: params[name] });
  const { query, startsBy } = await filterEvents(context, ownParams);
  const first = (startsBy === undefined ? query : query.where('events.start_utc', '<=', startsBy))
    .where('events.follows_id', '=', sql.ref<number>('s.event_id'))
    .select('events.id')
    .orderBy('events.start_utc')
    .orderBy('events.id')
    .limit(1);
  const candidates = context.db.selectFrom('event_series as s').select(first.as('candidate'));
  // Each candidate is tested by the list's filters as a lookup of itself: SQLite, offered the filters as
  // conditions of the query itself, would walk the events in date order to test each against the candidates.
  // The start, redundant, keeps the lookup narrow whichever index a database picks (PostgreSQL without
  // statistics may take the listing index for the ids, and read the whole window for each candidate).
  const matches = pageQuery(
    filter,
    withDrivers(filter, 'walked')
      .where('events.id', '=', sql.ref<number>('c.id'))
      .where('events.start_utc', '=', sql.ref<string>('c.start_utc')),
    { page: 1, perPage: 1, offset: 0 },
  )
    .clearOrderBy()
    .clearLimit()
    .clearOffset();
  const fenced = context.database.traits.flattensExists ? matches.offset(0) : matches;
  const rows: Row[] = await context.db
    .selectFrom('events as c')
    .select(['c.id', 'c.start_utc', 'c.series_id'])
    .where('c.id', 'in', candidates)
    .where((eb) => eb.exists(fenced))
    .execute();
  return rows.sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0)).slice(0, reach);
}
