/**
 * A fake WordPress site with The Events Calendar, on 127.0.0.1 and a free port, for the tests of
 * `calendar-events import tec`. It answers like the real plugin (recorded in `reference/tec-transcripts/`):
 * the site page with its `Link: rel="https://api.w.org/"` header and `<link>` tag, the REST root with `home`
 * and `timezone_string`, the namespace index, the lists with their `per_page` cap of 50, `X-TEC-Total(Pages)`
 * headers, default date window and status rules, a 404 past the last page (an empty 200 for terms), WordPress's
 * `/wp/v2/users`, and HTTP Basic application passwords. Faults can be switched on while it runs.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { formatUtc } from '@calendar-events/core/internal';
import { type HostileFaults, hostileData, lyingList, redirectLoop, streamGiganticPage } from './hostile.js';
import { answerList, type ListAnswer, mayViewProtected } from './lists.js';
import { type FakeSiteData, fakeSiteData, type Json, RECORDED_ORIGIN, recordedBody } from './site-data.js';

export interface FakeTecFaults extends HostileFaults {
  /** After this many requests, every connection is destroyed without an answer (the site went away). */
  dieAfterRequests?: number;
  /** The first `count` requests answer 429 with `Retry-After: retryAfterSeconds`. */
  tooManyRequests?: { count: number; retryAfterSeconds: number };
  /** The first `count` requests answer this 5xx status (default 503). */
  serverErrors?: { count: number; status?: number };
  /** The first `count` requests wait `delayMs` before answering. */
  slow?: { count: number; delayMs: number };
  /** Every REST answer is an HTML error page instead of JSON. */
  notJson?: boolean;
  /** The site is WordPress without the plugin: its namespace is unknown. */
  notThePlugin?: boolean;
  /** WordPress refuses its edit context of an event (`/wp/v2/tribe_events/<id>?context=edit`) to everyone. */
  refuseEditContext?: boolean;
}

export interface FakeTecOptions {
  /** Published events in the calendar, a multiple of 10 (default 100). */
  events?: number;
  /** The application password of `admin`, an administrator. */
  password?: string;
  /** The application password of `reader`, a subscriber (who may list published records only). */
  subscriberPassword?: string;
  /** How the site announces its API: the `Link` header (default), only the HTML `<link>`, or neither (`?rest_route=`). */
  discovery?: 'link-header' | 'html-link' | 'rest-route';
  timezone?: string;
  /** Appended to every slug: another site with the same ids and other slugs. */
  slugSuffix?: string;
  /** The clock of the default date window (default: the day of the recording). */
  now?: Date;
  faults?: FakeTecFaults;
}

export interface FakeTecServer {
  /** The site's home page, e.g. `http://127.0.0.1:43121/`. */
  url: string;
  /** The REST root, `…/wp-json/` (or `…/?rest_route=/` without pretty permalinks). */
  restRoot: string;
  data: FakeSiteData;
  /** Switched on and off while the server runs; counters count from the moment they are set. */
  faults: FakeTecFaults;
  /** Every request as `METHOD path?query`, in order of arrival. */
  requests: string[];
  /** The most requests the site was answering at once. */
  readonly maxInFlight: number;
  close(): Promise<void>;
}

export const FAKE_TEC_LOGIN = 'admin';

function send(res: ServerResponse, status: number, body: Json, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
  res.end(JSON.stringify(body));
}

const restError = (code: string, message: string, status: number) => ({ code, message, data: { status } });

