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

/** Where each component and property came from: its line in the file. */
export type LineMap = WeakMap<ICAL.Component | ICAL.Property, number>;

interface ContentLine {
  line: number;
  text: string;
}

/** Content lines: a line starting with a space or tab continues the one before (§3.1); blank lines dropped. */
function unfold(text: string): ContentLine[] {
  const lines: ContentLine[] = [];
  text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\n|\r/)
    .forEach((raw, index) => {
      const last = lines[lines.length - 1];
      if ((raw.startsWith(' ') || raw.startsWith('\t')) && last) last.text += raw.slice(1);
      else if (raw.trim() !== '') lines.push({ line: index + 1, text: raw });
    });
  return lines;
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

function propertyOf(content: ContentLine, name: string): ICAL.Property {
  const refuse = (error: unknown) =>
    new IcsError(content.line, `${name}: ${error instanceof Error ? error.message : String(error)}`);
  let property: ICAL.Property;
  try {
    property = ICAL.Property.fromString(content.text);
  } catch (error) {
    throw refuse(error);
  }
  checkDates(name, content.text, property, content.line);
  try {
    // ical.js decodes values when first asked: ask now, so that a bad value is refused with its line.
    property.getValues();
  } catch (error) {
    throw refuse(error);
  }
  return property;
}

/**
 * The VCALENDAR components of a file (usually one), with the line of each component and property.
 * @throws IcsError at the first line that is no content line, a BEGIN without its END, or a bad value.
 */
export function readComponents(text: string): { calendars: ICAL.Component[]; lines: LineMap } {
  const lines: LineMap = new WeakMap();
  const calendars: ICAL.Component[] = [];
  const stack: ICAL.Component[] = [];
  const contents = unfold(text);
  if (contents.length === 0) throw new IcsError(1, 'the file is empty');
  for (const content of contents) {
    const name = /^([A-Za-z0-9-]+)[;:]/.exec(content.text)?.[1]?.toUpperCase();
    if (name === undefined || !content.text.includes(':'))
      throw new IcsError(
        content.line,
        `expected a content line NAME:VALUE or NAME;PARAM=…:VALUE, found "${content.text.slice(0, 60)}"`,
      );
    const top = stack[stack.length - 1];
    if (name === 'BEGIN' || name === 'END') {
      const component = valuePart(content.text).trim().toLowerCase();
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
    const property = propertyOf(content, name);
    lines.set(property, content.line);
    top.addProperty(property);
  }
  const open = stack[stack.length - 1];
  if (open)
    throw new IcsError(
      lines.get(open)!,
      `BEGIN:${open.name.toUpperCase()} is never ended (END:${open.name.toUpperCase()} missing)`,
    );
  return { calendars, lines };
}
