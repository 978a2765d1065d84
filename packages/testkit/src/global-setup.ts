/**
 * Vitest's global setup, run once before any test file: the migrated SQLite image the suites copy
 * (`sqlite-image.ts`), in a folder removed when the run ends. Vitest loads this file without the source
 * condition the tests resolve the workspace's packages with: the image is written by a child process that has it.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
/** `SQLITE_IMAGE_VARIABLE` of sqlite-image.ts, which this file cannot import. */
const SQLITE_IMAGE_VARIABLE = 'CALENDAR_TEST_SQLITE_IMAGE';
const WRITER = fileURLToPath(new URL('./sqlite-image.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export default async function setup(): Promise<() => Promise<void>> {
  const folder = await mkdtemp(join(tmpdir(), 'calendar-test-run-'));
  const image = join(folder, 'migrated.db');
  await run(process.execPath, ['--conditions=@calendar-events/source', '--import', 'tsx', WRITER, image], {
    cwd: REPO_ROOT,
  });
  // The test workers start after this and inherit the environment.
  process.env[SQLITE_IMAGE_VARIABLE] = image;
  return async () => {
    await rm(folder, { recursive: true, force: true });
  };
}
