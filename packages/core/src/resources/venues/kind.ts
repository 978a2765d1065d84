/** Venues (ref §2.2, §5.5): the linked-post descriptor of their own fields. */
import type { Selectable } from 'kysely';
import { z } from 'zod';
import { everyColumn } from '../../db/by-key.js';
import type { VenuesTable } from '../../db/schema.js';
import { param } from '../../route-table/params.js';
import { plainTitle } from '../../text/html.js';
import type { LinkedPostKind } from '../linked/kind.js';
import { isTruthy, isUrlOrEmpty } from '../posts/fields.js';
import { derivedStateProvince } from '../posts/rows.js';
import { venueResponses } from './schema.js';

const ADDRESS_FIELDS = [
  'address',
  'city',
  'country',
  'province',
  'state',
  'zip',
  'phone',
  'stateprovince',
] as const;

/** The own fields a venue shows, in the plugin's order (ref §2.2): the website before `stateprovince`. */
const OUTPUT_FIELDS = [
  ...ADDRESS_FIELDS.filter((f) => f !== 'stateprovince'),
  'website',
  'stateprovince',
] as const;

const labels: Record<(typeof ADDRESS_FIELDS)[number], [string, string]> = {
  address: ['The venue address.', 'Die Adresse des Veranstaltungsortes.'],
  city: ['The venue city.', 'Die Stadt des Veranstaltungsortes.'],
  country: ['The venue country.', 'Das Land des Veranstaltungsortes.'],
  province: ['The venue province.', 'Die Provinz des Veranstaltungsortes.'],
  state: ['The venue state.', 'Der Bundesstaat des Veranstaltungsortes.'],
  zip: ['The venue ZIP or postal code.', 'Die Postleitzahl des Veranstaltungsortes.'],
  phone: ['The venue phone number.', 'Die Telefonnummer des Veranstaltungsortes.'],
  stateprovince: ['The venue state or province.', 'Bundesstaat oder Provinz des Veranstaltungsortes.'],
};

/** For /doc: a flag as `isTruthy` reads it. */
const truthy = z.union([z.boolean(), z.string(), z.number()]);

export const venueKind: LinkedPostKind<Selectable<VenuesTable>> = {
  type: 'venue',
  nameField: 'venue',
  plural: 'venues',
  table: 'venues',
  columns: everyColumn<VenuesTable>()([
    'id',
    ...ADDRESS_FIELDS,
    'website',
    'show_map',
    'show_map_link',
    'geo_lat',
    'geo_lng',
  ]),
  label: { en: 'venue', de: 'Veranstaltungsortes', plural: 'Veranstaltungsorte' },
  searchFields: ['address', 'city', 'province', 'state', 'stateprovince', 'zip', 'phone'],
  detailParams: (geolocation) => ({
    ...Object.fromEntries(
      ADDRESS_FIELDS.map((f) => [f, param.string({ en: labels[f][0], de: labels[f][1] })]),
    ),
    website: param.string(
      { en: 'The venue website URL.', de: 'Die Website des Veranstaltungsortes.' },
      { validate: isUrlOrEmpty },
    ),
    // Read with `tribe_is_truthy` (`isTruthy`): booleans, numbers, and words such as `yes` or `on`.
    show_map: param.any(
      {
        en: 'Whether events at this venue show a map.',
        de: 'Ob Veranstaltungen an diesem Ort eine Karte zeigen.',
      },
      { documented: truthy },
    ),
    show_map_link: param.any(
      {
        en: 'Whether events at this venue show a map link.',
        de: 'Ob Veranstaltungen an diesem Ort einen Kartenlink zeigen.',
      },
      { documented: truthy },
    ),
    ...geolocation?.venueParams,
  }),
  toDetailValues(params, existing) {
    const values: Record<string, unknown> = {};
    // Address fields are plain text, stored as titles are (tags removed, `<` and `>` encoded); the website
    // was validated as an http(s) URL.
    for (const field of ADDRESS_FIELDS) {
      if (params[field] !== undefined) values[field] = plainTitle(String(params[field]));
      else if (!existing) values[field] = '';
    }
    if (params.website !== undefined) values.website = String(params.website).trim();
    else if (!existing) values.website = '';
    if (
      params.stateprovince === undefined &&
      (!existing ||
        params.state !== undefined ||
        params.province !== undefined ||
        params.country !== undefined)
    ) {
      const merged = { ...existing, ...values };
      if (!existing || existing.stateprovince === derivedStateProvince(existing))
        values.stateprovince = derivedStateProvince(merged);
    }
    for (const flag of ['show_map', 'show_map_link'] as const) {
      if (params[flag] !== undefined) values[flag] = isTruthy(params[flag]) ? 1 : 0;
      else if (!existing) values[flag] = 1;
    }
    for (const coordinate of ['geo_lat', 'geo_lng'] as const) {
      if (params[coordinate] !== undefined) values[coordinate] = params[coordinate];
      else if (!existing) values[coordinate] = null;
    }
    return values;
  },
  serializeDetails(row, geolocation) {
    const out: Record<string, unknown> = {};
    for (const field of OUTPUT_FIELDS) out[field] = row[field];
    return { ...out, ...geolocation?.venueFields(row) };
  },
  unfilteredDetails: (row) => ({ show_map: row.show_map === 1, show_map_link: row.show_map_link === 1 }),
  jsonLd(row, base) {
    const address = Object.fromEntries(
      Object.entries({
        streetAddress: row.address,
        addressLocality: row.city,
        addressRegion: row.stateprovince || row.state || row.province,
        postalCode: row.zip,
        addressCountry: row.country,
      }).filter(([, v]) => v),
    );
    // The plugin's keys and order (SPEC §14): no `@context` (it is the event's), telephone and sameAs always.
    // Its `url` is always empty (the plugin's answer); the venue's website is `sameAs`.
    return {
      '@type': 'Place',
      name: base.name,
      description: base.description,
      ...(base.image ? { image: base.image } : {}),
      url: '',
      address: { '@type': 'PostalAddress', ...address },
      ...(row.geo_lat !== null && row.geo_lng !== null
        ? { geo: { '@type': 'GeoCoordinates', latitude: row.geo_lat, longitude: row.geo_lng } }
        : {}),
      telephone: row.phone,
      sameAs: row.website,
    };
  },
  codes: {
    notAccessible: 'venue-not-accessible',
    inTrash: 'venue-is-in-trash',
    archiveNotFound: 'venue-archive-page-not-found',
  },
  responses: venueResponses,
};
