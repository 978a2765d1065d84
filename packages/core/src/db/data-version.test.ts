/**
 * The data version read shared by the requests of one event-loop turn (`createVersionReader`): a request
 * whose client goes away cancels its own statements, never the shared read the others of its turn wait on.
 */

import { testDialects } from '@calendar-events/tests/databases';
import { describe, expect, it } from 'vitest';
import { createVersionReader } from './data-version.js';

const dialects = await testDialects();

describe.each(dialects)('createVersionReader ($name)', (dialect) => {
  it('answers the turn’s other requests when the request that started the read is given up', async () => {
    const { database, close } = await dialect.open();
    try {
      const reader = createVersionReader(database);
      const gone = new AbortController();
      // The first request of the turn starts the read, and its client goes away at once.
      const first = database.whileWanted
        ? database.whileWanted(gone.signal, async () => reader.read())
        : Promise.resolve(reader.read());
      gone.abort();
      // Another request of the same turn shares the read and gets the version.
      const second = await reader.read();
      expect(typeof second).toBe('number');
      expect(await first).toBe(second);
    } finally {
      await close();
    }
  });
});
