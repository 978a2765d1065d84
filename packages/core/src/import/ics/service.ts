/**
 * Importing an iCalendar file (issue 18): every event of the file written through the event write path.
 *
 * - A text that is no calendar is refused whole: 400 `rest_invalid_param` naming the line, nothing written
 *   (the whole file is read and checked before the first write). So is a file over `INPUT_LIMITS.calendarLength`,
 *   and, read with `strict`, a file with any event that cannot be read.
 * - An event that cannot be read, or that the API refuses (a line or field over a limit, a recurrence refused,
 *   any 4xx of the write path), is skipped with its line and why, and the rest is imported (liberal reader).
 * - An instance without its series (`instances.ts`) is a single event until its series is imported, then the
 *   series' own occurrence.
 * - Bounded work (issue 27): the file is read in steps and written in slices (`SLICE_EVENTS`, `SLICE_MS`),
 *   each in a write transaction of its own, with the event loop given back between them, so that other
 *   requests are answered meanwhile. The answer is the report, as before, once the last slice is written.
 *   An import that fails halfway (the database gone) keeps the slices it committed: importing the file again
 *   finishes it, as what was imported is unchanged by UID.
 * - Idempotent by UID (table `event_ical`): an unknown UID is created; a known one is updated where the file
 *   is newer, each VEVENT compared with what was imported of it (a series and each of its exceptions on its
 *   own: versions.ts), and is otherwise unchanged. An event edited here keeps its edits until its source
 *   changes it. The feeds' SEQUENCE of an imported event is its source's, or higher when edits here raised it.
 * - An update sets what the file says: title, times, zone, status, website, venue, organizers, categories and
 *   recurrence (none clears them). A description the file no longer has is kept: the write path takes no empty
 *   description. An exception the source dropped stays an exception here; a newer STATUS:CANCELLED trashes the
 *   imported event (and a series' occurrences with it).
 * - Skipped, with their line and why: what the reading skipped (an event that cannot be read, a VTODO),
 *   cancelled events never imported, events whose imported copy is in the trash, exceptions on a date the
 *   series does not hold (beyond the horizon, or moved by a changed rule), events the API refuses.
 */
import { analyzeStaleTables } from '../../db/analyze.js';
import { invalidParam } from '../../errors/invalid-params.js';
import { geolocationFor } from '../../extensions/geolocation.js';
import {
  type IcsCalendar,
  IcsError,
  type IcsEvent,
  type IcsEventFields,
  type IcsException,
  type IcsReadMode,
  type IcsSkipped,
  readCalendarInSteps,
} from '../../ical/read.js';
import { MAX_OCCURRENCES } from '../../ical/recurrence.js';
import { eventWriteParams } from '../../resources/events/params.js';
import { loadEventRecord } from '../../resources/events/repository.js';
import { keepSourceSequence } from '../../resources/events/sequence.js';
import { findOccurrence, firstInstanceAt } from '../../resources/events/series/index.js';
import { deleteEvent } from '../../resources/events/service.js';
import { writeEvent } from '../../resources/events/write.js';
import type { RequestContext } from '../../route-table/context.js';
import { INPUT_LIMITS } from '../../route-table/input-limits.js';
import type { ParamSpecs } from '../../route-table/params.js';
import { validateParams } from '../../route-table/validate.js';
import { type InstanceSingles, instanceSingles, replaceInstanceSingles } from './instances.js';
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

interface Stored extends StoredVersion {
  eventId: number;
  status: string;
}

/** Events written in one slice (one transaction) at most. */
const SLICE_EVENTS = 25;
/** Milliseconds of the event loop one slice of reading or writing takes at most (one event may take more). */
const SLICE_MS = 20;

/** What the reader bounds as it reads: the API's own limits. */
const READ_LIMITS = {
  lineLength: INPUT_LIMITS.calendarLineLength,
  categories: INPUT_LIMITS.termsPerWrite,
  dates: MAX_OCCURRENCES,
} as const;

/**
 * Between two slices read or written the loop is left idle a quarter of a slice: a request over HTTP needs several
 * turns of the loop (accept, read, answer) and one `setImmediate` per slice gave it one turn a slice, so a
 * read waited through six slices or more (on SQLite, whose statements hold the loop, the whole import).
 */
const SLICE_PAUSE_MS = SLICE_MS / 4;
const pause = () => new Promise<void>((resolve) => setTimeout(resolve, SLICE_PAUSE_MS));

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

