/**
 * What a request's address says before any route runs: the method to route by, the address language, the
 * absolute URLs answers are built with, and the language of the content asked for.
 */
import type { CalendarConfig } from '../config.js';
import type { UrlBuilder } from '../route-table/context.js';
import type { ParamBag, ParamValue } from '../route-table/params.js';
import { parseFormEncoded } from './parse-params.js';
import type { CoreRequest } from './types.js';

/** A header's value, repeated ones joined with `, `. */
export function header(request: CoreRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * The method to route by. As WordPress (ref §9.2), a POST may name another method in `?_method=` or
 * `X-HTTP-Method-Override`, for clients behind proxies that only pass GET and POST. Only a POST: a GET that
 * could delete would be a cross-site request forgery hole.
 */
export function requestMethod(request: CoreRequest, url: URL): string {
  const method = request.method.toUpperCase();
  if (method !== 'POST') return method;
  const override = url.searchParams.get('_method') ?? header(request, 'x-http-method-override');
  return override ? override.trim().toUpperCase() : method;
}

/** The query's parameters, or none when it does not parse. */
export function queryOrNothing(url: URL): ParamBag {
  try {
    return parseFormEncoded(url.search);
  } catch {
    return {};
  }
}

/** The namespace path of an address: `/calendar/events/v1`, or `/de/calendar/events/v1` for German. */
export function addressPath(config: CalendarConfig, language: string | undefined): string {
  const prefix = language && language !== config.defaultLanguage ? `/${language}` : '';
  return `${prefix}/${config.namespace}`;
}

/** `scheme://host` as the client addressed us (the proxy's forwarded values when trusted). */
export function originOf(request: CoreRequest, config: CalendarConfig): string {
  const forwardedProto = config.trustProxy
    ? header(request, 'x-forwarded-proto')?.split(',')[0]?.trim()
    : undefined;
  const forwardedHost = config.trustProxy
    ? header(request, 'x-forwarded-host')?.split(',')[0]?.trim()
    : undefined;
  const proto = forwardedProto ?? (request.encrypted ? 'https' : 'http');
  const host = forwardedHost ?? header(request, 'host') ?? 'localhost';
  return `${proto}://${host}`;
}

export function createUrlBuilder(root: string, namespacePath: string, siteUrl: string): UrlBuilder {
  const namespace = `${root}${namespacePath}`;
  return {
    namespace,
    root,
    rest: (path) => `${namespace}${path}`,
    site: (path) => `${siteUrl}${path}`,
  };
}

/**
 * The content language (SPEC §2 precedence): `multilang_language` when it names a configured language, else
 * `fallback` (the address language).
 */
export function contentLanguage(
  raw: ParamValue | undefined,
  config: CalendarConfig,
  fallback: string,
): string {
  return typeof raw === 'string' && config.languages.includes(raw) ? raw : fallback;
}

/** A request's address, read once: what every later step builds on. */
export interface RequestTarget {
  url: URL;
  /** The method to route by (`requestMethod`). */
  method: string;
  /** The address language: the adapter's, when configured, else the default one. */
  addressLanguage: string;
  /** The path prefix of the namespace, mount path included (`/api/de/calendar/events/v1`). */
  prefix: string;
  /** `{root}`: the configured API URL, or the origin and mount path. */
  root: string;
  urls: UrlBuilder;
}

export function requestTarget(request: CoreRequest, config: CalendarConfig): RequestTarget {
  const url = new URL(request.url, 'http://placeholder');
  const addressLanguage = contentLanguage(request.language, config, config.defaultLanguage);
  const mountPath = request.mountPath.replace(/\/+$/, '');
  const root = config.apiUrl ?? `${originOf(request, config)}${mountPath}`;
  const namespacePath = addressPath(config, addressLanguage);
  return {
    url,
    method: requestMethod(request, url),
    addressLanguage,
    prefix: `${mountPath}${namespacePath}`,
    root,
    urls: createUrlBuilder(root, namespacePath, config.siteUrl),
  };
}
