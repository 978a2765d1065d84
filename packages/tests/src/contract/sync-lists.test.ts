/**
 * Sync tokens on the lists: every list's last page carries `Sync-Token`; `sync_token` answers the records of
 * the list changed since, its filters applied, and names in `Sync-Removed` the changed ones no longer in it;
 * `updated_since` filters by modification time. Plain lists keep their shape.
 */
import { sql } from 'kysely';
import { beforeEach, expect, it } from 'vitest';
import { describeContract } from '../index.js';
import type { TestResponse } from '../service.js';

interface ListKind {
  path: string;
  key: string;
  /** The body of a create, named `name`. */
  create: (name: string) => Record<string, unknown>;
  /** The body of an update that renames it. */
  rename: (name: string) => Record<string, unknown>;
  /** Query of every list request (terms: empty ones shown). */
  base: Record<string, unknown>;
  /** Whether a DELETE without force trashes it. */
  trash: boolean;
}

const LISTS: ListKind[] = [
  {
    path: '/events',
    key: 'events',
    create: (title) => ({ title, start_date: '2026-12-01 19:00:00', end_date: '2026-12-01 21:00:00' }),
    rename: (title) => ({ title }),
    base: {},
    trash: true,
  },
  {
    path: '/venues',
    key: 'venues',
    create: (venue) => ({ venue }),
    rename: (venue) => ({ venue }),
    base: {},
    trash: true,
  },
  {
    path: '/organizers',
    key: 'organizers',
    create: (organizer) => ({ organizer }),
    rename: (organizer) => ({ organizer }),
    base: {},
    trash: true,
  },
  {
    path: '/categories',
    key: 'categories',
    create: (name) => ({ name }),
    rename: (name) => ({ name, slug: name.toLowerCase().replaceAll(' ', '-') }),
    base: { hide_empty: false },
    trash: false,
  },
  {
    path: '/tags',
    key: 'tags',
    create: (name) => ({ name }),
    rename: (name) => ({ name, slug: name.toLowerCase().replaceAll(' ', '-') }),
    base: { hide_empty: false },
    trash: false,
  },
];

