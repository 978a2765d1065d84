/**
 * The service's settings: what a host may set as plain data, resolved once into `CalendarConfig`, which every part
 * may read. Imports nothing: what the host plugs in (database, authentication, logger) is in `options.ts`.
 */

/** The settings of the service that are plain data (`CalendarCoreOptions` adds what the host plugs in). */
export interface ConfigOptions {
  /** Default `calendar/events/v1`; `tribe/events/v1` serves clients written for the plugin. */
  namespace?: string;
  /** The public web site, used for `url` permalinks, feed UIDs and `global_id` (default `DEFAULT_SITE_URL`). */
  siteUrl?: string;
  /** The public root URL of the API (where adapters are mounted). Default: from the request's host. */
  apiUrl?: string;
  /**
   * The site's name, as WordPress's site title: the name of the iCalendar feeds (`X-WR-CALNAME`) and of their
   * files. Default: the host of `siteUrl`.
   */
  siteName?: string;
  /** Site time zone (default `UTC`). */
  timezone?: string;
  /**
   * The site's default currency symbol (default `$`, as the plugin): shown with costs sent without a symbol
   * (`"15"` → `cost "$15"`); `cost_details.currency_symbol` stays `""` for them.
   */
  currencySymbol?: string;
  /** Where the default currency symbol stands: `prefix` (default, `$15`) or `postfix` (`15 €`). */
  currencyPosition?: 'prefix' | 'postfix';
  perPage?: number;
  maxPerPage?: number;
  /** Content languages; the first is the default unless `defaultLanguage` says otherwise. */
  languages?: string[];
  defaultLanguage?: string;
  /** Maximum request body size in bytes (default 1 MiB). */
  bodyLimit?: number;
  /** Honour `X-Forwarded-Proto/Host` when building absolute URLs. */
  trustProxy?: boolean;
  /**
   * Cross-origin access for browser pages on other origins (SPEC §4): off by default. `{ origins: '*' }` or
   * `{ origins: ['https://example.org'] }`; see `CorsOptions`.
   */
  cors?: CorsOptions;
  /** The geolocation extension (SPEC §9): off by default in the library. */
  geolocation?: boolean | { defaultRadiusKm?: number };
  /**
   * How far ahead the occurrences of recurring events exist as events, in months (default 24, as the plugin's
   * paid edition); the horizon moves forward with the clock.
   */
  recurrenceHorizonMonths?: number;
  /**
   * New categories and tags one user may create an hour, through event writes and the term routes (default
   * 200; `false`: no limit). A token bucket per user and process, as the rate limits; editors and
   * administrators, who curate the terms, are not limited.
   */
  newTermsPerHour?: number | false;
  /**
   * How long the change log (`GET /changes`) keeps a change, in days (default 30): a sync token older than
   * that answers 410 and its client reads the records again.
   */
  changeRetentionDays?: number;
  /**
   * Let webhooks be sent to private, loopback and link-local addresses (default false): for a receiver on the
   * same host or network. Off, such targets are refused when registered and when connecting.
   */
  webhookAllowPrivate?: boolean;
}

/**
 * The site URL when none is configured: every permalink (`url`), feed UID and `global_id` is built from the site
 * URL, so a service that keeps this default hands out `localhost` addresses.
 */
export const DEFAULT_SITE_URL = 'http://localhost:8080';

export interface CalendarConfig {
  namespace: string;
  siteUrl: string;
  apiUrl: string | undefined;
  siteName: string;
  timezone: string;
  currencySymbol: string;
  currencyPosition: 'prefix' | 'postfix';
  perPage: number;
  maxPerPage: number;
  languages: string[];
  defaultLanguage: string;
  bodyLimit: number;
  trustProxy: boolean;
  cors: CorsConfig | undefined;
  geolocation: { enabled: boolean; defaultRadiusKm: number };
  recurrenceHorizonMonths: number;
  newTermsPerHour: number | false;
  changeRetentionDays: number;
  webhookAllowPrivate: boolean;
}

