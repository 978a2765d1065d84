/**
 * `GET /events` (ref §3.1, §5.1, §6; SPEC §8–9): the filters become one page query and one count, then the
 * page is serialized with a constant number of batched loads.
 */
import { type Expression, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { formatUtc } from '../../dates/format.js';
import { parseTimeInput } from '../../dates/input.js';
import { endOfDay, localToUtc, startOfDay, utcToLocal } from '../../dates/zones.js';
import type { Database } from '../../db/schema.js';
import { ERRORS } from '../../errors/codes.js';
import { invalidParams } from '../../errors/invalid-params.js';
import type { RequestContext } from '../../route-table/context.js';
import { listEnvelope, pageParams, resolvePaging } from '../../route-table/pagination.js';
import { type ParamSpecs, param, toList } from '../../route-table/params.js';
import type { OperationResult, Params } from '../../route-table/route.js';
import { isTime } from '../posts/fields.js';
import { isBlankSearch, parseSearch } from '../posts/search.js';
import { echoedStatus, statusListParam, visibleStatusesFor } from '../posts/visibility.js';
import { findTermIdsForFilter } from '../terms/event-terms.js';
import { loadEventRecords } from './repository.js';
import { eventMatchesSearch, matchingEventIds } from './search-index.js';
import { serializeEvents } from './serialize.js';

const d = (en: string, de: string) => ({ en, de });
const MAX_ID = 2_147_483_647;

function idList(values: unknown[]): number[] | undefined {
  const ids = values.map((v) =>
    typeof v === 'number' ? v : /^\d+$/.test(String(v)) ? Number(v) : Number.NaN,
  );
  return ids.every((id) => Number.isInteger(id) && id > 0 && id <= MAX_ID) ? ids : undefined;
}

/** Every item an id of an existing record of that type (`is_venue_id`, `is_organizer_id`). */
async function allOfType(context: RequestContext, values: unknown[], type: 'venue' | 'organizer' | 'event') {
  const ids = idList(values);
  if (!ids || ids.length === 0) return false;
  const unique = [...new Set(ids)];
  const rows = await context.db
    .selectFrom('posts')
    .select('id')
    .where('id', 'in', unique)
    .where('type', '=', type)
    .execute();
  return rows.length === unique.length;
}

const timeParam = (en: string, de: string, defaultValue?: (context: RequestContext) => string) =>
  param.text<RequestContext>(d(en, de), {
    validate: isTime,
    ...(defaultValue ? { default: defaultValue } : {}),
  });

/**
 * The default window of strict mode (SPEC §14, as the plugin): its defaults `yesterday 23:59` and
 * `+24 months`, evaluated in UTC and read exactly, as strict mode reads every bound; UTC instants.
 */
function strictDefaultWindow(context: RequestContext): { startUtc: string; endUtc: string } {
  const options = { now: context.now, timezone: 'UTC' };
  return {
    startUtc: parseTimeInput('yesterday 23:59', options)!.local,
    endUtc: parseTimeInput('+24 months', options)!.local,
  };
}

/** The default window (ref §6.1): from the start of yesterday to the end of the day 24 months ahead. */
function defaultWindow(context: RequestContext): { startLocal: string; endLocal: string } {
  const options = { now: context.now, timezone: context.config.timezone };
  return {
    startLocal: startOfDay(parseTimeInput('yesterday', options)!.local),
    endLocal: endOfDay(parseTimeInput('+24 months', options)!.local),
  };
}

export function eventListParams(geolocation: boolean): ParamSpecs {
  return {
    ...pageParams,
    start_date: timeParam(
      'Events that start on or after this date (whole days unless strict_dates). Default: the start of yesterday (with strict_dates: yesterday 23:59:00 UTC).',
      'Veranstaltungen, die an oder nach diesem Datum beginnen (ganze Tage, außer mit strict_dates). Standard: Beginn des gestrigen Tages (mit strict_dates: gestern 23:59:00 UTC).',
      (context) => defaultWindow(context).startLocal,
    ),
    end_date: timeParam(
      'Events that end on or before this date (whole days unless strict_dates). Default: the end of the day 24 months from now (with strict_dates: exactly 24 months from now).',
      'Veranstaltungen, die an oder vor diesem Datum enden (ganze Tage, außer mit strict_dates). Standard: Ende des Tages in 24 Monaten (mit strict_dates: genau in 24 Monaten).',
      (context) => defaultWindow(context).endLocal,
    ),
    starts_before: timeParam(
      'Events that start before this date.',
      'Veranstaltungen, die vor diesem Datum beginnen.',
    ),
    starts_after: timeParam(
      'Events that start after this date.',
      'Veranstaltungen, die nach diesem Datum beginnen.',
    ),
    ends_before: timeParam(
      'Events that end before this date.',
      'Veranstaltungen, die vor diesem Datum enden.',
    ),
    ends_after: timeParam(
      'Events that end after this date.',
      'Veranstaltungen, die nach diesem Datum enden.',
    ),
    strict_dates: param.phpBoolean(
      d(
        'Apply the date filters at the exact times given instead of whole days.',
        'Die Datumsfilter zu den genauen Zeiten statt ganzer Tage anwenden.',
      ),
    ),
    // The plugin's `is_string` refuses only "": a search of blanks is accepted (and filters nothing).
    search: param.search<RequestContext>(
      d(
        'Events whose title, excerpt or description contains every word ("phrases" and -exclusions allowed).',
        'Veranstaltungen, deren Titel, Auszug oder Beschreibung jedes Wort enthält ("Phrasen" und -Ausschlüsse erlaubt).',
      ),
    ),
    categories: param.list<RequestContext>(
      'string',
      d(
        'Events in any of these categories (IDs, slugs or names).',
        'Veranstaltungen in einer dieser Kategorien (IDs, Slugs oder Namen).',
      ),
      {
        validate: async (items, context) =>
          items.length > 0 &&
          (await findTermIdsForFilter(context, 'category', items as Array<string | number>)) !== undefined,
      },
    ),
    tags: param.list<RequestContext>(
      'string',
      d(
        'Events with any of these tags (IDs, slugs or names).',
        'Veranstaltungen mit einem dieser Schlagwörter (IDs, Slugs oder Namen).',
      ),
      {
        validate: async (items, context) =>
          items.length > 0 &&
          (await findTermIdsForFilter(context, 'tag', items as Array<string | number>)) !== undefined,
      },
    ),
    venue: param.list<RequestContext>(
      'integer',
      d('Events at any of these venues (IDs).', 'Veranstaltungen an einem dieser Orte (IDs).'),
      {
        validate: (items, context) => allOfType(context, items, 'venue'),
      },
    ),
    organizer: param.list<RequestContext>(
      'integer',
      d('Events by any of these organizers (IDs).', 'Veranstaltungen eines dieser Veranstalter (IDs).'),
      {
        validate: (items, context) => allOfType(context, items, 'organizer'),
      },
    ),
    featured: param.boolean(
      d(
        'Only featured (true) or only not featured (false) events.',
        'Nur hervorgehobene (true) oder nur nicht hervorgehobene (false) Veranstaltungen.',
      ),
    ),
    status: statusListParam,
    include: param.list<RequestContext>(
      'integer',
      d(
        'Exactly these events (IDs), in publication order; date filters are ignored.',
        'Genau diese Veranstaltungen (IDs) in Veröffentlichungsreihenfolge; Datumsfilter werden ignoriert.',
      ),
      { validate: (items) => items.length > 0 && idList(items) !== undefined },
    ),
    post_parent: param.id<RequestContext>(
      d(
        'Events whose parent is this event.',
        'Veranstaltungen, deren übergeordnete Veranstaltung diese ist.',
      ),
      {
        validate: (id, context) => allOfType(context, [id], 'event'),
      },
    ),
    ticketed: param.boolean<RequestContext>(
      d(
        'Events with (true) or without (false) tickets; needs a ticket provider.',
        'Veranstaltungen mit (true) oder ohne (false) Tickets; benötigt einen Ticketanbieter.',
      ),
      {
        validate: (value, context) => {
          if (value === false || context.ticketProvider) return true;
          const [status, message] = ERRORS['event-tickets-not-active'];
          return { message, detail: { code: 'event-tickets-not-active', message, data: { status } } };
        },
      },
    ),
    context: param.enumeration(
      ['view', 'edit'],
      d(
        'The scope of the request: view or edit (edit shows protected content to those who may edit it).',
        'Der Kontext der Anfrage: view oder edit (edit zeigt geschützte Inhalte denen, die sie bearbeiten dürfen).',
      ),
      { default: 'view' },
    ),
    password: param.string(
      d(
        'The password of protected events in the list.',
        'Das Passwort geschützter Veranstaltungen in der Liste.',
      ),
    ),
    ...geolocationParams(geolocation),
  };
}

const EXTENSION_MESSAGE = 'The geolocation extension is not enabled on this service.';

/** With the extension off, every `geoloc*` parameter is refused with a message naming it (SPEC §9). */
function geolocationParams(enabled: boolean): ParamSpecs {
  const descriptions = {
    geoloc: d(
      'Only events whose venue has coordinates (geolocation extension).',
      'Nur Veranstaltungen, deren Ort Koordinaten hat (Geolokalisierungs-Erweiterung).',
    ),
    geoloc_lat: d(
      'Latitude of the centre; needs geoloc_lng (geolocation extension).',
      'Breitengrad des Mittelpunkts; benötigt geoloc_lng (Geolokalisierungs-Erweiterung).',
    ),
    geoloc_lng: d(
      'Longitude of the centre; needs geoloc_lat (geolocation extension).',
      'Längengrad des Mittelpunkts; benötigt geoloc_lat (Geolokalisierungs-Erweiterung).',
    ),
    geoloc_radius: d(
      'Radius around the centre in km (default 25; geolocation extension).',
      'Umkreis um den Mittelpunkt in km (Standard 25; Geolokalisierungs-Erweiterung).',
    ),
  };
  if (!enabled) {
    // Whatever the value, the answer names the missing extension.
    return Object.fromEntries(
      Object.entries(descriptions).map(([name, description]) => [
        name,
        param.any(description, { validate: () => EXTENSION_MESSAGE }),
      ]),
    );
  }
  return {
    geoloc: param.boolean<RequestContext>(descriptions.geoloc),
    geoloc_lat: param.number<RequestContext>(descriptions.geoloc_lat, {
      validate: (v) => v >= -90 && v <= 90,
    }),
    geoloc_lng: param.number<RequestContext>(descriptions.geoloc_lng, {
      validate: (v) => v >= -180 && v <= 180,
    }),
    geoloc_radius: param.number<RequestContext>(descriptions.geoloc_radius, {
      validate: (v) => v > 0 && v <= 20_000,
    }),
  };
}

/** The filters, on events alone: the page joins the posts, the total reads the events only (see below). */
type EventQuery = SelectQueryBuilder<Database, 'events', object>;
type EventPostQuery = SelectQueryBuilder<Database, 'events' | 'posts', object>;

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

/** The earliest start an event ending after `endUtc` can have (migration 0007), or undefined if unknown. */
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
}

