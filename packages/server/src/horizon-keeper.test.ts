/**
 * `serve` runs the horizon keeper: restarted with a longer horizon, it extends the recurring events in the
 * background, without a request, and its close stops the keeper (the lease given up) before the database.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
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

  function read<T>(query: string, ...values: unknown[]): T[] {
    const connection = new Database(file, { readonly: true });
    try {
      return connection.prepare(query).all(...values) as T[];
    } finally {
      connection.close();
    }
  }
  const occurrences = (seriesId: number) =>
    read<{ n: number }>('select count(*) as n from events where series_id = ?', seriesId)[0]!.n;

  it('extends after a restart with a longer horizon without any request, and stops it on close', async () => {
    const id = await seriesUnderShortHorizon();
    expect(occurrences(id)).toBe(85);
    const server = await startServer({
      port: 0,
      database: `sqlite:${file}`,
      now: NOW,
      recurrenceHorizonMonths: 12,
    });
    try {
      expect(server.core.horizonKeeper.running).toBe(true);
      await vi.waitFor(() => expect(occurrences(id)).toBe(358), { timeout: 10_000, interval: 25 });
    } finally {
      await server.close();
    }
    expect(server.core.horizonKeeper.running).toBe(false);
    expect(read('select * from leases')).toEqual([]);
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
    expect(read('select * from leases')).toEqual([]);
    // Extended in one transaction or not at all.
    expect([85, 358]).toContain(occurrences(id));
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
      expect(occurrences(id)).toBe(85);
      expect(await server.core.horizonKeeper.runRound()).toMatchObject({ outcome: 'done', extended: 1 });
      expect(occurrences(id)).toBe(358);
    } finally {
      await server.close();
    }
  });
});
