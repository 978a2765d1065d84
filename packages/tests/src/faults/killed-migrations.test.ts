/**
 * A first start killed with SIGKILL in the middle of its migrations leaves a database that the next start
 * migrates to the latest schema (the migrations run in one transaction, on SQLite as on PostgreSQL). A child
 * process migrates a fresh database and kills itself right after statement number k, for k spread over all
 * the statements the migrations run; the restart (this process) then migrates it, and the service works on it.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createApiKey, createCalendarCore, createUser } from '@calendar-events/core';
import { migrationProvider, sqliteTraits } from '@calendar-events/core/internal';
import { createPostgresDatabase } from '@calendar-events/core/postgres';
import { createSqliteDatabase } from '@calendar-events/core/sqlite';
import { describe, expect, it } from 'vitest';
import { createTestSchema, TEST_PG_URL, testDialects } from '../databases.js';
import { apiRequest } from '../requests.js';

const run = promisify(execFile);
const CHILD = fileURLToPath(new URL('./migrate-until-killed.ts', import.meta.url));
/**
 * Kill points per database, spread over every statement of the migrations, first and last included: four in
 * the test run (first, last and two between), eight with `LONG_TESTS=1`.
 */
const KILLS = process.env.LONG_TESTS ? 8 : 4;

async function migrateInChild(env: Record<string, string>): Promise<{ killed: boolean; statements: number }> {
  try {
    const { stdout } = await run(
      process.execPath,
      ['--conditions=@calendar-events/source', '--import', 'tsx', CHILD],
      {
        env: { ...process.env, ...env },
        timeout: 30_000,
      },
    );
    return { killed: false, statements: Number(stdout) };
  } catch (error) {
    const failure = error as { signal?: string; stderr?: string };
    if (failure.signal === 'SIGKILL') return { killed: true, statements: 0 };
    throw new Error(`the migrating child failed: ${failure.stderr ?? String(error)}`);
  }
}

const dialects = await testDialects();
const allMigrations = Object.keys(await migrationProvider(sqliteTraits).getMigrations());

describe.each(dialects)('migrations killed with SIGKILL on the first start ($name)', (dialect) => {
  /** A fresh database: its child environment, how to open it in this process, how to remove it. */
  async function freshDatabase() {
    if (dialect.name === 'sqlite') {
      const folder = await mkdtemp(join(tmpdir(), 'calendar-killed-'));
      const file = join(folder, 'calendar.db');
      return {
        env: { DATABASE_URL: `sqlite:${file}` },
        open: () => createSqliteDatabase(file),
        remove: () => rm(folder, { recursive: true, force: true }),
      };
    }
    const { schema, drop } = await createTestSchema();
    return {
      env: { DATABASE_URL: TEST_PG_URL, PG_SCHEMA: schema },
      open: () => createPostgresDatabase({ connectionString: TEST_PG_URL, schema, max: 2 }),
      remove: drop,
    };
  }

  it('migrates to the latest and serves after a kill at any statement', { timeout: 60_000 }, async () => {
    const counting = await freshDatabase();
    const total = (await migrateInChild(counting.env)).statements;
    await counting.remove();
    expect(total).toBeGreaterThan(20);
    const points = [
      ...new Set(Array.from({ length: KILLS }, (_, i) => 1 + Math.round((i * (total - 1)) / (KILLS - 1)))),
    ];
    const failures: string[] = [];
    for (const killAfter of points) {
      const fresh = await freshDatabase();
      try {
        const first = await migrateInChild({ ...fresh.env, KILL_AFTER: String(killAfter) });
        expect(first.killed).toBe(true);
        // The restart: it migrates what is left, and the service writes.
        const database = fresh.open();
        try {
          await database.migrate();
          const applied = await database.kysely
            .selectFrom('kysely_migration' as never)
            .select('name' as never)
            .execute();
          expect(applied.map((row) => (row as { name: string }).name).sort()).toEqual(allMigrations);
          await createUser(database.kysely, { login: 'admin', role: 'administrator' });
          const key = await createApiKey(database.kysely, 'admin');
          const core = createCalendarCore({ database });
          const created = await core.handle(apiRequest('POST', '/venues', { key, body: { venue: 'Hall' } }));
          expect(created.status).toBe(201);
        } finally {
          await database.destroy();
        }
      } catch (error) {
        failures.push(`kill after ${killAfter} of ${total}: ${(error as Error).message}`);
      } finally {
        await fresh.remove();
      }
    }
    expect(failures).toEqual([]);
  });
});
