/**
 * The plain fields of an imported VEVENT: where it is (LOCATION, GEO), who organizes it (ORGANIZER), its
 * description as the HTML events hold. What producers write here is free text; these read it as the
 * calendar apps that wrote it show it.
 */
import type ICAL from 'ical.js';

/** A venue as an event write creates one inline (the fields of POST /venues). */
export interface IcsVenue {
  venue: string;
  address?: string;
  city?: string;
  state?: string;
  province?: string;
  zip?: string;
  country?: string;
  geo_lat?: number;
  geo_lng?: number;
}

/** An organizer as an event write creates one inline (the fields of POST /organizers). */
export interface IcsOrganizer {
  organizer: string;
  email?: string;
}

const POSTCODE = /^\d{4,5}(?:-\d{4})?$/;
/** "10117 Berlin", "75001 Paris": a European postcode before the city. */
const POSTCODE_CITY = /^(\d{4,5})\s+(\D.*)$/;
/** "NY 10001", "CA 94103-1234": a US state before the ZIP code. */
const STATE_ZIP = /^([A-Z]{2})\s+(\d{5}(?:-\d{4})?)$/;

/**
 * A venue from LOCATION text. Producers write one line of comma-separated parts: the plugin
 * `Venue, street, city, [state,] zip, country`; Google `Place, street, city, ST 12345, Country`; Apple the
 * parts on lines of their own; Outlook often a room name alone. The first part is the venue's name (which
 * deduplicates venues), the second its street, a postcode (with the city or state written beside it) is
 * recognized where it is, parts left between the street and the postcode are city and state, and a last part
 * without digits after three or more is the country.
 */
export function venueOfLocation(location: string): IcsVenue | undefined {
  const parts = location
    .split(/\s*[,\n]\s*/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.length === 0) return undefined;
  const venue: IcsVenue = { venue: parts[0]! };
  const rest = parts.slice(1);
  if (rest.length === 0) return venue;
  venue.address = rest.shift()!;
  if (rest.length >= 2 && !/\d/.test(rest[rest.length - 1]!)) venue.country = rest.pop()!;
  const places: string[] = [];
  for (const part of rest) {
    const stateZip = STATE_ZIP.exec(part);
    const postcodeCity = POSTCODE_CITY.exec(part);
    if (POSTCODE.test(part)) venue.zip = part;
    else if (stateZip) {
      venue.state = stateZip[1]!;
      venue.zip = stateZip[2]!;
    } else if (postcodeCity) {
      venue.zip = postcodeCity[1]!;
      venue.city = postcodeCity[2]!;
    } else places.push(part);
  }
  if (venue.city === undefined && places.length > 0) venue.city = places.shift()!;
  if (places.length > 0 && venue.state === undefined) venue.province = places.join(', ');
  return venue;
}

/** GEO (`lat;lng`) as the venue's coordinates, when both are numbers in range. */
export function coordinatesOf(
  property: ICAL.Property | null,
): { geo_lat: number; geo_lng: number } | undefined {
  const value = property?.getFirstValue() as unknown;
  if (!Array.isArray(value) || value.length !== 2) return undefined;
  const [lat, lng] = value.map(Number) as [number, number];
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180)
    return undefined;
  return { geo_lat: lat, geo_lng: lng };
}

const EMAIL = /^[^\s@<>()"',;:]+@[^\s@<>()"',;:]+\.[^\s@<>()"',;:]+$/;

/** ORGANIZER;CN=Name:mailto:address → the organizer's name (CN, else the address) and e-mail. */
export function organizerOf(property: ICAL.Property): IcsOrganizer | undefined {
  const cn = String(property.getParameter('cn') ?? '').trim();
  const value = String(property.getFirstValue() ?? '').trim();
  const address = value.replace(/^mailto:/i, '').trim();
  const email = EMAIL.test(address) ? address : undefined;
  const name = cn || email || '';
  if (name === '') return undefined;
  return email ? { organizer: name, email } : { organizer: name };
}

/**
 * A DESCRIPTION as the HTML an event's description is: HTML some producers put there (Google Calendar) is
 * kept; plain text has its `&`, `<` and `>` escaped and its line breaks kept, so that it reads the same and
 * an export that writes the text back gives the same DESCRIPTION.
 */
export function descriptionHtml(text: string): string {
  if (/<\/?(?:a|b|i|u|p|br|em|strong|ul|ol|li|div|span)\b[^>]*>/i.test(text)) return text;
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
