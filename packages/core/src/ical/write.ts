/**
 * Writes iCalendar documents (RFC 5545) for the subscribable feeds: one VCALENDAR with a VTIMEZONE for every
 * TZID it uses and one VEVENT per event. ical.js builds the components, so escaping (`\,` `\;` `\n`), RFC
 * 6868 parameter quoting and line folding at 75 octets are the library's; lines end in CRLF.
 *
 * Times: an event in an IANA zone is written in its wall time with `TZID` (the VTIMEZONE from
 * timezones-ical-library, whose TZID is the zone's canonical name: `Etc/UTC`, `Asia/Kolkata`); an event in
 * UTC in UTC (`…Z`); one in a WordPress manual offset (`UTC+5:30`) with a VTIMEZONE of that fixed offset.
 * All-day events are `VALUE=DATE` with `DTEND` the day after the last day (exclusive, §3.6.1), not the
 * plugin's `T000000`–`T235959` pair. A series is one VEVENT with its RRULE/RDATE/EXDATE lines (one RRULE,
 * write-rules.ts); each of its
 * exceptions is a VEVENT with the series' UID and a `RECURRENCE-ID` in the series' zone.
 */
import ICAL from 'ical.js';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import { addDays, pad, wallTimeFields } from '../dates/format.js';
import { isIanaZoneName, isValidTimezone, resolveZone, utcToLocal } from '../dates/zones.js';
import { withOneRule } from './write-rules.js';
import { ianaZoneOf } from './zones.js';

/** What the VCALENDAR says about itself. */
export interface CalendarInfo {
  /** `X-WR-CALNAME`, and part of PRODID and `X-WR-CALDESC`. */
  name: string;
  /** `X-ORIGINAL-URL`: the site. */
  url: string;
  /** `REFRESH-INTERVAL` and `X-PUBLISHED-TTL`, in seconds (default one hour, as the plugin). */
  refreshSeconds?: number;
}

/** The start of an occurrence as its series had it: `RECURRENCE-ID` of an exception. */
export interface RecurrenceId {
  /** The original start, UTC `YYYY-MM-DD HH:MM:SS`. */
  startUtc: string;
  /** The series' zone and all-day flag: RECURRENCE-ID takes the series' DTSTART form. */
  timezone: string;
  allDay: boolean;
}

/** One VEVENT: plain text only (the caller strips HTML). Times `YYYY-MM-DD HH:MM:SS`. */
export interface FeedEvent {
  uid: string;
  sequence: number;
  title: string;
  description: string;
  url: string;
  allDay: boolean;
  /** The event's zone: an IANA name, `UTC` or a manual offset (`UTC+2`). */
  timezone: string;
  startLocal: string;
  endLocal: string;
  startUtc: string;
  endUtc: string;
  createdUtc: string;
  modifiedUtc: string;
  /** `Venue, address, city, zip, country` as the plugin writes it; empty for none. */
  location: string;
  geo?: { lat: number; lng: number };
  /** The first with an e-mail address becomes ORGANIZER (RFC 5545 allows one). */
  organizers: ReadonlyArray<{ name: string; email: string }>;
  categories: readonly string[];
  /** A series: its RRULE/RDATE/EXDATE lines as stored (written with one RRULE: `withOneRule`). */
  recurrence?: readonly string[];
  /** A series: how far the service holds its occurrences (UTC), the bound of a second rule's RDATEs. */
  horizonUtc?: string;
  /** An exception of a series. */
  recurrenceId?: RecurrenceId;
}

/** How a zone's times are written: UTC (`Z`), or wall time with a TZID whose VTIMEZONE the calendar carries. */
type ZoneForm = { kind: 'utc' } | { kind: 'tzid'; tzid: string; block: string };

function dateValue(date: string): ICAL.Time {
  const { year, month, day } = wallTimeFields(date.slice(0, 10));
  return ICAL.Time.fromData({ year, month, day, isDate: true });
}

