/**
 * A `calendar-events serve` process on PostgreSQL whose connections the server ends again and again
 * (`pg_terminate_backend`, as a restart, a failover or a proxy's idle timeout does) while writers keep
 * writing: the process stays up, answers 201 or 503 with Retry-After (never 500), serves again once the
 * terminations stop, and every acknowledged write is there.
 */
import { connectDatabase } from '@calendar-events/core';
import { describe, expect, it } from 'vitest';
import { freshDatabase, kill9, postgresAnswers, serve, TEST_PG_URL, withAdministrator } from './processes.js';

const ROUNDS = 15;
const WRITERS = 4;

describe.runIf(await postgresAnswers())('PostgreSQL connections terminated under load', () => {
  it('keeps the process up, answers 503 meanwhile, and loses no acknowledged write', {
    timeout: 60_000,
  }, async () => {
    const database = await freshDatabase('postgres');
    const admin = await connectDatabase(TEST_PG_URL);
    const key = await withAdministrator(database);
    const applicationName = `calendar-terminated-${process.pid}-${Date.now()}`;
    const url = new URL(database.url);
    url.searchParams.set('application_name', applicationName);
    const server = serve(url.toString());
    try {
      const base = await server.url;
      const statuses = new Map<number, number>();
      const acknowledged: number[] = [];
      let missingRetryAfter = 0;
      let writing = true;
      const writer = async (worker: number) => {
        for (let i = 0; writing; i++) {
          const response = await fetch(`${base}/calendar/events/v1/venues`, {
            method: 'POST',
            headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
            body: JSON.stringify({ venue: `Hall ${worker}-${i}` }),
          });
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          const body = (await response.json()) as { id: number };
          if (response.status === 201) acknowledged.push(body.id);
          else if (response.headers.get('retry-after') === null) missingRetryAfter++;
        }
      };
      const writers = Array.from({ length: WRITERS }, (_, worker) => writer(worker));
      let terminated = 0;
      for (let round = 0; round < ROUNDS; round++) {
        await new Promise((resolve) => setTimeout(resolve, 150));
        const ended = await admin.kysely
          .selectFrom('pg_stat_activity' as 'users')
          .select((eb) => eb.fn<boolean>('pg_terminate_backend', ['pid' as 'id']).as('ended'))
          .where('application_name' as 'login', '=', applicationName)
          .execute();
        terminated += ended.filter((row) => row.ended).length;
      }
      writing = false;
      await Promise.all(writers);

      expect(server.child.exitCode).toBe(null);
      expect(terminated).toBeGreaterThan(0);
      expect([...statuses.keys()].filter((status) => status !== 201 && status !== 503)).toEqual([]);
      expect(missingRetryAfter).toBe(0);
      // The first request after the last termination may still draw a connection the server ended a moment
      // before (its notice not yet read by the pool): that answers 503 with Retry-After, as while the database
      // was away, and the pool drops the connection. A client that retries as told is served again at once.
      let after: Response | undefined;
      for (let attempt = 0; attempt < 5; attempt++) {
        after = await fetch(`${base}/calendar/events/v1/venues`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ venue: 'After' }),
        });
        if (after.status !== 503) break;
        expect(after.headers.get('retry-after')).not.toBe(null);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(after?.status).toBe(201);
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      const opened = await database.open();
      try {
        const found = acknowledged.length
          ? await opened.kysely.selectFrom('posts').select('id').where('id', 'in', acknowledged).execute()
          : [];
        expect(found.length).toBe(acknowledged.length);
      } finally {
        await opened.destroy();
      }
      console.info(
        `terminated connections of a serving process: ${ROUNDS} rounds, ${terminated} connections ended; ` +
          `${acknowledged.length} writes acknowledged and found; answers ${JSON.stringify(Object.fromEntries(statuses))}`,
      );
    } finally {
      await kill9(server);
      await admin.destroy();
      await database.remove();
    }
  });
});
