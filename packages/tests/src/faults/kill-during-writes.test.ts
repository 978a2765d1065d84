/**
 * `kill -9` of a serving process in the middle of a stream of writes, then a restart: every write that was
 * acknowledged (a 2xx received) is found, and nothing is half-written (an event without its texts or its
 * event row, a term count off). Each database is killed KILLS times with writers running.
 */
import { afterAll, describe, expect, it } from 'vitest';
import {
  countEvents,
  freshDatabase,
  halfWritten,
  kill9,
  postgresAnswers,
  serve,
  type TestDatabase,
  withAdministrator,
} from './processes.js';

const KILLS = 3;
const WRITERS = 4;
const databases = (await postgresAnswers()) ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);

/** What a writer was told: the events created, and per event its last acknowledged and in-flight titles. */
interface Acknowledged {
  titles: Map<number, { acknowledged: string; inFlight?: string }>;
  writes: number;
  failed: number;
}

async function writeUntilKilled(url: string, key: string, worker: number, seen: Acknowledged, run: number) {
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  let own: number | undefined;
  for (let i = 0; ; i++) {
    const title = `W${run}-${worker}-${i}`;
    const body = {
      title,
      start_date: '2030-06-01 10:00:00',
      end_date: '2030-06-01 12:00:00',
      status: 'publish',
      tags: [`tag-${run}-${worker}-${i}`, 'shared'],
      categories: ['Faults'],
      venue: { venue: `Venue ${run}-${worker}-${i}` },
    };
    const update = own !== undefined && i % 2 === 1;
    if (update) seen.titles.get(own!)!.inFlight = title;
    let response: Response;
    try {
      response = await fetch(
        update ? `${url}/calendar/events/v1/events/${own}` : `${url}/calendar/events/v1/events`,
        {
          method: update ? 'PUT' : 'POST',
          headers,
          body: JSON.stringify(update ? { title, tags: [`moved-${worker}`, 'shared'] } : body),
        },
      );
    } catch {
      return; // The server is gone.
    }
    const answer = (await response.json().catch(() => undefined)) as { id?: number } | undefined;
    if (response.status >= 300) {
      seen.failed++;
      continue;
    }
    seen.writes++;
    if (update) seen.titles.set(own!, { acknowledged: title });
    else {
      own = answer!.id!;
      seen.titles.set(own, { acknowledged: title });
    }
  }
}

describe.each(databases)('kill -9 during writes (%s)', (name) => {
  let database: TestDatabase;
  afterAll(() => database?.remove());

  it('loses no acknowledged write and leaves nothing half-written', { timeout: 60_000 }, async () => {
    database = await freshDatabase(name);
    const key = await withAdministrator(database);
    const seen: Acknowledged = { titles: new Map(), writes: 0, failed: 0 };
    for (let run = 0; run < KILLS; run++) {
      const server = serve(database.url);
      const url = await server.url;
      // The category exists before the writers name it, so that they do not race to create it.
      await fetch(`${url}/calendar/events/v1/categories`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Faults' }),
      });
      const writers = Array.from({ length: WRITERS }, (_, worker) =>
        writeUntilKilled(url, key, worker, seen, run),
      );
      await new Promise((resolve) => setTimeout(resolve, 400 + Math.random() * 600));
      await kill9(server);
      await Promise.all(writers);
    }

    const restarted = serve(database.url);
    const url = await restarted.url;
    try {
      const lost: string[] = [];
      for (const [id, { acknowledged, inFlight }] of seen.titles) {
        const response = await fetch(`${url}/calendar/events/v1/events/${id}`);
        const event = (await response.json()) as { title?: string };
        if (response.status !== 200) lost.push(`event ${id}: ${response.status}`);
        else if (event.title !== acknowledged && event.title !== inFlight)
          lost.push(`event ${id}: "${event.title}", acknowledged "${acknowledged}"`);
      }
      expect(lost).toEqual([]);

      expect(await halfWritten(database)).toEqual({ events: [], terms: [] });
      const stored = await countEvents(database);
      console.info(
        `kill -9 during writes (${name}): ${KILLS} kills, ${seen.writes} writes acknowledged ` +
          `(${seen.titles.size} events), all found; ${stored} events stored, ${seen.failed} refused`,
      );
    } finally {
      await kill9(restarted);
    }
  });
});