export async function startFakeTec(options: FakeTecOptions = {}): Promise<FakeTecServer> {
  const suffix = options.slugSuffix ?? '';
  const data: FakeSiteData = JSON.parse(
    JSON.stringify(fakeSiteData(options.events ?? 100)).replace(/"slug":"([^"]+)"/g, `"slug":"$1${suffix}"`),
  );
  const discovery = options.discovery ?? 'link-header';
  const now = options.now ?? new Date('2026-11-25T17:06:28Z');
  const sockets = new Set<Socket>();
  const requests: string[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let origin = '';
  let counted = 0;
  const state: { faults: FakeTecFaults; since: number } = { faults: options.faults ?? {}, since: 0 };
  /** The records answered: the site's, with what the faults add. */
  const siteData = () => hostileData(data, state.faults);

  // Recorded answers name the recording's host: every body is rewritten to this server's origin.
  const rewrite = (body: Json): Json => JSON.parse(JSON.stringify(body).replaceAll(RECORDED_ORIGIN, origin));
  const restRoot = () => (discovery === 'rest-route' ? `${origin}/?rest_route=/` : `${origin}/wp-json/`);
  const linkHeader = () => ({ link: `<${restRoot()}>; rel="https://api.w.org/"` });

  function authenticate(req: IncomingMessage): 'anonymous' | 'admin' | 'subscriber' | 'refused' {
    const header = req.headers.authorization;
    if (!header) return 'anonymous';
    const decoded = Buffer.from(header.replace(/^Basic\s+/i, ''), 'base64').toString('utf8');
    if (options.password !== undefined && decoded === `${FAKE_TEC_LOGIN}:${options.password}`) return 'admin';
    if (options.subscriberPassword !== undefined && decoded === `reader:${options.subscriberPassword}`)
      return 'subscriber';
    return 'refused';
  }

  function answerUsers(res: ServerResponse, rest: string, query: URLSearchParams, admin: boolean) {
    const one = /^\/wp\/v2\/users\/(\d+)$/.exec(rest);
    if (one) {
      const user = data.users.find((candidate) => candidate.id === Number(one[1]));
      if (!user || (!admin && !user.public))
        return send(
          res,
          401,
          restError('rest_user_cannot_view', 'Sorry, you are not allowed to list users.', 401),
        );
      return send(res, 200, { id: user.id, name: user.name, slug: user.slug });
    }
    if (query.get('context') === 'edit' && !admin)
      return send(
        res,
        401,
        restError('rest_forbidden_context', 'Sorry, you are not allowed to list users.', 401),
      );
    const visible = data.users.filter((user) => admin || user.public);
    const answer: ListAnswer = {
      status: 200,
      body: visible.map((user) => ({
        id: user.id,
        name: user.name,
        slug: user.slug,
        ...(query.get('context') === 'edit' ? { username: user.login } : {}),
      })),
      headers: { 'x-wp-total': String(visible.length), 'x-wp-totalpages': '1' },
    };
    sendList(
      res,
      lyingList(rest, answer, state.faults.lyingTotals, () => answer),
    );
  }

  function sendList(res: ServerResponse, answer: ListAnswer, headers: Record<string, string> = {}) {
    send(res, answer.status, answer.body, { ...headers, ...answer.headers });
  }

  /**
   * WordPress's own list of the events post type: hidden from listings or not, but (the plugin's query
   * filter) only current and upcoming events, whatever the parameters; the password only in the edit context.
   */
  function answerPostIds(res: ServerResponse, query: URLSearchParams, admin: boolean) {
    const asked = (query.get('status') ?? 'publish').split(',');
    if (!admin && asked.some((status) => status !== 'publish'))
      return send(res, 400, restError('rest_invalid_param', 'Invalid parameter(s): status', 400));
    const nowUtc = formatUtc(now);
    const ids = siteData()
      .events.filter((event) => asked.includes(event.status) && event.utc_end_date >= nowUtc)
      .map((event) => postFields(event, query, admin));
    const perPage = Math.min(Number(query.get('per_page') ?? 10), 100);
    const totalPages = Math.ceil(ids.length / perPage);
    const answer = (page: number): ListAnswer => ({
      status: 200,
      body: ids.slice((page - 1) * perPage, page * perPage),
      headers: { 'x-wp-total': String(ids.length), 'x-wp-totalpages': String(totalPages) },
    });
    const page = answer(Number(query.get('page') ?? 1));
    sendList(
      res,
      lyingList('/wp/v2/tribe_events', page, state.faults.lyingTotals, () => answer(totalPages)),
    );
  }

  /** An event as WordPress's posts controller answers it (the fields the import asks for). */
  function postFields(event: Json, query: URLSearchParams, admin: boolean): Json {
    const edit = admin && query.get('context') === 'edit' && !state.faults.refuseEditContext;
    return {
      id: event.id,
      status: event.status,
      ...(edit ? { password: data.passwords[event.id] ?? '' } : {}),
    };
  }

  /** `GET /wp/v2/tribe_events/<id>`: any date; the edit context (with the password) for an editor only. */
  function answerPost(res: ServerResponse, id: number, query: URLSearchParams, admin: boolean) {
    if (query.get('context') === 'edit' && (!admin || state.faults.refuseEditContext))
      return send(
        res,
        admin ? 403 : 401,
        restError(
          'rest_forbidden_context',
          'Sorry, you are not allowed to edit this post.',
          admin ? 403 : 401,
        ),
      );
    const event = siteData().events.find((candidate) => candidate.id === id);
    if (!event || (event.status !== 'publish' && !admin))
      return send(res, 404, restError('rest_post_invalid_id', 'Invalid post ID.', 404));
    send(res, 200, postFields(event, query, admin));
  }

  /** `GET /events/{id}`: a published event for everyone, the others for the administrator (ref §4.2). */
  function answerEvent(res: ServerResponse, id: number, query: URLSearchParams, admin: boolean) {
    const event = siteData().events.find((candidate) => candidate.id === id);
    if (!event)
      return send(res, 404, restError('rest-event-not-found', `Event with ID ${id} does not exist.`, 404));
    // The plugin refuses trashed events by id to everyone, administrators included.
    if (event.status === 'trash')
      return send(res, 403, restError('event-no-longer-available', 'This event is no longer available', 403));
    if (event.status !== 'publish' && !admin)
      return send(res, 403, restError('event-not-accessible', 'The requested event is not accessible', 403));
    if (!mayViewProtected(data, id, query, admin))
      return send(
        res,
        403,
        restError(
          'event-password-protected',
          'The requested event is not accessible without a password',
          403,
        ),
      );
    send(
      res,
      200,
      rewrite({
        ...event,
        json_ld: { '@context': 'http://schema.org', '@type': 'Event', name: event.title },
      }),
      linkHeader(),
    );
  }

  function answerRest(req: IncomingMessage, res: ServerResponse, rest: string, query: URLSearchParams) {
    const faults = state.faults;
    if (faults.notJson) {
      res.writeHead(200, { 'content-type': 'text/html; charset=UTF-8' });
      return void res.end('<!doctype html><title>Maintenance</title><p>Briefly unavailable.</p>');
    }
    const who = authenticate(req);
    // WordPress refuses a wrong application password on every route, before the route is looked at.
    if (who === 'refused')
      return send(
        res,
        401,
        restError('incorrect_password', 'The provided password is an invalid application password.', 401),
        linkHeader(),
      );
    const route = rest.replace(/\/+$/, '') || '/';
    if (route === '/') {
      return send(
        res,
        200,
        {
          name: 'Fake Events',
          description: 'A fake site of The Events Calendar',
          url: origin,
          home: origin,
          gmt_offset: '1',
          timezone_string: options.timezone ?? 'Europe/Berlin',
          namespaces: faults.notThePlugin ? ['wp/v2'] : ['wp/v2', 'tribe/events/v1'],
          routes: {},
        },
        linkHeader(),
      );
    }
    if (route.startsWith('/wp/v2/users')) return answerUsers(res, route, query, who === 'admin');
    if (route === '/wp/v2/tribe_events' && !faults.notThePlugin && !faults.noPostTypeList)
      return answerPostIds(res, query, who === 'admin');
    const post = /^\/wp\/v2\/tribe_events\/(\d+)$/.exec(route);
    if (post && !faults.notThePlugin && !faults.noPostTypeList)
      return answerPost(res, Number(post[1]), query, who === 'admin');
    if (faults.notThePlugin || !route.startsWith('/tribe/events/v1'))
      return send(
        res,
        404,
        restError('rest_no_route', 'No route was found matching the URL and request method.', 404),
        linkHeader(),
      );
    if (route === '/tribe/events/v1')
      return send(res, 200, rewrite(recordedBody('01-namespace-index')), linkHeader());
    const single = /^\/tribe\/events\/v1\/events\/(\d+)$/.exec(route);
    if (single) return answerEvent(res, Number(single[1]), query, who === 'admin');
    const list = /^\/tribe\/events\/v1\/(events|venues|organizers|categories|tags)$/.exec(route)?.[1];
    if (!list)
      return send(
        res,
        404,
        restError('rest_no_route', 'No route was found matching the URL and request method.', 404),
        linkHeader(),
      );
    if (list === 'events' && faults.giganticPage)
      return streamGiganticPage(res, rewrite(data.events[0]), faults.giganticPage.events);
    const listed = (page?: number) => {
      const asked = new URLSearchParams(query);
      if (page !== undefined) asked.set('page', String(page));
      return answerList(siteData(), list as 'events', asked, { admin: who === 'admin', now });
    };
    const lastPage = () => listed(Math.max(1, Number(listed(1).headers['x-tec-totalpages'])));
    const answer = lyingList(route, listed(), faults.lyingTotals, lastPage);
    send(res, answer.status, rewrite(answer.body), { ...linkHeader(), ...answer.headers });
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', origin);
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    maxInFlight = Math.max(maxInFlight, ++inFlight);
    res.on('close', () => inFlight--);
    const number = ++counted - state.since;
    const faults = state.faults;
    if (faults.dieAfterRequests !== undefined && number > faults.dieAfterRequests)
      return void req.socket.destroy();
    if (faults.tooManyRequests && number <= faults.tooManyRequests.count)
      return send(res, 429, restError('too_many_requests', 'Too many requests.', 429), {
        'retry-after': String(faults.tooManyRequests.retryAfterSeconds),
      });
    if (faults.serverErrors && number <= faults.serverErrors.count) {
      res.writeHead(faults.serverErrors.status ?? 503, { 'content-type': 'text/html' });
      return void res.end('<h1>Service Unavailable</h1>');
    }
    if (redirectLoop(res, url, faults)) return;
    const delay = faults.slow && number <= faults.slow.count ? faults.slow.delayMs : 0;
    setTimeout(() => {
      if (res.destroyed) return;
      const restRoute = url.searchParams.get('rest_route');
      if (url.pathname.startsWith('/wp-json'))
        answerRest(req, res, url.pathname.slice('/wp-json'.length), url.searchParams);
      else if (restRoute !== null && discovery === 'rest-route')
        answerRest(req, res, restRoute, url.searchParams);
      else if (url.pathname === '/') {
        const link =
          discovery === 'rest-route' ? '' : `<link rel="https://api.w.org/" href="${restRoot()}" />`;
        res.writeHead(200, {
          'content-type': 'text/html; charset=UTF-8',
          ...(discovery === 'link-header' ? linkHeader() : {}),
        });
        res.end(
          `<!doctype html><html><head><title>Fake Events</title>${link}</head><body>Events</body></html>`,
        );
      } else {
        res.writeHead(404, { 'content-type': 'text/html' });
        res.end('<h1>Not Found</h1>');
      }
    }, delay);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}/`,
    get restRoot() {
      return restRoot();
    },
    data,
    get faults() {
      return state.faults;
    },
    set faults(faults: FakeTecFaults) {
      state.faults = faults;
      state.since = counted;
    },
    requests,
    get maxInFlight() {
      return maxInFlight;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
