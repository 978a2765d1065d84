/**
 * The budget of new terms per user: categories and tags created by event writes and by
 * the term routes come out of a token bucket per user (`newTermsPerHour`, 5 here; 200 by default). Over it, a
 * write answers 429 `rest_too_many_requests` with `Retry-After` and writes nothing; editors and administrators
 * are not limited.
 */
import { beforeEach, expect, it } from 'vitest';
import { describeContract, type TestResponse } from '../index.js';

const LIMIT = 5;
/** Seconds until one term comes back: an hour shared by the budget. */
const PER_TERM = 3600 / LIMIT;

describeContract(
  'budget of new terms per user',
  (service) => {
    let clock: Date;
    let day = 0;
    beforeEach(async () => {
      await service().reset();
      // Each test starts a day after the last (the buckets never refill when the clock goes back): every
      // user's bucket is full again, whatever earlier tests took.
      clock = new Date(Date.UTC(2026, 2, 10, 12) + ++day * 86_400_000);
      service().setNow(clock);
    });
    const later = (seconds: number) => service().setNow(new Date(clock.getTime() + seconds * 1000));

    let serial = 0;
    /** An event write naming these categories and tags. */
    const writeEvent = (as: string, terms: { categories?: string[]; tags?: string[] }, id?: number) =>
      service().request('POST', id ? `/events/${id}` : '/events', {
        json: {
          ...(id
            ? {}
            : { title: `Event ${++serial}`, start_date: '2026-04-01 10:00', end_date: '2026-04-01 11:00' }),
          ...terms,
        },
        as,
      });
    const names = (prefix: string, n: number) =>
      Array.from({ length: n }, (_, i) => `${prefix} ${serial}-${i}`);

    /** Every term of both taxonomies and every event, as an administrator sees them. */
    async function everything() {
      const read = async (path: string, key: string, query: Record<string, string>) => {
        const res = await service().request('GET', path, {
          query: { per_page: '50', ...query },
          as: 'admin',
        });
        expect(res.status, res.text).toBe(200);
        return (res.json[key] as Array<{ name?: string; title?: string }>)
          .map((r) => r.name ?? r.title)
          .sort();
      };
      return {
        categories: await read('/categories', 'categories', { hide_empty: 'false' }),
        tags: await read('/tags', 'tags', { hide_empty: 'false' }),
        events: await read('/events', 'events', {}),
      };
    }

    function expectRefused(res: TestResponse) {
      expect(res.status, res.text).toBe(429);
      expect(res.json.code).toBe('rest_too_many_requests');
      expect(res.json.data.status).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }

    it('refuses the event write that goes over the budget, whole, and lets it through once terms come back', async () => {
      const first = await writeEvent('contributor', {
        categories: names('Category', 2),
        tags: names('Tag', LIMIT - 2),
      });
      expect(first.status, first.text).toBe(201);
      const before = await everything();
      expect(before.categories.length + before.tags.length).toBe(LIMIT);

      // One new category and one new tag: over the budget, and neither is kept.
      const over = await writeEvent('contributor', { categories: ['Fresh category'], tags: ['Fresh tag'] });
      expectRefused(over);
      // When the first of them (the category) could be created.
      expect(over.headers['retry-after']).toBe(String(PER_TERM));
      expect(await everything()).toEqual(before);
      // An update too.
      expectRefused(await writeEvent('contributor', { tags: ['Fresh tag'] }, first.json.id));
      expect(await everything()).toEqual(before);

      // Terms that exist cost nothing (by name, by slug, by id).
      const existing = await writeEvent('contributor', {
        categories: [before.categories[0]!],
        tags: [first.json.tags[0].slug, first.json.tags[1].id],
      });
      expect(existing.status, existing.text).toBe(201);

      // Another user has a budget of their own.
      expect((await writeEvent('contributor2', { tags: names('Other', LIMIT) })).status).toBe(201);

      // Two terms back after twice the refill time, not before.
      later(2 * PER_TERM - 1);
      expectRefused(await writeEvent('contributor', { categories: ['Fresh category'], tags: ['Fresh tag'] }));
      later(2 * PER_TERM);
      const back = await writeEvent('contributor', { categories: ['Fresh category'], tags: ['Fresh tag'] });
      expect(back.status, back.text).toBe(201);
    });

    it('gives back what a refused write took, and refuses with 400 a write that no budget holds', async () => {
      // Three categories would fit, three more tags would not: refused, and the three go back.
      const partly = await writeEvent('author', { categories: names('C', 3), tags: names('T', 3) });
      expect(partly.status, partly.text).toBe(400);
      expect(partly.json.code).toBe('rest_invalid_param');
      expect(Object.keys(partly.json.data.params)).toEqual(['tags']);
      expect(await everything()).toEqual({ categories: [], tags: [], events: [] });
      const full = await writeEvent('author', { categories: names('C', 2), tags: names('T', 3) });
      expect(full.status, full.text).toBe(201);
      expectRefused(await writeEvent('author', { tags: ['One more'] }));
    });

    it('counts the categories an author creates through the term routes', async () => {
      for (let i = 0; i < LIMIT; i++) {
        const res = await service().request('POST', '/categories', {
          json: { name: `Route ${i}` },
          as: 'author',
        });
        expect(res.status, res.text).toBe(201);
      }
      const over = await service().request('POST', '/categories', {
        json: { name: 'Route over' },
        as: 'author',
      });
      expectRefused(over);
      expect(over.headers['retry-after']).toBe(String(PER_TERM));
      expect((await everything()).categories).not.toContain('Route over');
      // The same budget as event writes.
      expectRefused(await writeEvent('author', { tags: ['By event'] }));
    });

    it('does not limit editors and administrators', async () => {
      for (const as of ['editor', 'admin']) {
        for (let i = 0; i < 3; i++) {
          const res = await writeEvent(as, { categories: names(as, LIMIT), tags: names(`${as} tag`, LIMIT) });
          expect(res.status, res.text).toBe(201);
        }
        const route = await service().request('POST', '/tags', { json: { name: `${as} route` }, as });
        expect(route.status, route.text).toBe(201);
      }
    });
  },
  { newTermsPerHour: LIMIT },
);
