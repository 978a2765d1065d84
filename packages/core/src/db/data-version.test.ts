/**
 * The data version read shared by the requests of one event-loop turn (`createVersionReader`): a request
 * whose client goes away cancels its own statements, never the shared read the others of its turn wait on.
 */

import { testDialects } from '@calendar-events/tests/databases';
import { describe, expect, it } from 'vitest';
import { createVersionReader } from './data-version.js';
import type { CalendarDatabase } from './database.js';

const dialects = await testDialects();

describe.each(dialects)('createVersionReader ($name)', (dialect) => {
  it('answers the turn’s other requests when the request that started the read is given up', async () => {
    const { database, close } = await dialect.open();
    try {
      const reader = createVersionReader(database);
      const gone = new AbortController();
      // The first request of the turn starts the read, and its client goes away at once.
      const first = database.whileWanted
        ? database.whileWanted(gone.signal, async () => reader.read())
        : Promise.resolve(reader.read());
      gone.abort();
      // Another request of the same turn shares the read and gets the version.
      const second = await reader.read();
      expect(typeof second).toBe('number');
      expect(await first).toBe(second);
    } finally {
      await close();
    }
  });
});

/** A database whose version reads wait until the test answers them, each with the version of the moment. */
function controlledReads() {
  let version = 1;
  let started = 0;
  const pending: Array<{ resolve: (rows: { rows: { version: number }[] }) => void; startedAt: number }> = [];
  const database = {
    kysely: {
      executeQuery: () =>
        new Promise((resolve) => {
          started += 1;
          pending.push({ resolve, startedAt: version });
        }),
    },
  } as unknown as CalendarDatabase;
  return {
    database,
    pending,
    started: () => started,
    commitWrite: () => {
      version += 1;
    },
    /** Answers the oldest read with the version it saw when it started. */
    answerOldest: () => {
      const read = pending.shift();
      read?.resolve({ rows: [{ version: read.startedAt }] });
    },
  };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('createVersionReader, reads in flight', () => {
  it('shares a read within a turn, and makes requests of later turns wait for a read started after them', async () => {
    const reads = controlledReads();
    const reader = createVersionReader(reads.database);
    const first = reader.read();
    expect(reader.read()).toBe(first);
    expect(reads.pending).toHaveLength(1);
    await nextTurn();
    // Another instance commits; a request arriving now must see it, not the read already in flight.
    reads.commitWrite();
    const later = reader.read();
    await nextTurn();
    const laterStill = reader.read();
    expect(laterStill).toBe(later);
    expect(reads.pending).toHaveLength(1);
    reads.answerOldest();
    expect(await first).toBe(1);
    await nextTurn();
    expect(reads.pending).toHaveLength(1);
    reads.answerOldest();
    expect(await later).toBe(2);
  });

  it('reads once per round trip, not once per turn, while requests keep arriving', async () => {
    const reads = controlledReads();
    const reader = createVersionReader(reads.database);
    let mostInFlight = 0;
    const answers: Promise<unknown>[] = [];
    for (let turn = 0; turn < 40; turn++) {
      answers.push(Promise.resolve(reader.read()));
      mostInFlight = Math.max(mostInFlight, reads.pending.length);
      // A round trip takes ten turns.
      if (turn % 10 === 9) reads.answerOldest();
      await nextTurn();
    }
    while (reads.pending.length > 0) {
      reads.answerOldest();
      await nextTurn();
    }
    expect((await Promise.all(answers)).every((version) => version === 1)).toBe(true);
    expect(mostInFlight).toBe(1);
    // Forty requests, one per turn, over four round trips: a read per round trip (and the last one's follower).
    expect(reads.started()).toBeLessThanOrEqual(5);
  });

  it('after a write of this process, waits for a read started after it', async () => {
    const reads = controlledReads();
    const reader = createVersionReader(reads.database);
    const before = reader.read();
    reads.commitWrite();
    reader.forget();
    const after = reader.read();
    expect(after).not.toBe(before);
    reads.answerOldest();
    await nextTurn();
    reads.answerOldest();
    expect(await before).toBe(1);
    expect(await after).toBe(2);
  });
});
