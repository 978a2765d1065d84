/**
 * The standalone server's public pages (on unless `--no-pages`): `/` a calendar (the `<calendar-events-view>`
 * element over the widget feed), and the addresses the API hands out as `url`: `/event/<slug>/` (an
 * occurrence: `/event/<slug>/<date>/`), `/venue/<slug>/`, `/organizer/<slug>/`, `/events/category/<…>/`, each
 * also under `/<language>/`. Pages read the API through `core.handle` with the caller's credentials, so they
 * show exactly what the caller may read; anything else is the 404 page. The view's bundle is served from
 * `/assets/`, so the calendar needs nothing from another host.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { CalendarCore, Logger } from '@calendar-events/core';
import {
  noBody,
  type ServedFile,
  type StaticRequest,
  type StaticResponse,
  serveFile,
  toServedFile,
} from '../api-reference.js';
import { plainText } from './html.js';
import {
  type ApiReader,
  apiReader,
  type EventList,
  type EventRecord,
  type OrganizerRecord,
  type TermRecord,
  type VenueRecord,
} from './read-api.js';
import {
  categoryPagePath,
  eventPagePath,
  PAGES_STYLESHEET,
  type Page,
  type PageContext,
  renderCalendarBody,
  renderCategoryBody,
  renderEventBody,
  renderLayout,
  renderNotFoundBody,
  renderOrganizerBody,
  renderVenueBody,
} from './render.js';
import { textsFor } from './texts.js';

export interface PagesRequest extends StaticRequest {
  remoteAddress?: string;
}

export interface Pages {
  /** The answer for a page's path, or undefined for a path that is not a page's. */
  answer(request: PagesRequest): Promise<StaticResponse | undefined>;
}

/** Scripts and styles from this server only (EventCalendar sets inline styles); images from anywhere https. */
export const PAGES_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' https: data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const VIEW_SCRIPT = 'calendar-events-view.js';
const ALLOWED_METHODS = 'GET, HEAD';
/** Upcoming events listed on a venue's, organizer's or category's page. */
const LISTED_EVENTS = 20;

type Route =
  | { kind: 'calendar' }
  | { kind: 'event'; slug: string; date?: string }
  | { kind: 'venue' | 'organizer'; slug: string }
  | { kind: 'category'; slug: string; path: string };

/** A path segment as the API takes a slug: decoded, non-empty, no slash; undefined otherwise. */
function slugOf(segment: string | undefined): string | undefined {
  if (!segment) return undefined;
  try {
    const slug = decodeURIComponent(segment);
    return slug !== '' && !slug.includes('/') && slug.length <= 200 ? slug : undefined;
  } catch {
    return undefined;
  }
}

/** The page a path (without its language prefix) names; `redirect` when only the final slash is missing. */
function routeOf(path: string): Route | 'redirect' | undefined {
  if (path === '/') return { kind: 'calendar' };
  const segments = path.split('/').slice(1);
  const slashed = segments.at(-1) === '';
  const parts = slashed ? segments.slice(0, -1) : segments;
  let route: Route | undefined;
  const [first, second, third] = parts;
  if (
    first === 'event' &&
    (parts.length === 2 || (parts.length === 3 && /^\d{4}-\d{2}-\d{2}$/.test(third!)))
  ) {
    const slug = slugOf(second);
    if (slug) route = third ? { kind: 'event', slug, date: third } : { kind: 'event', slug };
  } else if ((first === 'venue' || first === 'organizer') && parts.length === 2) {
    const slug = slugOf(second);
    if (slug) route = { kind: first, slug };
  } else if (first === 'events' && second === 'category' && parts.length >= 3 && parts.length <= 12) {
    // Nested categories: `/events/category/music/jazz/` is the category `jazz`.
    const slug = slugOf(parts.at(-1));
    if (slug && parts.slice(2).every((part) => slugOf(part)))
      route = { kind: 'category', slug, path: `/${parts.map((part) => slugOf(part) ?? part).join('/')}/` };
  }
  if (!route) return undefined;
  return slashed ? route : 'redirect';
}

let viewBundleFile: ServedFile | undefined;

