/**
 * The change log of a TEC import, on SQLite and PostgreSQL: each record imported appears once, created, in
 * the batch that wrote it (a term once more when its count is set); a second run over the same snapshot adds nothing; a run that updates records adds
 * one change for each of them (and for the terms whose counts moved), and an event back to draft at the source
 * leaves the public view as a deletion.
 */

import { testDialects } from '@calendar-events/tests/databases';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CalendarDatabase } from '../../db/database.js';
import { readChangePage, readLogState } from '../../resources/changes/repository.js';
import type { ChangePosition } from '../../resources/changes/token.js';
import { createUser } from '../../resources/users/repository.js';
import { importTecSnapshot, type TecWriteOptions } from './service.js';
import { recordedSnapshot } from './testdata/snapshot.js';
import type { TecSnapshot } from './types.js';

// biome-ignore lint/suspicious/noExplicitAny: recorded answers are plain JSON of any shape
type Json = any;

const dialects = await testDialects();
const OPTIONS: TecWriteOptions = { fallbackAuthor: 'importer', now: new Date('2026-11-26T08:00:00Z') };

describe.each(dialects)('the change log of a TEC import ($name)', (dialect) => {
  let database: CalendarDatabase;

  beforeEach(async () => {
    const opened = await dialect.open();
    database = opened.database;
    await createUser(database.kysely, { login: 'importer', role: 'editor' });
    return opened.close;
  });

  const now = async () => (await readLogState(database.kysely)).now;
  const since = async (from: ChangePosition) =>
    (await readChangePage(database.kysely, from, { kind: 'all' }, 10_000)).map(
      (row) => `${row.type} ${row.record_id} ${row.action}`,
    );

  it('logs each record imported once, created; a second run adds nothing', async () => {
    const from = await now();
    const report = await importTecSnapshot(database, recordedSnapshot(), OPTIONS);
    const logged = await since(from);
    const created = logged.filter((change) => change.endsWith(' created'));
    expect(new Set(created).size).toBe(created.length);
    for (const kind of ['event', 'venue', 'organizer', 'category', 'tag'] as const)
      expect(created.filter((change) => change.startsWith(`${kind} `)).length, kind).toBe(
        report.byKind[kind].created,
      );
    // Besides: the terms' counts, set once the events are in (a write of its own), each once after its creation.
    const counted = logged.slice(created.length);
    expect(logged.slice(0, created.length)).toEqual(created);
    expect(
      counted.every((change) => /^(category|tag) \d+ updated$/.test(change)),
      `${counted}`,
    ).toBe(true);
    expect(new Set(counted).size).toBe(counted.length);

    const again = await now();
    await importTecSnapshot(database, recordedSnapshot(), OPTIONS);
    expect(await since(again)).toEqual([]);
  });

  it('logs a run that updates records: one change each, the terms whose counts moved, a draft as a deletion', async () => {
    await importTecSnapshot(database, recordedSnapshot(), OPTIONS);
    const changed: TecSnapshot = recordedSnapshot();
    const moved = changed.events.find((e) => e.id === 146) as Json;
    Object.assign(moved, {
      title: 'Event 2, moved',
      modified_utc: '2026-11-26 07:00:00',
      modified: '2026-11-26 07:00:00',
      categories: structuredClone(changed.events.find((e) => e.id === 145)!.categories),
    });
    Object.assign(changed.events.find((e) => e.id === 147)!, {
      status: 'draft',
      modified_utc: '2026-11-26 07:10:00',
    });
    (changed.categories.find((c) => c.id === 39) as Json).name = 'Neighbours';
    const from = await now();
    await importTecSnapshot(database, changed, OPTIONS);
    const logged = await since(from);
    expect(new Set(logged).size).toBe(logged.length);
    // The events, the renamed category, and those whose counts moved (33 lost 146, 30 gained it, 36 lost 147).
    expect(logged.filter((change) => change.startsWith('event ')).sort()).toEqual([
      'event 146 updated',
      'event 147 updated',
    ]);
    expect(logged).toEqual(
      expect.arrayContaining(['category 39 updated', 'category 33 updated', 'category 30 updated']),
    );
    expect(logged.every((change) => change.endsWith(' updated'))).toBe(true);
    // Readable before, not after: the public view (resources/changes/service.ts) shows it leave as a deletion.
    const rows = await readChangePage(database.kysely, from, { kind: 'public' }, 10_000);
    const draft = rows.find((row) => row.type === 'event' && row.record_id === 147);
    expect(draft && [draft.was_public, draft.is_public]).toEqual([1, 0]);
  });
});
