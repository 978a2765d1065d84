/**
 * The live stream through core as a library (its chunks read directly), and across instances: a change made
 * through one core on PostgreSQL reaches a stream of another core on the same database within a second
 * (its follower polls every 500 ms by default; the log is the truth, no notification is needed).
 */
import { createTestSchema, TEST_PG_URL, testDialects } from '@calendar-events/tests/databases';
import { apiRequest } from '@calendar-events/tests/requests';
import { readSseBody } from '@calendar-events/tests/sse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CalendarCore, createCalendarCore } from '../../core.js';
import { createPostgresDatabase } from '../../db/postgres.js';
import { createApiKey, createUser } from '../users/repository.js';

const hasPostgres = (await testDialects()).some((dialect) => dialect.name === 'postgres');

const QUIET = { horizonKeeper: false, changePruner: false, webhookDeliverer: false } as const;

interface Arrival {
  id: string;
  data: { type: string; id: number; action: string };
  at: number;
}

/** Reads a stream's chunks as they come, keeping each change (an event of the default type) and when it came. */
function follow(chunks: AsyncIterable<Uint8Array>) {
  const arrivals: Arrival[] = [];
  const done = readSseBody(chunks, (record) => {
    if (record.kind === 'event' && record.event === undefined)
      arrivals.push({ id: record.id ?? '', data: JSON.parse(record.data), at: Date.now() });
  });
  return { arrivals, done };
}

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe.runIf(hasPostgres)('live stream across instances (PostgreSQL)', () => {
  let schema: Awaited<ReturnType<typeof createTestSchema>>;
  let streaming: CalendarCore;
  let writing: CalendarCore;
  let key: string;

  beforeAll(async () => {
    schema = await createTestSchema({ migrated: true });
    const open = () =>
      createPostgresDatabase({ connectionString: TEST_PG_URL, schema: schema.schema, max: 4 });
    const first = open();
    await first.migrate();
    await createUser(first.kysely, { login: 'editor', role: 'editor' });
    key = await createApiKey(first.kysely, 'editor', 'test');
    streaming = createCalendarCore({ database: first, ...QUIET });
    writing = createCalendarCore({ database: open(), ...QUIET });
  });
  afterAll(async () => {
    await streaming?.close();
    await writing?.close();
    await schema?.drop();
  });

  it("a write through one instance reaches another's stream within a second, in order, once", async () => {
    const response = await streaming.handle(apiRequest('GET', '/changes/stream'));
    expect(response.status).toBe(200);
    const stream = response.stream!;
    const { arrivals, done } = follow(stream.chunks);
    const written: { id: number; at: number }[] = [];
    for (let index = 0; index < 5; index++) {
      const created = await writing.handle(
        apiRequest('POST', '/tags', { key, body: { name: `Tag ${index}` } }),
      );
      expect(created.status).toBe(201);
      written.push({ id: JSON.parse(String(created.body)).id, at: Date.now() });
      await until(() => arrivals.length > index, 3000);
      await new Promise((resolve) => setTimeout(resolve, 100 * index));
    }
    expect(
      arrivals.map((arrival) => `${arrival.data.type} ${arrival.data.id} ${arrival.data.action}`),
    ).toEqual(written.map((tag) => `tag ${tag.id} created`));
    const delays = arrivals.map((arrival, index) => arrival.at - written[index]!.at);
    // The follower polls every 500 ms: a change waits at most one poll and a page's read.
    for (const delay of delays) expect(delay).toBeLessThan(1000);
    expect(streaming.changeStreams.open).toBe(1);
    stream.cancel();
    await done;
    expect(streaming.changeStreams.open).toBe(0);
  });

  it('a library caller that stops reading frees the place at once', async () => {
    const response = await streaming.handle(apiRequest('GET', '/changes/stream'));
    for await (const _chunk of response.stream!.chunks) break;
    expect(streaming.changeStreams.open).toBe(0);
  });
});
