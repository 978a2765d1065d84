/** The README's `core.handle` example runs, and prints what it says it prints. */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const PACKAGE = path.resolve(import.meta.dirname, '..');

it("runs the README's core.handle example", () => {
  const readme = readFileSync(path.join(PACKAGE, 'README.md'), 'utf8');
  const example = /```ts\n([\s\S]*?)```/.exec(readme)![1]!;
  // Inside the package (test-output/ is ignored by git), so that `@calendar-events/core` names it.
  const file = path.join(PACKAGE, 'test-output/readme-example.mts');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, example);
  const run = spawnSync(process.execPath, ['--conditions=@calendar-events/source', '--import', 'tsx', file], {
    cwd: PACKAGE,
    encoding: 'utf8',
  });
  expect(run.stderr).toBe('');
  const printed = /\/\/ (200 .*)/.exec(example)![1]!.replaceAll("'", '').split('…');
  expect(run.stdout.startsWith(printed[0]!)).toBe(true);
  for (const part of printed.slice(1)) expect(run.stdout).toContain(part);
  // The write through core.handle, its body a plain string, prints what its comment says.
  const written = /\/\/ (201 .*)/.exec(example)![1]!;
  expect(run.stdout.split('\n')).toContain(written);
});
