/**
 * Two `calendar-events serve` processes on one PostgreSQL database, each with its response cache on (the
 * default), one on Fastify and one on Express: a write through one is seen by the very next read through the
 * other. Each round primes both caches (the list and one event answered, a revalidation with their ETags
 * answered 304), writes through one instance (a new event, and a new title for the watched event), then reads
 * through the other at once: the list counts and contains the new event, the event has its new title and
 * another ETag, and a revalidation with the ETag of before is answered 200 with the new data. The rounds
 * alternate the direction, so that each instance's cache (and adapter) is the one a stale answer could come
 * from. Where PostgreSQL does not answer (a developer machine; CI fails instead) the two processes share a
 * SQLite file. On PostgreSQL the rounds run twice: with the version read per answer (the default) and with
 * `--pushed-version`, where a write answers once the other instance acknowledged it (a killed instance:
 * faults/pushed-version.test.ts).
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
} from '../faults/processes.js';

const ROUNDS = 12;
const API = '/calendar/events/v1';
/**
 * A list with its dates given, so that its answer does not depend on the clock and stays kept from one second
 * to the next (a list with the default window is kept within its second only); large enough a page for every
 * event the rounds create.
 */
const LIST = '/events?per_page=50&start_date=2027-01-01&end_date=2027-12-31';

const targets = (await postgresAnswers())
  ? [
      { name: 'postgres', pushed: false },
      { name: 'postgres', pushed: true },
    ]
  : [{ name: 'sqlite', pushed: false }];
const ADAPTERS = ['fastify', 'express'] as const;

interface Answer {
  status: number;
  etag: string | null;
  total: string | null;
  body: string;
}

describe.each(targets)(
  'two instances with the response cache on, on one $name database (version pushed: $pushed)',
  ({ name, pushed }) => {
    let database: TestDatabase;
    let servers: ServeProcess[] = [];
    let urls: string[] = [];
    let key: string;

    beforeAll(async () => {
      database = await freshDatabase(name as 'postgres' | 'sqlite');
      key = await withAdministrator(database);
      servers = ADAPTERS.map((adapter) =>
        serve(database.url, ['--adapter', adapter, ...(pushed ? ['--pushed-version'] : [])]),
      );
      urls = await Promise.all(servers.map((server) => server.url));
    }, 30_000);
    afterAll(async () => {
      await Promise.all(servers.map(kill9));
      await database?.remove();
    });

    /** One request; the same encoding every time, since each encoding of an answer has an ETag of its own. */
    const send = async (
      url: string,
      method: string,
      path: string,
      options: { body?: unknown; ifNoneMatch?: string } = {},
    ): Promise<Answer> => {
      const response = await fetch(`${url}${API}${path}`, {
        method,
        headers: {
          'accept-encoding': 'identity',
          ...(method === 'GET' ? {} : { authorization: `Bearer ${key}`, 'content-type': 'application/json' }),
          ...(options.ifNoneMatch ? { 'if-none-match': options.ifNoneMatch } : {}),
        },
        ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      });
      return {
        status: response.status,
        etag: response.headers.get('etag'),
        total: response.headers.get('x-wp-total'),
        body: await response.text(),
      };
    };

    /** The list and the event through `url`, twice: the second answers come from its cache, and revalidate. */
    const prime = async (url: string, eventId: number) => {
      const list = await send(url, 'GET', LIST);
      const event = await send(url, 'GET', `/events/${eventId}`);
      expect([list.status, event.status]).toEqual([200, 200]);
      const revalidated = await Promise.all([
        send(url, 'GET', LIST, { ifNoneMatch: list.etag! }),
        send(url, 'GET', `/events/${eventId}`, { ifNoneMatch: event.etag! }),
      ]);
      expect(revalidated.map((answer) => answer.status)).toEqual([304, 304]);
      return { list, event };
    };

    it('answers a read through one instance (Fastify, Express) with what was just written through the other', async () => {
      const watched = await send(urls[0]!, 'POST', '/events', {
        body: {
          title: 'Watched reading',
          start_date: '2027-05-01 10:00:00',
          end_date: '2027-05-01 12:00:00',
          status: 'publish',
        },
      });
      expect(watched.status).toBe(201);
      const watchedId = (JSON.parse(watched.body) as { id: number }).id;
      let events = 1;

      for (let round = 0; round < ROUNDS; round++) {
        const [writer, reader] = round % 2 === 0 ? [urls[0]!, urls[1]!] : [urls[1]!, urls[0]!];
        const before = await prime(reader, watchedId);
        await prime(writer, watchedId);
        expect(before.list.total).toBe(String(events));

        const created = await send(writer, 'POST', '/events', {
          body: {
            title: `Reading ${round}`,
            start_date: `2027-06-${String(round + 1).padStart(2, '0')} 19:00:00`,
            end_date: `2027-06-${String(round + 1).padStart(2, '0')} 21:00:00`,
            status: 'publish',
          },
        });
        expect(created.status).toBe(201);
        const createdId = (JSON.parse(created.body) as { id: number }).id;
        events++;
        const retitled = await send(writer, 'POST', `/events/${watchedId}`, {
          body: { title: `Watched reading, round ${round}` },
        });
        expect(retitled.status).toBe(200);

        // Through the other instance, at once.
        const list = await send(reader, 'GET', LIST);
        expect(list.status).toBe(200);
        expect(list.total).toBe(String(events));
        expect((JSON.parse(list.body) as { events: { id: number }[] }).events.map((e) => e.id)).toContain(
          createdId,
        );
        expect(list.etag).not.toBe(before.list.etag);
        const event = await send(reader, 'GET', `/events/${watchedId}`);
        expect(event.status).toBe(200);
        expect((JSON.parse(event.body) as { title: string }).title).toBe(`Watched reading, round ${round}`);
        expect(event.etag).not.toBe(before.event.etag);

        // A client that revalidates what it held before the write gets the new answer, not a 304.
        const revalidatedList = await send(reader, 'GET', LIST, { ifNoneMatch: before.list.etag! });
        expect(revalidatedList.status).toBe(200);
        expect(revalidatedList.total).toBe(String(events));
        const revalidatedEvent = await send(reader, 'GET', `/events/${watchedId}`, {
          ifNoneMatch: before.event.etag!,
        });
        expect(revalidatedEvent.status).toBe(200);
        expect(revalidatedEvent.etag).toBe(event.etag);
        // And with the new ETag, a 304: the new answer is the one kept now.
        expect((await send(reader, 'GET', `/events/${watchedId}`, { ifNoneMatch: event.etag! })).status).toBe(
          304,
        );
      }
    });
  },
);
