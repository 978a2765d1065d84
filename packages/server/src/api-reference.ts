/**
 * The API reference page (SPEC §11): Swagger UI, served from the `swagger-ui-dist` package (nothing from a CDN),
 * rendering the OpenAPI document that core generates at `{ns}/doc`.
 *
 * - `GET /docs/` is the page for the default language, `GET /{language}/docs/` the page for each other address
 *   language (`/de/docs/`, which renders `/de/calendar/events/v1/doc`). `/docs` and `/de/docs` redirect there.
 * - `GET /docs/assets/{name}` serves a fixed list of files, looked up by exact name: nothing else under the
 *   folder is reachable, so no path can lead outside it.
 *
 * Every URL in the page is relative, so the page also works behind a proxy that serves the service under a
 * path prefix. Answers are computed here, once, and written as they are by both adapters (SPEC §1).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type CalendarCore, etagListMatches, negotiateCoding } from '@calendar-events/core';
import { escapeHtml } from './pages/html.js';

/** Where the page of the default language is served. */
export const API_REFERENCE_PATH = '/docs/';
/** Where the page's files are served, under the page of the default language. */
export const API_REFERENCE_ASSETS_PATH = '/docs/assets/';

/** An answer to write as it is: the status, every header, and the exact bytes (undefined: no body). */
export interface StaticResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer | undefined;
}

export interface StaticRequest {
  method: string;
  /** The path and query as received. */
  url: string;
  /** Header names in lower case. */
  headers: Record<string, string | string[] | undefined>;
}

export interface ApiReference {
  /** The answer for a path of the reference pages, or undefined for any other path. */
  answer(request: StaticRequest): StaticResponse | undefined;
}

/** A file of the reference: its bytes, a gzip copy when worth it, and a version taken from its content. */
export interface ServedFile {
  contentType: string;
  body: Buffer;
  gzipped: Buffer | undefined;
  /** The start of the content's SHA-256: the ETag, and the `?v=` that makes a URL safe to cache for good. */
  version: string;
}

const SWAGGER_UI_FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'favicon-16x16.png': 'image/png',
};

/** Our own start-up script: reads the document's URL from the page and starts Swagger UI on it. */
const START_SCRIPT_NAME = 'api-reference.js';
const START_SCRIPT = `'use strict';
(function () {
  var container = document.getElementById('swagger-ui');
  window.ui = window.SwaggerUIBundle({
    domNode: container,
    url: new URL(container.getAttribute('data-openapi-url'), document.baseURI).href,
    layout: 'BaseLayout',
    deepLinking: true,
    displayRequestDuration: true,
    defaultModelsExpandDepth: 0,
    // Never send the document to an outside validator.
    validatorUrl: null,
  });
})();
`;

const TITLES: Record<string, string> = {
  en: 'Calendar Events API reference',
  de: 'Calendar Events API-Referenz',
};
const NO_SCRIPT_TEXT: Record<string, string> = {
  en: 'This reference needs JavaScript. The OpenAPI document it shows is here:',
  de: 'Diese Referenz braucht JavaScript. Das OpenAPI-Dokument, das sie zeigt, liegt hier:',
};
const LANGUAGE_NAVIGATION_LABEL: Record<string, string> = { en: 'Language', de: 'Sprache' };

/** Scripts and styles only from this server (Swagger UI sets inline styles), requests only to it. */
const PAGE_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** A year: asset URLs carry their content's version, so a new content comes with a new URL. */
const VERSIONED_ASSET_CACHE = 'public, max-age=31536000, immutable';
/** Pages, and assets asked for without their current version: revalidate each time (cheap with the ETag). */
const REVALIDATE = 'no-cache';

const ALLOWED_METHODS = 'GET, HEAD';
/** Below this size gzip saves too little to be worth a second variant. */
const GZIP_MIN_BYTES = 1024;

export function toServedFile(contentType: string, body: Buffer): ServedFile {
  const compressible = !contentType.startsWith('image/') && body.length >= GZIP_MIN_BYTES;
  return {
    contentType,
    body,
    gzipped: compressible ? gzipSync(body, { level: 9 }) : undefined,
    version: createHash('sha256').update(body).digest('base64url').slice(0, 16),
  };
}

let swaggerUiFiles: Map<string, ServedFile> | undefined;

/** Swagger UI's files, read (and compressed) once per process, on the first reference built. */
function loadSwaggerUiFiles(): Map<string, ServedFile> {
  if (!swaggerUiFiles) {
    const folder = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
    swaggerUiFiles = new Map(
      Object.entries(SWAGGER_UI_FILES).map(([name, contentType]) => [
        name,
        toServedFile(contentType, readFileSync(join(folder, name))),
      ]),
    );
  }
  return swaggerUiFiles;
}

/** The page's path for an address language: `/docs/`, `/de/docs/`. */
function pagePath(core: CalendarCore, language: string): string {
  return language === core.config.defaultLanguage ? API_REFERENCE_PATH : `/${language}${API_REFERENCE_PATH}`;
}

function languageName(language: string): string {
  const name = new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? language;
  return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
}

