/**
 * The IANA zone of a Windows zone's display name, as some Outlook versions write it for a TZID (often without
 * the VTIMEZONE that would define it): `(UTC-05:00) Eastern Time (US & Canada)`, `(UTC+01:00) Amsterdam,
 * Berlin, Bern, Rome, Stockholm, Vienna`. A display name is not a zone name Windows or CLDR maps, so it is
 * read the way it is built: either the name of a Windows zone with `Time` for `Standard Time`
 * (`Eastern Time (US & Canada)` is `Eastern Standard Time`), or a list of the cities the zone holds, each of
 * which may be the city of an IANA zone. A zone found either way is taken only when its standard offset is the
 * one the display name gives, so that a city of the same name elsewhere is never taken.
 */
import { IANAZone } from 'luxon';
import { findIana } from 'windows-iana';
import { isIanaZoneName } from '../dates/zones.js';

const DISPLAY_NAME = /^\(\s*(?:UTC|GMT)\s*(?:([+-])\s*(\d{1,2})(?::?(\d{2}))?)?\s*\)\s*(.+)$/i;

/**
 * Places of Windows display names that name no IANA zone of their own (a state, a region), or name it by
 * another spelling than the runtime's time-zone list has.
 */
const CITIES: Record<string, string> = {
  brasilia: 'America/Sao_Paulo',
  canberra: 'Australia/Sydney',
  beijing: 'Asia/Shanghai',
  kolkata: 'Asia/Kolkata',
  'new delhi': 'Asia/Kolkata',
  mumbai: 'Asia/Kolkata',
  kyiv: 'Europe/Kyiv',
  'ho chi minh': 'Asia/Ho_Chi_Minh',
  washington: 'America/New_York',
  'mexico city': 'America/Mexico_City',
  osaka: 'Asia/Tokyo',
  wellington: 'Pacific/Auckland',
  edinburgh: 'Europe/London',
  bern: 'Europe/Zurich',
  prague: 'Europe/Prague',
  'hong kong': 'Asia/Hong_Kong',
  'kuala lumpur': 'Asia/Kuala_Lumpur',
  arizona: 'America/Phoenix',
  hawaii: 'Pacific/Honolulu',
  alaska: 'America/Anchorage',
  'west central africa': 'Africa/Lagos',
};

let cityIndex: Map<string, string> | undefined;

/** The IANA zones by the city their name ends in (`new york` → `America/New_York`), built when first asked. */
function zonesByCity(): Map<string, string> {
  if (cityIndex) return cityIndex;
  cityIndex = new Map();
  for (const zone of Intl.supportedValuesOf('timeZone')) {
    const city = zone.split('/').pop()!.replace(/_/g, ' ').toLowerCase();
    if (zone.includes('/') && !cityIndex.has(city)) cityIndex.set(city, zone);
  }
  for (const [city, zone] of Object.entries(CITIES)) if (isIanaZoneName(zone)) cityIndex.set(city, zone);
  return cityIndex;
}

/** The standard (least) UTC offset of a zone over a year, in minutes. */
function standardOffset(zone: string): number {
  const iana = IANAZone.create(zone);
  const year = new Date().getUTCFullYear();
  return Math.min(iana.offset(Date.UTC(year, 0, 1)), iana.offset(Date.UTC(year, 6, 1)));
}

/** Windows zone names a display name may stand for, most likely first. */
function windowsNamesOf(name: string): string[] {
  const plain = name
    .replace(/\s+and\s+/gi, ' & ')
    .replace(/\s+/g, ' ')
    .trim();
  const withoutNote = plain.replace(/\s*\([^)]*\)\s*$/, '');
  const names = [plain, withoutNote];
  for (const base of [plain, withoutNote])
    if (/\bTime\b/.test(base) && !/\bStandard Time\b/.test(base))
      names.push(base.replace(/\bTime\b/, 'Standard Time'));
  names.push(`${withoutNote} Standard Time`);
  return [...new Set(names)];
}

/** The IANA zone of a Windows display name, or undefined when it is none or none we can tell. */
export function ianaZoneOfDisplayName(tzid: string): string | undefined {
  const match = DISPLAY_NAME.exec(tzid.trim());
  if (!match) return undefined;
  const [, sign, hours = '0', minutes = '0', name = ''] = match;
  const offset = (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes));
  const fits = (zone: string | undefined): zone is string =>
    zone !== undefined && isIanaZoneName(zone) && standardOffset(zone) === offset;
  for (const windows of windowsNamesOf(name)) {
    const zone = findIana(windows)?.[0];
    if (fits(zone)) return zone;
  }
  const cities = zonesByCity();
  for (const part of name.split(/\s*,\s*|\s+&\s+|\s+and\s+/i)) {
    const city = part
      .replace(/\s*\([^)]*\)\s*/g, ' ')
      .trim()
      .toLowerCase();
    const zone = cities.get(city);
    if (fits(zone)) return zone;
  }
  if (offset === 0 && /coordinated universal time|^utc$/i.test(name.trim())) return 'UTC';
  return undefined;
}