async function storedByUid(context: RequestContext, uids: string[]): Promise<Map<string, Stored>> {
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

/** The file read in steps, the event loop given back (`pause`) every `SLICE_MS`. */
async function readInSteps(context: RequestContext, text: string, mode: IcsReadMode): Promise<IcsCalendar> {
  const steps = readCalendarInSteps(text, context.config.timezone, READ_LIMITS, mode);
  let sliceStart = Date.now();
  try {
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
      if (Date.now() - sliceStart >= SLICE_MS) {
        await pause();
        sliceStart = Date.now();
      }
    }
  } catch (error) {
    if (error instanceof IcsError) throw invalidParam('calendar', error.message);
    throw error;
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
async function importEvent(
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

type SliceResult =
  | { end: number; report: ImportReport; refused?: undefined }
  | { refused: { index: number; skipped: IcsSkipped } };

/** Rolls a slice back when one of its events is refused (the event may have written part of itself). */
class SliceRolledBack extends Error {}

/**
 * Events `start`… (before `stop`) in one write transaction, until `SLICE_EVENTS` or `SLICE_MS` is reached.
 * A refused event rolls the slice back and is named, so that the caller writes the events before it, then
 * skips it.
 */
async function writeSlice(
  context: RequestContext,
  events: IcsEvent[],
  instances: InstanceSingles,
  start: number,
  stop: number,
): Promise<SliceResult> {
  const report: ImportReport = { created: 0, updated: 0, unchanged: 0, skipped: [] };
  const begun = Date.now();
  let refusedAt: { index: number; skipped: IcsSkipped } | undefined;
  let end = start;
  const inTransaction = async (db: RequestContext['db']) => {
    const slice = { ...context, db };
    const candidates = events.slice(start, Math.min(stop, start + SLICE_EVENTS));
    const stored = await storedByUid(
      slice,
      candidates.flatMap((event) => (event.instanceOf ? [event.uid, event.instanceOf.uid] : [event.uid])),
    );
    for (const [offset, event] of candidates.entries()) {
      if (offset > 0 && Date.now() - begun >= SLICE_MS) break;
      try {
        await importEvent(slice, event, stored, instances, report);
      } catch (error) {
        if (!(error instanceof EventRefused)) throw error;
        refusedAt = { index: start + offset, skipped: error.skipped };
        throw new SliceRolledBack();
      }
      end = start + offset + 1;
    }
  };
  try {
    if (context.writeSlice) await context.writeSlice(inTransaction);
    else await inTransaction(context.db);
  } catch (error) {
    if (error instanceof SliceRolledBack && refusedAt) return { refused: refusedAt };
    throw error;
  }
  return { end, report };
}

/**
 * Imports an iCalendar text into the calendar: read whole (in steps), then written in slices, each in a write
 * transaction of its own (`context.writeSlice`; without it, in the caller's transaction).
 * @throws ApiError 400 `rest_invalid_param` (param `calendar`) naming the line of a refused file.
 */
export async function importCalendar(
  context: RequestContext,
  text: string,
  mode: IcsReadMode = { strict: false },
): Promise<ImportReport> {
  const calendar = await readInSteps(context, text, mode);
  const report: ImportReport = { created: 0, updated: 0, unchanged: 0, skipped: [...calendar.skipped] };
  const { events } = calendar;
  const instances = events.some((event) => event.recurrence.length > 0)
    ? await instanceSingles(context)
    : new Map();
  const total = events.length;
  let next = 0;
  /** The first event known to be refused: the events before it are written before it is met alone. */
  let refusedNext: number | undefined;
  while (next < total) {
    context.logger.debug({ icsImport: { done: next, total } }, 'importing iCalendar events');
    const slice = await writeSlice(context, events, instances, next, refusedNext ?? total);
    if (slice.refused) {
      if (slice.refused.index === next) {
        report.skipped.push(slice.refused.skipped);
        next++;
        refusedNext = undefined;
      } else refusedNext = slice.refused.index;
    } else {
      report.created += slice.report.created;
      report.updated += slice.report.updated;
      report.unchanged += slice.report.unchanged;
      report.skipped.push(...slice.report.skipped);
      next = slice.end;
      if (refusedNext !== undefined && next >= refusedNext) refusedNext = undefined;
    }
    if (next < total) await pause();
  }
  report.skipped.sort((a, b) => a.line - b.line);
  // A large import keeps PostgreSQL's planner statistics true (db/analyze.ts); series did so as they were made.
  await analyzeStaleTables(context.database, context.db);
  context.logger.debug({ icsImport: { done: total, total } }, 'importing iCalendar events');
  context.logger.info(
    {
      created: report.created,
      updated: report.updated,
      unchanged: report.unchanged,
      skipped: report.skipped.length,
    },
    'imported an iCalendar file',
  );
  return report;
}