export function resolveConfig(options: ConfigOptions): CalendarConfig {
  const position = options.currencyPosition;
  if (position !== undefined && position !== 'prefix' && position !== 'postfix')
    throw new RangeError(`currencyPosition must be 'prefix' or 'postfix', not ${JSON.stringify(position)}`);
  const languages = options.languages ?? ['en', 'de'];
  const geo = options.geolocation;
  const horizon = options.recurrenceHorizonMonths ?? 24;
  const siteUrl = (options.siteUrl ?? DEFAULT_SITE_URL).replace(/\/+$/, '');
  if (!Number.isInteger(horizon) || horizon < 1 || horizon > 120)
    throw new RangeError(`recurrenceHorizonMonths must be a whole number from 1 to 120, not ${horizon}`);
  const retention = options.changeRetentionDays ?? 30;
  if (!Number.isInteger(retention) || retention < 1 || retention > 3650)
    throw new RangeError(`changeRetentionDays must be a whole number from 1 to 3650, not ${retention}`);
  const newTerms = options.newTermsPerHour ?? 200;
  if (newTerms !== false && !(Number.isInteger(newTerms) && newTerms > 0))
    throw new RangeError(`newTermsPerHour must be a positive whole number or false, not ${String(newTerms)}`);
  return {
    namespace: (options.namespace ?? 'calendar/events/v1').replace(/^\/+|\/+$/g, ''),
    siteUrl,
    apiUrl: options.apiUrl?.replace(/\/+$/, ''),
    siteName: options.siteName?.trim() || (URL.canParse(siteUrl) ? new URL(siteUrl).host : siteUrl),
    timezone: options.timezone ?? 'UTC',
    currencySymbol: options.currencySymbol ?? '$',
    currencyPosition: position ?? 'prefix',
    perPage: options.perPage ?? 10,
    maxPerPage: options.maxPerPage ?? 50,
    languages,
    defaultLanguage: options.defaultLanguage ?? languages[0] ?? 'en',
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    trustProxy: options.trustProxy ?? false,
    cors: resolveCors(options.cors),
    geolocation: {
      enabled: geo === true || (typeof geo === 'object' && geo !== null),
      defaultRadiusKm: (typeof geo === 'object' && geo?.defaultRadiusKm) || 25,
    },
    recurrenceHorizonMonths: horizon,
    newTermsPerHour: newTerms,
    changeRetentionDays: retention,
    webhookAllowPrivate: options.webhookAllowPrivate ?? false,
  };
}
export interface CorsOptions {
  /** `'*'` for any origin, or the origins allowed (`https://example.org`, scheme + host + port). */
  origins: '*' | readonly string[];
  /**
   * Send `Access-Control-Allow-Credentials: true`, so that pages may send cookies (a host's session
   * authentication). Not needed for API keys in `Authorization`. With `origins: '*'` the origin is then echoed,
   * as browsers refuse `*` with credentials.
   */
  credentials?: boolean;
  /** How long, in seconds, a browser may reuse a preflight answer (default 600). */
  maxAge?: number;
}
export interface CorsConfig {
  /** `'*'`, or the normalised allowed origins. */
  origins: '*' | ReadonlySet<string>;
  credentials: boolean;
  maxAge: number;
}
export function resolveCors(options: CorsOptions | undefined): CorsConfig | undefined {
  if (!options) return undefined;
  const maxAge = options.maxAge ?? 600;
  if (!Number.isInteger(maxAge) || maxAge < 0) throw new TypeError('cors.maxAge must be a whole number ≥ 0.');
  let origins: CorsConfig['origins'];
  if (options.origins === '*') origins = '*';
  else {
    const normalized = new Set<string>();
    for (const origin of options.origins) {
      const value = normalizeOrigin(origin);
      if (!value)
        throw new TypeError(`cors.origins: "${origin}" is not an origin such as https://example.org.`);
      normalized.add(value);
    }
    origins = normalized;
  }
  return { origins, credentials: options.credentials ?? false, maxAge };
}

/** The ticket-provider extension point behind the `ticketed` filter (SPEC §9). */
export interface TicketProvider {
  /** The ids of the events that have tickets. */
  ticketedEventIds(): Promise<Iterable<number>>;
}

/**
 * `https://Example.org/` → `https://example.org`; undefined when the text is not an http(s) origin.
 *
 * @example
 * normalizeOrigin('https://Example.org/'); // 'https://example.org'
 * normalizeOrigin('https://example.org/path'); // undefined: a path is not part of an origin
 */
export function normalizeOrigin(text: string): string | undefined {
  const trimmed = text.trim();
  if (!URL.canParse(trimmed)) return undefined;
  const url = new URL(trimmed);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/') return undefined;
  return url.origin;
}
