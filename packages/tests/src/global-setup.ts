/**
 * Vitest's global setup, run once before any test file: the migrated images the suites copy instead of
 * migrating (`write-images.ts`), in a folder removed when the run ends. Vitest loads this file without the
 * source condition the tests resolve the workspace's packages with: a child process that has it writes them.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const WRITER = fileURLToPath(new URL('./write-images.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export default async function setup(): Promise<() => Promise<void>> {
  const folder = await mkdtemp(join(tmpdir(), 'calendar-test-run-'));
  const { stdout, stderr } = await run(
    process.execPath,
    ['--conditions=@calendar-events/source', '--import', 'tsx', WRITER, folder],
    { cwd: REPO_ROOT },
  );
  if (stderr.trim() !== '') console.warn(stderr.trim());
  // The test workers start after this and inherit the environment.
  Object.assign(process.env, JSON.parse(stdout) as Record<string, string>);
  return async () => {
    await rm(folder, { recursive: true, force: true });
  };
}
