import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import type { CalendarDatabase } from '../../src/db/database.js';
import { createSqliteDatabase } from '../../src/db/sqlite.js';

/**
 * The SQLite databases a test opens, migrated, in memory or in files of a folder of its own: closed and removed
 * after each test. Call it in a `describe` block.
 */
export function sqliteTestDatabases(folderPrefix: string) {
  const opened: CalendarDatabase[] = [];
  let folder: string | undefined;
  afterEach(async () => {
    for (const database of opened.splice(0)) await database.destroy();
    if (folder) await rm(folder, { recursive: true, force: true });
    folder = undefined;
  });
  return {
    async open(
      file = ':memory:',
      options: Parameters<typeof createSqliteDatabase>[1] = {},
    ): Promise<CalendarDatabase> {
      const database = createSqliteDatabase(file, options);
      opened.push(database);
      await database.migrate();
      return database;
    },
    /** A path in the test's folder, made on first use. */
    async file(name = 'calendar.db'): Promise<string> {
      folder ??= await mkdtemp(join(tmpdir(), folderPrefix));
      return join(folder, name);
    },
  };
}
