/**
 * Two `calendar-events serve` processes on one database (PostgreSQL; SQLite too: two processes on one
 * file) with conflicting writes: each round, PUTs carrying the same If-Match go to both processes at once
 * (PER_INSTANCE each), and exactly one wins (200) while the others are told the event changed (412).
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

const ROUNDS = 15;
const PER_INSTANCE = 3;
const databases = (await postgresAnswers()) ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);

describe.each(databases)('two instances on one %s database', (name) => {
  let database: TestDatabase;
  let servers: ServeProcess[] = [];
  let urls: string[] = [];
  let key: string;

  beforeAll(async () => {
    database = await freshDatabase(name);
    key = await withAdministrator(database);
    servers = [serve(database.url), serve(database.url)];
    urls = await Promise.all(servers.map((server) => server.url));
  }, 30_000);
  afterAll(async () => {
    await Promise.all(servers.map(kill9));
    await database.remove();
  });

  const send = async (url: string, method: string, path: string, body?: unknown, ifMatch?: string) => {
    const response = await fetch(`${url}/calendar/events/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        ...(ifMatch ? { 'if-match': ifMatch } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return {
      status: response.status,
      etag: response.headers.get('etag'),
      json: (await response.json()) as { id: number },
    };
  };

  it('lets exactly one of the PUTs with the same ETag win, every round', { timeout: 60_000 }, async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const created = await send(urls[0]!, 'POST', '/events', {
        title: `Round ${round}`,
        start_date: '2030-05-01 10:00:00',
        end_date: '2030-05-01 12:00:00',
        status: 'publish',
      });
      expect(created.status).toBe(201);
      const read = await send(urls[1]!, 'GET', `/events/${created.json.id}`);
      const answers = await Promise.all(
        urls
          .flatMap((url) => Array<string>(PER_INSTANCE).fill(url))
          .map((url, i) =>
            send(url, 'PUT', `/events/${created.json.id}`, { title: `${i} ${round}` }, read.etag!),
          ),
      );
      outcomes.push(
        answers
          .map((answer) => answer.status)
          .sort()
          .join('+'),
      );
    }
    console.info(`two instances on ${name}: ${ROUNDS} rounds, outcomes ${JSON.stringify(outcomes)}`);
    const oneWinner = ['200', ...Array<string>(2 * PER_INSTANCE - 1).fill('412')].join('+');
    expect(outcomes).toEqual(Array(ROUNDS).fill(oneWinner));
  });
});
