/**
 * The venue object of ref §2.2: the fields before the falsy filter are optional (empty ones are left out),
 * `show_map`, `show_map_link` and the global ids are always there.
 */
import { z } from 'zod';
import { describe } from '../../i18n/descriptions.js';
import { jsonLd, linkedPostSchema, optionalText, resourceAnswers } from '../posts/schema.js';

const optionalCoordinate = (en: string, de: string) => z.number().optional().meta(describe(en, de));

export const venueSchema = linkedPostSchema({
  nameKey: 'venue',
  type: { en: 'venue', de: 'des Veranstaltungsortes' },
  details: {
    address: optionalText('Street address.', 'Straße und Hausnummer.'),
    city: optionalText('City.', 'Stadt.'),
    country: optionalText('Country.', 'Land.'),
    province: optionalText('Province.', 'Provinz.'),
    state: optionalText('State.', 'Bundesstaat.'),
    zip: optionalText('ZIP or postal code.', 'Postleitzahl.'),
    phone: optionalText('Phone number.', 'Telefonnummer.'),
    website: optionalText('Website address.', 'Adresse der Website.'),
    stateprovince: optionalText(
      'State or province (the state in the US, otherwise the province).',
      'Bundesstaat oder Provinz (in den USA der Bundesstaat, sonst die Provinz).',
    ),
    geo_lat: optionalCoordinate(
      'Latitude; only with the geolocation extension and when the venue has coordinates.',
      'Breitengrad; nur mit der Geolokalisierungs-Erweiterung und wenn der Ort Koordinaten hat.',
    ),
    geo_lng: optionalCoordinate(
      'Longitude; only with the geolocation extension and when the venue has coordinates.',
      'Längengrad; nur mit der Geolokalisierungs-Erweiterung und wenn der Ort Koordinaten hat.',
    ),
    json_ld: jsonLd('Place').optional(),
    show_map: z
      .boolean()
      .meta(describe('Whether events here show a map.', 'Ob Veranstaltungen hier eine Karte zeigen.')),
    show_map_link: z
      .boolean()
      .meta(
        describe('Whether events here show a map link.', 'Ob Veranstaltungen hier einen Kartenlink zeigen.'),
      ),
  },
  id: 'Venue',
  description: {
    en: 'A venue. Empty fields are left out, except `show_map`, `show_map_link` and the ids.',
    de: 'Ein Veranstaltungsort. Leere Angaben fehlen, außer `show_map`, `show_map_link` und den Kennungen.',
  },
});

export type VenueOutput = z.output<typeof venueSchema>;

/** The answers of the venue routes, for their `response` declarations. */
export const venueResponses = resourceAnswers({
  id: 'Venue',
  key: 'venues',
  item: venueSchema,
  texts: {
    list: { en: 'A page of venues.', de: 'Eine Seite mit Veranstaltungsorten.' },
    deleted: {
      en: 'A trashed venue deleted for good (force=true): the venue as it was.',
      de: 'Ein endgültig gelöschter Veranstaltungsort aus dem Papierkorb (force=true): der Ort, wie er war.',
    },
  },
});
