/**
 * Whether a VEVENT of a file is newer than what was imported of it: each component on its own, a series'
 * VEVENT against what was imported of that VEVENT (`event_ical`), each RECURRENCE-ID VEVENT against what was
 * imported of it (`event_ical_exceptions`, by its series and original start). A series whose exception
 * carries a higher SEQUENCE than the series itself is not thereby newer, nor is its exception.
 *
 * Newer, in this order: a higher SEQUENCE; a lower one is an older copy. With the same SEQUENCE: a later
 * LAST-MODIFIED; an earlier one is an older copy. Otherwise (the same, or none): what the import reads of the
 * VEVENT differs from what it read the last time (`fingerprint`). Many producers never raise SEQUENCE (nor
 * write LAST-MODIFIED) when an event is edited, and DTSTAMP is the time of the export in a published file
 * (Google, the plugin): a change of content is what tells. A file read again unchanged is unchanged, and an
 * event edited here keeps its edits until its source changes it.
 */
import { createHash } from 'node:crypto';
import type { IcsEvent, IcsEventFields, IcsException } from '../../ical/read.js';
import type { RequestContext } from '../../route-table/context.js';

export interface ComponentVersion {
  sequence: number;
  lastModifiedUtc: string | null;
  fingerprint: string;
}

/** What was imported of a component; `fingerprint` null for series imported before it was kept. */
export interface StoredVersion {
  sequence: number;
  lastModifiedUtc: string | null;
  fingerprint: string | null;
}

/** Of a VEVENT's fields, those that are not its content: its identity, place in the file and revision. */
const NOT_CONTENT = new Set([
  'uid',
  'line',
  'sequence',
  'lastModifiedUtc',
  'originalStartUtc',
  'exceptions',
  'recurrence',
]);

/** A digest of what the import writes of a VEVENT: its fields (a series' with its recurrence). */
function fingerprintOf(fields: IcsEventFields, recurrence: readonly string[] | undefined): string {
  const content = Object.entries(fields).filter(([name]) => !NOT_CONTENT.has(name));
  return createHash('sha256')
    .update(JSON.stringify([content, recurrence ?? null]))
    .digest('base64url');
}

export function seriesVersion(event: IcsEvent): ComponentVersion {
  return {
    sequence: event.sequence,
    lastModifiedUtc: event.lastModifiedUtc ?? null,
    fingerprint: fingerprintOf(event, event.recurrence),
  };
}

export function exceptionVersion(exception: IcsException): ComponentVersion {
  return {
    sequence: exception.sequence,
    lastModifiedUtc: exception.lastModifiedUtc ?? null,
    fingerprint: fingerprintOf(exception, undefined),
  };
}

export function isNewer(version: ComponentVersion, stored: StoredVersion | undefined): boolean {
  if (stored === undefined) return true;
  if (version.sequence !== stored.sequence) return version.sequence > stored.sequence;
  const { lastModifiedUtc: modified } = version;
  if (modified !== null && stored.lastModifiedUtc !== null && modified !== stored.lastModifiedUtc)
    return modified > stored.lastModifiedUtc;
  if (modified !== null && stored.lastModifiedUtc === null) return true;
  // Imported before the content was kept: SEQUENCE and LAST-MODIFIED alone, as then.
  return stored.fingerprint !== null && stored.fingerprint !== version.fingerprint;
}

/** What was imported of a series' exceptions, by original start (UTC). */
export async function storedExceptions(
  context: RequestContext,
  seriesId: number,
): Promise<Map<string, StoredVersion>> {
  const rows = await context.db
    .selectFrom('event_ical_exceptions')
    .select(['original_start_utc', 'sequence', 'last_modified_utc', 'fingerprint'])
    .where('series_id', '=', seriesId)
    .execute();
  return new Map(
    rows.map((row) => [
      row.original_start_utc,
      { sequence: row.sequence, lastModifiedUtc: row.last_modified_utc, fingerprint: row.fingerprint },
    ]),
  );
}

/** Keeps what was imported of an exception. */
export async function rememberException(
  context: RequestContext,
  seriesId: number,
  originalStartUtc: string,
  version: ComponentVersion,
): Promise<void> {
  const values = {
    sequence: version.sequence,
    last_modified_utc: version.lastModifiedUtc,
    fingerprint: version.fingerprint,
  };
  const updated = await context.db
    .updateTable('event_ical_exceptions')
    .set(values)
    .where('series_id', '=', seriesId)
    .where('original_start_utc', '=', originalStartUtc)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0)
    await context.db
      .insertInto('event_ical_exceptions')
      .values({ series_id: seriesId, original_start_utc: originalStartUtc, ...values })
      .execute();
}

/** Keeps what was imported of a series' own VEVENT (or an event on its own), by its UID. */
export async function rememberSeries(
  context: RequestContext,
  eventId: number,
  uid: string,
  version: ComponentVersion,
  known: boolean,
): Promise<void> {
  const values = {
    sequence: version.sequence,
    last_modified_utc: version.lastModifiedUtc,
    fingerprint: version.fingerprint,
  };
  if (known) await context.db.updateTable('event_ical').set(values).where('event_id', '=', eventId).execute();
  else
    await context.db
      .insertInto('event_ical')
      .values({ event_id: eventId, uid, ...values })
      .execute();
}
