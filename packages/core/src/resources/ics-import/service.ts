/**
 * Importing an iCalendar file (issue 18): every event of the file written through the event write path, in
 * the one transaction of the request (`POST /events/import` is a write route; the CLI goes through it too).
 *
 * - A file that breaks RFC 5545 is refused whole: 400 `rest_invalid_param` naming the line, nothing written.
 *   So is an event the write path refuses (its line and UID named), since the transaction then rolls back.
 * - Idempotent by UID (table `event_ical`): an unknown UID is created; a known one is updated when the file
 *   has a higher SEQUENCE, or the same SEQUENCE and a later LAST-MODIFIED (over the VEVENT and its exceptions),
 *   and is otherwise unchanged. A write here bumps the stored SEQUENCE (the event changed), so an event edited
 *   here keeps its edits until the source's SEQUENCE passes it.
 * - An update sets what the file says: title, times, zone, status, website, venue, organizers, categories and
 *   recurrence (none clears them). A description the file no longer has is kept: the write path takes no empty
 *   description. An exception the source dropped stays an exception here; a newer STATUS:CANCELLED trashes the
 *   imported event (and a series' occurrences with it).
 * - Skipped, with their line and why: what the reading skipped (an exception without its series, a VTODO),
 *   cancelled events never imported, events whose imported copy is in the trash, exceptions on a date the
 *   series does not hold (beyond the horizon, or moved by a changed rule).
 */
import { isApiError } from '../../errors/api-error.js';
import { invalidParam } from '../../errors/invalid-params.js';
import { geolocationFor } from '../../extensions/geolocation.js';
import {
  IcsError,
  type IcsEvent,
  type IcsEventFields,
  type IcsSkipped,
  readCalendar,
} from '../../ical/read.js';
import type { RequestContext } from '../../route-table/context.js';
import type { ParamBag, ParamSpecs } from '../../route-table/params.js';
import { validateParams } from '../../route-table/validate.js';
import { eventWriteParams } from '../events/params.js';
import { loadEventRecord } from '../events/repository.js';
import { findOccurrence } from '../events/series-repository.js';
import { deleteEvent } from '../events/service.js';
import { writeEvent } from '../events/write.js';

export interface ImportReport {
  created: number;
  updated: number;
  unchanged: number;
  skipped: IcsSkipped[];
}

interface Stored {
  eventId: number;
  sequence: number;
  lastModifiedUtc: string | null;
  status: string;
}

/** Progress is logged (at debug level) every this many events: the CLI shows it. */
const PROGRESS_EVERY = 25;

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
      ])
      .select('posts.status')
      .where('event_ical.uid', 'in', uids.slice(i, i + 500))
      .execute();
    for (const row of rows)
      stored.set(row.uid, {
        eventId: row.event_id,
        sequence: row.sequence,
        lastModifiedUtc: row.last_modified_utc,
        status: row.status,
      });
  }
  return stored;
}

/** The version of a series with its exceptions: the highest SEQUENCE and the latest LAST-MODIFIED of any. */
function versionOf(event: IcsEvent): { sequence: number; lastModifiedUtc: string | null } {
  let sequence = event.sequence;
  let lastModifiedUtc = event.lastModifiedUtc ?? null;
  for (const exception of event.exceptions) {
    sequence = Math.max(sequence, exception.sequence);
    const modified = exception.lastModifiedUtc;
    if (modified !== undefined && (lastModifiedUtc === null || modified > lastModifiedUtc))
      lastModifiedUtc = modified;
  }
  return { sequence, lastModifiedUtc };
}

function isNewer(version: ReturnType<typeof versionOf>, stored: Stored): boolean {
  if (version.sequence !== stored.sequence) return version.sequence > stored.sequence;
  return (
    version.lastModifiedUtc !== null &&
    (stored.lastModifiedUtc === null || version.lastModifiedUtc > stored.lastModifiedUtc)
  );
}

