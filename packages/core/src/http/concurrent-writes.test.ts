/**
 * Every check that decides a write (validation, permission, If-Match) runs inside the write's transaction,
 * so that concurrent writers cannot slip between a check and the write. On PostgreSQL two instances of the
 * service over one schema (two pools), each round racing conflicting writes, one through each instance. On
 * SQLite one instance: better-sqlite3 waits for another connection's lock synchronously, so two connections
 * in one process would block each other's commit (instances in separate processes: the fault tests).
 */

import { createSharedTestDatabase, testDialects } from '@calendar-events/tests/databases';
import { apiRequest } from '@calendar-events/tests/requests';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../auth/principal.js';
import { type CalendarCore, createCalendarCore } from '../core.js';
import { createApiKey, createUser } from '../resources/users/repository.js';
import type { CoreRequest } from './types.js';

const ROUNDS = 12;

async function twoInstances(name: 'sqlite' | 'postgres', instances: 1 | 2) {
  const shared = await createSharedTestDatabase(name, 'calendar-race-');
  const first = shared.connect();
  // SQLite: one instance in this process (see above).
  const second = name === 'postgres' && instances === 2 ? shared.connect() : undefined;
  await first.migrate();
  return { first, second, close: shared.close };
}

interface Answer {
  status: number;
  etag: string | undefined;
  // biome-ignore lint/suspicious/noExplicitAny: the answers are read as JSON
  json: any;
}

const dialects = await testDialects();

// SQLite: one instance (see above); PostgreSQL: two instances, and one (its pool's connections race).
const setups = dialects.flatMap((dialect): { name: 'sqlite' | 'postgres'; instances: 1 | 2 }[] =>
  dialect.name === 'sqlite'
    ? [{ name: dialect.name, instances: 1 }]
    : [
        { name: dialect.name, instances: 2 },
        { name: dialect.name, instances: 1 },
      ],
);

describe.each(setups)('conflicting writes ($name, $instances instance(s))', (setup) => {
  let close: () => Promise<void>;
  let here: CalendarCore;
  let there: CalendarCore;
  const keys: Partial<Record<Role, string>> = {};

  async function send(core: CalendarCore, request: CoreRequest): Promise<Answer> {
    const response = await core.handle(request);
    const text = response.body === undefined ? '' : String(response.body);
    return {
      status: response.status,
      etag: response.headers.ETag,
      json: text ? JSON.parse(text) : undefined,
    };
  }
  const as = (role: Role, method: string, path: string, body?: unknown, headers?: Record<string, string>) => {
    const request = apiRequest(method, path, { key: keys[role], body });
    Object.assign(request.headers, headers);
    return request;
  };

  beforeAll(async () => {
    const instances = await twoInstances(setup.name, setup.instances);
    close = instances.close;
    for (const role of ['administrator', 'editor', 'author', 'contributor'] as const) {
      await createUser(instances.first.kysely, { login: role, role });
      keys[role] = await createApiKey(instances.first.kysely, role);
    }
    here = createCalendarCore({ database: instances.first });
    there = instances.second ? createCalendarCore({ database: instances.second }) : here;
  });
  afterAll(() => close());

  const event = (title: string, extra: Record<string, unknown> = {}) => ({
    title,
    start_date: '2030-05-01 10:00:00',
    end_date: '2030-05-01 12:00:00',
    status: 'publish',
    ...extra,
  });

  it('lets exactly one of two PUTs with the same If-Match win, every round', async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const created = await send(here, as('administrator', 'POST', '/events', event(`Round ${round}`)));
      expect(created.status).toBe(201);
      const id = created.json.id;
      const read = await send(here, as('administrator', 'GET', `/events/${id}`));
      const ifMatch = { 'if-match': read.etag! };
      const answers = await Promise.all([
        send(here, as('administrator', 'PUT', `/events/${id}`, { title: `A ${round}` }, ifMatch)),
        send(there, as('administrator', 'PUT', `/events/${id}`, { title: `B ${round}` }, ifMatch)),
      ]);
      outcomes.push(
        answers
          .map((answer) => answer.status)
          .sort()
          .join('+'),
      );
    }
    expect(outcomes).toEqual(Array(ROUNDS).fill('200+412'));
  });

  it("never lands a contributor's edit on an event an editor published meanwhile", async () => {
    const late: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const draft = await send(
        here,
        as('contributor', 'POST', '/events', event(`Draft ${round}`, { status: 'draft' })),
      );
      expect(draft.status).toBe(201);
      const id = draft.json.id;
      const [publish, edit] = await Promise.all([
        send(here, as('editor', 'PUT', `/events/${id}`, { status: 'publish' })),
        send(there, as('contributor', 'PUT', `/events/${id}`, { title: `Edited ${round}` })),
      ]);
      expect(publish.status).toBe(200);
      // Either the edit came first (it answers the draft), or it is refused: a contributor may not edit a
      // published event.
      expect([200, 403]).toContain(edit.status);
      if (edit.status === 200 && edit.json.status === 'publish') late.push(round);
    }
    expect(late).toEqual([]);
  });

  it('never shows a venue or organizer trashed while an event was being linked to it', async () => {
    const shown: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const venue = await send(here, as('editor', 'POST', '/venues', { venue: `Hall ${round}` }));
      const organizer = await send(here, as('editor', 'POST', '/organizers', { organizer: `Org ${round}` }));
      expect([venue.status, organizer.status]).toEqual([201, 201]);
      const [linked, venueTrashed, organizerTrashed] = await Promise.all([
        send(
          here,
          as(
            'editor',
            'POST',
            '/events',
            event(`Linked ${round}`, { venue: venue.json.id, organizer: [organizer.json.id] }),
          ),
        ),
        send(there, as('editor', 'DELETE', `/venues/${venue.json.id}`)),
        send(there, as('editor', 'DELETE', `/organizers/${organizer.json.id}`)),
      ]);
      if (linked.status !== 201) continue;
      const seen = await send(here, apiRequest('GET', `/events/${linked.json.id}`));
      expect(seen.status).toBe(200);
      const venueShown = seen.json.venue?.id;
      const organizersShown = (seen.json.organizer ?? []).map((o: { id: number }) => o.id);
      if (venueTrashed.status === 200 && venueShown !== undefined)
        shown.push(`round ${round}: trashed venue ${venueShown}`);
      if (organizerTrashed.status === 200 && organizersShown.length > 0)
        shown.push(`round ${round}: trashed organizers ${organizersShown}`);
    }
    expect(shown).toEqual([]);
  });
});
