import pino from 'pino';
import { prettyLines } from './pretty.js';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** What every line says of its source (pino's `base`). */
const LOG_BASE = { service: 'calendar-events' };

/** Where log lines go: anything with pino's `write(line)`, and a way to write what is held at once. */
export interface LogDestination {
  write(line: string): void;
  flushSync(): void;
}

/** The most a batch holds before it is written without waiting for the end of the event loop turn. */
const MAX_BATCH_CHARS = 64 * 1024;

/**
 * Log lines gathered over one turn of the event loop and written together, with one system call, once the
 * turn's callbacks have run. A line per request written on its own costs a sizeable share of a cached read's
 * CPU (figures in tools/bench/RESULTS.md): synchronously a `write` each, asynchronously a
 * thread-pool job each, and sonic-boom's own buffering measures its whole pending text on every line. Lines
 * are never more than a turn late; whatever is held when the process exits (an uncaught error included) is
 * written synchronously then. Only a SIGKILL can lose the lines of the turn it interrupts.
 */
export function batchedLines(target: { write(text: string): unknown; flushSync(): void }): LogDestination {
  let lines: string[] = [];
  let chars = 0;
  let scheduled = false;

  function writeHeld(): void {
    scheduled = false;
    if (lines.length === 0) return;
    const text = lines.length === 1 ? lines[0]! : lines.join('');
    lines = [];
    chars = 0;
    target.write(text);
  }

  process.on('exit', () => {
    writeHeld();
    target.flushSync();
  });

  return {
    write(line) {
      lines.push(line);
      chars += line.length;
      if (chars >= MAX_BATCH_CHARS) writeHeld();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(writeHeld);
      }
    },
    flushSync() {
      writeHeld();
      target.flushSync();
    },
  };
}

/**
 * Fields no log line may show, whoever logs them: passwords (an event's, in a body or an error's detail) and
 * credentials. The access log's URL is cleaned by `redactUrl` instead: pino cannot look inside a string.
 */
const REDACTED_PATHS = [
  'password',
  '*.password',
  'authorization',
  '*.authorization',
  'headers.authorization',
  '*.headers.authorization',
  'headers.cookie',
  '*.headers.cookie',
];

/** How lines are written: JSON (for machines), or `pretty` for a person at a terminal (see pretty.ts). */
export type LogFormat = 'json' | 'pretty';

/**
 * JSON logs on stderr, so that stdout carries only what the CLI prints for people and scripts
 * (`listening on …`, `--json` output), written in batches (see `batchedLines`) through a synchronous
 * sonic-boom, which retries when a pipe is full. `pretty` (the default when stderr is a terminal) writes
 * the same records as readable lines.
 */
export function createLogger(
  level: LogLevel = 'info',
  options: { destination?: LogDestination; now?: () => number; format?: LogFormat | undefined } = {},
): pino.Logger {
  const format =
    options.format ?? (options.destination === undefined && process.stderr.isTTY ? 'pretty' : 'json');
  const target = options.destination ?? batchedLines(pino.destination({ dest: 2, sync: true }));
  const destination = format === 'pretty' ? prettyLines(target, process.stderr.isTTY === true) : target;
  const now = options.now ?? Date.now;
  const logger = pino(
    {
      level,
      base: LOG_BASE,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      ...(options.now ? { timestamp: () => `,"time":${now()}` } : {}),
    },
    destination,
  );
  requestLineWriters.set(logger, createRequestLineWriter(logger, destination, now));
  return logger;
}

/**
 * Writes the access-log line of one request: `info`, or `warn` for a 5xx (an operator should look). The
 * URL must have been through `redactUrl`.
 */
export type RequestLineWriter = (
  reqId: string,
  method: string,
  url: string,
  status: number,
  ms: number,
) => void;

/** Query parameters whose values never reach a log: the event password, and keys sent in a URL. */
const SECRET_PARAMETER = /^(?:password|api_key|apikey|key|token|access_token)$/i;

/**
 * The URL with the values of secret query parameters (`password`, `password[x]`, …) replaced by
 * `[redacted]`. Most URLs have no such name and come back as they are, after one regular expression test.
 */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query === -1 || !/pass|key|token/i.test(url)) return url;
  const pairs = url
    .slice(query + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const rawName = equals === -1 ? pair : pair.slice(0, equals);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A malformed escape: judge the name as written.
      }
      const base = name.split('[')[0]!.trim();
      return SECRET_PARAMETER.test(base) && equals !== -1 ? `${rawName}=[redacted]` : pair;
    });
  return `${url.slice(0, query)}?${pairs.join('&')}`;
}

const requestLineWriters = new WeakMap<object, RequestLineWriter>();

/**
 * The access-log line of a request as `logger.info({ reqId, method, url, status, ms }, 'request')` writes it with a
 * logger of `createLogger`, byte for byte, built directly: pino's general path (bindings, serializers, a
 * key-by-key JSON writer) costs several times this writer's CPU, and this line is
 * written for every request. Undefined for any other logger, which then gets the `info` call.
 */
export function requestLineWriter(logger: object): RequestLineWriter | undefined {
  return requestLineWriters.get(logger);
}

function createRequestLineWriter(
  logger: pino.Logger,
  destination: LogDestination,
  now: () => number,
): RequestLineWriter {
  const infoLevel = pino.levels.values.info!;
  const warnLevel = pino.levels.values.warn!;
  // The base object as pino writes it after the time: its JSON without the braces.
  const bindings = `,${JSON.stringify(LOG_BASE).slice(1, -1)}`;
  return (reqId, method, url, status, ms) => {
    const level = status >= 500 ? warnLevel : infoLevel;
    if (logger.levelVal > level) return;
    destination.write(
      `{"level":${level},"time":${now()}${bindings},"reqId":${JSON.stringify(reqId)},"method":${JSON.stringify(method)},"url":${JSON.stringify(url)},"status":${status},"ms":${ms},"msg":"request"}\n`,
    );
  };
}
