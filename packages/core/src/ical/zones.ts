/**
 * The IANA zone a calendar's `TZID` names. Producers spell zones three ways: IANA names (Google, Apple,
 * Thunderbird), Windows names (Outlook and Exchange: `W. Europe Standard Time`), and IANA names behind a
 * producer's prefix (`/mozilla.org/20050126_1/Europe/Berlin`, `/citadel.org/…`). The Windows names come from
 * CLDR's windowsZones table through `windows-iana`; some Outlook versions write a Windows zone's display name
 * instead (`(UTC-05:00) Eastern Time (US & Canada)`), read by `ianaZoneOfDisplayName`.
 */
import { findIana } from 'windows-iana';
import { isIanaZoneName, normalizeTimezone } from '../dates/zones.js';
import { ianaZoneOfDisplayName } from './zone-display-names.js';

/** The IANA zone of a TZID, or undefined when it names none we know (a custom VTIMEZONE). */
export function ianaZoneOf(tzid: string): string | undefined {
  const trimmed = tzid.trim().replace(/^"|"$/g, '');
  if (trimmed === '') return undefined;
  if (/^(?:utc|gmt|z|etc\/utc|etc\/gmt|coordinated universal time)$/i.test(trimmed)) return 'UTC';
  if (isIanaZoneName(trimmed)) return normalizeTimezone(trimmed);
  const windows = findIana(trimmed);
  if (windows && windows.length > 0 && isIanaZoneName(windows[0]!)) return windows[0]!;
  const displayed = ianaZoneOfDisplayName(trimmed);
  if (displayed !== undefined) return displayed;
  // A prefixed IANA name: try its last two, then three, path segments.
  const parts = trimmed.split('/').filter((part) => part !== '');
  for (const size of [2, 3, 1]) {
    if (parts.length < size) continue;
    const candidate = parts.slice(-size).join('/');
    if (isIanaZoneName(candidate)) return normalizeTimezone(candidate);
  }
  return undefined;
}
