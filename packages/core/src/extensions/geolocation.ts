/**
 * The geolocation extension (SPEC §9), off by default in the library: venue coordinates as write parameters
 * and output fields, and the `geoloc*` filters of `GET /events`. Everything the extension adds lives here;
 * the resources take the object (or `undefined` when it is off) from `geolocationFor(config)`.
 */
import { type Expression, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { CalendarConfig } from '../config.js';
import type { Database } from '../db/schema.js';
import { invalidParams } from '../errors/invalid-params.js';
import { type Descriptions, texts } from '../i18n/descriptions.js';
import type { RequestContext } from '../route-table/context.js';
import type { EchoedParam } from '../route-table/pagination.js';
import { type ParamValue, param } from '../route-table/params.js';

const descriptions = {
  geoloc: texts(
    'Only events whose venue has coordinates (geolocation extension).',
    'Nur Veranstaltungen, deren Ort Koordinaten hat (Geolokalisierungs-Erweiterung).',
  ),
  geoloc_lat: texts(
    'Latitude of the centre; needs geoloc_lng (geolocation extension).',
    'Breitengrad des Mittelpunkts; benötigt geoloc_lng (Geolokalisierungs-Erweiterung).',
  ),
  geoloc_lng: texts(
    'Longitude of the centre; needs geoloc_lat (geolocation extension).',
    'Längengrad des Mittelpunkts; benötigt geoloc_lat (Geolokalisierungs-Erweiterung).',
  ),
  geoloc_radius: texts(
    'Radius around the centre in km (default 25; geolocation extension).',
    'Umkreis um den Mittelpunkt in km (Standard 25; Geolokalisierungs-Erweiterung).',
  ),
};

const latitude = (v: number) => v >= -90 && v <= 90;
const longitude = (v: number) => v >= -180 && v <= 180;

const EXTENSION_MESSAGE = 'The geolocation extension is not enabled on this service.';

// Whatever the value, the answer names the missing extension.
const refused = (description: Descriptions) => param.any(description, { validate: () => EXTENSION_MESSAGE });

/**
 * The `geoloc*` list parameters with the extension off: still documented, and every one refused with a
 * message naming the extension (SPEC §9), rather than ignored as unknown parameters are.
 */
export const refusedListParams = {
  geoloc: refused(descriptions.geoloc),
  geoloc_lat: refused(descriptions.geoloc_lat),
  geoloc_lng: refused(descriptions.geoloc_lng),
  geoloc_radius: refused(descriptions.geoloc_radius),
};

/** The `geoloc*` values as a list request holds them: the extension's params typed them when it is on. */
export interface GeolocationListValues {
  readonly geoloc?: ParamValue | undefined;
  readonly geoloc_lat?: ParamValue | undefined;
  readonly geoloc_lng?: ParamValue | undefined;
  readonly geoloc_radius?: ParamValue | undefined;
}

/**
 * The part of an events list's filter the extension adds to (events/list-query.ts `EventFilter`): the
 * conditions on events, the filters that may drive the query from their own index (`DateWalkable` there),
 * and what `rest_url` echoes.
 */
export interface GeolocationListFilter {
  query: SelectQueryBuilder<Database, 'events', object>;
  drivers: Array<{
    selective: Expression<SqlBool>;
    walked: Expression<SqlBool>;
    walkThreshold: number;
    selectiveIndex?: string;
  }>;
  echo: EchoedParam[];
}

/**
 * Where walking the date order stops paying for a geolocation filter: set where sorting the matches and walking
 * cost alike at a million events on SQLite (figures in tools/bench/RESULTS.md, "Figures behind the code's choices").
 */
const GEO_DATE_WALK = 400_000;

/** A great-circle distance in km between the venue and a point (both databases have these functions). */
function distanceKm(lat: number, lng: number) {
  return sql<number>`6371 * 2 * asin(sqrt(power(sin(radians(${sql.ref('venues.geo_lat')} - ${lat}) / 2), 2) + cos(radians(${lat})) * cos(radians(${sql.ref('venues.geo_lat')})) * power(sin(radians(${sql.ref('venues.geo_lng')} - ${lng}) / 2), 2)))`;
}

/** The `geoloc*` values as the extension's parameters give them: a flag and numbers. */
function listValues(params: GeolocationListValues) {
  const number = (value: ParamValue | undefined) => (typeof value === 'number' ? value : undefined);
  return {
    geoloc: typeof params.geoloc === 'boolean' ? params.geoloc : undefined,
    lat: number(params.geoloc_lat),
    lng: number(params.geoloc_lng),
    radius: number(params.geoloc_radius),
  };
}

export const geolocation = {
  /** A venue's coordinates, written as its other fields are. */
  venueParams: {
    geo_lat: param.number(
      { en: 'Latitude (geolocation extension).', de: 'Breitengrad (Geolokalisierungs-Erweiterung).' },
      { validate: latitude },
    ),
    geo_lng: param.number(
      { en: 'Longitude (geolocation extension).', de: 'Längengrad (Geolokalisierungs-Erweiterung).' },
      { validate: longitude },
    ),
  },

  /** A venue's output coordinates, after its own fields: only when it has both (the columns hold a number or null). */
  venueFields(row: Readonly<Record<string, unknown>>): Record<string, number> {
    const { geo_lat, geo_lng } = row;
    return typeof geo_lat === 'number' && typeof geo_lng === 'number' ? { geo_lat, geo_lng } : {};
  },

  /** The `GET /events` filters: venues with coordinates, or venues within a radius of a point. */
  listParams: {
    geoloc: param.boolean(descriptions.geoloc),
    geoloc_lat: param.number(descriptions.geoloc_lat, { validate: latitude }),
    geoloc_lng: param.number(descriptions.geoloc_lng, { validate: longitude }),
    geoloc_radius: param.number(descriptions.geoloc_radius, {
      validate: (v) => v > 0 && v <= 20_000,
    }),
  },

  /** Adds the `geoloc*` conditions of a list request to its filter, in the plugin's echo order. */
  listFilter(context: RequestContext, params: GeolocationListValues, filter: GeolocationListFilter): void {
    const { config, db } = context;
    const geo = listValues(params);
    if (geo.geoloc === undefined && geo.lat === undefined && geo.lng === undefined) return;
    if ((geo.lat === undefined) !== (geo.lng === undefined)) {
      const missing = geo.lat === undefined ? 'geoloc_lat' : 'geoloc_lng';
      throw invalidParams({ [missing]: { message: 'geoloc_lat and geoloc_lng must be given together.' } });
    }
    const lat = sql.ref('venues.geo_lat');
    const lng = sql.ref('venues.geo_lng');
    // `geoloc=false` asks for no geolocation filter (as in the plugin's Pro add-on), not for events
    // without coordinates. With a point, the venue condition is added last (see `DateWalkable`).
    if (geo.geoloc === true && geo.lat === undefined) {
      filter.query = filter.query
        .innerJoin('venues', 'venues.id', 'events.venue_id')
        .where(
          sql<SqlBool>`${lat} is not null and ${lng} is not null`,
        ) as unknown as GeolocationListFilter['query'];
    }
    if (geo.geoloc !== undefined) filter.echo.push(['geoloc', geo.geoloc ? '1' : '0']);
    // The plugin's echo: with `geoloc` on and no point, the point's keys bare (`geoloc_lat&geoloc_lng`).
    if (geo.geoloc === true && geo.lat === undefined)
      filter.echo.push(['geoloc_lat', null], ['geoloc_lng', null]);
    if (geo.lat !== undefined && geo.lng !== undefined) {
      const centreLat = geo.lat;
      const centreLng = geo.lng;
      const radius = geo.radius ?? config.geolocation.defaultRadiusKm;
      // An indexed bounding box first, then the exact great-circle distance.
      const dLat = radius / 111.045;
      const dLng = radius / (111.045 * Math.max(Math.cos((centreLat * Math.PI) / 180), 0.01));
      const nearVenues = db
        .selectFrom('venues')
        .select('venues.id')
        .where(sql<SqlBool>`${lat} is not null and ${lng} is not null`)
        .where(sql<SqlBool>`${lat} between ${centreLat - dLat} and ${centreLat + dLat}`)
        .where(sql<SqlBool>`${lng} between ${centreLng - dLng} and ${centreLng + dLng}`)
        .where(sql<SqlBool>`${distanceKm(centreLat, centreLng)} <= ${radius}`);
      // The selective form is driven from the venues' coordinates index, then `events_venue` (which SQLite,
      // without statistics, must be told: `selectiveIndex`); `+events.venue_id` keeps the walked form from
      // starting at the venue index.
      filter.drivers.push({
        selective: sql<SqlBool>`${sql.ref('events.venue_id')} in (${nearVenues})`,
        walked: sql<SqlBool>`+${sql.ref('events.venue_id')} in (${nearVenues})`,
        walkThreshold: GEO_DATE_WALK,
        selectiveIndex: 'events_venue',
      });
      filter.echo.push(
        ['geoloc_lat', String(centreLat)],
        ['geoloc_lng', String(centreLng)],
        ['geoloc_radius', String(radius)],
      );
    }
  },
};

export type GeolocationExtension = typeof geolocation;

/** The extension when the service enables it (`geolocation` option), else `undefined`. */
export function geolocationFor(
  config: Pick<CalendarConfig, 'geolocation'>,
): GeolocationExtension | undefined {
  return config.geolocation.enabled ? geolocation : undefined;
}
