/** Which load generator drives the run: wrk where it is installed, autocannon (from npm) everywhere. */
import { autocannonGenerator } from './autocannon.js';
import type { LoadGenerator } from './load.js';
import { wrkGenerator, wrkVersion } from './wrk.js';

export const LOAD_GENERATORS = ['auto', 'wrk', 'autocannon'] as const;
export type LoadGeneratorChoice = (typeof LOAD_GENERATORS)[number];

/**
 * `auto` takes wrk when it runs here and says so when it falls back to autocannon, whose single Node.js
 * thread bounds the req/s of large answers. `wrk` fails when wrk is missing rather than measure something
 * else than was asked.
 */
export async function chooseLoadGenerator(
  choice: LoadGeneratorChoice,
  wrkThreads: number,
  note: (text: string) => void,
): Promise<LoadGenerator> {
  if (choice === 'autocannon') return autocannonGenerator;
  const version = await wrkVersion();
  if (version !== undefined) return wrkGenerator(version, wrkThreads);
  if (choice === 'wrk') throw new Error('wrk is not installed (apt-get install wrk, brew install wrk).');
  note(
    'wrk is not installed: autocannon drives the load, and its one thread bounds the large answers (install wrk for figures of the server alone).',
  );
  return autocannonGenerator;
}
