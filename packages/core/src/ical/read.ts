/**
 * Reads an iCalendar file (RFC 5545) into the events it holds, as plain inputs for the event write path.
 *
 * - Times: a `TZID` is an IANA zone, a Windows zone name (Outlook, Exchange) or a prefixed IANA name
 *   (Thunderbird's `/mozilla.org/…`), all read by `ianaZoneOf`; a TZID none of those know, defined by a
 *   VTIMEZONE of the file, is converted with ical.js from that VTIMEZONE to UTC, and the event kept in UTC.
 *   UTC times (`…Z`) stay UTC. Floating times and all-day dates are read in the calendar's `X-WR-TIMEZONE`
 *   when it names a zone (Google and Apple write it), else in the site's zone.
 * - All day: DATE values (`DTEND` is the day after the last, RFC 5545 §3.6.1), and the plugin's own shape,
 *   00:00:00 to 23:59:59 in a zone, which is how The Events Calendar exports its all-day events.
 * - Recurrence: RRULE, RDATE and EXDATE lines as written (TZIDs named by their IANA zone), checked by
 *   `parseRecurrence`; VEVENTs with a RECURRENCE-ID are the exceptions of the VEVENT with their UID and
 *   without one, and a cancelled exception becomes an EXDATE of its series. An instance whose series the
 *   file does not hold is an event of its own (`instanceOf`), kept by `instanceUid`.
 * - UIDs: as written, except the plugin's `<post id>-<start unix>-<end unix>@<host>`, known by `<post id>@<host>`
 *   (`stableUid`), so that an event moved on the plugin's site updates the one imported before; an event
 *   without a UID gets one drawn from its start and title (`DerivedUids`).
 * - LOCATION is read into a venue (`venueOfLocation`), GEO gives its coordinates, ORGANIZER (CN and mailto)
 *   an organizer, CATEGORIES category names; CLASS:PRIVATE/CONFIDENTIAL makes the event private.
 * - Errors: a file that is no calendar (no content lines, a BEGIN without its END) is refused with an
 *   `IcsError` naming the line. A line of an event that breaks RFC 5545 beyond an evident meaning refuses
 *   that event (and the whole file when read with `strict`). Events that cannot be imported (a VTODO, a line
 *   over a limit, a recurrence the API refuses) are reported as skipped, with their line and why, and the rest
 *   is read.
 * - Work and memory follow the file: lines are unfolded in one pass and bounded while read (`IcsReadLimits`),
 *   and the reading yields every few lines and components (`readCalendarInSteps`), so that a caller can
 *   give the event loop back between them.
 */
import ICAL from 'ical.js';
import { localToUtc } from '../dates/zones.js';
import { dayMoment, producerZone, wholeDayRecurrence } from './read-all-day.js';
import { joinDateLines } from './read-date-lines.js';
import { exdateOf, fieldsOf, type IcsEvent, recurrenceOf, text } from './read-event.js';
import {
  IcsError,
  IcsEventError,
  type IcsReadLimits,
  type IcsReadMode,
  type LineMap,
  type RefusalMap,
  readComponentsInSteps,
} from './read-lines.js';
import { lineOf, momentOf, type Reading } from './read-times.js';
import { DerivedUids, instanceUid, stableUid } from './read-uids.js';
import { ianaZoneOf } from './zones.js';

export { joinDateLines } from './read-date-lines.js';
export type { IcsEvent, IcsEventFields, IcsException } from './read-event.js';
export type { IcsOrganizer, IcsVenue } from './read-fields.js';
export { IcsError, type IcsReadLimits, type IcsReadMode } from './read-lines.js';
export { INSTANCE_UID_MARK, instanceUid, stableUid } from './read-uids.js';

export interface IcsSkipped {
  uid: string;
  line: number;
  reason: string;
}

export interface IcsCalendar {
  events: IcsEvent[];
  skipped: IcsSkipped[];
}

/** The VTIMEZONEs of a calendar by TZID; one with a line that could not be read is left out. */
function zonesOf(calendar: ICAL.Component, refusals: RefusalMap): Map<string, ICAL.Timezone> {
  const zones = new Map<string, ICAL.Timezone>();
  for (const component of calendar.getAllSubcomponents('vtimezone')) {
    const tzid = String(component.getFirstPropertyValue('tzid') ?? '');
    if (tzid !== '' && !refusals.has(component)) zones.set(tzid, new ICAL.Timezone(component));
  }
  return zones;
}

