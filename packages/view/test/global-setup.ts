/**
 * Vitest's global setup (root vitest.config.ts): the view's browser bundle, built when it is missing or older
 * than its sources, because the server serves it at `/assets/` and its tests (and the browser tests) load it.
 * The bundle is a build output (`pnpm build` makes it too); only the bundle is built here, not its types.
 */
import { execFile } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const PACKAGE = fileURLToPath(new URL('../', import.meta.url));
const BUNDLE = join(PACKAGE, 'dist', 'calendar-events-view.js');

function modified(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

export default async function setup(): Promise<void> {
  const sources = [
    ...readdirSync(join(PACKAGE, 'src')).map((name) => join(PACKAGE, 'src', name)),
    join(PACKAGE, 'package.json'),
    join(PACKAGE, 'tsup.config.ts'),
  ];
  const built = modified(BUNDLE);
  if (built > 0 && sources.every((source) => modified(source) <= built)) return;
  const tsup = join(
    dirname(createRequire(join(PACKAGE, 'package.json')).resolve('tsup/package.json')),
    'dist/cli-default.js',
  );
  await promisify(execFile)(process.execPath, [tsup], {
    cwd: PACKAGE,
    env: { ...process.env, CALENDAR_EVENTS_VIEW_BUNDLE_ONLY: '1' },
  });
}
