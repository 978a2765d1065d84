import pino from 'pino';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * JSON logs on stderr, so that stdout carries only what the CLI prints for people and scripts
 * (`listening on …`, `--json` output). Written synchronously: nothing is lost when the process exits.
 */
export function createLogger(level: LogLevel = 'info'): pino.Logger {
  return pino({ level, base: { service: 'calendar-events' } }, pino.destination({ dest: 2, sync: true }));
}
