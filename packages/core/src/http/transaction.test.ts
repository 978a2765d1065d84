import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDataVersion } from '../db/data-version.js';
import type { CalendarDatabase } from '../db/database.js';
import { createSqliteDatabase } from '../db/sqlite.js';
import { runWrite, runWriteRoute } from './transaction.js';

describe('runWrite', () => {
  let database: CalendarDatabase;
  beforeAll(async () => {
    database = createSqliteDatabase(':memory:');
    await database.migrate();
  });
  afterAll(() => database.destroy());

  it('bumps the data version first, inside the transaction, and tells the caches once committed', async () => {
    const before = (await readDataVersion(database.kysely))!;
    const events: string[] = [];
    const result = await runWrite(
      database,
      {
        afterWrite: () => {
          events.push('afterWrite');
        },
      },
      async (trx) => {
        events.push(`write sees version ${await readDataVersion(trx)}`);
        return 'done';
      },
    );
    expect(result).toBe('done');
    expect(events).toEqual([`write sees version ${before + 1}`, 'afterWrite']);
    expect(await readDataVersion(database.kysely)).toBe(before + 1);
  });

  it('rolls back, version included, and tells the caches nothing when the write fails', async () => {
    const before = await readDataVersion(database.kysely);
    let told = false;
    const failing = runWrite(
      database,
      {
        afterWrite: () => {
          told = true;
        },
      },
      async () => {
        throw new Error('refused');
      },
    );
    await expect(failing).rejects.toThrow('refused');
    expect(told).toBe(false);
    expect(await readDataVersion(database.kysely)).toBe(before);
  });

  it("runs a route's write in one transaction, or a transaction per slice, and calls back on a rollback only", async () => {
    const caches = { afterWrite: () => {} };
    let rolledBack = 0;
    const onRollback = () => rolledBack++;
    const before = (await readDataVersion(database.kysely))!;
    const whole = await runWriteRoute(
      database,
      caches,
      {},
      async (_db, slice) => slice === undefined,
      onRollback,
    );
    const sliced = await runWriteRoute(
      database,
      caches,
      { writesInSlices: true },
      async (_db, slice) => [await slice!(async () => 1), await slice!(async () => 2)],
      onRollback,
    );
    expect([whole, sliced, rolledBack]).toEqual([true, [1, 2], 0]);
    expect(await readDataVersion(database.kysely)).toBe(before + 3);
    const failing = runWriteRoute(
      database,
      caches,
      {},
      async () => Promise.reject(new Error('refused')),
      onRollback,
    );
    await expect(failing).rejects.toThrow('refused');
    expect(rolledBack).toBe(1);
  });
});
