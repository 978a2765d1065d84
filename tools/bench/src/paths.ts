/** Where things are: this package, the repository root, and the server's built CLI. */
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_ROOT = resolve(BENCH_DIR, '../..');
/** Generated calendars, manifests and server logs (git-ignored). */
export const DEFAULT_DATA_DIR = join(BENCH_DIR, '.data');
/** The server's package, whose build (`dist/`) is what runs under load. */
export const SERVER_DIR = dirname(
  createRequire(import.meta.url).resolve('@calendar-events/server/package.json'),
);
/**
 * The built CLI, as `calendar-events serve` runs once installed: from source through tsx, a loader thread
 * with an isolate of its own added tens of MB to the server's memory that no deployment carries.
 */
export const SERVER_CLI = join(SERVER_DIR, 'dist/cli.js');
/** The repository's turbo, which builds the server and the packages it depends on (cached once built). */
export const TURBO_BIN = join(REPO_ROOT, 'node_modules/.bin/turbo');
