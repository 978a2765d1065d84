import type { CalendarCoreOptions } from '@calendar-events/core';
import { afterAll, beforeAll, describe } from 'vitest';
import { BINDINGS, type Binding } from './bindings.js';
import { postgresUnreachableError, probePostgres, warnPostgresSkipped } from './databases.js';
import { startTestService, type TestService } from './service.js';

/** Asked once per test file, and only when a postgres binding is selected. */
const postgresProblem = BINDINGS.some((binding) => binding.database === 'postgres')
  ? await probePostgres()
  : undefined;

const WHAT = 'the postgres bindings';

/**
 * Declares one HTTP contract suite for every selected binding (`BINDINGS`): each gets its own database and a
 * real HTTP server on 127.0.0.1, started before the suite's hooks and closed after them.
 *
 * @example
 * describeContract('events list', (getService) => {
 *   it('is empty at first', async () => {
 *     const res = await getService().request('GET', '/events');
 *     expect(res.json.events).toEqual([]);
 *   });
 * });
 */
export function describeContract(
  title: string,
  suite: (getService: () => TestService, binding: Binding) => void,
  coreOptions?: Partial<CalendarCoreOptions>,
): void {
  for (const binding of BINDINGS) {
    const name = `${title} [${binding.name}]`;
    let service: TestService | undefined;
    const getService = (): TestService => {
      if (!service)
        throw new Error(`${name}: the service is not running (call getService() inside a test or hook)`);
      return service;
    };
    const postgresMissing = binding.database === 'postgres' ? postgresProblem : undefined;
    if (postgresMissing !== undefined && !process.env.CI) {
      warnPostgresSkipped(postgresMissing, WHAT);
      describe.skip(name, () => suite(getService, binding));
      continue;
    }
    describe(name, () => {
      beforeAll(async () => {
        // In CI the failure belongs to the postgres bindings, not to the whole file.
        if (postgresMissing !== undefined) throw postgresUnreachableError(postgresMissing, WHAT);
        service = await startTestService(binding, coreOptions);
      });
      afterAll(async () => {
        await service?.close();
        service = undefined;
      });
      suite(getService, binding);
    });
  }
}
