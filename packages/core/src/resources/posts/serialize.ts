import type { CalendarConfig } from '../../config.js';
import { memoize } from '../../support/memo.js';

/** The site's host and path, by site URL: a list of 50 events asked for it 200 times, each parsing the URL. */
const globalIdPrefix = memoize((siteUrl) => {
  const url = new URL(siteUrl);
  return `${url.host}${url.pathname.replace(/\/+$/, '')}`;
});

/** `{site host+path}?id={id}` (tribe-common `Tribe__Utils__Global_ID`). */
export function globalId(config: CalendarConfig, id: number): string {
  return `${globalIdPrefix(config.siteUrl)}?id=${id}`;
}

/** PHP's `array_filter`: drops '', '0', 0, false, null and empty lists/objects. */
export function withoutFalsy(entries: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(entries)) {
    if (
      value === '' ||
      value === '0' ||
      value === 0 ||
      value === false ||
      value === null ||
      value === undefined
    )
      continue;
    if (Array.isArray(value) && value.length === 0) continue;
    out[key] = value;
  }
  return out;
}