function renderPage(core: CalendarCore, language: string, assets: Map<string, ServedFile>): string {
  const path = pagePath(core, language);
  // From the page's folder back to the server root, so that every URL below is relative.
  const toRoot = '../'.repeat(path.split('/').length - 2);
  const asset = (name: string) =>
    escapeHtml(`${toRoot}${API_REFERENCE_ASSETS_PATH.slice(1)}${name}?v=${assets.get(name)?.version}`);
  const documentUrl = escapeHtml(`${toRoot}${core.namespacePath(language).slice(1)}/doc`);
  const title = escapeHtml(TITLES[language] ?? TITLES.en!);
  const links = core.config.languages.map((other) => {
    const current = other === language ? ' aria-current="page"' : '';
    const href = escapeHtml(`${toRoot}${pagePath(core, other).slice(1)}`);
    return `<a href="${href}" hreflang="${escapeHtml(other)}" lang="${escapeHtml(other)}"${current}>${escapeHtml(languageName(other))}</a>`;
  });
  return `<!doctype html>
<html lang="${escapeHtml(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="icon" type="image/png" sizes="32x32" href="${asset('favicon-32x32.png')}">
<link rel="icon" type="image/png" sizes="16x16" href="${asset('favicon-16x16.png')}">
<link rel="stylesheet" href="${asset('swagger-ui.css')}">
<style>
body { margin: 0; font-family: sans-serif; }
.api-reference-header { display: flex; flex-wrap: wrap; align-items: baseline; justify-content: space-between;
  gap: 0.5rem 2rem; max-width: 1460px; margin: 0 auto; padding: 1rem 20px 0; box-sizing: border-box; }
.api-reference-header h1 { margin: 0; font-size: 1.5rem; color: #3b4151; }
.api-reference-header nav a { margin-left: 1rem; color: #4990e2; }
.api-reference-header nav a[aria-current="page"] { color: #3b4151; font-weight: bold; text-decoration: none; }
</style>
</head>
<body>
<header class="api-reference-header">
<h1>${title}</h1>
<nav aria-label="${escapeHtml(LANGUAGE_NAVIGATION_LABEL[language] ?? LANGUAGE_NAVIGATION_LABEL.en!)}">${links.join(' ')}</nav>
</header>
<main id="swagger-ui" data-openapi-url="${documentUrl}">
<noscript><p>${escapeHtml(NO_SCRIPT_TEXT[language] ?? NO_SCRIPT_TEXT.en!)} <a href="${documentUrl}">${documentUrl}</a></p></noscript>
</main>
<script src="${asset('swagger-ui-bundle.js')}"></script>
<script src="${asset(START_SCRIPT_NAME)}"></script>
</body>
</html>
`;
}

function headerValue(request: StaticRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The files come as they are or gzipped: the API's own negotiation (core's) picks between the two. */
const OFFERED_CODINGS = ['gzip'] as const;

export function serveFile(request: StaticRequest, file: ServedFile, cacheControl: string): StaticResponse {
  const gzip =
    file.gzipped !== undefined &&
    negotiateCoding(headerValue(request, 'accept-encoding'), OFFERED_CODINGS) === 'gzip';
  const body = gzip ? file.gzipped! : file.body;
  const etag = `"${file.version}${gzip ? '-gzip' : ''}"`;
  const headers: Record<string, string> = {
    'cache-control': cacheControl,
    etag,
    'x-content-type-options': 'nosniff',
    ...(file.gzipped !== undefined ? { vary: 'Accept-Encoding' } : {}),
  };
  // Weak comparison, as RFC 9110 asks of If-None-Match.
  const ifNoneMatch = headerValue(request, 'if-none-match');
  if (ifNoneMatch !== undefined && etagListMatches(ifNoneMatch, etag, true))
    return { status: 304, headers, body: undefined };
  Object.assign(headers, {
    'content-type': file.contentType,
    'content-length': String(body.length),
    ...(gzip ? { 'content-encoding': 'gzip' } : {}),
  });
  return { status: 200, headers, body: request.method === 'HEAD' ? undefined : body };
}

export function noBody(status: number, headers: Record<string, string>): StaticResponse {
  // A 204 carries no Content-Length (RFC 9110 §8.6); the others say that their body is empty.
  return {
    status,
    headers: status === 204 ? headers : { ...headers, 'content-length': '0' },
    body: undefined,
  };
}

/** The reference pages and their files, for every address language of the core. */
export function createApiReference(core: CalendarCore): ApiReference {
  const assets = new Map(loadSwaggerUiFiles());
  assets.set(START_SCRIPT_NAME, toServedFile('text/javascript; charset=utf-8', Buffer.from(START_SCRIPT)));

  const pages = new Map<string, ServedFile>();
  const redirects = new Map<string, string>();
  for (const language of core.config.languages) {
    const path = pagePath(core, language);
    const page = toServedFile('text/html; charset=utf-8', Buffer.from(renderPage(core, language, assets)));
    pages.set(path, page);
    // `/docs` → `docs/`: relative, so that it holds under a proxy's path prefix too.
    redirects.set(path.slice(0, -1), `${path.split('/').at(-2)}/`);
  }

  return {
    answer(request) {
      const [path = '', query = ''] = request.url.split(/\?(.*)/s);
      const page = pages.get(path);
      const redirect = redirects.get(path);
      const assetName = path.startsWith(API_REFERENCE_ASSETS_PATH)
        ? path.slice(API_REFERENCE_ASSETS_PATH.length)
        : undefined;
      const asset = assetName !== undefined ? assets.get(assetName) : undefined;
      if (!page && !redirect && !asset) return undefined;

      if (request.method === 'OPTIONS') return noBody(204, { allow: ALLOWED_METHODS });
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return noBody(405, { allow: ALLOWED_METHODS });
      }
      if (redirect) return noBody(301, { location: redirect, 'cache-control': 'public, max-age=3600' });
      if (page) {
        const answer = serveFile(request, page, REVALIDATE);
        answer.headers['content-security-policy'] = PAGE_SECURITY_POLICY;
        return answer;
      }
      const current = new URLSearchParams(query).get('v') === asset!.version;
      return serveFile(request, asset!, current ? VERSIONED_ASSET_CACHE : REVALIDATE);
    },
  };
}
