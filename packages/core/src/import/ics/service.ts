/**
 * Importing an iCalendar file: every event of the file written through the event write path.
 *
 * - A text that is no calendar is refused whole: 400 `rest_invalid_param` naming the line, nothing written
 *   (the whole file is read and checked before the first write). So is a file over `INPUT_LIMITS.calendarLength`,
 *   and, read with `strict`, a file with any event that cannot be read.
 * - An event that cannot be read, or that the API refuses (a line or field over a limit, a recurrence refused,
 *   any 4xx of the write path), is skipped with its line and why, and the rest is imported (liberal reader).
 * - An instance without its series (`instances.ts`) is a single event until its series is imported, then the
 *   series' own occurrence.
 * - Bounded work: the file is read in steps and written in slices (`SLICE_EVENTS`, `SLICE_MS`),
 *   each in a write transaction of its own, with the event loop given back between them, so that other
 *   requests are answered meanwhile. The answer is the whole report, given once the last slice is written.
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
import {
  type IcsCalendar,
  IcsError,
  type IcsEvent,
  type IcsReadMode,
  type IcsSkipped,
  readCalendarInSteps,
} from '../../ical/read.js';
import { MAX_OCCURRENCES } from '../../ical/recurrence.js';
import type { RequestContext } from '../../route-table/context.js';
import { INPUT_LIMITS } from '../../route-table/input-limits.js';
import { type ImportReport, importEvent, storedByUid } from './event.js';
import { type InstanceSingles, instanceSingles } from './instances.js';
import { EventRefused } from './write-params.js';

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
    // Made anew each run: a run another writer made fail is run again (http/transaction.ts).
    Object.assign(report, { created: 0, updated: 0, unchanged: 0, skipped: [] });
    refusedAt = undefined;
    end = start;
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
