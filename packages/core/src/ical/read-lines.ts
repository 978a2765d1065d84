/**
 * The first step of reading an iCalendar file (RFC 5545 §3.1): its content lines, unfolded, each with the
 * number of the physical line it starts on, built into ical.js components one property at a time. ical.js's
 * own `ICAL.parse` reads the whole text at once and its errors carry no position; parsing line by line here
 * lets every error name its line.
 */
import ICAL from 'ical.js';

/** A file refused: the 1-based line and why. */
export class IcsError extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(`line ${line}: ${reason}`);
    this.name = 'IcsError';
  }
}

/**
 * One event refused, not the file: well formed, but over a limit of the API or with a recurrence it refuses.
 * The reader reports it (its line and why) and reads on.
 */
export class IcsEventError extends IcsError {
  constructor(line: number, reason: string) {
    super(line, reason);
    this.name = 'IcsEventError';
  }
}

/**
 * What one event of a file may hold: the API's limits (the service passes `INPUT_LIMITS`), checked as the
 * file is read, before anything is built from the line.
 */
export interface IcsReadLimits {
  /** Characters of one unfolded content line. */
  lineLength: number;
  /** Values of one CATEGORIES line. */
  categories: number;
  /** Dates of one RDATE or EXDATE line. */
  dates: number;
}

/** How strictly a file is read. */
export interface IcsReadMode {
  /**
   * A line that breaks RFC 5545 refuses the whole file (all or nothing), as a strict reader does; otherwise it
   * refuses only the event it is in (reported with its line and why) and the rest of the file is read.
   */
  strict: boolean;
}

/** Where each component and property came from: its line in the file. */
export type LineMap = WeakMap<ICAL.Component | ICAL.Property, number>;

/** Why a component (a child of VCALENDAR) cannot be imported: the line that refused it, and why. */
export type RefusalMap = WeakMap<ICAL.Component, { line: number; reason: string }>;

/** A line of the calendar itself (outside its components) that could not be read. */
export interface CalendarLineSkipped {
  line: number;
  reason: string;
}

interface ContentLine {
  line: number;
  /** The unfolded line; only its start when `tooLong`. */
  text: string;
  /** Longer than `INPUT_LIMITS.calendarLineLength`: never built whole. */
  tooLong: boolean;
}

const LINE_BREAK = /\r\n|\n|\r/g;
const NOT_BLANK = /\S/;

/**
 * Content lines: a line starting with a space or tab continues the one before (§3.1); blank lines dropped.
 * One pass over the text, each content line joined once from its pieces and no longer than `maxLength`
 * (the pieces past it are counted, not kept), so that memory follows the file, not the square of a line.
 */
export function* contentLines(text: string, maxLength: number): Generator<ContentLine> {
  let current: { line: number; pieces: string[]; length: number } | undefined;
  const finish = (open: NonNullable<typeof current>): ContentLine => {
    const tooLong = open.length > maxLength;
    const text = tooLong ? open.pieces[0]!.slice(0, 200) : open.pieces.join('');
    return { line: open.line, text, tooLong };
  };
  let start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 0;
  while (start <= text.length) {
    LINE_BREAK.lastIndex = start;
    const found = LINE_BREAK.exec(text);
    const end = found ? found.index : text.length;
    line++;
    const first = text.charCodeAt(start);
    if (current && (first === 0x20 || first === 0x09)) {
      const length = end - start - 1;
      if (current.length + length <= maxLength) current.pieces.push(text.slice(start + 1, end));
      current.length += length;
    } else {
      const raw = text.slice(start, end);
      // A blank line is dropped: a continuation after it still continues the line before.
      if (NOT_BLANK.test(raw)) {
        if (current) yield finish(current);
        current = {
          line,
          pieces: [raw.length <= maxLength ? raw : raw.slice(0, 200)],
          length: raw.length,
        };
      }
    }
    start = found ? end + found[0].length : text.length + 1;
  }
  if (current) yield finish(current);
}

const DATE_TIME = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})Z?)?$/;
const DATE_PROPERTIES = new Set(['DTSTART', 'DTEND', 'DUE', 'RECURRENCE-ID', 'RDATE', 'EXDATE']);

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A date or date-time as written: ical.js reads `20261301` as 2027-01-01 and `2026` as a date without complaint. */
function checkDateText(value: string): string | undefined {
  const match = DATE_TIME.exec(value.trim());
  if (!match) return `"${value}" is not a date (YYYYMMDD) or date-time (YYYYMMDDTHHMMSS)`;
  const [year, month, day, hour = '0', minute = '0', second = '0'] = match.slice(1).map((p) => p ?? '0');
  if (Number(month) < 1 || Number(month) > 12) return `"${value}" has no month ${month}`;
  if (Number(day) < 1 || Number(day) > daysInMonth(Number(year), Number(month)))
    return `"${value}" has no day ${day} in its month`;
  if (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 60) return `"${value}" is no time of day`;
  return undefined;
}

/** The value part of a content line: after the first colon outside a quoted parameter value. */
function valuePart(text: string): string {
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '"') quoted = !quoted;
    else if (char === ':' && !quoted) return text.slice(i + 1);
  }
  return '';
}

