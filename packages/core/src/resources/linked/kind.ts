/**
 * Venues and organizers are the plugin's "linked posts" (ref §2.2, §2.3, §5.5–5.7, §7.1, §7.8): one engine,
 * the functions of this folder, each taking the descriptor of the type's own fields as its first argument
 * (as Kysely passes its dialect objects around). `venues/kind.ts` and `organizers/kind.ts` are the two kinds.
 */
import type { ZodType } from 'zod';
import type { PostType } from '../../db/schema.js';
import type { PluginErrorCode } from '../../errors/catalog.js';
import type { GeolocationExtension } from '../../extensions/geolocation.js';
import type { ParamSpecs, ParamValue } from '../../route-table/params.js';

/** A row of the type's own table (`venues`, `organizers`): the descriptor knows its columns. */
// biome-ignore lint/suspicious/noExplicitAny: detail rows differ per type; the descriptor knows their shape
export type DetailRow = Record<string, any> & { id: number };

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

export interface LinkedPostKind {
  type: Extract<PostType, 'venue' | 'organizer'>;
  /** The name field: `venue` or `organizer`. */
  nameField: 'venue' | 'organizer';
  plural: 'venues' | 'organizers';
  table: 'venues' | 'organizers';
  label: { en: string; de: string; plural: string };
  /** Columns of the type's own table that `search` looks in (ref §6.5). */
  searchFields: readonly string[];
  /** The type's own input fields (besides name, description, author, dates, status, image). */
  detailParams: (geolocation: GeolocationExtension | undefined) => ParamSpecs;
  /** Stored values for a create (all columns) or an update (only what was sent). */
  toDetailValues(params: LinkedWrite, existing: DetailRow | undefined): Record<string, unknown>;
  /** The type's own output keys, between `image` and the end of the filtered part (ref §2.2/§2.3). */
  serializeDetails(row: DetailRow, geolocation: GeolocationExtension | undefined): Record<string, unknown>;
  /** Keys added after the falsy filter (venues: `show_map`, `show_map_link`). */
  unfilteredDetails(row: DetailRow): Record<string, unknown>;
  jsonLd(
    row: DetailRow,
    base: { name: string; description: string; url: string; image: string | undefined },
  ): Record<string, unknown>;
  codes: { notAccessible: PluginErrorCode; inTrash: PluginErrorCode; archiveNotFound: PluginErrorCode };
  /** The answers of the type's routes, for their `response` declarations (/doc). */
  responses: { list: ZodType; item: ZodType; deleteAnswer: ZodType };
}
