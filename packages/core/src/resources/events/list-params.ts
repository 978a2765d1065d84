/**
 * The parameters of `GET /events` (ref §5.1, SPEC §9): the filters a client may send, their validation and
 * the default date window /doc shows. Kept apart from the write parameters of params.ts, which would pass
 * 400 lines with them.
 */
import { keptOr } from '../../cache/record-memo.js';
import { parseTimeInput } from '../../dates/input.js';
import { endOfDay, startOfDay } from '../../dates/zones.js';
import { type GeolocationExtension, refusedListParams } from '../../extensions/geolocation.js';
import { ticketedParam } from '../../extensions/tickets.js';
import { texts } from '../../i18n/descriptions.js';
import type { RequestContext } from '../../route-table/context.js';
import { pageParams } from '../../route-table/pagination.js';
import { type InferParams, MAX_ID, type ParamValue, param } from '../../route-table/params.js';
import { isTime } from '../posts/fields.js';
import { statusListParam } from '../posts/visibility.js';
import { findTermIdsForFilter } from '../terms/event-terms.js';

export function idList(values: unknown[]): number[] | undefined {
  const ids = values.map((v) =>
    typeof v === 'number' ? v : /^\d+$/.test(String(v)) ? Number(v) : Number.NaN,
  );
  return ids.every((id) => Number.isInteger(id) && id > 0 && id <= MAX_ID) ? ids : undefined;
}

/**
 * The items of a `categories`/`tags` filter as the term lookup takes them: a list's items are strings,
 * numbers or booleans, and the lookup reads each one as its string (`true` as "true"), so only numbers keep
 * their type.
 */
export function termItems(items: readonly ParamValue[]): Array<string | number> {
  return items.map((item) => (typeof item === 'number' ? item : String(item)));
}

/**
 * Every item an id of an existing record of that type (`is_venue_id`, `is_organizer_id`). The answer is kept
 * at the data version (cache/record-memo.ts): a list filtered by a venue at many addresses asks once per
 * change of the data.
 */
async function allOfType(context: RequestContext, values: unknown[], type: 'venue' | 'organizer' | 'event') {
  const ids = idList(values);
  if (!ids || ids.length === 0) return false;
  const unique = [...new Set(ids)];
  const kept = await context.records?.scope(
    { inTransaction: context.db.isTransaction, language: '', version: context.dataVersion },
    'filter-posts',
  );
  return keptOr(kept, `${type} ${unique.join(',')}`, async () => {
    const rows = await context.db
      .selectFrom('posts')
      .select('id')
      .where('id', 'in', unique)
      .where('type', '=', type)
      .execute();
    return rows.length === unique.length;
  });
}

const timeParam = (en: string, de: string, defaultValue?: (context: RequestContext) => string) =>
  param.text(texts(en, de), {
    validate: isTime,
    ...(defaultValue ? { default: defaultValue } : {}),
  });

/**
 * The default window of strict mode (SPEC §14, as the plugin): its defaults `yesterday 23:59` and
 * `+24 months`, evaluated in UTC and read exactly, as strict mode reads every bound; UTC instants.
 */
export function strictDefaultWindow(context: RequestContext): { startUtc: string; endUtc: string } {
  const options = { now: context.now, timezone: 'UTC' };
  return {
    startUtc: parseTimeInput('yesterday 23:59', options)!.local,
    endUtc: parseTimeInput('+24 months', options)!.local,
  };
}

/** The default window (ref §6.1): from the start of yesterday to the end of the day 24 months ahead. */
export function defaultWindow(context: RequestContext): { startLocal: string; endLocal: string } {
  const options = { now: context.now, timezone: context.config.timezone };
  return {
    startLocal: startOfDay(parseTimeInput('yesterday', options)!.local),
    endLocal: endOfDay(parseTimeInput('+24 months', options)!.local),
  };
}

export function eventListParams(geolocation: GeolocationExtension | undefined) {
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
      texts(
        'Apply the date filters at the exact times given instead of whole days.',
        'Die Datumsfilter zu den genauen Zeiten statt ganzer Tage anwenden.',
      ),
    ),
    // The plugin's `is_string` refuses only "": a search of blanks is accepted (and filters nothing).
    search: param.search(
      texts(
        'Events whose title, excerpt or description contains every word ("phrases" and -exclusions allowed).',
        'Veranstaltungen, deren Titel, Auszug oder Beschreibung jedes Wort enthält ("Phrasen" und -Ausschlüsse erlaubt).',
      ),
    ),
    categories: param.list(
      'string',
      texts(
        'Events in any of these categories (IDs, slugs or names).',
        'Veranstaltungen in einer dieser Kategorien (IDs, Slugs oder Namen).',
      ),
      {
        validate: async (items, context: RequestContext) =>
          items.length > 0 &&
          (await findTermIdsForFilter(context, 'category', termItems(items))) !== undefined,
      },
    ),
    tags: param.list(
      'string',
      texts(
        'Events with any of these tags (IDs, slugs or names).',
        'Veranstaltungen mit einem dieser Schlagwörter (IDs, Slugs oder Namen).',
      ),
      {
        validate: async (items, context: RequestContext) =>
          items.length > 0 && (await findTermIdsForFilter(context, 'tag', termItems(items))) !== undefined,
      },
    ),
    venue: param.list(
      'integer',
      texts('Events at any of these venues (IDs).', 'Veranstaltungen an einem dieser Orte (IDs).'),
      {
        validate: (items, context: RequestContext) => allOfType(context, items, 'venue'),
      },
    ),
    organizer: param.list(
      'integer',
      texts('Events by any of these organizers (IDs).', 'Veranstaltungen eines dieser Veranstalter (IDs).'),
      {
        validate: (items, context: RequestContext) => allOfType(context, items, 'organizer'),
      },
    ),
    featured: param.boolean(
      texts(
        'Only featured (true) or only not featured (false) events.',
        'Nur hervorgehobene (true) oder nur nicht hervorgehobene (false) Veranstaltungen.',
      ),
    ),
    status: statusListParam,
    include: param.list(
      'integer',
      texts(
        'Exactly these events (IDs), in publication order; date filters are ignored.',
        'Genau diese Veranstaltungen (IDs) in Veröffentlichungsreihenfolge; Datumsfilter werden ignoriert.',
      ),
      { validate: (items) => items.length > 0 && idList(items) !== undefined },
    ),
    post_parent: param.id(
      texts(
        'Events whose parent is this event.',
        'Veranstaltungen, deren übergeordnete Veranstaltung diese ist.',
      ),
      {
        validate: (id, context: RequestContext) => allOfType(context, [id], 'event'),
      },
    ),
    ticketed: ticketedParam,
    context: param.enumeration(
      ['view', 'edit'],
      texts(
        'The scope of the request: view or edit (edit shows protected content to those who may edit it).',
        'Der Kontext der Anfrage: view oder edit (edit zeigt geschützte Inhalte denen, die sie bearbeiten dürfen).',
      ),
      { default: 'view' },
    ),
    password: param.string(
      texts(
        'The password of protected events in the list.',
        'Das Passwort geschützter Veranstaltungen in der Liste.',
      ),
    ),
    ...(geolocation ? geolocation.listParams : refusedListParams),
  };
}

/** What `listEvents` receives: with the geolocation extension off, a `geoloc*` value never reaches it. */
export type EventListParams = InferParams<ReturnType<typeof eventListParams>>;
