/**
 * The input parameters of the venue and organizer routes (ref §5.5–5.7): the record by id or slug, the
 * write fields (shared ones, then the kind's own), the list filters. Events validate inline records against
 * `createParams`.
 */
import { z } from 'zod';
import type { GeolocationExtension } from '../../extensions/geolocation.js';
import type { RequestContext } from '../../route-table/context.js';
import { INPUT_LIMITS } from '../../route-table/input-limits.js';
import { pageParams } from '../../route-table/pagination.js';
import { param, searchTooLong } from '../../route-table/params.js';
import { imageOrEmptyParam, sharedPostParams } from '../posts/fields.js';
import { findPostBySlug, loadPost } from '../posts/repository.js';
import { searchFragments } from '../posts/search.js';
import { statusListParam } from '../posts/visibility.js';
import type { LinkedPostKind } from './kind.js';
import { isOfType } from './repository.js';

export function idParam(kind: LinkedPostKind) {
  return param.id(
    { en: `The ${kind.type} ID.`, de: `Die ID des ${kind.label.de}.` },
    { required: true, validate: (id, context: RequestContext) => isOfType(kind, context.db, id) },
  );
}

export function slugParam(kind: LinkedPostKind) {
  return param.string(
    { en: `The ${kind.type} slug.`, de: `Der Slug des ${kind.label.de}.` },
    {
      required: true,
      validate: async (slug, context: RequestContext) =>
        (await findPostBySlug(context.db, kind.type, slug)) !== undefined,
    },
  );
}

export const forceParam = param.boolean({
  en: 'Delete for good (only a trashed record).',
  de: 'Endgültig löschen (nur einen Datensatz im Papierkorb).',
});

/** The fields of a create (`create`: the name is required) or an update. */
export function writeParams(
  kind: LinkedPostKind,
  geolocation: GeolocationExtension | undefined,
  create: boolean,
) {
  return {
    [kind.nameField]: param.text(
      { en: `The ${kind.type} name.`, de: `Der Name des ${kind.label.de}.` },
      { required: create },
    ),
    author: sharedPostParams.author,
    date: sharedPostParams.date,
    date_utc: sharedPostParams.date_utc,
    description: param.string({
      en: `The ${kind.type} description.`,
      de: `Die Beschreibung des ${kind.label.de}.`,
    }),
    status: sharedPostParams.status,
    ...kind.detailParams(geolocation),
    image: imageOrEmptyParam,
  };
}

/** The input params of a create, for validating inline objects in event writes. */
export function createParams(kind: LinkedPostKind, geolocation: GeolocationExtension | undefined) {
  return writeParams(kind, geolocation, true);
}

export function listParams(kind: LinkedPostKind) {
  const { plural, label } = kind;
  return {
    ...pageParams,
    search: param.any(
      {
        en: `${plural[0]!.toUpperCase()}${plural.slice(1)} whose name, description or details contain the text.`,
        de: `${label.plural} deren Name, Beschreibung oder Angaben den Text enthalten.`,
      },
      {
        // The plugin's `is_string`: a list or any other value that is no string is an invalid
        // parameter (SPEC §14), and so is "": a search of blanks is accepted (and filters nothing).
        validate: (value) =>
          typeof value === 'string' &&
          (value === ''
            ? false
            : value.length > INPUT_LIMITS.searchLength
              ? searchTooLong
              : searchFragments(value).length > INPUT_LIMITS.searchWords
                ? `search may hold at most ${INPUT_LIMITS.searchWords} words.`
                : true),
        documented: z.string().min(1).max(INPUT_LIMITS.searchLength),
      },
    ),
    event: param.id(
      { en: `The ${plural} of this event.`, de: `Die ${label.plural} dieser Veranstaltung.` },
      {
        validate: async (id, context: RequestContext) => (await loadPost(context.db, id))?.type === 'event',
      },
    ),
    has_events: param.any({
      en: `Only ${plural} that have events (true) or none (false).`,
      de: `Nur ${label.plural} mit (true) oder ohne (false) Veranstaltungen.`,
    }),
    only_with_upcoming: param.any(
      {
        en: `Only ${plural} with upcoming events.`,
        de: `Nur ${label.plural} mit bevorstehenden Veranstaltungen.`,
      },
      { default: false },
    ),
    status: statusListParam,
  };
}