/** The view's bundle, read (and compressed: ~20 ms) once per process, on the first server built. */
function loadViewBundle(logger: Logger): ServedFile | undefined {
  if (viewBundleFile) return viewBundleFile;
  try {
    const file = createRequire(import.meta.url).resolve(`@calendar-events/view/${VIEW_SCRIPT}`);
    viewBundleFile = toServedFile('text/javascript; charset=utf-8', readFileSync(file));
    return viewBundleFile;
  } catch (error) {
    logger.warn(
      { err: error },
      'the calendar view bundle is missing (build @calendar-events/view): `/` shows no calendar',
    );
    return undefined;
  }
}

async function eventPage(
  api: ApiReader,
  route: { slug: string; date?: string },
): Promise<EventRecord | undefined> {
  const slug = encodeURIComponent(route.slug);
  const first = await api.get<EventRecord>(`/events/by-slug/${slug}`);
  if (!first) return undefined;
  const wanted = `/event/${route.slug}/${route.date ? `${route.date}/` : ''}`;
  // The API's own address of the record, decoded as the route's slug is (a slug may be non-ASCII).
  if (decodeURIComponent(eventPagePath(first)) === wanted) return first;
  if (!route.date) return undefined;
  // An occurrence: its series is the first post of the slug; the occurrence starts on that day.
  const seriesId = first.series_id ?? first.id;
  const day = encodeURIComponent(route.date);
  const list = await api.get<EventList>(
    `/events?post_parent=${seriesId}&start_date=${day}&end_date=${day}%2023:59:59&per_page=50`,
  );
  const found = list?.events.find((event) => decodeURIComponent(eventPagePath(event)) === wanted);
  return found ? api.get<EventRecord>(`/events/${found.id}`) : undefined;
}

async function listedEvents(api: ApiReader, filter: string): Promise<EventRecord[]> {
  return (await api.get<EventList>(`/events?${filter}&per_page=${LISTED_EVENTS}`))?.events ?? [];
}

/** The page for a route, or undefined when the caller may not read what it names. */
async function pageFor(route: Route, api: ApiReader, context: PageContext): Promise<Page | undefined> {
  const texts = textsFor(context.language);
  switch (route.kind) {
    case 'calendar':
      return { title: context.siteName, type: 'website', body: renderCalendarBody(context), withView: true };
    case 'event': {
      const event = await eventPage(api, route);
      if (!event) return undefined;
      const description = plainText(event.excerpt) || undefined;
      return {
        title: plainText(event.title),
        ...(description ? { description } : {}),
        type: 'article',
        url: event.url,
        ...(event.image ? { image: event.image.url } : {}),
        ...(event.json_ld ? { jsonLd: event.json_ld } : {}),
        body: renderEventBody(context, event),
      };
    }
    case 'venue':
    case 'organizer': {
      const plural = route.kind === 'venue' ? 'venues' : 'organizers';
      const record = await api.get<VenueRecord | OrganizerRecord>(
        `/${plural}/by-slug/${encodeURIComponent(route.slug)}`,
      );
      if (!record) return undefined;
      const events = await listedEvents(api, `${route.kind}=${record.id}`);
      const isVenue = route.kind === 'venue';
      const name = isVenue ? (record as VenueRecord).venue : (record as OrganizerRecord).organizer;
      return {
        title: name,
        type: 'website',
        url: record.url,
        ...(record.json_ld ? { jsonLd: record.json_ld } : {}),
        body: isVenue
          ? renderVenueBody(context, record as VenueRecord, events)
          : renderOrganizerBody(context, record as OrganizerRecord, events),
      };
    }
    case 'category': {
      const terms = await api.get<{ categories: TermRecord[] }>(
        `/categories?slug=${encodeURIComponent(route.slug)}`,
      );
      const term = terms?.categories.find((candidate) => candidate.slug === route.slug);
      // Its parents' slugs must be the ones in the address, as the API builds it.
      if (!term || decodeURIComponent(categoryPagePath(term)) !== route.path) return undefined;
      const events = await listedEvents(api, `categories=${term.id}`);
      const description = plainText(term.description) || undefined;
      return {
        title: `${term.name} – ${texts.categories}`,
        ...(description ? { description } : {}),
        type: 'website',
        ...(term.url ? { url: term.url } : {}),
        body: renderCategoryBody(context, term, events),
      };
    }
  }
}

