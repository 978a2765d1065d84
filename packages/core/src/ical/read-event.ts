/**
 * One VEVENT of an imported calendar (`read.ts`): its fields as the event write path takes them, its
 * recurrence lines, and a cancelled occurrence as the EXDATE of its series.
 */
import ICAL from 'ical.js';
import {
  coordinatesOf,
  descriptionHtml,
  type IcsOrganizer,
  type IcsVenue,
  organizerOf,
  venueOfLocation,
} from './read-fields.js';
import { IcsError, IcsEventError } from './read-lines.js';
import {
  compact,
  inZone,
  lineOf,
  type Moment,
  momentOf,
  type Reading,
  scheduleOf,
  utcOf,
} from './read-times.js';
import { parseRecurrence, RecurrenceError } from './recurrence.js';
import { ianaZoneOf } from './zones.js';

/** What an imported VEVENT says, as the event write path takes it. */
export interface IcsEventFields {
  uid: string;
  /** The line of its BEGIN:VEVENT. */
  line: number;
  sequence: number;
  /** LAST-MODIFIED, UTC `YYYY-MM-DD HH:MM:SS`. */
  lastModifiedUtc: string | undefined;
  title: string;
  /** HTML. */
  description: string;
  /** URL. */
  website: string;
  /** `YYYY-MM-DD HH:MM:SS` in `timezone`. */
  start: string;
  end: string;
  timezone: string;
  allDay: boolean;
  /** CLASS:PRIVATE and CONFIDENTIAL → private; anything else is published. */
  status: 'publish' | 'private';
  /** STATUS:CANCELLED. */
  cancelled: boolean;
  venue: IcsVenue | undefined;
  organizers: IcsOrganizer[];
  categories: string[];
}

/** A VEVENT with a RECURRENCE-ID: one occurrence of its series, changed. */
export interface IcsException extends IcsEventFields {
  /** RECURRENCE-ID: the start the rule gave the occurrence, UTC `YYYY-MM-DD HH:MM:SS`. */
  originalStartUtc: string;
}

export interface IcsEvent extends IcsEventFields {
  /** RRULE, RDATE and EXDATE lines; empty for a single event. */
  recurrence: string[];
  exceptions: IcsException[];
  /**
   * An instance of a series the file does not hold (a VEVENT with a RECURRENCE-ID): imported as a single
   * event, its `uid` the `instanceUid` of the series' UID and RECURRENCE-ID.
   */
  instanceOf?: { uid: string; originalStartUtc: string };
}

export function text(event: ICAL.Component, name: string): string {
  const value = event.getFirstPropertyValue(name);
  return value === null || value === undefined ? '' : String(value).trim();
}

export function fieldsOf(reading: Reading, event: ICAL.Component, uid: string) {
  const schedule = scheduleOf(reading, event);
  const sequenceText = text(event, 'sequence');
  const sequence = sequenceText === '' ? 0 : Number(sequenceText);
  if (!Number.isSafeInteger(sequence) || sequence < 0)
    throw new IcsError(
      lineOf(reading, event.getFirstProperty('sequence')!),
      'SEQUENCE must be a whole number',
    );
  const location = text(event, 'location');
  const venue = location === '' ? undefined : venueOfLocation(location);
  const coordinates = coordinatesOf(event.getFirstProperty('geo'));
  const classification = text(event, 'class').toUpperCase();
  const fields: IcsEventFields = {
    uid,
    line: lineOf(reading, event),
    sequence,
    lastModifiedUtc: utcOf(reading, event.getFirstProperty('last-modified')),
    title: text(event, 'summary'),
    description: descriptionHtml(text(event, 'description')),
    website: text(event, 'url'),
    start: schedule.start,
    end: schedule.end,
    timezone: schedule.timezone,
    allDay: schedule.allDay,
    status: classification === 'PRIVATE' || classification === 'CONFIDENTIAL' ? 'private' : 'publish',
    cancelled: text(event, 'status').toUpperCase() === 'CANCELLED',
    venue: venue && coordinates ? { ...venue, ...coordinates } : venue,
    organizers: event
      .getAllProperties('organizer')
      .map(organizerOf)
      .filter((o): o is IcsOrganizer => o !== undefined),
    categories: [
      ...new Set(
        event
          .getAllProperties('categories')
          .flatMap((p) => p.getValues().map((v) => String(v).trim()))
          .filter((name) => name !== ''),
      ),
    ],
  };
  return { fields, first: schedule.first };
}

/** RRULE, RDATE and EXDATE of a VEVENT as lines, their TZIDs named by IANA zones; checked as the write checks them. */
export function recurrenceOf(reading: Reading, event: ICAL.Component, zone: string): string[] {
  const properties = ['rrule', 'exrule', 'rdate', 'exdate'].flatMap((name) => event.getAllProperties(name));
  properties.sort((a, b) => lineOf(reading, a) - lineOf(reading, b));
  const lines = properties.map((property) => {
    const tzid = property.getParameter('tzid') as string | undefined;
    if (tzid === undefined) return property.toICALString();
    const iana = ianaZoneOf(tzid);
    if (iana !== undefined) {
      property.setParameter('tzid', iana);
      return property.toICALString();
    }
    // A zone of the file's own: its instants, in UTC.
    const utc = property.getValues().map((value) => {
      const single = new ICAL.Property(property.name);
      single.setParameter('tzid', tzid);
      single.setValue(value as ICAL.Time);
      reading.lines.set(single, lineOf(reading, property));
      const moment = momentOf(reading, single);
      return moment.kind === 'date' ? compact(moment.date) : `${compact(moment.local)}Z`;
    });
    return `${property.name.toUpperCase()}:${utc.join(',')}`;
  });
  if (lines.length === 0) return lines;
  try {
    parseRecurrence(lines, zone);
  } catch (error) {
    if (!(error instanceof RecurrenceError)) throw error;
    throw new IcsEventError(lineOf(reading, properties[error.index] ?? properties[0]!), error.reason);
  }
  return lines;
}

/** A cancelled occurrence as the EXDATE of its series. */
export function exdateOf(moment: Moment, zone: string): string {
  if (moment.kind === 'date') return `EXDATE;VALUE=DATE:${compact(moment.date)}`;
  const local = inZone(moment, zone);
  return zone === 'UTC' ? `EXDATE:${compact(local)}Z` : `EXDATE;TZID=${zone}:${compact(local)}`;
}