/**
 * Of two VEVENTs with one UID, the one with the higher SEQUENCE (the earlier on a tie) is kept, the other
 * reported.
 */
function keepNewest(byUid: Map<string, IcsEvent>, event: IcsEvent, out: IcsCalendar, uid = event.uid): void {
  const earlier = byUid.get(event.uid);
  if (!earlier) {
    byUid.set(event.uid, event);
    return;
  }
  const [kept, dropped] = earlier.sequence >= event.sequence ? [earlier, event] : [event, earlier];
  byUid.set(event.uid, kept);
  out.skipped.push({
    uid,
    line: dropped.line,
    reason: `another VEVENT with this UID (line ${kept.line}) has a higher or equal SEQUENCE`,
  });
}

/** Components read between two pauses of `readCalendarInSteps`. */
const COMPONENTS_PER_STEP = 10;

function* readOne(
  calendar: ICAL.Component,
  lines: LineMap,
  refusals: RefusalMap,
  siteZone: string,
  mode: IcsReadMode,
  out: IcsCalendar,
): Generator<void> {
  const declared = text(calendar, 'x-wr-timezone');
  const reading: Reading = {
    lines,
    refusals,
    zone: (declared !== '' && ianaZoneOf(declared)) || siteZone,
    timezones: zonesOf(calendar, refusals),
  };
  /** An event that cannot be read: reported, unless the file is read strictly, which refuses it whole. */
  const unreadable = (error: unknown): IcsError => {
    if (error instanceof IcsEventError || (!mode.strict && error instanceof IcsError)) return error;
    throw error;
  };
  const derivedUids = new DerivedUids();
  const masters = new Map<string, IcsEvent>();
  /** Series refused: their exceptions are skipped with them. */
  const refusedMasters = new Map<string, number>();
  const exceptions: Array<{ event: ICAL.Component; uid: string }> = [];
  /** Series of whole days (DTSTART a DATE): the zone their producer wrote their DATE-TIMEs in (read-all-day.ts). */
  const wholeDays = new Map<IcsEvent, string>();
  let read = 0;
  for (const component of calendar.getAllSubcomponents()) {
    if (++read % COMPONENTS_PER_STEP === 0) yield;
    const kind = component.name.toUpperCase();
    if (kind === 'VTIMEZONE') continue;
    const written = stableUid(text(component, 'uid'));
    const line = lineOf(reading, component);
    if (kind !== 'VEVENT') {
      out.skipped.push({ uid: written, line, reason: `a ${kind} is not an event` });
      continue;
    }
    const refused = refusals.get(component);
    const isException = component.hasProperty('recurrence-id');
    if (refused) {
      out.skipped.push({ uid: written, line, reason: `line ${refused.line}: ${refused.reason}` });
      if (!isException && written !== '') refusedMasters.set(written, line);
      continue;
    }
    const uid = written === '' ? derivedUids.of(component) : written;
    if (isException) {
      exceptions.push({ event: component, uid });
      continue;
    }
    try {
      const { fields, first } = fieldsOf(reading, component, uid);
      const event: IcsEvent = {
        ...fields,
        recurrence: recurrenceOf(reading, component, fields.timezone),
        exceptions: [],
      };
      if (first.kind === 'date' && event.recurrence.length > 0) wholeDays.set(event, reading.zone);
      keepNewest(masters, event, out);
    } catch (error) {
      out.skipped.push({ uid, line, reason: unreadable(error).message });
      refusedMasters.set(uid, line);
    }
  }
  const exceptionsByUid = new Map<string, ICAL.Component[]>();
  for (const { event, uid } of exceptions)
    exceptionsByUid.set(uid, [...(exceptionsByUid.get(uid) ?? []), event]);
  for (const [master, calendarZone] of wholeDays) {
    const own = exceptionsByUid.get(master.uid) ?? [];
    const zone = producerZone(master.recurrence, own, reading.timezones, calendarZone);
    wholeDays.set(master, zone);
    master.recurrence = wholeDayRecurrence(master.recurrence, zone);
  }
  const instances = new Map<string, IcsEvent>();
  for (const { event, uid } of exceptions) {
    if (++read % COMPONENTS_PER_STEP === 0) yield;
    const master = masters.get(uid);
    const line = lineOf(reading, event);
    const refusedAt = refusedMasters.get(uid);
    if (refusedAt !== undefined) {
      out.skipped.push({
        uid,
        line,
        reason: `a RECURRENCE-ID of the series on line ${refusedAt}, which was skipped`,
      });
      continue;
    }
    try {
      const property = event.getFirstProperty('recurrence-id')!;
      const written = momentOf(reading, property);
      const dayZone = master === undefined ? undefined : wholeDays.get(master);
      const original = dayZone === undefined ? written : dayMoment(written, dayZone);
      const { fields } = fieldsOf(reading, event, uid);
      // A DATE names the instance of an all-day series on that day, in the series' zone (its own, alone).
      const dateZone = master?.timezone ?? fields.timezone;
      const originalStartUtc =
        original.kind === 'date'
          ? localToUtc(`${original.date} 00:00:00`, dateZone)
          : localToUtc(original.local, original.zone);
      if (!master) {
        const instance: IcsEvent = {
          ...fields,
          uid: instanceUid(uid, originalStartUtc),
          recurrence: [],
          exceptions: [],
          instanceOf: { uid, originalStartUtc },
        };
        keepNewest(instances, instance, out, uid);
      } else if (master.recurrence.length === 0)
        out.skipped.push({ uid, line, reason: 'a RECURRENCE-ID of an event that does not recur' });
      else if (fields.cancelled) master.recurrence.push(exdateOf(original, master.timezone));
      else master.exceptions.push({ ...fields, originalStartUtc });
      // A change of this occurrence and the later ones (RFC 5545 §3.8.4.4): only the one is changed, and said so.
      if (
        master &&
        master.recurrence.length > 0 &&
        /^THISANDFUTURE$/i.test(String(property.getParameter('range') ?? ''))
      )
        out.skipped.push({ uid, line, reason: thisAndFutureReason(fields.cancelled) });
    } catch (error) {
      out.skipped.push({ uid, line, reason: unreadable(error).message });
    }
  }
  for (const master of masters.values()) master.recurrence = joinDateLines(master.recurrence);
  out.events.push(...masters.values(), ...instances.values());
}

