/** Where things are: this package, the repository root, and the server's CLI source. */
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_ROOT = resolve(BENCH_DIR, '../..');
/** Generated calendars, manifests and server logs (git-ignored). */
export const DEFAULT_DATA_DIR = join(BENCH_DIR, '.data');
/** The server runs from source, as `pnpm calendar-events` runs it. */
export const SERVER_CLI = join(
  dirname(createRequire(import.meta.url).resolve('@calendar-events/server/package.json')),
  'src/cli.ts',
);
