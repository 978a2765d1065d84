/**
 * Log records as a person at a terminal reads them: `12:04:05.123 INFO  request GET /events 200 1.2 ms
 * reqId=…`, colours on a terminal. The records are the JSON lines the logger writes anyway (pino's and the
 * access log's), read back here, so both forms always say the same. Written here rather than taken from
 * pino-pretty: its 13.x pulls strip-json-comments 5.1, which requires Node 22.
 */
import type { LogDestination } from './logger.js';

const LEVELS: Record<number, [name: string, colour: number]> = {
  10: ['TRACE', 90],
  20: ['DEBUG', 36],
  30: ['INFO ', 32],
  40: ['WARN ', 33],
  50: ['ERROR', 31],
  60: ['FATAL', 35],
};

/** Fields every line has, shown in their own places or not at all. */
const PLACED = new Set(['level', 'time', 'msg', 'service', 'pid', 'hostname']);

/** The access line's fields, shown together after its message. */
const ACCESS_FIELDS = new Set(['method', 'url', 'status', 'ms']);

function paint(text: string, colour: number, colours: boolean): string {
  return colours ? `\u001b[${colour}m${text}\u001b[39m` : text;
}

function clock(time: unknown): string {
  const date = new Date(typeof time === 'number' ? time : Date.now());
  return date.toISOString().slice(11, 23);
}

function value(field: unknown): string {
  if (typeof field === 'string') return /[\s"=]/.test(field) || field === '' ? JSON.stringify(field) : field;
  return JSON.stringify(field) ?? String(field);
}

/** One JSON record as one readable line (and an error's stack under it); anything else as it came. */
export function prettyLine(line: string, colours: boolean): string {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  const [name, colour] = LEVELS[record.level as number] ?? [String(record.level), 39];
  const parts = [
    paint(clock(record.time), 90, colours),
    paint(name, colour, colours),
    String(record.msg ?? ''),
  ];
  let stack = '';
  if (record.msg === 'request') {
    // The access line: its usual fields in the usual order.
    parts.push(`${record.method} ${record.url} ${record.status} ${record.ms} ms`);
  }
  for (const [key, field] of Object.entries(record)) {
    if (PLACED.has(key) || (record.msg === 'request' && ACCESS_FIELDS.has(key))) continue;
    if (key === 'err' && typeof field === 'object' && field !== null) {
      const error = field as { message?: string; stack?: string; type?: string };
      parts.push(paint(`err=${value(error.message ?? error.type)}`, 31, colours));
      if (error.stack) stack = `\n    ${error.stack.split('\n').join('\n    ')}`;
      continue;
    }
    parts.push(paint(`${key}=${value(field)}`, 90, colours));
  }
  return `${parts.join(' ')}${stack}\n`;
}

/** A destination that writes each record as a readable line to `target`. */
export function prettyLines(target: LogDestination, colours: boolean): LogDestination {
  return {
    write(text) {
      let out = '';
      for (const line of text.split('\n')) if (line !== '') out += prettyLine(line, colours);
      target.write(out);
    },
    flushSync: () => target.flushSync(),
  };
}
