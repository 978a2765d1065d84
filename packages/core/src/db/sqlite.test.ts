/**
 * SQLite's synchronous read of the data version, which the response cache trusts on every GET: it sees what
 * other connections (another process on the same file) committed, from the next event loop turn on, its own
 * connection's writes at once, and never a transaction's own, uncommitted version.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { sqliteTestDatabases } from '../../test/support/sqlite-databases.js';
import { bumpDataVersion, DATA_VERSION_SQL, readDataVersion } from './data-version.js';

describe('dataVersionNow on SQLite', () => {
  const databases = sqliteTestDatabases('calendar-sqlite-');
  const open = (file = ':memory:', seen?: string[]) =>
    databases.open(file, seen ? { onQuery: (sql) => seen.push(sql) } : {});

  it('reads the committed version, as the query does, and reports the statement', async () => {
    const seen: string[] = [];
    const database = await open(':memory:', seen);
    const before = await readDataVersion(database.kysely);
    expect(before).toBeTypeOf('number');
    seen.length = 0;
    expect(database.dataVersionNow?.()).toBe(before);
    expect(seen).toEqual([DATA_VERSION_SQL]);
    await database.kysely.transaction().execute((trx) => bumpDataVersion(trx));
    expect(database.dataVersionNow?.()).toBe(before! + 1);
  });

  it('gives nothing while a transaction is open, so the caller waits for it through a query', async () => {
    const database = await open();
    const before = database.dataVersionNow?.();
    let during: number | undefined = -1;
    await database.kysely.transaction().execute(async (trx) => {
      await bumpDataVersion(trx);
      during = database.dataVersionNow?.();
    });
    expect(during).toBeUndefined();
    expect(database.dataVersionNow?.()).toBe(before! + 1);

    // A transaction that rolls back leaves the version as it was.
    await expect(
      database.kysely.transaction().execute(async (trx) => {
        await bumpDataVersion(trx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(database.dataVersionNow?.()).toBe(before! + 1);
  });

  it('sees what another connection to the same file committed', async () => {
    const file = await databases.file();
    const reader = await open(file);
    const writer = await open(file);
    const before = reader.dataVersionNow?.();
    await writer.kysely.transaction().execute((trx) => bumpDataVersion(trx));
    // Within the turn of its last read the reader keeps that read; the next turn reads again.
    expect(reader.dataVersionNow?.()).toBe(before);
    await nextTurn();
    expect(reader.dataVersionNow?.()).toBe(before! + 1);
  });

  it('reads once per event loop turn, and again at once after a write of its own connection', async () => {
    const seen: string[] = [];
    const database = await open(':memory:', seen);
    await nextTurn();
    seen.length = 0;
    const first = database.dataVersionNow?.();
    expect(database.dataVersionNow?.()).toBe(first);
    expect(seen).toEqual([DATA_VERSION_SQL]);
    // A write outside a transaction (no begin/commit) is also a statement other than a select.
    await database.kysely
      .updateTable('data_version')
      .set({ version: first! + 5 })
      .execute();
    expect(database.dataVersionNow?.()).toBe(first! + 5);
    await nextTurn();
    seen.length = 0;
    expect(database.dataVersionNow?.()).toBe(first! + 5);
    expect(seen).toHaveLength(1);
  });
});