function headerValue(request: StaticRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

export function createPages(core: CalendarCore, logger: Logger): Pages {
  const viewBundle = loadViewBundle(logger);
  const stylesheet = toServedFile('text/css; charset=utf-8', Buffer.from(PAGES_STYLESHEET));
  const assets = new Map<string, ServedFile>([['/assets/pages.css', stylesheet]]);
  if (viewBundle) assets.set(`/assets/${VIEW_SCRIPT}`, viewBundle);
  const { languages, defaultLanguage, siteName } = core.config;
  const prefixed = languages.filter((language) => language !== defaultLanguage);
  const namespaceHtml = new Set(languages.map((language) => core.namespacePath(language)));

  /** A rendered page as an answer: its ETag from its bytes, private when it was read with credentials. */
  function pageAnswer(request: StaticRequest, status: number, body: string): StaticResponse {
    const personal = request.headers.authorization !== undefined || request.headers.cookie !== undefined;
    const answer =
      status === 200
        ? serveFile(
            request,
            toServedFile('text/html; charset=utf-8', Buffer.from(body)),
            personal ? 'private, no-cache' : 'no-cache',
          )
        : {
            status,
            headers: {
              'content-type': 'text/html; charset=utf-8',
              'content-length': String(Buffer.byteLength(body)),
              'cache-control': 'no-store',
              'x-content-type-options': 'nosniff',
            },
            body: request.method === 'HEAD' ? undefined : Buffer.from(body),
          };
    answer.headers['content-security-policy'] = PAGES_SECURITY_POLICY;
    answer.headers.vary = 'Accept-Encoding, Authorization, Cookie';
    answer.headers['referrer-policy'] = 'strict-origin-when-cross-origin';
    return answer;
  }

  return {
    async answer(request) {
      const [path = '', query = ''] = request.url.split(/\?(.*)/s);
      const asset = assets.get(path);
      if (asset) {
        if (request.method !== 'GET' && request.method !== 'HEAD')
          return noBody(405, { allow: ALLOWED_METHODS });
        const current = asset === viewBundle && new URLSearchParams(query).get('v') === asset.version;
        const answer = serveFile(
          request,
          asset,
          current ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        // Public files: a page on another origin may load the element as a module script (a CORS request).
        answer.headers['access-control-allow-origin'] = '*';
        return answer;
      }
      const language = prefixed.find((other) => path === `/${other}` || path.startsWith(`/${other}/`));
      if (language && path === `/${language}`) return noBody(301, { location: `${language}/` });
      const rest = language ? path.slice(language.length + 1) : path;
      const route = routeOf(rest);
      const htmlWanted = /\btext\/html\b/.test(headerValue(request, 'accept') ?? '');
      // Other paths stay the API's (its JSON 404), unless a browser asks for a page outside the API.
      const underApi = [...namespaceHtml].some(
        (namespace) => path === namespace || path.startsWith(`${namespace}/`),
      );
      if (route === undefined && (!htmlWanted || underApi || rest.startsWith('/docs'))) return undefined;
      if (request.method === 'OPTIONS') return noBody(204, { allow: ALLOWED_METHODS });
      if (request.method !== 'GET' && request.method !== 'HEAD')
        return noBody(405, { allow: ALLOWED_METHODS });
      if (route === 'redirect')
        return noBody(301, { location: `${path.split('/').at(-1)}/${query ? `?${query}` : ''}` });

      const pageLanguage = language ?? defaultLanguage;
      const toRoot = '../'.repeat(Math.max(0, path.split('/').length - 2));
      const context: PageContext = {
        language: pageLanguage,
        languages,
        defaultLanguage,
        siteName,
        path: route ? rest : '/',
        toRoot,
        namespace: core.namespacePath(pageLanguage).slice(1),
        viewScript: `assets/${VIEW_SCRIPT}?v=${viewBundle?.version ?? 'missing'}`,
      };
      const api = apiReader(core, pageLanguage, request.headers, request.remoteAddress);
      const page = route ? await pageFor(route, api, context) : undefined;
      if (!page) {
        const texts = textsFor(pageLanguage);
        const body = renderLayout(context, {
          title: texts.notFoundTitle,
          type: 'website',
          body: renderNotFoundBody(context),
        });
        return pageAnswer(request, 404, body);
      }
      return pageAnswer(request, 200, renderLayout(context, page));
    },
  };
}
