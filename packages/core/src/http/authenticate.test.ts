import { describe, expect, it } from 'vitest';
import type { CalendarDatabase } from '../db/database.js';
import { silentLogger } from '../logger.js';
import { createCallerOf } from './authenticate.js';
import type { CoreRequest } from './types.js';

const request: CoreRequest = { method: 'GET', url: '/', mountPath: '', headers: {} };

describe('createCallerOf', () => {
  it("asks the service's authentication when the adapter has none", async () => {
    const callerOf = createCallerOf({
      database: {} as CalendarDatabase,
      logger: silentLogger,
      authenticate: async () => ({ userId: 7, role: 'editor' }),
    });
    expect(await callerOf(request, new Date())).toEqual({ userId: 7, role: 'editor' });
  });

  it("takes an adapter's answer of nobody as nobody, without asking the service", async () => {
    let asked = false;
    const callerOf = createCallerOf({
      database: {} as CalendarDatabase,
      logger: silentLogger,
      authenticate: async () => {
        asked = true;
        return { userId: 7, role: 'editor' };
      },
    });
    expect(await callerOf({ ...request, authenticate: () => null }, new Date())).toBeNull();
    expect(asked).toBe(false);
  });
});
