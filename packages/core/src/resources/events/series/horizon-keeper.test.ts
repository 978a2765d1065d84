/**
 * The horizon keeper on both databases: off the request path (a restart with a longer horizon is answered
 * without extending anything), in slices, once across instances (the lease, which a dead holder loses), and a
 * series that cannot be extended is reported once, skipped, and tried again once edited.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  createSharedTestDatabase,
  type SharedTestDatabase,
  testDialects,
} from '@calendar-events/tests/databases';
import { apiRequest } from '@calendar-events/tests/requests';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type CalendarCore, createCalendarCore } from '../../../core.js';
import type { CalendarDatabase } from '../../../db/database.js';
import { createSqliteDatabase } from '../../../db/sqlite.js';
import { textOf } from '../../../http/respond.js';
import type { Logger } from '../../../logger.js';
import type { CalendarCoreOptions } from '../../../options.js';
import { createApiKey, createUser } from '../../users/repository.js';
import { OCCURRENCES_PER_STEP } from './horizon.js';
import { HORIZON_LEASE_NAME, SERIES_PER_SLICE } from './horizon-keeper.js';

const dialects = (await testDialects()).map((dialect) => dialect.name);

/** A logger that keeps its warnings. */
function recordingLogger() {
  const warnings: Array<{ detail: Record<string, unknown>; message: string | undefined }> = [];
  const logger: Logger = {
    debug() {},
    info() {},
    warn: (detail, message) => warnings.push({ detail: detail as Record<string, unknown>, message }),
    error() {},
  };
  return { logger, warnings };
}