/** Measured at a million events (SQLite: 16,358 matches, 10 rows: 75 ms sorted, 4 ms walked; 1,022 matches: 6 ms and 15 ms). */
const GEO_DATE_WALK = 400_000;
/**
 * Measured at a million events (SQLite, 471,551 events in the default window, "calligraphy" in 4,658 of
 * them): the trigram index takes 100 ms for any page; walking takes 3 ms for 10 rows, 15 ms for 20 and 55 ms
 * for 50, where this threshold still walks (4,658² ≈ 400,000 × 54).
 */
const SEARCH_DATE_WALK = 400_000;

/** A great-circle distance in km between the venue and a point (both databases have these functions). */
function distanceKm(lat: number, lng: number) {
  return sql<number>`6371 * 2 * asin(sqrt(power(sin(radians(${sql.ref('venues.geo_lat')} - ${lat}) / 2), 2) + cos(radians(${lat})) * cos(radians(${sql.ref('venues.geo_lat')})) * power(sin(radians(${sql.ref('venues.geo_lng')} - ${lng}) / 2), 2)))`;
}

export async function listEvents(context: RequestContext, params: Params): Promise<OperationResult> {
  const { db, config } = context;
  const paging = resolvePaging(params, config);
  const strict = params.strict_dates === true;
  const zone = config.timezone;
  const _nowUtc = formatUtc(context.now);
  const echo: Array<readonly [string, string]> = [];
  // Filters that can either drive the query from their own index or be tested on events walked in date
  // order (see `DateWalkable`): added last, once the count has told which way is cheaper.
  const drivers: DateWalkable[] = [];

  let query = db.selectFrom('events').where('events.hide_from_listings', '=', 0) as EventQuery;
  // Conditions on the post rows, applied to the page and, when there are any besides the status, the total.
  let passwordless = false;

  // Dates: explicit bounds, relative bounds, and the default window that relative bounds switch off.
  const include: number[] | undefined = params.include ? idList(params.include) : undefined;
  const relativeBounds: Partial<Record<(typeof RELATIVE)[number][0], string>> = {};
  if (!include) {
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
      endUtc = strict
        ? strictDefaultWindow(context).endUtc
        : localToUtc(defaultWindow(context).endLocal, zone);
    }
    if (startUtc !== undefined) {
      query = query.where('events.start_utc', '>=', startUtc);
      echo.push(['start_date', utcToLocal(startUtc, zone)]);
    }
    if (endUtc !== undefined) {
      query = query.where('events.end_utc', '<=', endUtc);
      echo.push(['end_date', utcToLocal(endUtc, zone)]);
    }
    // Not echoed by the plugin, whose next page then reads the exact times as whole days: a fix.
    if (strict) echo.push(['strict_dates', '1']);
    for (const [name, column, operator] of RELATIVE) {
      if (params[name] === undefined) continue;
      // Inclusive mode moves every relative bound to the end of its day (ref §6.1).
      const value = bound(context, params[name], 'end', strict);
      relativeBounds[name] = value;
      query = query.where(column, operator, value);
      // Redundant bounds on the start, so the start index serves the end filters too: an event that ends
      // before V started before V; one that ends after V started after V minus the longest event's length.
      if (name === 'ends_before') query = query.where('events.start_utc', '<', value);
      if (name === 'ends_after') {
        const earliest = await earliestStartEndingAfter(context, value);
        if (earliest !== undefined) query = query.where('events.start_utc', '>=', earliest);
      }
    }
  }

  // A search of blanks only has no term: it filters nothing, as if absent (WordPress would look for a space).
  if (params.search !== undefined && !isBlankSearch(params.search)) {
    const terms = parseSearch(params.search);
    drivers.push({
      selective: sql<SqlBool>`${sql.ref('events.id')} in (${matchingEventIds(context, db, terms, context.language)})`,
      walked: eventMatchesSearch(context, db, terms, context.language),
      walkThreshold: SEARCH_DATE_WALK,
    });
    // As WordPress: logged-out searches skip password-protected events, whose text they may not read.
    if (context.principal === null) passwordless = true;
    echo.push(['search', params.search]);
  }

  const statuses = visibleStatusesFor(context, params.status);
  const status = echoedStatus(context, params.status);
  if (status !== undefined) echo.push(['status', status]);

  if (include) {
    query = query.where('events.id', 'in', include);
    echo.push(['include', include.join(',')]);
  }
  if (params.post_parent !== undefined) {
    query = query.where('events.parent_id', '=', params.post_parent);
    echo.push(['post_parent', String(params.post_parent)]);
  }
  // The effective bounds, as start_date and end_date are echoed (the plugin's echo, SPEC §14).
  for (const [name] of RELATIVE)
    if (relativeBounds[name] !== undefined) echo.push([name, utcToLocal(relativeBounds[name]!, zone)]);

  for (const [name, taxonomy] of [
    ['categories', 'category'],
    ['tags', 'tag'],
  ] as const) {
    if (params[name] === undefined) continue;
    const termIds = (await findTermIdsForFilter(context, taxonomy, params[name]))!;
    // Echoed, unlike the plugin (ref §3.1 quirk), so that next_rest_url pages through the same list.
    echo.push([name, toList(params[name]).join(',')]);
    // OR within one list, AND across categories and tags (SPEC §9). `in (…)`, not a correlated `exists`:
    // SQLite, which has no statistics, then starts from the term's index instead of testing every event of
    // the date range (seconds for the count of a million-event calendar); PostgreSQL plans both alike.
    // With a venue, SQLite starts from the venue's index whichever form is used, and `in` would first list
    // every event of the term (59,195 ids for a category of a million events: 7 ms), where testing the
    // venue's few events one by one takes a fraction of a millisecond. PostgreSQL would turn that `exists`
    // into a hash join over every event of the term all the same (13 ms for the page, 7 for the count at a
    // million events); fenced with `offset 0`, as the search test is, it tests each event the venue's index
    // walks: 1.7 and 1.6 ms.
    const eventsOfTerms = db
      .selectFrom('event_terms')
      .select('event_terms.event_id')
      .where('event_terms.term_id', 'in', termIds);
    const ofThisEvent = eventsOfTerms.where('event_terms.event_id', '=', sql.ref<number>('events.id'));
    query =
      params.venue === undefined
        ? query.where('events.id', 'in', eventsOfTerms)
        : query.where((eb) =>
            eb.exists(context.database.traits.flattensExists ? ofThisEvent.offset(0) : ofThisEvent),
          );
  }

  if (params.ticketed !== undefined) {
    if (context.ticketProvider) {
      const ticketed = [...(await context.ticketProvider.ticketedEventIds())];
      if (params.ticketed) query = query.where('events.id', 'in', ticketed.length > 0 ? ticketed : [0]);
      else if (ticketed.length > 0) query = query.where('events.id', 'not in', ticketed);
    }
    // As the plugin: `ticketed=1` is echoed, `ticketed=0` is not (SPEC §14).
    if (params.ticketed) echo.push(['ticketed', '1']);
  }

  if (
    config.geolocation.enabled &&
    (params.geoloc !== undefined || params.geoloc_lat !== undefined || params.geoloc_lng !== undefined)
  ) {
    if ((params.geoloc_lat === undefined) !== (params.geoloc_lng === undefined)) {
      const missing = params.geoloc_lat === undefined ? 'geoloc_lat' : 'geoloc_lng';
      throw invalidParams({ [missing]: { message: 'geoloc_lat and geoloc_lng must be given together.' } });
    }
    const lat = sql.ref('venues.geo_lat');
    const lng = sql.ref('venues.geo_lng');
    // `geoloc=false` asks for no geolocation filter (as in the plugin's Pro add-on), not for events
    // without coordinates. With a point, the venue condition is added last (see `DateWalkable`).
    if (params.geoloc === true && params.geoloc_lat === undefined) {
      query = query
        .innerJoin('venues', 'venues.id', 'events.venue_id')
        .where(sql<SqlBool>`${lat} is not null and ${lng} is not null`) as unknown as EventQuery;
    }
    if (params.geoloc !== undefined) echo.push(['geoloc', params.geoloc ? '1' : '0']);
    if (params.geoloc_lat !== undefined) {
      const centreLat: number = params.geoloc_lat;
      const centreLng: number = params.geoloc_lng;
      const radius: number = params.geoloc_radius ?? config.geolocation.defaultRadiusKm;
      // An indexed bounding box first, then the exact great-circle distance.
      const dLat = radius / 111.045;
      const dLng = radius / (111.045 * Math.max(Math.cos((centreLat * Math.PI) / 180), 0.01));
      const nearVenues = db
        .selectFrom('venues')
        .select('venues.id')
        .where(sql<SqlBool>`${lat} is not null and ${lng} is not null`)
        .where(sql<SqlBool>`${lat} between ${centreLat - dLat} and ${centreLat + dLat}`)
        .where(sql<SqlBool>`${lng} between ${centreLng - dLng} and ${centreLng + dLng}`)
        .where(sql<SqlBool>`${distanceKm(centreLat, centreLng)} <= ${radius}`);
      // Both databases drive the selective form from the venues' coordinates index; `+events.venue_id`
      // keeps them from starting at the venue index when walking.
      drivers.push({
        selective: sql<SqlBool>`${sql.ref('events.venue_id')} in (${nearVenues})`,
        walked: sql<SqlBool>`+${sql.ref('events.venue_id')} in (${nearVenues})`,
        walkThreshold: GEO_DATE_WALK,
      });
      echo.push(
        ['geoloc_lat', String(centreLat)],
        ['geoloc_lng', String(centreLng)],
        ['geoloc_radius', String(radius)],
      );
    }
  }

  for (const [name, column] of [
    ['venue', 'events.venue_id'],
    ['organizer', undefined],
  ] as const) {
    if (params[name] === undefined) continue;
    const ids = [...new Set(idList(params[name])!)];
    if (column) query = query.where(column, 'in', ids);
    // `in (…)` rather than a correlated `exists`, for SQLite's sake (as for categories and tags above).
    else
      query = query.where(
        'events.id',
        'in',
        db
          .selectFrom('event_organizers')
          .select('event_organizers.event_id')
          .where('event_organizers.organizer_id', 'in', ids),
      );
    echo.push([name, ids.join(',')]);
  }

  if (params.featured !== undefined) {
    query = query.where('events.featured', '=', params.featured ? 1 : 0);
    // As the plugin: `featured=1` is echoed, `featured=0` is not (SPEC §14).
    if (params.featured) echo.push(['featured', '1']);
  }

  const withPosts = (q: EventQuery): EventPostQuery => {
    const joined = q.innerJoin('posts', 'posts.id', 'events.id') as EventPostQuery;
    return passwordless ? joined.where('posts.password', '=', '') : joined;
  };
  // Page and total test the status copied onto the event (migration 0008) and join the posts only for what
  // needs them (a password condition, the publication order of `include`): the total of the default window
  // is counted from the `events_listing` index alone (31 ms instead of 2.9 s for 471,573 events on SQLite),
  // and a page walks an index of events (`events_venue` holds every column it tests, migration 0009)
  // without reading each walked event's post row.
  const listed = (q: EventQuery) => q.where('events.status', 'in', statuses);
  const orderedPage = (q: EventQuery) => {
    const ordered = include
      ? withPosts(listed(q)).orderBy('posts.date_utc').orderBy('events.id')
      : (passwordless ? (withPosts(listed(q)) as unknown as EventQuery) : listed(q))
          .orderBy('events.start_utc')
          .orderBy('events.id');
    return ordered.select('events.id').limit(paging.perPage).offset(paging.offset);
  };
  const total = (q: EventQuery) =>
    context.counts.count(
      db,
      (passwordless ? withPosts(listed(q)) : listed(q)).select((eb) => eb.fn.countAll().as('n')),
    );
  let rows: Array<{ id: number }>;
  let count: number;
  if (drivers.length > 0) {
    const selective = drivers.reduce((q, driver) => q.where(driver.selective), query);
    count = await total(selective);
    const threshold = Math.max(...drivers.map((driver) => driver.walkThreshold));
    const walk = !include && count * count >= threshold * (paging.offset + paging.perPage);
    const pageQuery = walk ? drivers.reduce((q, driver) => q.where(driver.walked), query) : selective;
    rows = await orderedPage(pageQuery).execute();
  } else {
    [rows, count] = await Promise.all([orderedPage(query).execute(), total(query)]);
  }
  const records = await loadEventRecords(
    db,
    rows.map((r) => r.id),
  );
  const items = await serializeEvents(context, records, {
    single: false,
    password: params.password,
    context: params.context,
  });
  return listEnvelope({
    key: 'events',
    items,
    total: count,
    paging,
    collectionUrl: context.urls.rest('/events/'),
    query: echo,
    notFoundCode: 'event-archive-page-not-found',
  });
}
