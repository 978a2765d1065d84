/**
 * `serve --read-replica` through each adapter, over real HTTP: the standalone server on a primary with a
 * `pg_basebackup -R` standby of it (./standby.ts). While the standby's replay is paused, what an answer says
 * tells which database gave it: the replica still has the title from before the update.
 */
import { createApiKey, createUser } from '@calendar-events/core';
import { type RunningServer, startServer } from '@calendar-events/server';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BINDINGS } from '../bindings.js';
import { type PrimaryWithStandby, requireStandbyBinaries, startPrimaryWithStandby } from '../standby.js';

/** The adapters of the PostgreSQL bindings this run selects (`BINDINGS=`). */
const ADAPTERS = BINDINGS.filter((binding) => binding.database === 'postgres').flatMap((binding) =>
  // The standalone server serves Express or Fastify; the fetch handler has no server of its own.
  binding.adapter === 'fetch' ? [] : [binding.adapter],
);
const runs = ADAPTERS.length > 0 && requireStandbyBinaries('the read replica tests through the adapters');

/** The same server (user `postgres`) with another database. */
const inDatabase = (url: string, name: string) => url.replace(/\/postgres$/, `/${name}`);

describe.skipIf(!runs)('serve --read-replica (a real standby)', () => {
  let cluster: PrimaryWithStandby;
  beforeAll(async () => {
    cluster = await startPrimaryWithStandby();
    const client = new pg.Client({ connectionString: cluster.primaryUrl });
    await client.connect();
    try {
      for (const adapter of ADAPTERS) await client.query(`create database replica_${adapter}`);
    } finally {
      await client.end();
    }
  }, 120_000);
  afterAll(async () => {
    await cluster?.close();
  }, 60_000);

  describe.each(ADAPTERS)('%s', (adapter) => {
    let server: RunningServer;
    let key: string;
    const api = (path: string) => `${server.url}/calendar/events/v1${path}`;
    async function call(
      method: string,
      path: string,
      init: { key?: string; body?: unknown; version?: string } = {},
    ) {
      const headers: Record<string, string> = {};
      if (init.key) headers.authorization = `Bearer ${init.key}`;
      if (init.body !== undefined) headers['content-type'] = 'application/json';
      if (init.version) headers['calendar-min-data-version'] = init.version;
      const response = await fetch(api(path), {
        method,
        headers,
        ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
      });
      // biome-ignore lint/suspicious/noExplicitAny: answers are read as JSON
      return { status: response.status, headers: response.headers, json: (await response.json()) as any };
    }

    beforeAll(async () => {
      server = await startServer({
        adapter,
        port: 0,
        database: inDatabase(cluster.primaryUrl, `replica_${adapter}`),
        readReplica: inDatabase(cluster.standbyUrl, `replica_${adapter}`),
        // Long, so that no pin ends by itself during the test on a slow machine.
        readReplicaPinMs: 60_000,
        rateLimit: false,
        horizonKeeper: false,
        webhookDeliverer: false,
      });
      await createUser(server.core.database.kysely, { login: 'editor', role: 'editor' });
      key = await createApiKey(server.core.database.kysely, 'editor');
      await cluster.caughtUp();
    }, 60_000);
    afterAll(async () => {
      await server?.close();
    });

    it('reads the writer its write and others the replica while it lags, and answers without the replica', async () => {
      const created = await call('POST', '/events', {
        key,
        body: { title: 'Before', start_date: '2030-06-01 10:00:00', end_date: '2030-06-01 11:00:00' },
      });
      expect(created.status).toBe(201);
      expect(created.headers.get('calendar-data-version')).toMatch(/^\d+$/);
      const id = created.json.id as number;
      await cluster.caughtUp();
      await cluster.pauseReplay();
      let version: string;
      try {
        const updated = await call('POST', `/events/${id}`, { key, body: { title: 'After' } });
        expect(updated.status).toBe(200);
        version = updated.headers.get('calendar-data-version')!;
        expect(Number(version)).toBeGreaterThan(Number(created.headers.get('calendar-data-version')));
        // The writer (pinned), and another client with the version it was given: the primary.
        expect((await call('GET', `/events/${id}`, { key })).json.title).toBe('After');
        expect((await call('GET', `/events/${id}`, { version })).json.title).toBe('After');
        // A client that says nothing: the replica, as far as it has replayed.
        const untold = await call('GET', `/events/${id}`);
        expect(untold.status).toBe(200);
        expect(untold.json.title).toBe('Before');
      } finally {
        await cluster.resumeReplay();
      }
      await cluster.caughtUp();
      expect((await call('GET', `/events/${id}?again=1`)).json.title).toBe('After');

      await cluster.killStandby();
      try {
        for (const path of [`/events/${id}?down=1`, `/events/${id}?down=2`, '/events', '/venues']) {
          const read = await call('GET', path, { version });
          expect(read.status, path).toBe(200);
        }
        expect((await call('GET', `/events/${id}?down=3`)).json.title).toBe('After');
      } finally {
        await cluster.startStandby();
      }
    });
  });
});