describe.each(dialects)('the horizon keeper (%s)', (name) => {
  let shared: SharedTestDatabase;
  let database: CalendarDatabase;
  let key: string;
  let now: Date;
  const statements: string[] = [];
  const cores: CalendarCore[] = [];

  const coreWith = (options: Partial<CalendarCoreOptions> = {}, on: CalendarDatabase = database) => {
    const core = createCalendarCore({
      horizonKeeper: false,
      recurrenceHorizonMonths: 3,
      clock: () => new Date(now),
      ...options,
      database: on,
    });
    cores.push(core);
    return core;
  };
  const send = async (core: CalendarCore, method: string, path: string, body?: unknown) => {
    const response = await core.handle(apiRequest(method, path, { key, body }));
    return {
      status: response.status,
      headers: response.headers,
      json: JSON.parse(textOf(response) ?? 'null'),
    };
  };
  const createSeries = async (
    core: CalendarCore,
    title: string,
    rule = 'RRULE:FREQ=DAILY',
    more: Record<string, unknown> = {},
  ) => {
    const created = await send(core, 'POST', '/events', {
      title,
      start_date: '2026-12-01 19:00:00',
      end_date: '2026-12-01 20:00:00',
      recurrence: rule,
      ...more,
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    return created.json.id as number;
  };
  const occurrences = async (seriesId: number) =>
    Number(
      (
        await database.kysely
          .selectFrom('events')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('series_id', '=', seriesId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeEach(async () => {
    now = new Date('2026-11-25T12:00:00Z');
    shared = await createSharedTestDatabase(name, 'calendar-horizon-');
    database = shared.connect({ onQuery: (text) => statements.push(text) });
    await database.migrate();
    await createUser(database.kysely, { login: 'admin', role: 'administrator' });
    key = await createApiKey(database.kysely, 'admin');
  });
  afterEach(async () => {
    for (const core of cores.splice(0)) await core.horizonKeeper.stop();
    await shared.close();
  });

  /** A series' occurrences as rows, without their ids. */
  const occurrenceRows = (seriesId: number) =>
    database.kysely
      .selectFrom('events as e')
      .innerJoin('posts as p', 'p.id', 'e.id')
      .select([
        'e.start_local',
        'e.end_utc',
        'e.original_start_utc',
        'e.follows_id',
        'e.status',
        'p.status as post',
      ])
      .where('e.series_id', '=', seriesId)
      .orderBy('e.start_utc')
      .execute()
      .then((rows) => rows.map((row) => ({ ...row, follows_id: row.follows_id === seriesId })));
  const eventCount = async (termId: number) =>
    (
      await database.kysely
        .selectFrom('terms')
        .select('event_count')
        .where('id', '=', termId)
        .executeTakeFirstOrThrow()
    ).event_count;

  it('answers the first request after a restart with a longer horizon without extending anything in it', async () => {
    const before = coreWith();
    const category = (await send(before, 'POST', '/categories', { name: 'Music' })).json.id as number;
    const ids = [
      await createSeries(before, 'A', 'RRULE:FREQ=DAILY', { categories: [category] }),
      await createSeries(before, 'B', 'RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR,SA,SU', {
        timezone: 'Europe/Berlin',
      }),
    ];
    expect(await eventCount(category)).toBe(86);
    // 3 months from 25 November: 1 December to 24 February, less the series itself.
    expect(await occurrences(ids[0]!)).toBe(85);
    // The restart: a longer horizon, the keeper not run yet.
    const after = coreWith({ recurrenceHorizonMonths: 12 });
    statements.length = 0;
    const list = await send(after, 'GET', '/events?start_date=2026-01-01&per_page=5');
    expect(list.status).toBe(200);
    // The request read; it wrote nothing and did not look for series behind the horizon.
    expect(statements.filter((text) => /^\s*(insert|update|delete)\b/i.test(text))).toEqual([]);
    expect(statements.filter((text) => /horizon_utc|"leases"|series_extension_refusals/.test(text))).toEqual(
      [],
    );
    expect(Number(list.headers['X-WP-Total'])).toBe(2 * 86);

    const round = await after.horizonKeeper.runRound();
    expect(round).toMatchObject({ outcome: 'done', extended: 2, refused: [], failed: [] });
    // 12 months: 1 December 2026 to 24 November 2027.
    expect(await occurrences(ids[0]!)).toBe(358);
    expect(await eventCount(category)).toBe(359);
    // As if written under the longer horizon: the same occurrences, following their series.
    const fresh = await createSeries(after, 'A', 'RRULE:FREQ=DAILY', { categories: [category] });
    expect(await occurrenceRows(ids[0]!)).toEqual(await occurrenceRows(fresh));
    const freshB = await createSeries(after, 'B', 'RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR,SA,SU', {
      timezone: 'Europe/Berlin',
    });
    expect(await occurrenceRows(ids[1]!)).toEqual(await occurrenceRows(freshB));
    expect(await eventCount(category)).toBe(2 * 359);
    await send(after, 'DELETE', `/events/${fresh}?force=true`);
    await send(after, 'DELETE', `/events/${freshB}?force=true`);
    // The same core's cached count follows: the extension was a write of this process.
    expect(
      Number((await send(after, 'GET', '/events?start_date=2026-01-01&per_page=5')).headers['X-WP-Total']),
    ).toBe(2 * 359);
    expect(await after.horizonKeeper.runRound()).toMatchObject({ outcome: 'nothing due', extended: 0 });
  });

  it('extends in slices of a few series, and other requests are answered between them', async () => {
    const before = coreWith();
    const count = 5 * SERIES_PER_SLICE;
    for (let index = 0; index < count; index++) await createSeries(before, `Series ${index}`);
    const after = coreWith({ recurrenceHorizonMonths: 12 });
    let roundOver = false;
    const round = after.horizonKeeper.runRound().then((result) => {
      roundOver = true;
      return result;
    });
    // Asked while the round runs: answered before it ends.
    const venues = await send(after, 'GET', '/venues');
    expect(venues.status).toBe(200);
    expect(roundOver).toBe(false);
    // 273 new occurrences each (85 → 358): a step or more each, every slice a few series' steps.
    const steps = count * Math.ceil(273 / OCCURRENCES_PER_STEP);
    expect(await round).toMatchObject({
      outcome: 'done',
      extended: count,
      steps,
      slices: steps / SERIES_PER_SLICE,
    });
  });

  it('takes a long way in steps of a bounded number of occurrences, each a transaction of its own', async () => {
    const before = coreWith();
    const twiceDaily = 'RRULE:FREQ=DAILY;BYHOUR=8,19';
    const id = await createSeries(before, 'Twice a day', twiceDaily);
    const had = await occurrences(id);
    const after = coreWith({ recurrenceHorizonMonths: 24 });
    statements.length = 0;
    const round = await after.horizonKeeper.runRound();
    const added = (await occurrences(id)) - had;
    expect(added).toBeGreaterThan(2 * OCCURRENCES_PER_STEP);
    expect(round).toMatchObject({
      outcome: 'done',
      extended: 1,
      steps: Math.ceil(added / OCCURRENCES_PER_STEP),
    });
    // A service write begins `start transaction read write` on PostgreSQL (db/postgres-service-writes.ts).
    expect(
      statements.filter((text) => /^\s*(begin|start transaction)\b/i.test(text)).length,
    ).toBeGreaterThanOrEqual(round.steps);
    const fresh = await createSeries(after, 'Twice a day', twiceDaily);
    expect(await occurrenceRows(id)).toEqual(await occurrenceRows(fresh));
  });

  it('extends without any request once started, and stops with close()', async () => {
    const before = coreWith();
    const id = await createSeries(before, 'A');
    const started = coreWith({ recurrenceHorizonMonths: 12, horizonKeeper: { intervalMs: 60_000 } });
    expect(started.horizonKeeper.running).toBe(true);
    await vi.waitFor(async () => expect(await occurrences(id)).toBe(358), { timeout: 10_000, interval: 20 });
    await started.horizonKeeper.stop();
    expect(started.horizonKeeper.running).toBe(false);
    const leases = await database.kysely.selectFrom('leases').selectAll().execute();
    expect(leases).toEqual([]);
  });

  it('stops between two steps when asked, giving up the lease', async () => {
    const before = coreWith();
    const id = await createSeries(before, 'A');
    const after = coreWith({ recurrenceHorizonMonths: 12 });
    const round = after.horizonKeeper.runRound();
    await after.horizonKeeper.stop();
    expect(await round).toMatchObject({ outcome: 'stopped', steps: 0 });
    expect(await occurrences(id)).toBe(85);
    expect(await database.kysely.selectFrom('leases').selectAll().execute()).toEqual([]);
  });

  it('reports a series it cannot extend once, skips it, and tries it again once it is edited', async () => {
    const { logger, warnings } = recordingLogger();
    const before = coreWith();
    // Six a day: about 540 up to 3 months, more than 5,000 up to 36.
    const crowded = await createSeries(before, 'Crowded', 'RRULE:FREQ=DAILY;BYHOUR=0,4,8,12,16,20');
    const daily = await createSeries(before, 'Daily');
    const crowdedBefore = await occurrences(crowded);
    now = new Date('2026-11-26T12:00:00Z');
    const after = coreWith({ recurrenceHorizonMonths: 36, logger });

    const first = await after.horizonKeeper.runRound();
    expect(first).toMatchObject({ outcome: 'done', extended: 1, refused: [crowded], failed: [] });
    expect(await occurrences(crowded)).toBe(crowdedBefore);
    expect(await occurrences(daily)).toBeGreaterThan(1000);
    const reported = warnings.filter((warning) => warning.detail.seriesId === crowded);
    expect(reported).toHaveLength(1);
    expect(String(reported[0]!.detail.reason)).toMatch(/more than 5000 occurrences/);

    // Two days on, the daily series is due again; the crowded one is not tried again.
    now = new Date('2026-11-28T12:00:00Z');
    expect(await after.horizonKeeper.runRound()).toMatchObject({ extended: 1, refused: [], failed: [] });
    expect(warnings.filter((warning) => warning.detail.seriesId === crowded)).toHaveLength(1);

    // Edited (its title): tried again, and refused again since its rule still gives too many.
    now = new Date('2026-11-29T12:00:00Z');
    expect((await send(after, 'POST', `/events/${crowded}`, { title: 'Crowded, renamed' })).status).toBe(200);
    expect(await after.horizonKeeper.runRound()).toMatchObject({ refused: [crowded] });
    expect(warnings.filter((warning) => warning.detail.seriesId === crowded)).toHaveLength(2);

    // Its rule edited to fit (within the same second of the clock): the keeper extends it when it falls
    // behind again, and forgets the refusal.
    const edited = await send(after, 'POST', `/events/${crowded}`, {
      recurrence: 'RRULE:FREQ=DAILY;BYHOUR=19',
    });
    expect(edited.status, JSON.stringify(edited.json)).toBe(200);
    now = new Date('2026-12-05T12:00:00Z');
    expect(await after.horizonKeeper.runRound()).toMatchObject({ extended: 2, refused: [] });
    expect(await database.kysely.selectFrom('series_extension_refusals').selectAll().execute()).toEqual([]);
  });

  it('refuses a series whose stored rule is refused now, and goes on with the others', async () => {
    const { logger, warnings } = recordingLogger();
    const before = coreWith();
    const broken = await createSeries(before, 'Broken');
    const daily = await createSeries(before, 'Daily');
    // Written by another program (or under older rules): a rule the service refuses.
    await database.kysely
      .updateTable('event_series')
      .set({ recurrence: JSON.stringify(['RRULE:FREQ=SECONDLY']) })
      .where('event_id', '=', broken)
      .execute();
    const after = coreWith({ recurrenceHorizonMonths: 12, logger });
    expect(await after.horizonKeeper.runRound()).toMatchObject({
      extended: 1,
      refused: [broken],
      failed: [],
    });
    expect(await occurrences(daily)).toBe(358);
    expect(await occurrences(broken)).toBe(85);
    const [reported] = warnings.filter((warning) => warning.detail.seriesId === broken);
    expect(String(reported?.detail.reason)).toMatch(/SECONDLY/);
    const [refusal] = await database.kysely.selectFrom('series_extension_refusals').selectAll().execute();
    expect(refusal).toMatchObject({ event_id: broken, reason: reported?.detail.reason });
  });

  it('extends on one instance at a time: a lease, which a dead holder loses when it expires', async () => {
    const before = coreWith();
    const id = await createSeries(before, 'A');
    const after = coreWith({ recurrenceHorizonMonths: 12 });
    // Another instance took the lease and died.
    await database.kysely
      .insertInto('leases')
      .values({ name: HORIZON_LEASE_NAME, holder: 'a dead instance', expires_utc: '2026-11-25 12:02:00' })
      .execute();
    expect(await after.horizonKeeper.runRound()).toMatchObject({ outcome: 'held elsewhere', extended: 0 });
    expect(await occurrences(id)).toBe(85);
    now = new Date('2026-11-25T12:02:00Z');
    expect(await after.horizonKeeper.runRound()).toMatchObject({ outcome: 'done', extended: 1 });
    expect(await occurrences(id)).toBe(358);
    expect(await database.kysely.selectFrom('leases').selectAll().execute()).toEqual([]);
  });

  it('lets only one of two instances on one database extend, and the other sees the change', async () => {
    const before = coreWith();
    const count = 3 * SERIES_PER_SLICE;
    const ids: number[] = [];
    for (let index = 0; index < count; index++) ids.push(await createSeries(before, `Series ${index}`));
    const here = coreWith({ recurrenceHorizonMonths: 12 });
    const there = coreWith({ recurrenceHorizonMonths: 12 }, shared.connect({ max: 2 }));
    // The other instance keeps a count answer from before the extension.
    const total = async (core: CalendarCore) =>
      Number((await send(core, 'GET', '/events?start_date=2026-01-01&per_page=1')).headers['X-WP-Total']);
    expect(await total(there)).toBe(count * 86);

    const rounds = await Promise.all([here.horizonKeeper.runRound(), there.horizonKeeper.runRound()]);
    expect(rounds.map((round) => round.extended).sort((a, b) => a - b)).toEqual([0, count]);
    const idle = rounds.find((round) => round.extended === 0)!;
    expect(['held elsewhere', 'nothing due', 'done']).toContain(idle.outcome);
    for (const id of ids) expect(await occurrences(id)).toBe(358);
    expect(await total(there)).toBe(count * 359);
  });
});

describe('the horizon keeper of a library user', () => {
  it('refuses an interval its timer cannot keep', async () => {
    const database = createSqliteDatabase(':memory:');
    for (const intervalMs of [0, -5, 1.5, Number.NaN, 2 ** 31])
      expect(
        () => createCalendarCore({ database, horizonKeeper: { intervalMs } }),
        String(intervalMs),
      ).toThrow(RangeError);
    await database.destroy();
  });

  it('never keeps the process alive: a script that does not close its core still ends', () => {
    const script = `
      import { createCalendarCore } from '@calendar-events/core';
      import { createSqliteDatabase } from '@calendar-events/core/sqlite';
      const database = createSqliteDatabase(':memory:');
      await database.migrate();
      const core = createCalendarCore({ database, horizonKeeper: { intervalMs: 1000 } });
      const response = await core.handle({ method: 'GET', url: '/calendar/events/v1/events', mountPath: '', headers: {} });
      console.log(response.status, core.horizonKeeper.running);
    `;
    const packageRoot = path.resolve(import.meta.dirname, '../../../..');
    // Inside the package (test-output/ is ignored by git), so that `@calendar-events/core` names it.
    const file = path.join(packageRoot, 'test-output/horizon-keeper-unref.mts');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, script);
    const run = spawnSync(
      process.execPath,
      ['--conditions=@calendar-events/source', '--import', 'tsx', file],
      {
        cwd: packageRoot,
        encoding: 'utf8',
        // Generous: the bug this guards against is a process that never ends.
        timeout: 60_000,
      },
    );
    expect(run.stderr).toBe('');
    expect(run.signal).toBeNull();
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toBe('200 true');
  });
});
