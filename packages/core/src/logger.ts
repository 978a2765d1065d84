/** A minimal logger interface; pino satisfies it. The library never creates a logger itself. */
export interface Logger {
  debug(obj: object | string, msg?: string): void;
  info(obj: object | string, msg?: string): void;
  warn(obj: object | string, msg?: string): void;
  error(obj: object | string, msg?: string): void;
}
export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };
