/**
 * A minimal logger interface; pino satisfies it. The library never creates a logger itself.
 *
 * @example
 * const core = createCalendarCore({ database, logger: pino({ level: 'info' }) });
 */
export interface Logger {
  debug(obj: object | string, msg?: string): void;
  info(obj: object | string, msg?: string): void;
  warn(obj: object | string, msg?: string): void;
  error(obj: object | string, msg?: string): void;
}
export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };
