/**
 * Venues and organizers are the plugin's "linked posts" (ref §2.2, §2.3, §5.5–5.7, §7.1, §7.8): one engine,
 * the functions of this folder, each taking the descriptor of the type's own fields as its first argument
 * (as Kysely passes its dialect objects around). `venues/kind.ts` and `organizers/kind.ts` are the two kinds.
 */

import type { Selectable } from 'kysely';
import type { ZodType } from 'zod';
import type { OrganizersTable, PostType, VenuesTable } from '../../db/schema.js';
import type { PluginErrorCode } from '../../errors/catalog.js';
import type { GeolocationExtension } from '../../extensions/geolocation.js';
import type { ParamSpecs, ParamValue } from '../../route-table/params.js';

/** A row of a type's own table (`venues`, `organizers`): the engine passes it on, its kind reads it. */
export type DetailRow = Selectable<VenuesTable> | Selectable<OrganizersTable>;

/**
 * The values of a create or update by parameter name: the shared fields as `writeParams` types them, the
 * name (`venue`/`organizer`) and the type's own fields by name, as their specs validated them.
 */
export interface LinkedWrite {
  readonly author?: number | undefined;
  readonly date?: string | undefined;
  readonly date_utc?: string | undefined;
  readonly description?: string | undefined;
  readonly status?: string | undefined;
  readonly image?: string | undefined;
  readonly [field: string]: ParamValue | undefined;
}

/**
 * A kind reads the rows of its own table (`Row`); the engine holds any kind's rows as `DetailRow` and hands
 * them back to the kind that loaded them (the methods below take the row as a parameter, which TypeScript
 * checks bivariantly, so a `LinkedPostKind<Selectable<VenuesTable>>` is a `LinkedPostKind`).
 */
export interface LinkedPostKind<Row extends DetailRow = DetailRow> {
  type: Extract<PostType, 'venue' | 'organizer'>;
  /** The name field: `venue` or `organizer`. */
  nameField: 'venue' | 'organizer';
  plural: 'venues' | 'organizers';
  table: 'venues' | 'organizers';
  /** Every column of the kind's own table, named for its reads by key (`db/by-key.ts`: no `*`). */
  columns: readonly string[];
  label: { en: string; de: string; plural: string };
  /** Columns of the type's own table that `search` looks in (ref §6.5). */
  searchFields: readonly string[];
  /** The type's own input fields (besides name, description, author, dates, status, image). */
  detailParams: (geolocation: GeolocationExtension | undefined) => ParamSpecs;
  /** Stored values for a create (all columns) or an update (only what was sent). */
  toDetailValues(params: LinkedWrite, existing: Row | undefined): Record<string, unknown>;
  /** The type's own output keys, between `image` and the end of the filtered part (ref §2.2/§2.3). */
  serializeDetails(row: Row, geolocation: GeolocationExtension | undefined): Record<string, unknown>;
  /** Keys added after the falsy filter (venues: `show_map`, `show_map_link`). */
  unfilteredDetails(row: Row): Record<string, unknown>;
  jsonLd(
    row: Row,
    base: { name: string; description: string; url: string; image: string | undefined },
  ): Record<string, unknown>;
  codes: { notAccessible: PluginErrorCode; inTrash: PluginErrorCode; archiveNotFound: PluginErrorCode };
  /** The answers of the type's routes, for their `response` declarations (/doc). */
  responses: { list: ZodType; item: ZodType; deleteAnswer: ZodType };
}
