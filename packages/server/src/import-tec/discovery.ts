/**
 * Finding a site's REST API the WordPress way (https://developer.wordpress.org/rest-api/using-the-rest-api/discovery/):
 * the `Link: <…>; rel="https://api.w.org/"` header of the site's answer, else the `<link rel="https://api.w.org/">`
 * of its HTML, else the permalink-less `?rest_route=/`. A URL that already is an API root (`…/wp-json/`, the
 * root of this service) or the plugin's namespace (`…/tribe/events/v1`) works as it is. Whatever the root, the
 * plugin's namespace index must answer there, or nothing is read.
 */
import { type SourceClient, SourceError } from './source-client.js';

export const TEC_NAMESPACE = 'tribe/events/v1';
const API_REL = 'https://api.w.org/';

/** What the site tells about itself on the REST root (`GET /wp-json/`), for the settings to carry over. */
export interface SourceSite {
  name?: string;
  /** The public site (`home`): the `--site-url` that keeps the permalinks. */
  home?: string;
  /** `timezone_string`, e.g. `Europe/Berlin`; empty when the site uses a bare offset. */
  timezoneString?: string;
  /** `gmt_offset` in hours, when the site has no named zone. */
  gmtOffset?: number;
}

export interface DiscoveredSource {
  /** The REST root: `https://site/wp-json/`, or `https://site/?rest_route=/` on a site without pretty permalinks. */
  restRoot: string;
  /** The plugin's namespace under it (what `TecSnapshot.apiRoot` names). */
  namespaceUrl: string;
  /** The default `per_page` of the events list, as the namespace index reports it. */
  defaultPerPage?: number;
  site?: SourceSite;
}

/** The URL of `route` (`/tribe/events/v1/events`) under a REST root, with `query`. */
export function routeUrl(
  restRoot: string,
  route: string,
  query: Record<string, string | number> = {},
): string {
  const url = new URL(restRoot);
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  );
  if (url.searchParams.has('rest_route')) {
    // Slashes stay readable in the route, as WordPress writes these links itself.
    const rest = search.toString();
    return `${url.origin}${url.pathname}?rest_route=${encodeURI(route)}${rest ? `&${rest}` : ''}`;
  }
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/${route.replace(/^\/+/, '')}`;
  url.search = search.toString();
  return url.toString();
}

/** The `https://api.w.org/` target of a `Link` header (RFC 8288; several links may share one header). */
export function apiLinkOfHeader(header: string | null): string | undefined {
  if (!header) return undefined;
  for (const match of header.matchAll(/<([^>]*)>\s*((?:;\s*[^;,]*)*)/g)) {
    const rel = /;\s*rel\s*=\s*"?([^";]+)"?/i.exec(match[2] ?? '')?.[1];
    if (rel?.split(/\s+/).includes(API_REL)) return match[1];
  }
  return undefined;
}

/** The `href` of `<link rel="https://api.w.org/" href="…">` in a page (attributes in any order). */
export function apiLinkOfHtml(html: string): string | undefined {
  for (const tag of html.matchAll(/<link\b[^>]*>/gi)) {
    const attributes = tag[0];
    const rel = /\brel\s*=\s*["']([^"']*)["']/i.exec(attributes)?.[1];
    if (!rel?.split(/\s+/).includes(API_REL)) continue;
    const href = /\bhref\s*=\s*["']([^"']*)["']/i.exec(attributes)?.[1];
    if (href) return href.replace(/&amp;/g, '&');
  }
  return undefined;
}

function withSlash(url: string): string {
  const parsed = new URL(url);
  if (!parsed.searchParams.has('rest_route') && !parsed.pathname.endsWith('/')) parsed.pathname += '/';
  return parsed.toString();
}

/** The permalink-less REST root of a site: `https://site/?rest_route=/`. */
function restRouteRoot(site: URL): string {
  return `${site.origin}${site.pathname}?rest_route=/`;
}

/** REST roots to try for the URL given, most likely first, without a request when the URL says it. */
function rootsNamedByUrl(input: URL): string[] {
  const restRoute = input.searchParams.get('rest_route');
  if (restRoute !== null) {
    return [restRouteRoot(input)];
  }
  const inNamespace = new RegExp(`^(.*/)${TEC_NAMESPACE}/?$`).exec(input.pathname);
  if (inNamespace) {
    const root = new URL(input);
    root.pathname = inNamespace[1]!;
    root.search = '';
    return [root.toString()];
  }
  return [];
}

