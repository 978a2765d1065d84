/**
 * `GET /changes`: every write of the service appears once, in commit order, as the caller may see it; sync
 * tokens page through it, a malformed one is refused and one older than the retention has expired.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { describeContract } from '../index.js';
import type { TestResponse } from '../service.js';

interface Change {
  token: string;
  type: string;
  id: number;
  action: string;
  at: string;
  series_id?: number;
}

const CALENDAR = `BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//Test//Changes//EN
BEGIN:VEVENT
UID:changes-import-1@example.test
DTSTAMP:20261101T000000Z
DTSTART:20261210T180000Z
DTEND:20261210T200000Z
SUMMARY:Imported concert
END:VEVENT
END:VCALENDAR
`;

describeContract(
  'change log',
  (service) => {
    beforeEach(async () => {
      await service().reset();
      service().setNow('2026-11-26T12:00:00Z');
    });

    const changes = async (
      since: string | undefined,
      options: { as?: string; limit?: number } = {},
    ): Promise<TestResponse> => {
      const query: Record<string, unknown> = {};
      if (since !== undefined) query.since = since;
      if (options.limit !== undefined) query.limit = options.limit;
      return service().request('GET', '/changes', { query, ...(options.as ? { as: options.as } : {}) });
    };
    const start = async (): Promise<string> => (await changes(undefined)).json.next_token;
    /** All changes after `since` as `as` sees them, read in one page. */
    const all = async (since: string, as?: string): Promise<Change[]> => {
      const res = await changes(since, { limit: 1000, ...(as ? { as } : {}) });
      expect(res.status).toBe(200);
      expect(res.json.has_more).toBe(false);
      return res.json.changes;
    };
    const brief = (list: Change[]) =>
      list.map((c) => `${c.type} ${c.id} ${c.action}${c.series_id ? ` of ${c.series_id}` : ''}`);
    const ok = (res: TestResponse, status = 200) => {
      expect(res.status, res.text).toBe(status);
      return res.json;
    };
    const write = (method: string, path: string, json: Record<string, unknown> = {}, as = 'editor') =>
      method === 'DELETE'
        ? service().request(method, path, { query: json, as })
        : service().request(method, path, { json, as });
    const event = (json: Record<string, unknown> = {}) => ({
      title: 'Concert',
      start_date: '2026-12-01 19:00:00',
      end_date: '2026-12-01 21:00:00',
      ...json,
    });

    it('without since: no changes, and a token from now that sees only what comes after', async () => {
      const before = ok(await write('POST', '/tags', { name: 'Before' }), 201);
      const first = await changes(undefined);
      expect(first.status).toBe(200);
      expect(first.json).toEqual({ changes: [], next_token: expect.any(String), has_more: false });
      const after = ok(await write('POST', '/tags', { name: 'After' }), 201);
      const seen = await all(first.json.next_token);
      expect(brief(seen)).toEqual([`tag ${after.id} created`]);
      expect(seen.map((c) => c.id)).not.toContain(before.id);
      expect(seen[0]!.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    });

    it('lists every kind of write once, in commit order, each with its own token', async () => {
      const from = await start();
      const steps: Array<{ what: string; expected: string[]; since: string }> = [];
      let token = from;
      /** Runs a write, then checks what it added to the log (side effects included) and moves on. */
      const step = async (
        run: () => Promise<TestResponse>,
        status: number,
        expected: (id: number) => string[],
      ) => {
        const res = await run();
        expect(res.status, res.text).toBe(status);
        const id = Number(res.json.id ?? res.json.previous?.id);
        const page = await changes(token, { as: 'editor' });
        expect(page.status).toBe(200);
        expect(brief(page.json.changes).sort()).toEqual(expected(id).sort());
        steps.push({ what: `${run}`, expected: brief(page.json.changes), since: token });
        token = page.json.next_token;
        return id;
      };
      const venue = await step(
        () => write('POST', '/venues', { venue: 'Hall' }),
        201,
        (id) => [`venue ${id} created`],
      );
      const organizer = await step(
        () => write('POST', '/organizers', { organizer: 'Org' }),
        201,
        (id) => [`organizer ${id} created`],
      );
      const category = await step(
        () => write('POST', '/categories', { name: 'Music' }),
        201,
        (id) => [`category ${id} created`],
      );
      const tag = await step(
        () => write('POST', '/tags', { name: 'Loud' }),
        201,
        (id) => [`tag ${id} created`],
      );
      const id = await step(
        () =>
          write(
            'POST',
            '/events',
            event({ venue, organizer: [organizer], categories: [category], tags: [tag] }),
          ),
        201,
        // Linking a term changes its count.
        (id) => [`event ${id} created`, `category ${category} updated`, `tag ${tag} updated`],
      );
      await step(
        () => write('POST', `/events/${id}`, { title: 'Concert!' }),
        200,
        () => [`event ${id} updated`],
      );
      await step(
        () => write('DELETE', `/events/${id}`),
        200,
        () => [`event ${id} trashed`, `category ${category} updated`, `tag ${tag} updated`],
      );
      await step(
        () => write('POST', `/events/${id}`, { status: 'publish' }),
        200,
        () => [`event ${id} restored`, `category ${category} updated`, `tag ${tag} updated`],
      );
      await step(
        () => write('POST', `/venues/${venue}`, { city: 'Berlin' }),
        200,
        () => [`venue ${venue} updated`],
      );
      await step(
        () => write('POST', `/organizers/${organizer}`, { phone: '123' }),
        200,
        () => [`organizer ${organizer} updated`],
      );
      await step(
        () => write('POST', `/categories/${category}`, { name: 'Musik' }),
        200,
        () => [`category ${category} updated`],
      );
      await step(
        () => write('POST', `/tags/${tag}`, { description: 'Very' }),
        200,
        () => [`tag ${tag} updated`],
      );
      // Trashing a venue unlinks it from its events.
      await step(
        () => write('DELETE', `/venues/${venue}`),
        200,
        () => [`venue ${venue} trashed`, `event ${id} updated`],
      );
      await step(
        () => write('DELETE', `/venues/${venue}`, { force: true }),
        200,
        () => [`venue ${venue} deleted`],
      );
      await step(
        () => write('DELETE', `/organizers/${organizer}`),
        200,
        () => [`organizer ${organizer} trashed`, `event ${id} updated`],
      );
      await step(
        () => write('DELETE', `/organizers/${organizer}`, { force: true }),
        200,
        () => [`organizer ${organizer} deleted`],
      );
      await step(
        () => write('DELETE', `/events/${id}`),
        200,
        () => [`event ${id} trashed`, `category ${category} updated`, `tag ${tag} updated`],
      );
      await step(
        () => write('DELETE', `/events/${id}`, { force: true }),
        200,
        () => [`event ${id} deleted`],
      );
      await step(
        () => write('DELETE', `/categories/${category}`, { force: true }),
        200,
        () => [`category ${category} deleted`],
      );
      await step(
        () => write('DELETE', `/tags/${tag}`, { force: true }),
        200,
        () => [`tag ${tag} deleted`],
      );

      // Read again in one go: the same changes, in the same order, their tokens rising.
      const whole = await all(from, 'editor');
      expect(brief(whole)).toEqual(steps.flatMap((s) => s.expected));
      const tokens = whole.map((c) => c.token);
      expect(new Set(tokens).size).toBe(tokens.length);
      // Each change's token starts the read after it.
      const third = whole[2]!;
      expect(brief(await all(third.token, 'editor'))).toEqual(brief(whole.slice(3)));
    });

    it('lists a series and each of its occurrences, and an .ics import', async () => {
      const from = await start();
      const series = ok(
        await write('POST', '/events', event({ recurrence: ['RRULE:FREQ=WEEKLY;COUNT=3'] }), 'admin'),
        201,
      );
      const seen = await all(from);
      const occurrences = seen.filter((c) => c.series_id === series.id);
      expect(seen.filter((c) => c.id === series.id).map((c) => c.action)).toEqual(['created']);
      expect(occurrences.length).toBe(2);
      expect(occurrences.every((c) => c.type === 'event' && c.action === 'created')).toBe(true);

      const afterSeries = (await changes(from)).json.next_token;
      const imported = await service().request('POST', '/events/import', {
        body: CALENDAR,
        headers: { 'content-type': 'text/calendar; charset=utf-8' },
        as: 'editor',
      });
      expect(imported.json).toMatchObject({ created: 1 });
      const fromImport = await all(afterSeries);
      expect(fromImport.filter((c) => c.type === 'event').map((c) => c.action)).toEqual(['created']);
    });

    it('shows each caller what it may read: a draft never to anonymous callers, unpublishing as a deletion', async () => {
      const from = await start();
      const draft = ok(await write('POST', '/events', event({ status: 'draft' }), 'author'), 201);
      expect(brief(await all(from))).toEqual([]);
      expect(brief(await all(from, 'subscriber'))).toEqual([]);
      expect(brief(await all(from, 'author'))).toEqual([`event ${draft.id} created`]);
      expect(brief(await all(from, 'author2'))).toEqual([]);
      expect(brief(await all(from, 'editor'))).toEqual([`event ${draft.id} created`]);

      const beforePublish = (await changes(from, { as: 'editor' })).json.next_token;
      ok(await write('POST', `/events/${draft.id}`, { status: 'publish' }));
      // Readable from now on: new to those who could not read it.
      expect(brief(await all(beforePublish))).toEqual([`event ${draft.id} created`]);
      expect(brief(await all(beforePublish, 'editor'))).toEqual([`event ${draft.id} updated`]);

      const beforeDraft = (await changes(beforePublish, { as: 'editor' })).json.next_token;
      ok(await write('POST', `/events/${draft.id}`, { status: 'draft' }));
      expect(brief(await all(beforeDraft))).toEqual([`event ${draft.id} deleted`]);
      expect(brief(await all(beforeDraft, 'author2'))).toEqual([`event ${draft.id} deleted`]);
      expect(brief(await all(beforeDraft, 'author'))).toEqual([`event ${draft.id} updated`]);
      expect(brief(await all(beforeDraft, 'editor'))).toEqual([`event ${draft.id} updated`]);

      // Trashed while unreadable: nothing more to tell an anonymous caller.
      const beforeTrash = (await changes(beforeDraft, { as: 'editor' })).json.next_token;
      ok(await write('DELETE', `/events/${draft.id}`));
      expect(brief(await all(beforeTrash))).toEqual([]);
      expect(brief(await all(beforeTrash, 'editor'))).toEqual([`event ${draft.id} trashed`]);

      // A password hides a published event's content: gone for anonymous callers.
      const open = ok(await write('POST', '/events', event({ title: 'Open' })), 201);
      const beforePassword = (await changes(beforeTrash, { as: 'editor' })).json.next_token;
      ok(await write('POST', `/events/${open.id}`, { password: 'secret' }));
      expect(brief(await all(beforePassword))).toEqual([`event ${open.id} deleted`]);
    });

    it('pages with limit and has_more, and every page ends with the token of the next', async () => {
      const from = await start();
      const ids: number[] = [];
      for (const name of ['A', 'B', 'C', 'D', 'E'])
        ids.push(ok(await write('POST', '/tags', { name }), 201).id);
      const seen: number[] = [];
      let token = from;
      const pages: boolean[] = [];
      for (let i = 0; i < 5; i++) {
        const page = ok(await changes(token, { limit: 2 }));
        seen.push(...page.changes.map((c: Change) => c.id));
        pages.push(page.has_more);
        token = page.next_token;
        if (!page.has_more) break;
      }
      expect(seen).toEqual(ids);
      expect(pages).toEqual([true, true, false]);
      // Nothing new: the same token again.
      expect(ok(await changes(token))).toEqual({
        changes: [],
        next_token: expect.any(String),
        has_more: false,
      });
      const defaults = ok(await changes(from));
      expect(defaults.changes.length).toBe(5);
      expect(ok(await changes(from, { limit: 5000 })).changes.length).toBe(5);
    });

    describe('refused tokens', () => {
      it('answers a malformed token or limit with 400 rest_invalid_param', async () => {
        for (const since of ['', 'nonsense', 'YzEuMQ', '../../etc']) {
          const res = await changes(since);
          expect(res.status, since).toBe(400);
          expect(res.json.code).toBe('rest_invalid_param');
          expect(Object.keys(res.json.data.params)).toEqual(['since']);
        }
        const zero = await changes(await start(), { limit: 0 });
        expect(zero.status).toBe(400);
        expect(Object.keys(zero.json.data.params)).toEqual(['limit']);
      });

      it('answers a token ahead of every change (another database, a restored one) with 410 and where to start', async () => {
        const now = Buffer.from(await start(), 'base64url')
          .toString()
          .split('.');
        const ahead = Buffer.from(`c1.${Number(now[1]) + 1000}.0`).toString('base64url');
        const res = await changes(ahead);
        expect(res.status).toBe(410);
        expect(res.json.code).toBe('rest_sync_token_expired');
        expect(res.json.message).toMatch(/ahead of every change/);
        expect(ok(await changes(res.json.data.next_token)).changes).toEqual([]);
      });

      it('answers a token older than the retention with 410 rest_sync_token_expired and where to start again', async () => {
        const old = await start();
        ok(await write('POST', '/tags', { name: 'Old news' }), 201);
        // Asked once before the retention removes it: no answer kept from then may be given after.
        expect((await changes(old)).status).toBe(200);
        service().setNow(new Date(Date.now() + 3 * 86_400_000));
        expect(await service().core.changePruner.runRound()).toBeGreaterThan(0);
        const res = await changes(old);
        expect(res.status).toBe(410);
        expect(res.json).toEqual({
          code: 'rest_sync_token_expired',
          message: expect.any(String),
          data: { status: 410, next_token: expect.any(String) },
        });
        const again = await changes(res.json.data.next_token);
        expect(again.status).toBe(200);
        const fresh = ok(await write('POST', '/tags', { name: 'News' }), 201);
        expect(brief(await all(res.json.data.next_token))).toEqual([`tag ${fresh.id} created`]);
      });
    });
  },
  { changeRetentionDays: 1, changePruner: false },
);
