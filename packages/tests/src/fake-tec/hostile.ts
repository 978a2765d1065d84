/**
 * The fake site as a hostile or broken source: answers no honest site of the plugin gives, for the
 * tests that `calendar-events import tec` stays bounded in time and memory whatever its source says, refuses
 * in one line, and writes nothing. Each switch is a field of the server's `faults`.
 */
import type { ServerResponse } from 'node:http';
import type { ListAnswer } from './lists.js';
import type { FakeSiteData, Json } from './site-data.js';

export interface HostileFaults {
  /** One more published event in the events list, with this id (e.g. 9007199254740991 or 2147483648). */
  hugeId?: number;
  /**
   * The site has no `/wp/v2/tribe_events` (as this service serving the plugin's namespace): a reader looks for
   * hidden events in the gaps of the id space.
   */
  noPostTypeList?: boolean;
  /**
   * Every list (the plugin's, `/wp/v2/users`, `/wp/v2/tribe_events`) declares these totals in its headers
   * (`X-TEC-*` and `X-WP-*`) and body. Past its real end a list answers as usual (`not-found`: the plugin's
   * 404, an empty page) or its last real page again (`repeat`: a site that ignores `page` there). With
   * `routes`, only the lists whose route starts with one of them lie (`/wp/v2/users`).
   */
  lyingTotals?: {
    totalPages: number;
    total?: number;
    pastEnd: 'not-found' | 'repeat';
    routes?: string[];
  };
  /** One more venue with the id of the first listed event: two records with one post id (a broken source). */
  collidingIds?: boolean;
  /** Every request under `/wp-json/` is redirected to a page that redirects back to it. */
  redirectLoop?: boolean;
  /**
   * The events list ignores `per_page` and answers this many events on every page, sent as it is written
   * (the fake never holds the page), with totals that agree.
   */
  giganticPage?: { events: number };
}

/** Where a redirect loop bounces: this path redirects to its `back` parameter. */
export const REDIRECT_LOOP_PATH = '/redirect-loop';

/** The first id of the events of a gigantic page (above every id of the fake's data). */
const GIGANTIC_FIRST_ID = 100_000;

/** The site's records with the records the faults add: a huge id, a venue with an event's id. */
export function hostileData(data: FakeSiteData, faults: HostileFaults): FakeSiteData {
  if (faults.hugeId === undefined && !faults.collidingIds) return data;
  const events = [...data.events];
  const venues = [...data.venues];
  if (faults.hugeId !== undefined) {
    const event = structuredClone(data.events[0]);
    Object.assign(event, { id: faults.hugeId, slug: `huge-${faults.hugeId}`, hide_from_listings: false });
    events.push(event);
  }
  if (faults.collidingIds) {
    const venue = structuredClone(data.venues[0]);
    Object.assign(venue, { id: data.events[0].id, slug: 'venue-with-an-events-id', venue: 'Twin' });
    venues.push(venue);
  }
  return { ...data, events, venues };
}

const TOTAL_HEADERS = ['x-tec-total', 'x-wp-total'];
const PAGES_HEADERS = ['x-tec-totalpages', 'x-wp-totalpages'];

/**
 * The answer of the list at `route` with the totals the fault declares (as it is when the fault leaves that
 * route alone); `lastPage` answers the real last page again.
 */
export function lyingList(
  route: string,
  answer: ListAnswer,
  lie: HostileFaults['lyingTotals'],
  lastPage: () => ListAnswer,
): ListAnswer {
  if (!lie || (lie.routes && !lie.routes.some((prefix) => route.startsWith(prefix)))) return answer;
  const items = Array.isArray(answer.body) ? answer.body : undefined;
  const pastEnd =
    answer.status === 404 ||
    (answer.status === 200 &&
      (items ?? Object.values(answer.body as Json).find(Array.isArray))?.length === 0);
  const shown = pastEnd && lie.pastEnd === 'repeat' ? lastPage() : answer;
  const headers = { ...shown.headers };
  for (const name of PAGES_HEADERS) headers[name] = String(lie.totalPages);
  for (const name of TOTAL_HEADERS) if (lie.total !== undefined) headers[name] = String(lie.total);
  let body = shown.body;
  if (body && typeof body === 'object' && !Array.isArray(body) && 'total_pages' in body)
    body = { ...body, total_pages: lie.totalPages, ...(lie.total !== undefined ? { total: lie.total } : {}) };
  return { status: shown.status, body, headers };
}

/** Answers a redirect that leads back to the request (through `REDIRECT_LOOP_PATH`); false when not asked to. */
export function redirectLoop(res: ServerResponse, url: URL, faults: HostileFaults): boolean {
  if (!faults.redirectLoop) return false;
  if (url.pathname === REDIRECT_LOOP_PATH) {
    res.writeHead(302, { location: url.searchParams.get('back') ?? '/' });
  } else if (url.pathname.startsWith('/wp-json')) {
    const back = `${url.pathname}${url.search}`;
    res.writeHead(301, { location: `${REDIRECT_LOOP_PATH}?back=${encodeURIComponent(back)}` });
  } else return false;
  res.end();
  return true;
}

/** A page of `count` events made from `template` (distinct ids), written as the socket takes it. */
export function streamGiganticPage(res: ServerResponse, template: Json, count: number): void {
  res.writeHead(200, {
    'content-type': 'application/json; charset=UTF-8',
    'x-tec-total': String(count),
    'x-tec-totalpages': '1',
  });
  let index = 0;
  let closed = false;
  res.on('close', () => {
    closed = true;
  });
  res.write('{"events":[');
  const pump = () => {
    while (!closed && index < count) {
      let chunk = '';
      for (; index < count && chunk.length < 65_536; index++)
        chunk += `${index ? ',' : ''}${JSON.stringify({ ...template, id: GIGANTIC_FIRST_ID + index })}`;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    if (!closed) res.end(`],"total":${count},"total_pages":1}`);
  };
  pump();
}