describeContract(
  'sync tokens on the lists',
  (service) => {
    beforeEach(async () => {
      await service().reset();
      service().setNow('2026-11-26T12:00:00Z');
    });

    const ok = (res: TestResponse, status = 200) => {
      expect(res.status, res.text).toBe(status);
      return res.json;
    };
    const write = async (method: string, path: string, json: Record<string, unknown> = {}) =>
      method === 'DELETE'
        ? service().request(method, path, { query: json, as: 'editor' })
        : service().request(method, path, { json, as: 'editor' });

    for (const kind of LISTS) {
      const list = (query: Record<string, unknown> = {}, as?: string) =>
        service().request('GET', kind.path, { query: { ...kind.base, ...query }, ...(as ? { as } : {}) });
      const create = async (name: string) =>
        ok(await write('POST', kind.path, kind.create(name)), 201).id as number;
      const ids = (res: TestResponse) => (res.json[kind.key] as Array<{ id: number }>).map((r) => r.id);
      const removed = (res: TestResponse) =>
        res.headers['sync-removed'] === '' ? [] : res.headers['sync-removed']!.split(',').map(Number);

      it(`${kind.path}: a round trip: the last page's Sync-Token, then only what changed since, then nothing`, async () => {
        const a = await create('Alpha');
        const b = await create('Beta');
        const plain = await list();
        ok(plain);
        const token = plain.headers['sync-token'];
        expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
        expect(plain.headers['sync-removed']).toBeUndefined();
        ok(await write('POST', `${kind.path}/${b}`, kind.rename('Beta two')));
        const synced = await list({ sync_token: token });
        ok(synced);
        expect(ids(synced)).toEqual([b]);
        expect(synced.json.total).toBe(1);
        expect(removed(synced)).toEqual([]);
        expect(synced.json.rest_url).toContain(`sync_token=${token}`);
        const next = synced.headers['sync-token']!;
        const again = await list({ sync_token: next });
        expect(ids(again)).toEqual([]);
        expect(removed(again)).toEqual([]);
        expect(a).not.toBe(b);
      });

      it(`${kind.path}: Sync-Token on the last page only; a sync's pages keep sync_token`, async () => {
        for (const name of ['One', 'Two', 'Three']) await create(name);
        const first = ok(await list({ per_page: 2 }));
        expect(first.next_rest_url).toBeDefined();
        const page1 = await list({ per_page: 2 });
        expect(page1.headers['sync-token']).toBeUndefined();
        const page2 = await list({ per_page: 2, page: 2 });
        expect(page2.headers['sync-token']).toBeDefined();
        const token = page2.headers['sync-token']!;
        const c = await create('Four');
        const d = await create('Five');
        const e = await create('Six');
        const s1 = await list({ per_page: 2, sync_token: token });
        expect(s1.json.total).toBe(3);
        expect(s1.headers['sync-token']).toBeUndefined();
        expect(s1.headers['sync-removed']).toBeUndefined();
        expect(s1.json.next_rest_url).toContain(`sync_token=${token}`);
        expect(s1.headers.link).toContain(`sync_token=${token}`);
        // Term lists link their pages by `page` alone, as the plugin does: the sync asks for the rest itself.
        const s2 = kind.trash
          ? await service().request('GET', s1.json.next_rest_url)
          : await list({ per_page: 2, page: 2, sync_token: token });
        ok(s2);
        expect([...ids(s1), ...ids(s2)].sort((x, y) => x - y)).toEqual([c, d, e]);
        expect(s2.headers['sync-token']).toBeDefined();
        expect(removed(s2)).toEqual([]);
      });

      it(`${kind.path}: a plain list keeps its shape (no body key, no Sync-Removed)`, async () => {
        await create('Alpha');
        const res = await list();
        const keys = Object.keys(ok(res)).sort();
        expect(keys).toEqual([kind.key, 'rest_url', 'total', 'total_pages'].sort());
        expect(res.json.rest_url).not.toContain('sync_token');
        const synced = await list({ sync_token: res.headers['sync-token'] });
        expect(Object.keys(ok(synced)).sort()).toEqual(keys);
      });

      it(`${kind.path}: names deleted${kind.trash ? ' and trashed' : ''} records in Sync-Removed`, async () => {
        const gone = await create('Gone');
        const trashed = kind.trash ? await create('Trashed') : undefined;
        const kept = await create('Kept');
        const token = (await list()).headers['sync-token'];
        if (kind.trash) {
          ok(await write('DELETE', `${kind.path}/${gone}`));
          ok(await write('DELETE', `${kind.path}/${gone}`, { force: true }));
          ok(await write('DELETE', `${kind.path}/${trashed}`));
        } else ok(await write('DELETE', `${kind.path}/${gone}`, { force: true }));
        ok(await write('POST', `${kind.path}/${kept}`, kind.rename('Kept two')));
        const synced = await list({ sync_token: token });
        expect(ids(synced)).toEqual([kept]);
        expect(removed(synced)).toEqual([gone, ...(trashed ? [trashed] : [])].sort((x, y) => x - y));
      });

      it(`${kind.path}: names records that no longer match the filters in Sync-Removed`, async () => {
        const rock = await create('Rock night');
        const jazz = await create('Jazz night');
        const token = (await list({ search: 'night' })).headers['sync-token'];
        ok(await write('POST', `${kind.path}/${rock}`, kind.rename('Rock evening')));
        ok(await write('POST', `${kind.path}/${jazz}`, kind.rename('Jazz night two')));
        const synced = await list({ search: 'night', sync_token: token });
        expect(ids(synced)).toEqual([jazz]);
        expect(removed(synced)).toEqual([rock]);
      });

      it(`${kind.path}: 400 for a malformed sync_token or updated_since`, async () => {
        for (const query of [{ sync_token: 'not a token' }, { updated_since: 'not a date at all' }]) {
          const res = await list(query);
          expect(res.status).toBe(400);
          expect(res.json.code).toBe('rest_invalid_param');
          expect(Object.keys(res.json.data.params)).toEqual(Object.keys(query));
        }
      });

      it(`${kind.path}: 410 for a token older than the changes kept, or behind too many changes`, async () => {
        const old = (await list()).headers['sync-token']!;
        await create('Old news');
        service().setNow(new Date(Date.now() + 3 * 86_400_000));
        expect(await service().core.changePruner.runRound()).toBeGreaterThan(0);
        const res = await list({ sync_token: old });
        expect(res.status).toBe(410);
        expect(res.json).toEqual({
          code: 'rest_sync_token_expired',
          message: expect.any(String),
          data: { status: 410, next_token: expect.any(String) },
        });
        ok(await list({ sync_token: res.json.data.next_token }));

        const token = (await list()).headers['sync-token']!;
        const type = {
          events: 'event',
          venues: 'venue',
          organizers: 'organizer',
          categories: 'category',
          tags: 'tag',
        }[kind.key]!;
        const db = service().core.database.kysely;
        const version = await sql<{
          v: number;
        }>`select version + 1 as v from data_version where id = 1`.execute(db);
        const rows = Array.from({ length: 501 }, (_, i) => ({
          version: Number(version.rows[0]!.v),
          type,
          record_id: 100_000 + i,
          action: 'updated',
          series_id: null,
          author_id: null,
          was_public: 1,
          is_public: 1,
          changed_utc: '2026-11-26 12:00:00',
        }));
        // biome-ignore lint/suspicious/noExplicitAny: rows of the log written as another program would
        await (db as any).insertInto('change_log').values(rows).execute();
        // As every writer's triggers do: the data version moves, so no kept answer serves.
        await sql`update data_version set version = version + 1 where id = 1`.execute(db);
        const behind = await list({ sync_token: token });
        expect(behind.status).toBe(410);
        expect(behind.json.code).toBe('rest_sync_token_expired');
      });
    }

    it('a sync costs the same number of statements for 2 changed records as for 12', async () => {
      for (const kind of [LISTS[0]!, LISTS[1]!, LISTS[4]!]) {
        const counted = async (changes: number) => {
          await service().reset();
          const token = (await service().request('GET', kind.path)).headers['sync-token'];
          for (let i = 0; i < changes; i++)
            ok(await write('POST', kind.path, kind.create(`Record ${i}`)), 201);
          const { result, statements } = await service().statementsDuring(() =>
            service().request('GET', kind.path, { query: { ...kind.base, per_page: 50, sync_token: token } }),
          );
          expect(ok(result).total).toBe(changes);
          return statements.length;
        };
        expect(await counted(12), kind.path).toBe(await counted(2));
      }
    });

    it('updated_since: events, venues and organizers modified at or after it', async () => {
      for (const kind of LISTS.slice(0, 3)) {
        const early = ok(await write('POST', kind.path, kind.create('Early')), 201).id;
        service().setNow('2026-11-27T12:00:00Z');
        const late = ok(await write('POST', kind.path, kind.create('Late')), 201).id;
        const res = await service().request('GET', kind.path, {
          query: { updated_since: '2026-11-27 00:00' },
        });
        expect(
          (ok(res)[kind.key] as Array<{ id: number }>).map((r) => r.id),
          kind.path,
        ).toEqual([late]);
        expect(res.json.rest_url).toContain('updated_since=');
        ok(await write('POST', `${kind.path}/${early}`, kind.rename('Early two')));
        const both = await service().request('GET', kind.path, {
          query: { updated_since: '2026-11-27T11:00:00Z' },
        });
        expect((ok(both)[kind.key] as Array<{ id: number }>).map((r) => r.id).sort()).toEqual(
          [early, late].sort(),
        );
        service().setNow('2026-11-26T12:00:00Z');
      }
    });

    it('updated_since: categories and tags changed at or after it by the change log', async () => {
      for (const kind of LISTS.slice(3)) {
        const first = ok(await write('POST', kind.path, kind.create(`First ${kind.key}`)), 201).id;
        await new Promise((resolve) => setTimeout(resolve, 1100));
        const since = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
        const second = ok(await write('POST', kind.path, kind.create(`Second ${kind.key}`)), 201).id;
        const query = { hide_empty: false, updated_since: since };
        const res = await service().request('GET', kind.path, { query });
        expect(
          (ok(res)[kind.key] as Array<{ id: number }>).map((r) => r.id),
          kind.path,
        ).toEqual([second]);
        // Older than every change kept: the log cannot tell, so every term.
        const all = await service().request('GET', kind.path, {
          query: { hide_empty: false, updated_since: '2000-01-01' },
        });
        expect((ok(all)[kind.key] as Array<{ id: number }>).map((r) => r.id).sort()).toEqual(
          [first, second].sort(),
        );
      }
    });

    it('an events sync answers the events whose venue, organizer, category or tag changed', async () => {
      const venue = ok(await write('POST', '/venues', { venue: 'Hall' }), 201).id;
      const organizer = ok(await write('POST', '/organizers', { organizer: 'Org' }), 201).id;
      const atHall = ok(await write('POST', '/events', { ...LISTS[0]!.create('At hall'), venue }), 201).id;
      const byOrg = ok(
        await write('POST', '/events', { ...LISTS[0]!.create('By org'), organizer: [organizer] }),
        201,
      ).id;
      const tagged = ok(
        await write('POST', '/events', { ...LISTS[0]!.create('Tagged'), tags: ['Jazz'] }),
        201,
      );
      ok(await write('POST', '/events', LISTS[0]!.create('Untouched')), 201);
      const sync = async (token: string) => {
        const res = await service().request('GET', '/events', { query: { sync_token: token } });
        return { ids: (ok(res).events as Array<{ id: number }>).map((e) => e.id), res };
      };
      let token = (await service().request('GET', '/events')).headers['sync-token']!;
      // biome-ignore lint/suspicious/noExplicitAny: an event as the API answers it
      type Event = any;
      const steps: Array<[() => Promise<TestResponse>, number, (event: Event) => unknown]> = [
        [() => write('POST', `/venues/${venue}`, { venue: 'Great hall' }), atHall, (e) => e.venue.venue],
        [
          () => write('POST', `/organizers/${organizer}`, { organizer: 'Org two' }),
          byOrg,
          (e) => e.organizer[0].organizer,
        ],
        [
          () => write('POST', `/tags/${tagged.tags[0].id}`, { name: 'Free jazz' }),
          tagged.id,
          (e) => e.tags[0].name,
        ],
      ];
      for (const [change, id, read] of steps) {
        ok(await change());
        const { ids, res } = await sync(token);
        expect(ids).toEqual([id]);
        expect(read(res.json.events[0])).toMatch(/Great hall|Org two|Free jazz/);
        expect(res.headers['sync-removed']).toBe('');
        token = res.headers['sync-token']!;
      }
    });

    it('a sync hides what the caller cannot read, and names what it can no longer read', async () => {
      const shown = ok(
        await write('POST', '/events', { ...LISTS[0]!.create('Shown'), status: 'publish' }),
        201,
      ).id;
      const token = (await service().request('GET', '/events')).headers['sync-token'];
      const draft = ok(
        await write('POST', '/events', { ...LISTS[0]!.create('Draft'), status: 'draft' }),
        201,
      ).id;
      ok(await write('POST', `/events/${shown}`, { status: 'draft' }));
      const anonymous = await service().request('GET', '/events', { query: { sync_token: token } });
      expect(ok(anonymous).events).toEqual([]);
      expect(anonymous.headers['sync-removed']).toBe(String(shown));
      const editor = await service().request('GET', '/events', {
        query: { sync_token: token, status: 'publish,draft' },
        as: 'editor',
      });
      expect((ok(editor).events as Array<{ id: number }>).map((e) => e.id).sort()).toEqual(
        [shown, draft].sort(),
      );
    });
  },
  { changeRetentionDays: 1, changePruner: false },
);
