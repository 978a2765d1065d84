/**
 * `kill -9` of `calendar-events serve` during its first start, while it migrates a fresh database, again
 * and again on the same database; then a start that is left alone migrates to the latest and serves. The
 * kills land at random moments after the migrator's first table appears, within the time the migrations
 * take when left alone; each is told apart as before the schema was committed or after. The kill at each statement of the migrations is the core test
 * `db/migrations/killed-migrations.test.ts`.
 */

import type { CalendarDatabase } from '@calendar-events/core';
import { describe, expect, it } from 'vitest';
import { freshDatabase, kill9, postgresAnswers, type ServeProcess, serve } from './processes.js';

/** Kills wanted before the migrations' commit, and the most starts to kill trying for them. */
const KILLS = 3;
const ATTEMPTS = 7;
const databases = (await postgresAnswers()) ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);

/** The migrator's bookkeeping table and how many migrations it records as applied (none without it). */
async function appliedMigrations(probe: CalendarDatabase): Promise<number | undefined> {
  try {
    const rows = await probe.kysely
      .selectFrom('kysely_migration' as 'users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return Number(rows.n);
  } catch {
    return undefined; // Not there yet.
  }
}

/** Resolves once the migrator of a starting server has created its table (the migrations begin). */
async function migrationsBegun(probe: CalendarDatabase, server: ServeProcess): Promise<void> {
  while ((await appliedMigrations(probe)) === undefined) {
    if (server.child.exitCode !== null) throw new Error(`the server ended: ${server.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.each(databases)('kill -9 during the first migration (%s)', (name) => {
  it('starts and serves after being killed in its first starts', { timeout: 60_000 }, async () => {
    // How long the migrations take here, left alone: from the migrator's table to their commit.
    const calibration = await freshDatabase(name);
    const calibrationProbe = await calibration.open();
    const alone = serve(calibration.url);
    await migrationsBegun(calibrationProbe, alone);
    const begun = Date.now();
    let listening = false;
    void alone.url.then(() => {
      listening = true;
    });
    // Until the last migration is recorded (all at once when they share a transaction).
    let migrationMs = 0;
    for (let applied = 0; !listening; await new Promise((r) => setTimeout(r, 5))) {
      const now = (await appliedMigrations(calibrationProbe)) ?? 0;
      if (now !== applied) [applied, migrationMs] = [now, Date.now() - begun];
    }
    await kill9(alone);
    const latest = (await appliedMigrations(calibrationProbe))!;
    await calibrationProbe.destroy();
    await calibration.remove();

    // Killed databases are replaced by a fresh one once a kill came after the commit: only a first start
    // can be killed during its migrations. The last one is started and left alone.
    const databases = [await freshDatabase(name)];
    let database = databases[0]!;
    let probe = await database.open();
    try {
      const moments: string[] = [];
      let beforeCommit = 0;
      for (let attempt = 0; attempt < ATTEMPTS && beforeCommit < KILLS; attempt++) {
        if (((await appliedMigrations(probe)) ?? 0) > 0) {
          await probe.destroy();
          database = await freshDatabase(name);
          databases.push(database);
          probe = await database.open();
        }
        const server = serve(database.url);
        await migrationsBegun(probe, server);
        // The early part of the span: the server is seen to have begun some milliseconds late.
        const delay = Math.round(Math.random() * migrationMs * 0.6);
        await new Promise((resolve) => setTimeout(resolve, delay));
        await kill9(server);
        const applied = await appliedMigrations(probe);
        // All or nothing: the migrations commit together.
        expect([0, latest]).toContain(applied);
        if (applied === 0) beforeCommit++;
        moments.push(`+${delay} ms ${applied === latest ? 'after the commit' : 'before the commit'}`);
      }
      const last = serve(database.url);
      const url = await last.url;
      try {
        expect(await appliedMigrations(probe)).toBe(latest);
        const ready = await fetch(`${url}/readyz`);
        expect(ready.status).toBe(200);
        const events = await fetch(`${url}/calendar/events/v1/events`);
        expect(events.status).toBe(200);
      } finally {
        await kill9(last);
      }
      console.info(
        `kill -9 during the first start (${name}): the migrations take ${migrationMs} ms; kills at ${moments.join(', ')}; then started and served`,
      );
    } finally {
      await probe.destroy();
      for (const each of databases) await each.remove();
    }
  });
});
