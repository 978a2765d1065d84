/**
 * The fake site's list routes, with the rules of the real plugin that a reader must get right (ref §3, §6):
 * the default date window of events (from yesterday to two years ahead, unless `start_date`/`end_date`), the
 * status rules (anonymous callers may ask for `publish` only; editors see every status but trash by default),
 * `hide_empty` of terms (true by default), the `per_page` cap of 50, and what a page past the end answers.
 */
import type { FakeSiteData, Json } from './site-data.js';
import { RECORDED_ORIGIN } from './site-data.js';

export interface ListAnswer {
  status: number;
  body: Json;
  headers: Record<string, string>;
}

const STATUSES = ['publish', 'future', 'draft', 'pending', 'private', 'trash'];
const MAX_PER_PAGE = 50;
const DEFAULT_PER_PAGE = 10;

const invalid = (param: string): ListAnswer => ({
  status: 400,
  body: {
    code: 'rest_invalid_param',
    message: `Invalid parameter(s): ${param}`,
    data: { status: 400, params: { [param]: 'Invalid parameter.' }, details: [] },
  },
  headers: {},
});

function positive(value: string | null, fallback: number): number | undefined {
  if (value === null) return fallback;
  return /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : undefined;
}

/** `YYYY-MM-DD…` to the wall time of that whole day's start or end (the plugin's inclusive mode). */
function wholeDay(value: string, end: boolean): string | undefined {
  const day = /^(\d{4}-\d{2}-\d{2})/.exec(value)?.[1];
  return day ? `${day} ${end ? '23:59:59' : '00:00:00'}` : undefined;
}

function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The statuses a caller sees: `undefined` when the `status` parameter is refused. */
function statuses(query: URLSearchParams, admin: boolean): string[] | undefined {
  const asked = query.get('status');
  if (asked === null) return admin ? STATUSES.filter((status) => status !== 'trash') : ['publish'];
  const list = asked
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  if (!admin) return list.length === 1 && list[0] === 'publish' ? list : undefined;
  return list.every((status) => STATUSES.includes(status)) ? list : undefined;
}

/**
 * A protected event as the plugin shows it to a caller without its password (ref §8.3): these fields blanked,
 * title, dates, status and addresses kept.
 */
export function blankedProtected(event: Json): Json {
  return {
    ...event,
    description: '',
    excerpt: '',
    website: '',
    cost: '',
    image: false,
    all_day: null,
    show_map: null,
    show_map_link: null,
    hide_from_listings: null,
    sticky: null,
    featured: null,
    categories: [],
    tags: [],
    venue: [],
    organizer: [],
    custom_fields: [],
    cost_details: { currency_symbol: '', currency_position: '', currency_code: '', values: [] },
  };
}

/** Whether a caller sees a protected event's content: its password given, or an editor's `context=edit`. */
export function mayViewProtected(
  data: FakeSiteData,
  id: number,
  query: URLSearchParams,
  admin: boolean,
): boolean {
  const password = data.passwords[id];
  if (password === undefined) return true;
  return query.get('password') === password || (admin && query.get('context') === 'edit');
}

export function answerList(
  data: FakeSiteData,
  list: keyof Omit<FakeSiteData, 'users' | 'passwords'>,
  query: URLSearchParams,
  context: { admin: boolean; now: Date },
): ListAnswer {
  const page = positive(query.get('page'), 1);
  if (page === undefined) return invalid('page');
  const asked = positive(query.get('per_page'), DEFAULT_PER_PAGE);
  if (asked === undefined) return invalid('per_page');
  const perPage = Math.min(asked, MAX_PER_PAGE);
  const terms = list === 'categories' || list === 'tags';

  let records: Json[];
  if (terms) {
    const hideEmpty = !['false', '0'].includes((query.get('hide_empty') ?? 'true').toLowerCase());
    records = data[list]
      .filter((term) => !hideEmpty || term.count > 0)
      .sort((a, b) => a.name.localeCompare(b.name));
  } else {
    const visible = statuses(query, context.admin);
    if (!visible) return invalid('status');
    records = data[list].filter((record) => visible.includes(record.status));
    if (list === 'events') {
      const yesterday = new Date(context.now.getTime() - 86_400_000);
      const twoYears = new Date(context.now);
      twoYears.setUTCMonth(twoYears.getUTCMonth() + 24);
      const start = wholeDay(query.get('start_date') ?? dayOf(yesterday), false);
      const end = wholeDay(query.get('end_date') ?? dayOf(twoYears), true);
      if (!start) return invalid('start_date');
      if (!end) return invalid('end_date');
      records = records
        .filter((event) => !event.hide_from_listings && event.start_date >= start && event.end_date <= end)
        .sort((a, b) => a.start_date.localeCompare(b.start_date) || a.id - b.id);
    } else {
      records = records.sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id);
    }
  }

  const total = records.length;
  const totalPages = Math.ceil(total / perPage);
  const items = records
    .slice((page - 1) * perPage, page * perPage)
    .map((record) =>
      list === 'events' && !mayViewProtected(data, record.id, query, context.admin)
        ? blankedProtected(record)
        : record,
    );
  const base = `${RECORDED_ORIGIN}/wp-json/tribe/events/v1/${list}/`;
  const headers = { 'x-tec-total': String(total), 'x-tec-totalpages': String(totalPages) };
  if (terms) {
    const body: Json = { rest_url: base, total, total_pages: totalPages, [list]: items };
    if (page < totalPages) body.next_rest_url = `${base}?page=${page + 1}`;
    if (page > 1) body.previous_rest_url = `${base}?page=${page - 1}`;
    return { status: 200, body, headers };
  }
  if (items.length === 0 && page > 1) {
    const kind = list === 'events' ? 'event' : list === 'venues' ? 'venue' : 'organizer';
    return {
      status: 404,
      body: {
        code: `${kind}-archive-page-not-found`,
        message: `The requested ${kind} archive page does not exist`,
        data: { status: 404 },
      },
      headers: {},
    };
  }
  const restUrl = `${base}?page=${page}&per_page=${perPage}`;
  const body: Json = { [list]: items, rest_url: restUrl };
  if (page < totalPages) body.next_rest_url = `${base}?per_page=${perPage}&page=${page + 1}`;
  if (page > 1) body.previous_rest_url = `${base}?per_page=${perPage}${page > 2 ? `&page=${page - 1}` : ''}`;
  Object.assign(body, { total, total_pages: totalPages });
  return { status: 200, body, headers };
}
