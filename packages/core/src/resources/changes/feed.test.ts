/**
 * The live streams' follower: wakes the streams waiting past a version once the log moves (after a wake or at
 * its poll), a few per turn of the event loop; heartbeats when quiet; ends every wait when closed.
 */
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CalendarDatabase } from '../../db/database.js';
import { silentLogger } from '../../logger.js';
import { createSqliteDatabase } from '../../sqlite.js';
import { createChangeFeed } from './feed.js';

describe('change feed', () => {
  let database: CalendarDatabase;
  beforeEach(async () => {
    database = createSqliteDatabase(':memory:');
    await database.migrate();
  });
  afterEach(() => database.destroy());

  const version = async () =>
    Number(
      (await sql<{ v: number }>`select version as v from data_version where id = 1`.execute(database.kysely))
        .rows[0]?.v,
    );
  const bump = () => sql`update data_version set version = version + 1 where id = 1`.execute(database.kysely);

  it('wakes every stream waiting past the version, a few per turn of the event loop', async () => {
    const feed = createChangeFeed({ database, logger: silentLogger, options: { pollMs: 60_000 } });
    const known = await version();
    const stop = new AbortController();
    let turn = 0;
    let ticking = true;
    const tick = () => {
      turn++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const turns: number[] = [];
    const waits = Array.from({ length: 100 }, () =>
      feed.waitPast(known, 10_000, stop.signal).then((outcome) => {
        turns.push(turn);
        return outcome;
      }),
    );
    await bump();
    feed.wake();
    expect(new Set(await Promise.all(waits))).toEqual(new Set(['moved']));
    ticking = false;
    // 100 streams, 32 a turn: four turns of the event loop.
    expect(new Set(turns).size).toBe(4);
    expect(await feed.waitPast(known, 10, stop.signal)).toBe('moved');
    await feed.close();
  });

  it('finds a move made elsewhere at its poll, says quiet after the wait, ends every wait when closed', async () => {
    const feed = createChangeFeed({ database, logger: silentLogger, options: { pollMs: 20 } });
    const stop = new AbortController();
    const known = await version();
    expect(await feed.waitPast(known, 50, stop.signal)).toBe('quiet');
    const moved = feed.waitPast(known, 5000, stop.signal);
    await bump();
    expect(await moved).toBe('moved');
    const pending = feed.waitPast(known + 1, 5000, stop.signal);
    const release = feed.admit();
    expect(feed.open).toBe(1);
    const closing = feed.close();
    expect(await pending).toBe('ended');
    release?.();
    await closing;
    expect(feed.open).toBe(0);
    expect(feed.admit()).toBeUndefined();
  });
});
