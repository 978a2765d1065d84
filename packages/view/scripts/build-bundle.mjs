// `prepare` (run by `pnpm install` in the workspace): the browser bundle alone, so that the standalone server
// started from source (`pnpm calendar-events serve`) serves its calendar page without a `pnpm build` first.
// `pnpm build` makes the bundle and its types.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
let tsup;
try {
  tsup = join(dirname(require.resolve('tsup/package.json')), 'dist/cli-default.js');
} catch {
  // Installed from the registry: the bundle is in the package already, and tsup is not there to build it.
  process.exit(0);
}
execFileSync(process.execPath, [tsup], {
  cwd: join(import.meta.dirname, '..'),
  env: { ...process.env, CALENDAR_EVENTS_VIEW_BUNDLE_ONLY: '1' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