/** The write parameters of an event, as a client of POST /events would send them. */
function writeParams(event: IcsEventFields, recurrence: string[] | undefined, create: boolean): ParamBag {
  const params: ParamBag = {
    title: event.title === '' ? '(no title)' : event.title,
    start_date: event.start,
    end_date: event.end,
    timezone: event.timezone,
    all_day: event.allDay,
    status: event.status,
    // Only a web address is a website; producers put other things in URL (Outlook: nothing, some: a path).
    website: /^https?:\/\/\S+$/i.test(event.website) ? event.website : '',
  };
  // A description is never empty (the write path refuses ""): none leaves the stored one.
  if (event.description !== '') params.description = event.description;
  if (event.venue) params.venue = { ...event.venue };
  else if (!create) params.venue = '';
  if (event.organizers.length > 0 || !create) params.organizer = event.organizers.map((o) => ({ ...o }));
  if (event.categories.length > 0 || !create) params.categories = [...event.categories];
  if (recurrence !== undefined && (recurrence.length > 0 || !create)) params.recurrence = [...recurrence];
  return params;
}

/** An error of the write path, as the import's: naming the VEVENT's line and UID. */
function refused(event: IcsEventFields, error: unknown): unknown {
  if (!isApiError(error) || error.status !== 400) return error;
  const params = (error.data.params ?? {}) as Record<string, string> | string[];
  const problems = Array.isArray(params)
    ? params.map((name) => `${name} is missing`)
    : Object.entries(params).map(([name, message]) => `${name}: ${message}`);
  return invalidParam(
    'calendar',
    `line ${event.line} (UID ${event.uid}): the event was refused: ${problems.join('; ') || error.message}`,
  );
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
): Promise<void> {
  for (const exception of event.exceptions) {
    const occurrence = await findOccurrence(context.db, seriesId, exception.originalStartUtc);
    if (occurrence === undefined) {
      skipped.push({
        uid: exception.uid,
        line: exception.line,
        reason: `RECURRENCE-ID ${exception.originalStartUtc} UTC is not an occurrence of the series here (the first occurrence, a date the rule does not give, or beyond the horizon)`,
      });
      continue;
    }
    await write(context, exception, undefined, occurrence);
  }
}

async function remember(
  context: RequestContext,
  eventId: number,
  uid: string,
  version: ReturnType<typeof versionOf>,
  known: boolean,
): Promise<void> {
  const values = { sequence: version.sequence, last_modified_utc: version.lastModifiedUtc };
  if (known) await context.db.updateTable('event_ical').set(values).where('event_id', '=', eventId).execute();
  else
    await context.db
      .insertInto('event_ical')
      .values({ event_id: eventId, uid, ...values })
      .execute();
}

/**
 * Imports an iCalendar text into the calendar, inside the caller's write transaction.
 * @throws ApiError 400 `rest_invalid_param` (param `calendar`) naming the line of a refused file.
 */
export async function importCalendar(context: RequestContext, text: string): Promise<ImportReport> {
  let calendar: ReturnType<typeof readCalendar>;
  try {
    calendar = readCalendar(text, context.config.timezone);
  } catch (error) {
    if (error instanceof IcsError) throw invalidParam('calendar', error.message);
    throw error;
  }
  const report: ImportReport = { created: 0, updated: 0, unchanged: 0, skipped: [...calendar.skipped] };
  const stored = await storedByUid(
    context,
    calendar.events.map((event) => event.uid),
  );
  const total = calendar.events.length;
  for (const [index, event] of calendar.events.entries()) {
    if (index % PROGRESS_EVERY === 0)
      context.logger.debug({ icsImport: { done: index, total } }, 'importing iCalendar events');
    const known = stored.get(event.uid);
    const skip = (reason: string) => report.skipped.push({ uid: event.uid, line: event.line, reason });
    const version = versionOf(event);
    if (event.cancelled) {
      if (known && known.status !== 'trash' && isNewer(version, known)) {
        await deleteEvent(context, { id: known.eventId });
        await remember(context, known.eventId, event.uid, version, true);
        report.updated++;
      } else if (known) report.unchanged++;
      else skip('cancelled (STATUS:CANCELLED)');
      continue;
    }
    if (known && !isNewer(version, known)) {
      report.unchanged++;
      continue;
    }
    if (known?.status === 'trash') {
      skip(`the event imported from it (${known.eventId}) is in the trash`);
      continue;
    }
    const id = await write(context, event, event.recurrence, known?.eventId);
    await remember(context, id, event.uid, version, known !== undefined);
    if (event.recurrence.length > 0) await writeExceptions(context, event, id, report.skipped);
    if (known) report.updated++;
    else report.created++;
  }
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
