/**
 * Two `calendar-events serve --pushed-version` processes on one PostgreSQL database, and one of them killed
 * (SIGKILL: no goodbye, its lease left behind): the next write through the other waits for the killed one's
 * acknowledgement (1 s), fences its lease off and waits it out (3 s at most), then answers; the writes after
 * it wait for nobody. Reads through the survivor see every write throughout.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freshDatabase,
  kill9,
  postgresAnswers,
  type ServeProcess,
  serve,
  type TestDatabase,
  withAdministrator,
} from './processes.js';

const ACK_TIMEOUT_MS = 1000;
const LEASE_MS = 3000;

describe.skipIf(!(await postgresAnswers()))('serve --pushed-version, one instance killed', () => {
  let database: TestDatabase;
  let servers: ServeProcess[] = [];
  let urls: string[] = [];
  let key: string;

  beforeAll(async () => {
    database = await freshDatabase('postgres');
    key = await withAdministrator(database);
    servers = [serve(database.url, ['--pushed-version']), serve(database.url, ['--pushed-version'])];
    urls = await Promise.all(servers.map((server) => server.url));
  }, 30_000);
  afterAll(async () => {
    await Promise.all(servers.map(kill9));
    await database?.remove();
  });

  const create = async (title: string) => {
    const started = performance.now();
    const response = await fetch(`${urls[0]}/calendar/events/v1/events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        title,
        start_date: '2030-05-01 10:00:00',
        end_date: '2030-05-01 11:00:00',
        status: 'publish',
      }),
    });
    expect(response.status).toBe(201);
    return performance.now() - started;
  };
  const titles = async (url: string) => {
    const response = await fetch(
      `${url}/calendar/events/v1/events?start_date=2030-01-01&end_date=2030-12-31&per_page=50`,
    );
    return ((await response.json()) as { events: { title: string }[] }).events.map((event) => event.title);
  };

  it('waits out the killed instance once, then writes as before', { timeout: 60_000 }, async () => {
    // Both listening: a write through one is read at once through the other.
    const until = Date.now() + 10_000;
    for (let round = 0; ; round++) {
      await create(`Before ${round}`);
      if ((await titles(urls[1]!)).includes(`Before ${round}`)) break;
      if (Date.now() > until) throw new Error('the second instance never saw the first one’s writes');
    }
    // Long enough for each instance to have renewed its lease and registered.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await kill9(servers[1]!);

    const waited = await create('After the kill');
    expect(waited).toBeGreaterThanOrEqual(ACK_TIMEOUT_MS);
    expect(waited).toBeLessThan(ACK_TIMEOUT_MS + LEASE_MS + 3000);
    const next = await create('Once fenced');
    expect(next).toBeLessThan(ACK_TIMEOUT_MS);
    expect(await titles(urls[0]!)).toEqual(expect.arrayContaining(['After the kill', 'Once fenced']));
  });
});
