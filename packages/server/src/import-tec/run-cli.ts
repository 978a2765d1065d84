/** For the tests of the import: the CLI run in process, its output captured. */
import { type CliOutput, main } from '../cli.js';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `calendar-events <args>` and resolves with its exit code and what it printed. */
export async function runCli(args: string[]): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const output: CliOutput = {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
  };
  const code = await main(['node', 'calendar-events', ...args], output);
  return { code, stdout, stderr };
}
