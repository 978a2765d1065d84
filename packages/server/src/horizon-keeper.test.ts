/**
 * `serve` runs the horizon keeper: restarted with a longer horizon, it extends the recurring events in the
 * background, without a request, and its close stops the keeper (the lease given up) before the database.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CalendarDatabase, connectDatabase } from '@calendar-events/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startServer } from './server.js';

const NOW = new Date('2026-11-25T12:00:00Z');

describe('serve and the horizon keeper', () => {
  let folder: string;
  let file: string;

  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'calendar-serve-horizon-'));
    file = join(folder, 'calendar.db');
  });
  afterEach(() => rm(folder, { recursive: true, force: true }));

  /** A daily series written by a server with a 3-month horizon; its id. */
  async function seriesUnderShortHorizon(): Promise<number> {
    const server = await startServer({
      port: 0,
      database: `sqlite:${file}`,
      demo: true,
      now: NOW,
      recurrenceHorizonMonths: 3,
    });
    try {
      const created = await fetch(`${server.url}/calendar/events/v1/events`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${server.demoAdministratorKey}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          title: 'Daily',
          start_date: '2026-12-01 19:00:00',
          end_date: '2026-12-01 20:00:00',
          recurrence: 'RRULE:FREQ=DAILY',
        }),
      });
      expect(created.status).toBe(201);
      return ((await created.json()) as { id: number }).id;
    } finally {
      await server.close();
    }
  }

  /** Reads the file through a connection of its own (the server's is closed or busy). */
  async function read<T>(query: (database: CalendarDatabase) => Promise<T>): Promise<T> {
    const database = await connectDatabase(`sqlite:${file}`);
    try {
      return await query(database);
    } finally {
      await database.destroy();
    }
  }
  const occurrences = (seriesId: number) =>
    read(async ({ kysely }) =>
      Number(
        (
          await kysely
            .selectFrom('events')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('series_id', '=', seriesId)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    );
  const leases = () => read(({ kysely }) => kysely.selectFrom('leases').selectAll().execute());

  it('extends after a restart with a longer horizon without any request, and stops it on close', async () => {
    const id = await seriesUnderShortHorizon();
    expect(await occurrences(id)).toBe(85);
    const server = await startServer({
      port: 0,
      database: `sqlite:${file}`,
      now: NOW,
      recurrenceHorizonMonths: 12,
    });
    try {
      expect(server.core.horizonKeeper.running).toBe(true);
      await vi.waitFor(async () => expect(await occurrences(id)).toBe(358), {
        timeout: 10_000,
        interval: 25,
      });
    } finally {
      await server.close();
    }
    expect(server.core.horizonKeeper.running).toBe(false);
    expect(await leases()).toEqual([]);
  });

  it('closes at once while a round may be under way: the lease is given up, each series whole', async () => {
    const id = await seriesUnderShortHorizon();
    const server = await startServer({
      port: 0,
      database: `sqlite:${file}`,
      now: NOW,
      recurrenceHorizonMonths: 12,
    });
    await server.close();
    expect(server.core.horizonKeeper.running).toBe(false);
    expect(await leases()).toEqual([]);
    // Extended in whole steps (each a transaction of at most 200 new occurrences, horizon.ts) or not at all: a
    // close between two steps leaves the series at a step's end, where the next round goes on.
    expect([85, 285, 358]).toContain(await occurrences(id));
  });

  it('leaves it off when asked: nothing is extended until the host runs a round', async () => {
    const id = await seriesUnderShortHorizon();
    const server = await startServer({
      port: 0,
      database: `sqlite:${file}`,
      now: NOW,
      recurrenceHorizonMonths: 12,
      horizonKeeper: false,
    });
    try {
      expect(server.core.horizonKeeper.running).toBe(false);
      expect((await fetch(`${server.url}/calendar/events/v1/events`)).status).toBe(200);
      expect(await occurrences(id)).toBe(85);
      expect(await server.core.horizonKeeper.runRound()).toMatchObject({ outcome: 'done', extended: 1 });
      expect(await occurrences(id)).toBe(358);
    } finally {
      await server.close();
    }
  });
});