function checkDates(name: string, text: string, property: ICAL.Property, line: number): void {
  if (!DATE_PROPERTIES.has(name)) return;
  if (property.type === 'period') return;
  for (const value of valuePart(text).split(',')) {
    const problem = checkDateText(value);
    if (problem) throw new IcsError(line, `${name}: ${problem}`);
  }
}

/** A DATE as producers write it: eight digits, some (Google's birthdays) with a stray `Z`. */
const DATE_AS_WRITTEN = /^\s*\d{8}Z?\s*$/i;

/**
 * A content line as RFC 5545 would have it, where a producer's meaning is evident: a date property whose
 * values are all dates (`DTSTART:20270101`, Apple iCal, holiday sites; `RDATE:20131210Z`) is a DATE, as
 * `VALUE=DATE` would say (ical.js reads it as a DATE-TIME without a time); a recurrence rule's parts and
 * lists written with spaces (`BYDAY=MO, TU, WE`, Microsoft CDO) are read without them.
 */
function evidentLine(name: string, text: string): string {
  const value = valuePart(text);
  const head = text.slice(0, text.length - value.length);
  if (DATE_PROPERTIES.has(name)) {
    const values = value.split(',');
    if (!values.every((v) => DATE_AS_WRITTEN.test(v))) return text;
    const dates = values.map((v) => v.trim().slice(0, 8)).join(',');
    if (/;VALUE=/i.test(head)) return /;VALUE=DATE:$/i.test(head) ? `${head}${dates}` : text;
    return `${head.slice(0, -1)};VALUE=DATE:${dates}`;
  }
  if (name === 'RRULE' || name === 'EXRULE') return `${head}${value.replace(/\s*([;,=])\s*/g, '$1').trim()}`;
  return text;
}

/** Whether a line has a value at all: an empty `RRULE:` (or RDATE, EXDATE) says there is none. */
export function isEmptyRecurrenceLine(name: string, text: string): boolean {
  return ['RRULE', 'EXRULE', 'RDATE', 'EXDATE'].includes(name) && valuePart(text).trim() === '';
}

/**
 * An error of ical.js's about a value, as a reason that quotes the file's own text: its messages quote the
 * value as ical.js re-formatted it (`"2027-01-01T::"`), which no one finds in the file.
 */
function valueReason(name: string, text: string, type: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const quoted = /"([^"]*)"/.exec(message)?.[1];
  if (quoted !== undefined && quoted !== '' && text.includes(quoted)) return `${name}: ${message}`;
  const whole = type === 'line';
  const value = whole ? text : valuePart(text);
  const shown = value.length > 80 ? `${value.slice(0, 80)}…` : value;
  return whole
    ? `${name}: "${shown}" cannot be read`
    : `${name}: "${shown}" is not a valid ${type.toUpperCase()} value`;
}

/** Values of a line, counted before ical.js splits them: commas not escaped (§3.3.11). */
function valueCount(value: string): number {
  let count = 1;
  for (let i = value.indexOf(','); i !== -1; i = value.indexOf(',', i + 1))
    if (value[i - 1] !== '\\') count++;
  return count;
}

function propertyOf(content: ContentLine, name: string, limits: IcsReadLimits): ICAL.Property {
  if (content.tooLong)
    throw new IcsEventError(
      content.line,
      `${name} is longer than ${limits.lineLength} characters, the most one content line may have`,
    );
  if (name === 'CATEGORIES' && valueCount(valuePart(content.text)) > limits.categories)
    throw new IcsEventError(
      content.line,
      `CATEGORIES names more than ${limits.categories} categories, the most an event may have`,
    );
  if ((name === 'RDATE' || name === 'EXDATE') && valueCount(valuePart(content.text)) > limits.dates)
    throw new IcsEventError(
      content.line,
      `${name} has more than ${limits.dates} dates, the most a series may have occurrences`,
    );
  const text = evidentLine(name, content.text);
  let property: ICAL.Property;
  try {
    property = ICAL.Property.fromString(text);
  } catch (error) {
    throw new IcsError(content.line, valueReason(name, content.text, 'line', error));
  }
  checkDates(name, text, property, content.line);
  try {
    // ical.js decodes values when first asked: ask now, so that a bad value is refused with its line.
    property.getValues();
  } catch (error) {
    throw new IcsError(content.line, valueReason(name, content.text, property.type, error));
  }
  return property;
}

export interface Components {
  calendars: ICAL.Component[];
  lines: LineMap;
  /** Children of a VCALENDAR that cannot be imported, and why. */
  refusals: RefusalMap;
  /** Lines of a VCALENDAR's own that could not be read (the calendar is read without them). */
  skipped: CalendarLineSkipped[];
}

/**
 * The properties the reader takes from an event (`read.ts`), and from the calendar itself: the others
 * (ATTENDEE, ATTACH, DTSTAMP, X-…, an alarm's) are neither parsed nor checked, so that what is not imported
 * costs no work and refuses nothing. VTIMEZONEs are read whole.
 */
