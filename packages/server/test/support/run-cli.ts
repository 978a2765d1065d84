/** For the tests of the commands: the CLI run in process, its output captured. */
import { type CliOutput, main } from '../../src/cli.js';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `calendar-events <args>` and resolves with its exit code and what it printed (`extra`: a terminal,
 * or what `-` reads).
 */
export async function runCli(args: string[], extra: Partial<CliOutput> = {}): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const output: CliOutput = {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    ...extra,
  };
  const code = await main(['node', 'calendar-events', ...args], output);
  return { code, stdout, stderr };
}

/** Adds the administrator `login` to the database at `url`, as `calendar-events users add` does. */
export async function addAdministrator(url: string, login = 'owner'): Promise<CliRun> {
  return runCli(['users', 'add', '--login', login, '--role', 'administrator', '--database', url]);
}
