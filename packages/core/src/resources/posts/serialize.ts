import type { CalendarConfig } from '../../config.js';

/** `{site host+path}?id={id}` (tribe-common `Tribe__Utils__Global_ID`). */
export function globalId(config: CalendarConfig, id: number): string {
  const url = new URL(config.siteUrl);
  return `${url.host}${url.pathname.replace(/\/+$/, '')}?id=${id}`;
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