const READ_PROPERTIES = new Set([
  'UID',
  'DTSTART',
  'DTEND',
  'DURATION',
  'RECURRENCE-ID',
  'RRULE',
  'EXRULE',
  'RDATE',
  'EXDATE',
  'SEQUENCE',
  'LAST-MODIFIED',
  'SUMMARY',
  'DESCRIPTION',
  'URL',
  'LOCATION',
  'GEO',
  'ORGANIZER',
  'CATEGORIES',
  'CLASS',
  'STATUS',
]);
const READ_CALENDAR_PROPERTIES = new Set(['X-WR-TIMEZONE']);

/** Whether a property at this place of the file is read (see `READ_PROPERTIES`). */
function isRead(name: string, stack: ICAL.Component[]): boolean {
  const child = stack[1];
  if (child === undefined) return READ_CALENDAR_PROPERTIES.has(name);
  if (child.name === 'vtimezone') return true;
  return stack.length === 2 && READ_PROPERTIES.has(name);
}

/** Content lines read between two pauses of `readComponentsInSteps` (a small slice of work). */
const LINES_PER_STEP = 100;

/**
 * The VCALENDAR components of a file (usually one), with the line of each component and property, read in
 * steps: the generator yields every `LINES_PER_STEP` content lines, so that a caller can give the event loop
 * back between them. A line over a limit refuses its component (`refusals`), not the file; a property the
 * reader does not take is not parsed.
 * @throws IcsError at the first line that is no content line, a BEGIN without its END, or a bad value.
 */
export function* readComponentsInSteps(
  text: string,
  limits: IcsReadLimits,
  mode: IcsReadMode = { strict: true },
): Generator<void, Components> {
  const lines: LineMap = new WeakMap();
  const refusals: RefusalMap = new WeakMap();
  const skipped: CalendarLineSkipped[] = [];
  const calendars: ICAL.Component[] = [];
  const stack: ICAL.Component[] = [];
  /** A line that refuses its event, not the file: the event is reported with its line and why. */
  const refuseEvent = (error: IcsError) => {
    const refused = stack[1];
    if (refused === undefined) skipped.push({ line: error.line, reason: error.reason });
    else if (!refusals.has(refused)) refusals.set(refused, { line: error.line, reason: error.reason });
  };
  let read = 0;
  for (const content of contentLines(text, limits.lineLength)) {
    if (++read % LINES_PER_STEP === 0) yield;
    const name = /^([A-Za-z0-9-]+)[;:]/.exec(content.text)?.[1]?.toUpperCase();
    if (name === undefined || !content.text.includes(':')) {
      const error = new IcsError(
        content.line,
        `expected a content line NAME:VALUE or NAME;PARAM=…:VALUE, found "${content.text.slice(0, 60)}"`,
      );
      if (mode.strict || stack.length < 2) throw error;
      refuseEvent(error);
      continue;
    }
    const top = stack[stack.length - 1];
    if (name === 'BEGIN' || name === 'END') {
      const component = content.tooLong ? '' : valuePart(content.text).trim().toLowerCase();
      if (!/^[a-z0-9-]+$/.test(component))
        throw new IcsError(content.line, `${name} needs a component name, as in ${name}:VEVENT`);
      if (name === 'BEGIN') {
        if (!top && component !== 'vcalendar')
          throw new IcsError(
            content.line,
            `expected BEGIN:VCALENDAR, found BEGIN:${component.toUpperCase()}`,
          );
        const child = new ICAL.Component(component);
        lines.set(child, content.line);
        if (top) top.addSubcomponent(child);
        else calendars.push(child);
        stack.push(child);
      } else {
        if (!top) throw new IcsError(content.line, `END:${component.toUpperCase()} without its BEGIN`);
        if (top.name !== component)
          throw new IcsError(
            content.line,
            `END:${component.toUpperCase()} where END:${top.name.toUpperCase()} (of the BEGIN on line ${lines.get(top)}) was due`,
          );
        stack.pop();
      }
      continue;
    }
    if (!top) throw new IcsError(content.line, `${name} outside BEGIN:VCALENDAR … END:VCALENDAR`);
    if (!isRead(name, stack) || isEmptyRecurrenceLine(name, content.text)) continue;
    let property: ICAL.Property;
    try {
      property = propertyOf(content, name, limits);
    } catch (error) {
      if (!(error instanceof IcsError) || (mode.strict && !(error instanceof IcsEventError))) throw error;
      // The child of the VCALENDAR the line is in (an event, with its alarms) is refused; the file read on.
      refuseEvent(error);
      continue;
    }
    lines.set(property, content.line);
    top.addProperty(property);
  }
  const open = stack[stack.length - 1];
  if (open)
    throw new IcsError(
      lines.get(open)!,
      `BEGIN:${open.name.toUpperCase()} is never ended (END:${open.name.toUpperCase()} missing)`,
    );
  if (read === 0) throw new IcsError(1, 'the file is empty');
  return { calendars, lines, refusals, skipped };
}

/** `readComponentsInSteps` in one go. */
export function readComponents(
  text: string,
  limits: IcsReadLimits,
  mode: IcsReadMode = { strict: true },
): Components {
  const steps = readComponentsInSteps(text, limits, mode);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
