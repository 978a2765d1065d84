/**
 * What a page shows, read through `core.handle` exactly as a client of the API would read it: with the
 * caller's credentials (Authorization, Cookie), so a draft or private record is as
 * invisible to the public on a page as in the API, and in the page's language (`/de/…` reads `/de/{ns}`).
 */
import { type CalendarCore, textOf } from '@calendar-events/core';

/** The request headers a page passes on: who the caller is (a key, or a host app's session cookie). */
const PASSED_HEADERS = ['authorization', 'cookie'] as const;

export interface ApiReader {
  /** The parsed JSON answer of a GET under the namespace, or undefined for any answer but 200. */
  get<T>(path: string): Promise<T | undefined>;
}

export function apiReader(
  core: CalendarCore,
  language: string,
  headers: Record<string, string | string[] | undefined>,
  remoteAddress: string | undefined,
): ApiReader {
  const passed: Record<string, string | string[] | undefined> = { accept: 'application/json' };
  for (const name of PASSED_HEADERS) if (headers[name] !== undefined) passed[name] = headers[name];
  // The host decides the absolute URLs the API builds when no site or API URL is configured.
  for (const name of ['host', 'x-forwarded-host', 'x-forwarded-proto'] as const)
    if (headers[name] !== undefined) passed[name] = headers[name];
  const namespace = core.namespacePath(language);
  return {
    async get<T>(path: string) {
      const response = await core.handle({
        method: 'GET',
        url: `${namespace}${path}`,
        mountPath: '',
        headers: passed,
        ...(remoteAddress !== undefined ? { remoteAddress } : {}),
        ...(language !== core.config.defaultLanguage ? { language } : {}),
      });
      if (response.status !== 200) return undefined;
      const text = textOf(response);
      return text === undefined ? undefined : (JSON.parse(text) as T);
    },
  };
}

/** The parts of the API's records the pages show (the API's schemas hold the rest). */
export interface VenueRecord {
  id: number;
  url: string;
  venue: string;
  slug: string;
  description?: string;
  address?: string;
  city?: string;
  zip?: string;
  country?: string;
  website?: string;
  json_ld?: Record<string, unknown>;
}

export interface OrganizerRecord {
  id: number;
  url: string;
  organizer: string;
  slug: string;
  description?: string;
  website?: string;
  email?: string;
  phone?: string;
  json_ld?: Record<string, unknown>;
}

export interface TermRecord {
  id: number;
  name: string;
  slug: string;
  description: string;
  url?: string;
}

export interface EventRecord {
  id: number;
  url: string;
  slug: string;
  title: string;
  description: string;
  excerpt: string;
  all_day: boolean;
  start_date: string;
  end_date: string;
  timezone: string;
  cost: string;
  website: string;
  image: false | { url: string; alt?: string };
  series_id?: number;
  categories: TermRecord[];
  tags: TermRecord[];
  venue: VenueRecord | [];
  organizer: OrganizerRecord[];
  json_ld?: Record<string, unknown>;
}

export interface EventList {
  events: EventRecord[];
  total: number;
}