function thisAndFutureReason(cancelled: boolean): string {
  const change = cancelled ? 'cancels' : 'changes';
  return `RECURRENCE-ID;RANGE=THISANDFUTURE ${change} this occurrence and the later ones: only this one was ${cancelled ? 'cancelled' : 'changed'}, the later occurrences keep the series' times and fields`;
}

/** No limits but the file's own: for callers that hold the whole text anyway (tests, tools). */
const UNLIMITED: IcsReadLimits = {
  lineLength: Number.POSITIVE_INFINITY,
  categories: Number.POSITIVE_INFINITY,
  dates: Number.POSITIVE_INFINITY,
};

/** Read what can be read; report the events that cannot be. */
const LIBERAL: IcsReadMode = { strict: false };

/**
 * The events of an iCalendar text, read in steps (the generator yields every few lines and components);
 * floating times and all-day dates are read in `siteZone` unless the calendar names its own (X-WR-TIMEZONE).
 * @throws IcsError naming the line of the first problem that breaks the file.
 */
export function* readCalendarInSteps(
  text: string,
  siteZone: string,
  limits: IcsReadLimits = UNLIMITED,
  mode: IcsReadMode = LIBERAL,
): Generator<void, IcsCalendar> {
  const { calendars, lines, refusals, skipped } = yield* readComponentsInSteps(text, limits, mode);
  const out: IcsCalendar = {
    events: [],
    skipped: skipped.map(({ line, reason }) => ({ uid: '', line, reason: `line ${line}: ${reason}` })),
  };
  for (const calendar of calendars) yield* readOne(calendar, lines, refusals, siteZone, mode, out);
  return out;
}

/**
 * `readCalendarInSteps` in one go.
 * @throws IcsError naming the line of the first problem that breaks the file.
 */
export function readCalendar(
  text: string,
  siteZone: string,
  limits: IcsReadLimits = UNLIMITED,
  mode: IcsReadMode = LIBERAL,
): IcsCalendar {
  const steps = readCalendarInSteps(text, siteZone, limits, mode);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
