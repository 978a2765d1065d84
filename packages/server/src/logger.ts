import pino from 'pino';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * JSON logs on stderr, so that stdout carries only what the CLI prints for people and scripts
 * (`listening on …`, `--json` output). Written asynchronously: a line per request written with a system
 * call of its own took a tenth of the time of a cached read; while a write is under way the next lines
 * gather and go out together. Pino writes what is left synchronously when the process exits (an uncaught
 * error included); only a SIGKILL can lose the last lines.
 */
export function createLogger(level: LogLevel = 'info'): pino.Logger {
  return pino({ level, base: { service: 'calendar-events' } }, pino.destination({ dest: 2, sync: false }));
}
