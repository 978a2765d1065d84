/**
 * One event of an iCalendar file, with its exceptions, written through the event write path inside the
 * transaction of its slice (`service.ts`): created, updated where the file is newer (`versions.ts`), left as it
 * is, or skipped with its line and why.
 */
import { geolocationFor } from '../../extensions/geolocation.js';
import type { IcsEvent, IcsEventFields, IcsException, IcsSkipped } from '../../ical/read.js';
import { eventWriteParams } from '../../resources/events/params.js';
import { loadEventRecord } from '../../resources/events/repository.js';
import { keepSourceSequence } from '../../resources/events/sequence.js';
import { findOccurrence, firstInstanceAt } from '../../resources/events/series/index.js';
import { deleteEvent } from '../../resources/events/service.js';
import { writeEvent } from '../../resources/events/write.js';
import type { RequestContext } from '../../route-table/context.js';
import type { ParamSpecs } from '../../route-table/params.js';
import { validateParams } from '../../route-table/validate.js';
import { type InstanceSingles, replaceInstanceSingles } from './instances.js';
import {
  type ComponentVersion,
  exceptionVersion,
  isNewer,
  rememberException,
  rememberSeries,
  type StoredVersion,
  seriesVersion,
  storedExceptions,
} from './versions.js';
import { EventRefused, refused, writeParams } from './write-params.js';

export interface ImportReport {
  created: number;
  updated: number;
  unchanged: number;
  skipped: IcsSkipped[];
}

/** What an earlier import wrote of a UID: its event, that event's status, and the version it came from. */
export interface Stored extends StoredVersion {
  eventId: number;
  status: string;
}

/** The event write parameters of a create and of an update, built once per configuration. */
const specsByConfig = new WeakMap<RequestContext['config'], { create: ParamSpecs; update: ParamSpecs }>();

function specsFor(context: RequestContext, create: boolean): ParamSpecs {
  const { config } = context;
  let specs = specsByConfig.get(config);
  if (!specs) {
    const currency = { symbol: config.currencySymbol, position: config.currencyPosition };
    const geolocation = geolocationFor(config);
    specs = {
      create: eventWriteParams(true, geolocation, currency),
      update: eventWriteParams(false, geolocation, currency),
    };
    specsByConfig.set(config, specs);
  }
  return create ? specs.create : specs.update;
}

/** What earlier imports wrote of these UIDs, by UID. */
export async function storedByUid(context: RequestContext, uids: string[]): Promise<Map<string, Stored>> {
  const stored = new Map<string, Stored>();
  for (let i = 0; i < uids.length; i += 500) {
    const rows = await context.db
      .selectFrom('event_ical')
      .innerJoin('posts', 'posts.id', 'event_ical.event_id')
      .select([
        'event_ical.event_id',
        'event_ical.uid',
        'event_ical.sequence',
        'event_ical.last_modified_utc',
        'event_ical.fingerprint',
      ])
      .select('posts.status')
      .where('event_ical.uid', 'in', uids.slice(i, i + 500))
      .execute();
    for (const row of rows)
      stored.set(row.uid, {
        eventId: row.event_id,
        sequence: row.sequence,
        lastModifiedUtc: row.last_modified_utc,
        fingerprint: row.fingerprint,
        status: row.status,
      });
  }
  return stored;
}

async function write(
  context: RequestContext,
  event: IcsEventFields,
  recurrence: string[] | undefined,
  existingId: number | undefined,
): Promise<number> {
  try {
    const existing = existingId === undefined ? undefined : await loadEventRecord(context.db, existingId);
    const params = await validateParams(
      specsFor(context, existing === undefined),
      writeParams(event, recurrence, existing === undefined),
      context,
    );
    return await writeEvent(context, params, existing);
  } catch (error) {
    throw refused(event, error);
  }
}

