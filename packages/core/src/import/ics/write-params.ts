/**
 * What the iCalendar import (`service.ts`) sends the event write path for one event of a file, and how it
 * tells the event refused when the write path refuses it.
 */
import { isApiError } from '../../errors/api-error.js';
import type { IcsEventFields, IcsSkipped } from '../../ical/read.js';
import { RecurrenceError } from '../../ical/recurrence.js';
import type { ParamBag } from '../../route-table/params.js';

/** An event the API refuses: skipped with its line and why, the rest of the file imported. */
export class EventRefused extends Error {
  constructor(readonly skipped: IcsSkipped) {
    super(skipped.reason);
    this.name = 'EventRefused';
  }
}

/** The write parameters of an event, as a client of POST /events would send them. */
export function writeParams(
  event: IcsEventFields,
  recurrence: string[] | undefined,
  create: boolean,
): ParamBag {
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

/**
 * An error of the write path for one event or exception (a 4xx, a recurrence refused while it is expanded)
 * as that event's report line; anything else (the database gone, a fault) is returned as it is.
 */
export function refused(event: IcsEventFields, error: unknown): unknown {
  // The write path answers a recurrence it cannot expand as a 400 whose cause is the RecurrenceError.
  const recurrence = error instanceof RecurrenceError ? error : isApiError(error) ? error.cause : undefined;
  if (recurrence instanceof RecurrenceError)
    return new EventRefused({
      uid: event.uid,
      line: event.line,
      reason: `recurrence: ${recurrence.message}`,
    });
  if (!isApiError(error) || error.status >= 500) return error;
  const params = (error.data.params ?? {}) as Record<string, string> | string[];
  const problems = Array.isArray(params)
    ? params.map((name) => `${name} is missing`)
    : Object.entries(params).map(([name, message]) => `${name}: ${message}`);
  return new EventRefused({
    uid: event.uid,
    line: event.line,
    reason: `the event was refused: ${problems.join('; ') || error.message}`,
  });
}
