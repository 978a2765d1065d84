/**
 * The venue and organizer parameters of an event write: what clears a link, which records a link may name
 * (checked, and locked `for share` on PostgreSQL, until the write commits), inline records valid as creates.
 */
import type { GeolocationExtension } from '../../extensions/geolocation.js';
import type { RequestContext } from '../../route-table/context.js';
import { INPUT_LIMITS } from '../../route-table/input-limits.js';
import { type ParamBag, type ParamValue, toList, type ValidationResult } from '../../route-table/params.js';
import { checkParams, tooManyItems } from '../../route-table/validate.js';
import type { LinkedPostKind } from '../linked/kind.js';
import { createParams } from '../linked/params.js';
import { isLinkable, readAheadLinkable, unlinkableIds } from '../linked/repository.js';
import { organizerKind } from '../organizers/kind.js';
import { venueKind } from '../venues/kind.js';

/** `venue=0`, `""`, `[]` and `organizer=[]`, `""` clear the link (SPEC §10). */
export function isEmptyLink(value: ParamValue): boolean {
  if (value === null || value === '' || value === 0 || value === '0' || value === false) return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'object' && Object.keys(value).length === 0;
}

function isNumericId(value: ParamValue): value is number | string {
  return (
    (typeof value === 'number' && Number.isInteger(value) && value > 0) ||
    (typeof value === 'string' && /^\d+$/.test(value.trim()))
  );
}

/** The id a linked item names (an id, or `{id}` with an id), or undefined for anything else. */
function linkedId(value: ParamValue): number | undefined {
  if (isNumericId(value)) return Number(value);
  if (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    value.id !== undefined &&
    isNumericId(value.id)
  )
    return Number(value.id);
  return undefined;
}

/** Checks one linked record: an id of that type, `{id}`, or an inline object valid as a create. */
async function checkLinked(
  value: ParamValue,
  resource: LinkedPostKind,
  context: RequestContext,
  geolocation: GeolocationExtension | undefined,
): Promise<boolean> {
  if (isNumericId(value)) return isLinkable(resource, context, Number(value));
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  if (value.id !== undefined && value.id !== null && value.id !== '') {
    return isNumericId(value.id) && isLinkable(resource, context, Number(value.id));
  }
  const { missing, problems } = await checkParams(
    createParams(resource, geolocation),
    value as ParamBag,
    context,
  );
  return missing.length === 0 && Object.keys(problems).length === 0;
}

/** The organizer input as a list of items (ids, `{id}` objects or inline objects). */
export function organizerItems(value: ParamValue): ParamValue[] {
  if (typeof value === 'string') return toList(value);
  if (Array.isArray(value))
    return value.flatMap((item) => (typeof item === 'string' ? toList(item) : [item]));
  if (typeof value === 'object' && value !== null) {
    const keys = Object.keys(value);
    // A single inline organizer (not wrapped in a list) is accepted too (the plugin fails on it).
    return keys.every((k) => /^\d+$/.test(k)) ? Object.values(value) : [value];
  }
  return [value];
}

/** The `venue` parameter's check. */
export function checkVenue(
  value: ParamValue,
  context: RequestContext,
  geolocation: GeolocationExtension | undefined,
): boolean | Promise<boolean> {
  return (
    isEmptyLink(value) ||
    // `venue=,` or `[""]` clear; an inline object with an empty name is an invalid venue, not a clear.
    ((typeof value !== 'object' || Array.isArray(value)) && isEmptyLink(toList(value))) ||
    checkLinked(
      Array.isArray(value) && value.length === 1 ? value[0]! : value,
      venueKind,
      context,
      geolocation,
    )
  );
}

/** The `organizer` parameter's check. */
export async function checkOrganizers(
  value: ParamValue,
  context: RequestContext,
  geolocation: GeolocationExtension | undefined,
): Promise<ValidationResult> {
  if (isEmptyLink(value)) return true;
  const items = organizerItems(value);
  if (items.length > INPUT_LIMITS.listItems) return tooManyItems('organizer');
  // The existing organizers named are checked (and locked) in one statement, the new ones each.
  const ids: number[] = [];
  for (const item of items) {
    const id = linkedId(item);
    if (id !== undefined) ids.push(id);
    else if (!(await checkLinked(item, organizerKind, context, geolocation))) return false;
  }
  return (await unlinkableIds(organizerKind, context, ids)).size === 0;
}

/**
 * The route's `prepare`: the venue and organizers an event write names by id, read and locked in one
 * statement before `checkVenue` and `checkOrganizers` decide from what it read (the same rows and locks they
 * would take, one statement each). Anything it cannot read as ids it leaves to them; over the list limit it
 * reads nothing.
 */
export async function readAheadLinks(context: RequestContext, sent: ParamBag): Promise<void> {
  const ids: number[] = [];
  const venue = sent.venue;
  if (venue !== undefined && !isEmptyLink(venue)) {
    const id = linkedId(Array.isArray(venue) && venue.length === 1 ? venue[0]! : venue);
    if (id !== undefined) ids.push(id);
  }
  const organizer = sent.organizer;
  if (organizer !== undefined && !isEmptyLink(organizer)) {
    const items = organizerItems(organizer);
    if (items.length > INPUT_LIMITS.listItems) return;
    for (const item of items) {
      const id = linkedId(item);
      if (id !== undefined) ids.push(id);
    }
  }
  // One alone gains nothing over its check.
  if (ids.length > 1) await readAheadLinkable(context, ids);
}
