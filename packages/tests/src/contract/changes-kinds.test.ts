/**
 * `GET /changes` for the writes `changes.test.ts` leaves out: a series and its occurrences through their
 * whole life (an occurrence edited and trashed on its own, the rule changed, the series trashed, restored and
 * deleted), .ics imports again and of a series, the scheduled publisher, and who sees which of them. Each write
 * adds exactly one change per record it touched.
 */
import { beforeEach, expect, it } from 'vitest';
import { describeContract } from '../index.js';
import type { TestResponse } from '../service.js';

interface Change {
  token: string;
  type: string;
  id: number;
  action: string;
  series_id?: number;
}

const calendar = (events: string) => `BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//Test//Changes//EN
${events}END:VCALENDAR
`;
const vevent = (uid: string, summary: string, extra = '') => `BEGIN:VEVENT
UID:${uid}@example.test
DTSTAMP:20261101T000000Z
DTSTART:20261210T180000Z
DTEND:20261210T200000Z
SUMMARY:${summary}
${extra}END:VEVENT
`;

describeContract(
  'change log: every kind of write',
  (service) => {
    beforeEach(async () => {
      await service().reset();
      service().setNow('2026-11-26T12:00:00Z');
    });

    const changes = (since: string, as?: string): Promise<TestResponse> =>
      service().request('GET', '/changes', { query: { since, limit: 1000 }, ...(as ? { as } : {}) });
    const start = async (): Promise<string> => (await service().request('GET', '/changes')).json.next_token;
    /** All changes after `since` as `as` sees them, each record at most once (one write per read). */
    const once = async (since: string, as?: string): Promise<Change[]> => {
      const res = await changes(since, as);
      expect(res.status, res.text).toBe(200);
      expect(res.json.has_more).toBe(false);
      const keys = res.json.changes.map((c: Change) => `${c.type} ${c.id}`);
      expect(new Set(keys).size, `${keys}`).toBe(keys.length);
      return res.json.changes;
    };
    const brief = (list: Change[]) =>
      list.map((c) => `${c.type} ${c.id} ${c.action}${c.series_id ? ` of ${c.series_id}` : ''}`).sort();
    const ok = (res: TestResponse, status = 200) => {
      expect(res.status, res.text).toBe(status);
      return res.json;
    };
    const write = (method: string, path: string, json: Record<string, unknown> = {}, as = 'editor') =>
      method === 'DELETE'
        ? service().request(method, path, { query: json, as })
        : service().request(method, path, { json, as });
    /** Runs one write and answers what it added to the log, as the editor sees it. */
    const step = async (run: () => Promise<TestResponse>, status = 200) => {
      const from = await start();
      ok(await run(), status);
      return brief(await once(from, 'editor'));
    };
    const series = (json: Record<string, unknown> = {}, as = 'editor') =>
      write(
        'POST',
        '/events',
        {
          title: 'Weekly',
          start_date: '2026-12-01 19:00:00',
          end_date: '2026-12-01 21:00:00',
          recurrence: ['RRULE:FREQ=WEEKLY;COUNT=4'],
          ...json,
        },
        as,
      );
    const occurrencesOf = async (id: number): Promise<number[]> =>
      ok(
        await service().request('GET', `/events?post_parent=${id}&per_page=50&start_date=2026-01-01`, {
          as: 'admin',
        }),
      ).events.map((e: { id: number }) => e.id);
    const ics = (body: string) =>
      service().request('POST', '/events/import', {
        body,
        headers: { 'content-type': 'text/calendar; charset=utf-8' },
        as: 'editor',
      });

    it('logs a series and its occurrences once per write through their whole life', async () => {
      const from = await start();
      const created = await step(() => series(), 201);
      const id = Number(created.find((c) => !c.includes(' of '))!.split(' ')[1]);
      const [first, second, third] = await occurrencesOf(id);
      expect(created).toEqual(
        [`event ${id} created`, ...[first, second, third].map((o) => `event ${o} created of ${id}`)].sort(),
      );

      // An occurrence edited on its own: that occurrence alone.
      expect(await step(() => write('POST', `/events/${second}`, { title: 'Guest' }))).toEqual([
        `event ${second} updated of ${id}`,
      ]);
      // The series edited: it and the occurrences that follow it.
      expect(await step(() => write('POST', `/events/${id}`, { title: 'Weekly!' }))).toEqual(
        [`event ${id} updated`, `event ${first} updated of ${id}`, `event ${third} updated of ${id}`].sort(),
      );
      // An occurrence trashed on its own: its date leaves the rule (the series changes).
      expect(await step(() => write('DELETE', `/events/${first}`))).toEqual(
        [`event ${id} updated`, `event ${first} trashed of ${id}`].sort(),
      );
      // The rule replaced by a shorter one without the exception: the occurrences past it are gone, the
      // one trashed on its own comes back.
      expect(
        await step(() => write('POST', `/events/${id}`, { recurrence: ['RRULE:FREQ=WEEKLY;COUNT=2'] })),
      ).toEqual(
        [
          `event ${id} updated`,
          `event ${first} restored of ${id}`,
          `event ${second} deleted of ${id}`,
          `event ${third} deleted of ${id}`,
        ].sort(),
      );
      expect(await occurrencesOf(id)).toEqual([first]);

      // The series trashed, restored, trashed and deleted for good: its live occurrences with it each time.
      const live = await occurrencesOf(id);
      const withIt = (action: string) => [
        `event ${id} ${action}`,
        ...live.map((o) => `event ${o} ${action} of ${id}`),
      ];
      expect(await step(() => write('DELETE', `/events/${id}`))).toEqual(withIt('trashed').sort());
      expect(await step(() => write('POST', `/events/${id}`, { status: 'publish' }))).toEqual(
        withIt('restored').sort(),
      );
      expect(await step(() => write('DELETE', `/events/${id}`))).toEqual(withIt('trashed').sort());
      expect(await step(() => write('DELETE', `/events/${id}`, { force: true }))).toEqual(
        withIt('deleted').sort(),
      );

      // Read in one go: every record ends deleted, for the editor and for an anonymous reader, who saw the
      // series created and each occurrence it saw end as deleted too.
      for (const as of ['editor', undefined]) {
        const whole = ok(await changes(from, as)).changes as Change[];
        const last = new Map(whole.map((c) => [c.id, c.action]));
        expect(last.get(id)).toBe('deleted');
        expect(
          [...last.values()].every((action) => action === 'deleted'),
          `${as}`,
        ).toBe(true);
      }
    });

    it('logs .ics imports: a new event once, an unchanged one not at all, a changed one once, a series with its occurrences', async () => {
      const one = calendar(vevent('kinds-1', 'Concert'));
      const created = await step(() => ics(one));
      expect(created).toHaveLength(1);
      expect(created[0]).toMatch(/^event \d+ created$/);
      expect(await step(() => ics(one))).toEqual([]);
      const id = created[0]!.split(' ')[1];
      expect(await step(() => ics(calendar(vevent('kinds-1', 'Concert (moved)', 'SEQUENCE:1\n'))))).toEqual([
        `event ${id} updated`,
      ]);
      const imported = await step(() =>
        ics(calendar(vevent('kinds-2', 'Weekly import', 'RRULE:FREQ=WEEKLY;COUNT=3\n'))),
      );
      const seriesId = Number(imported.find((c) => !c.includes(' of '))!.split(' ')[1]);
      expect(imported).toEqual(
        [
          `event ${seriesId} created`,
          ...(await occurrencesOf(seriesId)).map((o) => `event ${o} created of ${seriesId}`),
        ].sort(),
      );
      expect(imported).toHaveLength(3);
    });

    it('logs the scheduled publisher making a future event public: new to anonymous callers, once', async () => {
      const from = await start();
      const scheduled = ok(
        await write('POST', '/events', {
          title: 'Later',
          status: 'future',
          date: '2026-11-27 09:00:00',
          start_date: '2026-12-05 19:00:00',
          end_date: '2026-12-05 21:00:00',
        }),
        201,
      );
      expect(brief(await once(from))).toEqual([]);
      const beforeDue = (await changes(from, 'editor')).json.next_token;
      service().setNow('2026-11-27T10:00:00Z');
      // Any request runs the publisher first.
      expect(brief(await once(beforeDue))).toEqual([`event ${scheduled.id} created`]);
      expect(brief(await once(beforeDue, 'subscriber'))).toEqual([`event ${scheduled.id} created`]);
      expect(brief(await once(beforeDue, 'editor'))).toEqual([`event ${scheduled.id} updated`]);
      // Two writes, two changes, in order.
      expect(ok(await changes(from, 'editor')).changes.map((c: Change) => `${c.id} ${c.action}`)).toEqual([
        `${scheduled.id} created`,
        `${scheduled.id} updated`,
      ]);
    });

    it('shows a draft series to its author and editors only, and to everyone once published', async () => {
      const from = await start();
      const draft = ok(await series({ status: 'draft' }, 'author'), 201);
      const occurrences = await occurrencesOf(draft.id);
      expect(occurrences).toHaveLength(3);
      const all = (action: string) =>
        [
          `event ${draft.id} ${action}`,
          ...occurrences.map((o) => `event ${o} ${action} of ${draft.id}`),
        ].sort();
      expect(brief(await once(from))).toEqual([]);
      expect(brief(await once(from, 'subscriber'))).toEqual([]);
      expect(brief(await once(from, 'contributor'))).toEqual([]);
      expect(brief(await once(from, 'author2'))).toEqual([]);
      expect(brief(await once(from, 'author'))).toEqual(all('created'));
      expect(brief(await once(from, 'editor'))).toEqual(all('created'));

      const beforePublish = (await changes(from, 'editor')).json.next_token;
      ok(await write('POST', `/events/${draft.id}`, { status: 'publish' }));
      expect(brief(await once(beforePublish))).toEqual(all('created'));
      expect(brief(await once(beforePublish, 'author2'))).toEqual(all('created'));
      expect(brief(await once(beforePublish, 'author'))).toEqual(all('updated'));
      expect(brief(await once(beforePublish, 'editor'))).toEqual(all('updated'));
    });

    it('logs an image given to an event or venue as a change of that record: images are not records of the log', async () => {
      const event = ok(
        await write('POST', '/events', {
          title: 'Poster',
          start_date: '2026-12-01 19:00:00',
          end_date: '2026-12-01 21:00:00',
        }),
        201,
      );
      const venue = ok(await write('POST', '/venues', { venue: 'Hall' }), 201);
      const image = 'https://cdn.example.com/poster.jpg';
      expect(await step(() => write('POST', `/events/${event.id}`, { image }))).toEqual([
        `event ${event.id} updated`,
      ]);
      // The same image again: already registered.
      expect(await step(() => write('POST', `/venues/${venue.id}`, { image }))).toEqual([
        `venue ${venue.id} updated`,
      ]);
      expect(await step(() => write('POST', `/venues/${venue.id}`, { image: '' }))).toEqual([
        `venue ${venue.id} updated`,
      ]);
    });

    it('logs a term created, renamed and deleted, and a venue and organizer changed, once each and to everyone', async () => {
      for (const [path, field, type] of [
        ['/categories', 'name', 'category'],
        ['/tags', 'name', 'tag'],
        ['/venues', 'venue', 'venue'],
        ['/organizers', 'organizer', 'organizer'],
      ] as const) {
        const from = await start();
        const record = ok(await write('POST', path, { [field]: `New ${type}` }), 201);
        ok(await write('POST', `${path}/${record.id}`, { [field]: `Renamed ${type}` }));
        if (type === 'venue' || type === 'organizer') ok(await write('DELETE', `${path}/${record.id}`));
        ok(await write('DELETE', `${path}/${record.id}`, { force: true }));
        const lifecycle =
          type === 'venue' || type === 'organizer'
            ? ['created', 'updated', 'trashed', 'deleted']
            : ['created', 'updated', 'deleted'];
        for (const as of [undefined, 'subscriber', 'author', 'editor']) {
          const res = ok(await changes(from, as));
          expect(
            res.changes.map((c: Change) => `${c.type} ${c.id} ${c.action}`),
            `${type} as ${as ?? 'anonymous'}`,
          ).toEqual(
            as === 'editor' || type === 'category' || type === 'tag'
              ? lifecycle.map((action) => `${type} ${record.id} ${action}`)
              : // Trashed: a deletion for those who cannot read the trash, who then never see it again.
                ['created', 'updated', 'deleted'].map((action) => `${type} ${record.id} ${action}`),
          );
        }
      }
    });
  },
  { changePruner: false },
);