/** Why a candidate root is not the plugin's API, as one line; `undefined` when it is. */
function namespaceProblem(answer: { status: number; json: unknown }, url: string): string | undefined {
  if (answer.status === 401 || answer.status === 403) {
    const code = (answer.json as { code?: string } | undefined)?.code;
    return `${url} refused access (${answer.status}${code ? ` ${code}` : ''}): check --user and the application password`;
  }
  if (answer.json === undefined) return `${url} answered a page that is not JSON: not a WordPress REST API`;
  const index = answer.json as { namespace?: unknown; routes?: Record<string, unknown> };
  if (
    answer.status !== 200 ||
    index.namespace !== TEC_NAMESPACE ||
    !index.routes?.[`/${TEC_NAMESPACE}/events`]
  )
    return `${url} is not the REST API of The Events Calendar (no ${TEC_NAMESPACE} namespace with /events)`;
  return undefined;
}

/** The default `per_page` the namespace index reports for the events list (the site's posts_per_page). */
function defaultPerPage(index: unknown): number | undefined {
  const routes = (index as { routes?: Record<string, { endpoints?: { args?: Record<string, unknown> }[] }> })
    .routes;
  const perPage = routes?.[`/${TEC_NAMESPACE}/events`]?.endpoints?.[0]?.args?.per_page as
    | { default?: unknown }
    | undefined;
  const value = Number(perPage?.default);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

async function readSite(client: SourceClient, restRoot: string): Promise<SourceSite | undefined> {
  // Only the fields used: a site's full index lists every route of every plugin (megabytes on large sites).
  const answer = await client.get(
    routeUrl(restRoot, '/', { _fields: 'name,home,gmt_offset,timezone_string,namespaces' }),
  );
  const index = answer.json as Record<string, unknown> | undefined;
  if (answer.status !== 200 || !index || typeof index !== 'object' || !('namespaces' in index))
    return undefined;
  const site: SourceSite = {};
  if (typeof index.name === 'string') site.name = index.name;
  if (typeof index.home === 'string' && index.home !== '') site.home = index.home;
  if (typeof index.timezone_string === 'string') site.timezoneString = index.timezone_string;
  if (index.gmt_offset !== undefined && index.gmt_offset !== '' && Number.isFinite(Number(index.gmt_offset)))
    site.gmtOffset = Number(index.gmt_offset);
  return site;
}

/**
 * Finds the plugin's API from a site URL or an API root URL, and reads the site's own description. Throws a
 * `SourceError` with one line when the URL does not lead to the plugin's API.
 */
export async function discoverSource(client: SourceClient, siteOrApiUrl: string): Promise<DiscoveredSource> {
  const input = new URL(siteOrApiUrl);
  const candidates = rootsNamedByUrl(input);
  if (candidates.length === 0) {
    const page = await client.get(input.toString(), { accept: 'text/html, application/json;q=0.9' });
    const link = apiLinkOfHeader(page.headers.get('link')) ?? apiLinkOfHtml(page.text);
    if (link) candidates.push(new URL(link, page.url).toString());
    // A JSON answer is an API already (this service's root, a `wp-json` root); a site without pretty
    // permalinks answers `?rest_route=/`.
    const base = withSlash(input.toString());
    if (page.json !== undefined) candidates.push(base);
    candidates.push(restRouteRoot(input));
    if (page.json === undefined) candidates.push(base);
  }
  let problem = '';
  for (const restRoot of [...new Set(candidates)]) {
    const namespaceUrl = routeUrl(restRoot, `/${TEC_NAMESPACE}`);
    const answer = await client.get(namespaceUrl);
    const why = namespaceProblem(answer, namespaceUrl);
    if (why === undefined) {
      const site = await readSite(client, restRoot);
      const perPage = defaultPerPage(answer.json);
      return {
        restRoot,
        namespaceUrl,
        ...(perPage !== undefined ? { defaultPerPage: perPage } : {}),
        ...(site ? { site } : {}),
      };
    }
    // A refusal is the answer, whatever the other candidates say.
    if (answer.status === 401 || answer.status === 403) throw new SourceError(why);
    problem ||= why;
  }
  throw new SourceError(problem || `${siteOrApiUrl} does not lead to The Events Calendar's REST API`);
}
