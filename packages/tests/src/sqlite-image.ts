/**
 * The migrated SQLite database every test suite starts from, migrated once and copied: a suite opens an
 * in-memory copy of the image instead of running every migration on an empty database. The image is what
 * core's public `migrate()` leaves in an empty file, whatever the migrations are.
 *
 * Vitest's global setup has it written once per run (`write-images.ts`) and names its file in
 * `CALENDAR_TEST_SQLITE_IMAGE`; a process without it (a script, another runner) migrates its own image once.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CalendarDatabase } from '@calendar-events/core';
import { createSqliteDatabase, type QueryObserver } from '@calendar-events/core/sqlite';
import Database from 'better-sqlite3';

export const SQLITE_IMAGE_VARIABLE = 'CALENDAR_TEST_SQLITE_IMAGE';

/** Migrates an empty file with core's `migrate()` and returns its bytes, in rollback-journal mode. */
export async function migrateSqliteImage(): Promise<Buffer> {
  const folder = await mkdtemp(join(tmpdir(), 'calendar-image-'));
  try {
    const file = join(folder, 'calendar.db');
    const database = createSqliteDatabase(file, { backgroundCheckpoints: false });
    try {
      await database.migrate();
    } finally {
      await database.destroy();
    }
    // An in-memory copy cannot keep a write-ahead log: the image says so in its header.
    const raw = new Database(file);
    try {
      raw.pragma('journal_mode = DELETE');
      return raw.serialize();
    } finally {
      raw.close();
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

let image: Promise<Buffer> | undefined;

function sqliteImage(): Promise<Buffer> {
  if (!image) {
    const file = process.env[SQLITE_IMAGE_VARIABLE];
    image = file ? readFile(file) : migrateSqliteImage();
    image.catch(() => {
      image = undefined;
    });
  }
  return image;
}

/** An in-memory SQLite database holding a copy of the migrated image: what `:memory:` and `migrate()` give. */
export async function openMigratedSqlite(
  options: { onQuery?: QueryObserver } = {},
): Promise<CalendarDatabase> {
  return createSqliteDatabase(await sqliteImage(), options);
}