async function writeExceptions(
  context: RequestContext,
  event: IcsEvent,
  seriesId: number,
  skipped: IcsSkipped[],
  exceptions: ReadonlyArray<{ exception: IcsException; version: ComponentVersion }>,
): Promise<void> {
  for (const { exception, version } of exceptions) {
    const occurrence =
      (await findOccurrence(context.db, seriesId, exception.originalStartUtc)) ??
      (await firstInstanceAt(context, seriesId, exception.originalStartUtc));
    if (occurrence === undefined) {
      skipped.push({
        uid: exception.uid,
        line: exception.line,
        reason: `RECURRENCE-ID ${exception.originalStartUtc} UTC is not an occurrence of the series here (a date the rule does not give, or beyond the horizon)`,
      });
      continue;
    }
    try {
      await write(context, exception, undefined, occurrence);
      await rememberException(context, seriesId, exception.originalStartUtc, version);
      await keepSourceSequence(context.db, occurrence, exception.sequence);
    } catch (error) {
      if (!(error instanceof EventRefused)) throw error;
      // The series is written with its exceptions or not at all: it is skipped, naming the exception.
      throw new EventRefused({
        uid: event.uid,
        line: event.line,
        reason: `its exception on line ${exception.line} (RECURRENCE-ID) was refused: ${error.skipped.reason}`,
      });
    }
  }
}

/**
 * The occurrence an instance imported without its series stands for, when that series was imported before;
 * a reason to skip it when the series cannot take it.
 */
async function occurrenceOfStoredSeries(
  context: RequestContext,
  event: IcsEvent,
  series: Stored | undefined,
): Promise<number | string | undefined> {
  if (!event.instanceOf || !series) return undefined;
  if (series.status === 'trash')
    return `an instance of the series imported as event ${series.eventId}, which is in the trash`;
  const { originalStartUtc } = event.instanceOf;
  const occurrence = await findOccurrence(context.db, series.eventId, originalStartUtc);
  return (
    occurrence ??
    `RECURRENCE-ID ${originalStartUtc} UTC is not an occurrence of the series imported as event ${series.eventId} (a date the rule does not give, or beyond the horizon)`
  );
}

/** One event of the file, inside a slice's transaction; what it did goes into `report`. */
export async function importEvent(
  context: RequestContext,
  event: IcsEvent,
  stored: Map<string, Stored>,
  instances: InstanceSingles,
  report: ImportReport,
): Promise<void> {
  const known = stored.get(event.uid);
  const skip = (reason: string) => report.skipped.push({ uid: event.uid, line: event.line, reason });
  const version = seriesVersion(event);
  const occurrence = known
    ? undefined
    : await occurrenceOfStoredSeries(context, event, stored.get(event.instanceOf?.uid ?? ''));
  if (typeof occurrence === 'string') {
    skip(occurrence);
    return;
  }
  if (event.cancelled) {
    if (known && known.status !== 'trash' && isNewer(version, known)) {
      await deleteEvent(context, { id: known.eventId });
      await rememberSeries(context, known.eventId, event.uid, version, true);
      report.updated++;
    } else if (known) report.unchanged++;
    else if (occurrence !== undefined) {
      await deleteEvent(context, { id: occurrence });
      await rememberSeries(context, occurrence, event.uid, version, false);
      report.updated++;
    } else skip('cancelled (STATUS:CANCELLED)');
    return;
  }
  const seriesNewer = isNewer(version, known);
  // A series written again has its exceptions written again (its occurrences were reconciled); otherwise
  // only the exceptions newer than what was imported of them.
  const importedExceptions =
    known && !seriesNewer ? await storedExceptions(context, known.eventId) : undefined;
  const exceptions = event.exceptions
    .map((exception) => ({ exception, version: exceptionVersion(exception) }))
    .filter(
      ({ exception, version }) =>
        !importedExceptions || isNewer(version, importedExceptions.get(exception.originalStartUtc)),
    );
  if (known && !seriesNewer && exceptions.length === 0) {
    // Imported before its content was kept: kept now, so that a later change of it is seen.
    if (known.fingerprint === null) await rememberSeries(context, known.eventId, event.uid, version, true);
    report.unchanged++;
    return;
  }
  if (known?.status === 'trash') {
    skip(`the event imported from it (${known.eventId}) is in the trash`);
    return;
  }
  let id = known?.eventId;
  if (id === undefined || seriesNewer) {
    const recurrence = event.instanceOf ? undefined : event.recurrence;
    id = await write(context, event, recurrence, id ?? occurrence);
    await rememberSeries(context, id, event.uid, version, known !== undefined);
    await keepSourceSequence(context.db, id, event.sequence);
  }
  if (event.recurrence.length > 0) {
    await replaceInstanceSingles(context, instances, event.uid);
    await writeExceptions(context, event, id, report.skipped, exceptions);
  }
  if (known || occurrence !== undefined) report.updated++;
  else report.created++;
}