/** The calendar day after `date` (`YYYY-MM-DD`). */
export function nextDay(date: string): string {
  return addDays(date.slice(0, 10), 1);
}

/** `+0530`, `-0300`: an offset as TZOFFSETTO writes it. */
function offsetText(minutes: number): string {
  const abs = Math.abs(minutes);
  const hhmm = `${pad(Math.floor(abs / 60))}${pad(abs % 60)}`;
  return `${minutes < 0 ? '-' : '+'}${hhmm}`;
}

/** A fixed offset's VTIMEZONE (`UTC+5:30`): WordPress's manual offsets have no IANA name with half hours. */
function fixedOffsetBlock(tzid: string, minutes: number): string {
  const offset = offsetText(minutes);
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${tzid}`,
    'BEGIN:STANDARD',
    `TZNAME:${tzid}`,
    `TZOFFSETFROM:${offset}`,
    `TZOFFSETTO:${offset}`,
    'DTSTART:19700101T000000',
    'END:STANDARD',
    'END:VTIMEZONE',
  ].join('\r\n');
}

/** The VTIMEZONE block and its TZID for an IANA zone, or undefined when the library does not know it. */
function ianaBlock(zone: string): { tzid: string; block: string } | undefined {
  const answer = tzlib_get_ical_block(zone);
  if (!Array.isArray(answer) || answer.length < 2) return undefined;
  const [block, tzidLine] = answer as [string, string];
  return { tzid: tzidLine.replace(/^TZID=/, ''), block };
}

const zoneForms = new Map<string, ZoneForm>();

/** How times in a stored zone name are written (remembered: a zone's block never changes in a process). */
export function zoneForm(zone: string): ZoneForm {
  let form = zoneForms.get(zone);
  if (form) return form;
  form = { kind: 'utc' };
  if (isIanaZoneName(zone)) {
    const iana = ianaZoneOf(zone);
    const found = iana && iana !== 'UTC' ? ianaBlock(iana) : undefined;
    if (found) form = { kind: 'tzid', ...found };
  } else {
    let minutes = 0;
    try {
      const resolved = resolveZone(zone);
      minutes = resolved.type === 'fixed' ? resolved.offset(0) : 0;
    } catch {
      // An unknown zone cannot be stored; written in UTC, its instants stay right.
    }
    if (minutes !== 0) {
      // Named by its offset (`UTC+0530`): a TZID with a colon would need quoting, which some readers trip on.
      const tzid = `UTC${offsetText(minutes)}`;
      form = { kind: 'tzid', tzid, block: fixedOffsetBlock(tzid, minutes) };
    }
  }
  zoneForms.set(zone, form);
  return form;
}

/** Collects the VEVENTs and the VTIMEZONE blocks their TZIDs need. */
class CalendarBuilder {
  readonly events: ICAL.Component[] = [];
  private readonly blocks = new Map<string, string>();

  /** A DATE-TIME property in the zone's form: `TZID=…` wall time, or UTC. */
  timeProperty(name: string, local: string, utc: string, zone: string): ICAL.Property {
    const form = zoneForm(zone);
    const property = new ICAL.Property(name);
    if (form.kind === 'utc') {
      property.setValue(ICAL.Time.fromData(wallTimeFields(utc), ICAL.Timezone.utcTimezone));
      return property;
    }
    this.blocks.set(form.tzid, form.block);
    property.setParameter('tzid', form.tzid);
    property.setValue(ICAL.Time.fromData(wallTimeFields(local)));
    return property;
  }

  dateProperty(name: string, date: string): ICAL.Property {
    const property = new ICAL.Property(name);
    property.resetType('date');
    property.setValue(dateValue(date));
    return property;
  }

  utcProperty(name: string, utc: string): ICAL.Property {
    const property = new ICAL.Property(name);
    property.setValue(ICAL.Time.fromData(wallTimeFields(utc), ICAL.Timezone.utcTimezone));
    return property;
  }

  /**
   * A stored RRULE/RDATE/EXDATE line, parsed by ical.js so that it is written (and folded) as any other
   * property; a TZID it names is written as its canonical IANA name, with that zone's VTIMEZONE.
   */
  recurrenceProperty(line: string): ICAL.Property {
    const property = ICAL.Property.fromString(line);
    const tzid = property.getParameter('tzid');
    if (typeof tzid === 'string') {
      // An IANA, Windows or prefixed name, or a WordPress manual offset (`UTC+2`, as the event's own zone).
      const known = ianaZoneOf(tzid) ?? (isValidTimezone(tzid) ? tzid : undefined);
      const form = known ? zoneForm(known) : undefined;
      if (form?.kind === 'tzid') {
        this.blocks.set(form.tzid, form.block);
        property.setParameter('tzid', form.tzid);
      } else if (form?.kind === 'utc') {
        // UTC wall times are UTC instants: written as such, without a TZID to resolve.
        property.removeParameter('tzid');
        const values = property.getValues() as unknown[];
        property.setValues(
          values.map((value) =>
            value instanceof ICAL.Time && !value.isDate
              ? ICAL.Time.fromData(
                  {
                    year: value.year,
                    month: value.month,
                    day: value.day,
                    hour: value.hour,
                    minute: value.minute,
                    second: value.second,
                  },
                  ICAL.Timezone.utcTimezone,
                )
              : value,
          ),
        );
      }
    }
    return property;
  }

  timezones(): ICAL.Component[] {
    return [...this.blocks.values()].map((block) => new ICAL.Component(ICAL.parse(block) as unknown[]));
  }
}

function addText(component: ICAL.Component, name: string, value: string): void {
  if (value !== '') component.addPropertyWithValue(name, value);
}

/** DTSTART and DTEND: whole days for all-day events, else times in the event's zone (no DTEND if zero-length). */
function addTimes(builder: CalendarBuilder, vevent: ICAL.Component, event: FeedEvent): void {
  if (event.allDay) {
    const first = event.startLocal.slice(0, 10);
    // The plugin stores the last day as ending at 23:59:59; an end at midnight after the start is exclusive.
    const endDate = event.endLocal.slice(0, 10);
    const exclusive = event.endLocal.endsWith(' 00:00:00') && endDate > first ? endDate : nextDay(endDate);
    vevent.addProperty(builder.dateProperty('dtstart', first));
    vevent.addProperty(builder.dateProperty('dtend', exclusive > first ? exclusive : nextDay(first)));
    return;
  }
  vevent.addProperty(builder.timeProperty('dtstart', event.startLocal, event.startUtc, event.timezone));
  if (event.endUtc > event.startUtc)
    vevent.addProperty(builder.timeProperty('dtend', event.endLocal, event.endUtc, event.timezone));
}

function addRecurrenceId(builder: CalendarBuilder, vevent: ICAL.Component, id: RecurrenceId): void {
  const local = utcToLocal(id.startUtc, id.timezone);
  vevent.addProperty(
    id.allDay
      ? builder.dateProperty('recurrence-id', local)
      : builder.timeProperty('recurrence-id', local, id.startUtc, id.timezone),
  );
}

function eventComponent(builder: CalendarBuilder, event: FeedEvent): ICAL.Component {
  const vevent = new ICAL.Component('vevent');
  addTimes(builder, vevent, event);
  // The last change stands for the stamp too: a feed of unchanged events stays byte for byte the same, so
  // its ETag does and a subscriber's conditional GET is a 304 (the plugin stamps the time of the request).
  vevent.addProperty(builder.utcProperty('dtstamp', event.modifiedUtc));
  vevent.addProperty(builder.utcProperty('created', event.createdUtc));
  vevent.addProperty(builder.utcProperty('last-modified', event.modifiedUtc));
  vevent.addPropertyWithValue('uid', event.uid);
  if (event.recurrenceId) addRecurrenceId(builder, vevent, event.recurrenceId);
  vevent.addPropertyWithValue('sequence', event.sequence);
  vevent.addPropertyWithValue('summary', event.title);
  addText(vevent, 'description', event.description);
  addText(vevent, 'url', event.url);
  addText(vevent, 'location', event.location);
  if (event.geo) {
    const geo = new ICAL.Property('geo');
    geo.setValue([event.geo.lat, event.geo.lng]);
    vevent.addProperty(geo);
  }
  if (event.categories.length > 0) {
    const categories = new ICAL.Property('categories');
    categories.setValues([...event.categories]);
    vevent.addProperty(categories);
  }
  const organizer = event.organizers.find((o) => o.email.trim() !== '');
  if (organizer) {
    const property = new ICAL.Property('organizer');
    if (organizer.name !== '') property.setParameter('cn', organizer.name);
    property.setValue(`MAILTO:${organizer.email.trim()}`);
    vevent.addProperty(property);
  }
  if (!event.recurrenceId && event.recurrence) {
    const lines = withOneRule(event.recurrence, {
      startLocal: event.startLocal,
      timezone: event.timezone,
      allDay: event.allDay,
      horizonUtc: event.horizonUtc ?? event.startUtc,
    });
    for (const line of lines) vevent.addProperty(builder.recurrenceProperty(line));
  }
  return vevent;
}

/** ical.js's text of a component, folded as RFC 5545 §3.1 counts (see below). */
function componentText(component: ICAL.Component): string {
  // ical.js folds after 75 octets of content and then adds the leading space of the continuation, which
  // makes 76; RFC 5545 §3.1 counts the space in its 75. Set for this synchronous call only.
  const foldLength = ICAL.foldLength;
  ICAL.foldLength = 74;
  try {
    return component.toString();
  } finally {
    ICAL.foldLength = foldLength;
  }
}

/**
 * A VCALENDAR written a batch of events at a time, so that a caller can let other work run between batches
 * (a feed of a thousand events is a few hundred milliseconds of writing). The text is the same as one
 * `writeCalendar` call with all the events.
 */
export interface CalendarWriter {
  /** Writes these events, after those already added. */
  add(events: readonly FeedEvent[]): void;
  /** The VCALENDAR: its properties, a VTIMEZONE per zone the events used, then the events. */
  finish(): string;
}

export function createCalendarWriter(info: CalendarInfo): CalendarWriter {
  const builder = new CalendarBuilder();
  const vevents: string[] = [];
  return {
    add(events) {
      for (const event of events) vevents.push(componentText(eventComponent(builder, event)));
    },
    finish() {
      const calendar = new ICAL.Component('vcalendar');
      calendar.addPropertyWithValue('version', '2.0');
      calendar.addPropertyWithValue('prodid', `-//${info.name}//Calendar Events//EN`);
      calendar.addPropertyWithValue('calscale', 'GREGORIAN');
      calendar.addPropertyWithValue('method', 'PUBLISH');
      calendar.addPropertyWithValue('x-wr-calname', info.name);
      calendar.addPropertyWithValue('x-original-url', info.url);
      calendar.addPropertyWithValue('x-wr-caldesc', `Events for ${info.name}`);
      const refresh = ICAL.Duration.fromSeconds(info.refreshSeconds ?? 3600);
      const interval = new ICAL.Property('refresh-interval');
      interval.resetType('duration');
      interval.setValue(refresh);
      calendar.addProperty(interval);
      calendar.addPropertyWithValue('x-published-ttl', refresh.toString());
      for (const timezone of builder.timezones()) calendar.addSubcomponent(timezone);
      // ical.js joins components with CRLF and ends the last line without one; RFC 5545 §3.1 ends each.
      const head = componentText(calendar).replace(/\r\nEND:VCALENDAR$/, '');
      return `${[head, ...vevents, 'END:VCALENDAR'].join('\r\n')}\r\n`;
    },
  };
}

/** The VCALENDAR text of the events, in the order given (a series' exceptions right after it, by choice). */
export function writeCalendar(info: CalendarInfo, events: readonly FeedEvent[]): string {
  const writer = createCalendarWriter(info);
  writer.add(events);
  return writer.finish();
}
