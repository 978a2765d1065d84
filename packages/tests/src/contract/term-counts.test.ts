/**
 * Term `count`s (ref §2.4: published events carrying the term) stay exact through every write that changes
 * them: links, unlinks, status changes, trash and purge. The service moves stored counts by deltas.
 */
import { beforeEach, expect, it } from 'vitest';
import { describeContract } from '../index.js';

describeContract('term counts through event writes', (service) => {
  beforeEach(async () => {
    await service().reset();
    service().setNow('2026-03-10T12:00:00Z');
  });

  const post = async (path: string, json: Record<string, unknown>, method = 'POST') => {
    const res = await service().request(method, path, { json, as: 'admin' });
    expect(res.status, res.text).toBeLessThan(300);
    return res.json;
  };
  const counts = async (ids: Record<string, [string, number]>) => {
    const out: Record<string, number> = {};
    for (const [name, [kind, id]] of Object.entries(ids)) {
      const res = await service().request('GET', `/${kind}/${id}`);
      out[name] = res.json.count;
    }
    return out;
  };
  const dates = { start_date: '2026-04-01 10:00', end_date: '2026-04-01 12:00' };

  it('follows links, unlinks, status changes, trash and purge', async () => {
    const a = (await post('/categories', { name: 'A' })).id;
    const b = (await post('/categories', { name: 'B' })).id;
    const t = (await post('/tags', { name: 'T' })).id;
    const terms = { a: ['categories', a], b: ['categories', b], t: ['tags', t] } as Record<
      string,
      [string, number]
    >;

    const one = await post('/events', { title: 'One', ...dates, categories: [a], tags: [t] });
    const two = await post('/events', { title: 'Two', ...dates, categories: [a], status: 'draft' });
    expect(await counts(terms)).toEqual({ a: 1, b: 0, t: 1 });

    await post(`/events/${two.id}`, { status: 'publish' });
    expect(await counts(terms)).toEqual({ a: 2, b: 0, t: 1 });

    await post(`/events/${one.id}`, { categories: [b] });
    expect(await counts(terms)).toEqual({ a: 1, b: 1, t: 1 });

    await post(`/events/${one.id}`, { status: 'draft' });
    expect(await counts(terms)).toEqual({ a: 1, b: 0, t: 0 });

    // Status and terms in one write.
    await post(`/events/${one.id}`, { status: 'publish', categories: [a, b], tags: '' });
    expect(await counts(terms)).toEqual({ a: 2, b: 1, t: 0 });

    await service().request('DELETE', `/events/${two.id}`, { as: 'admin' });
    expect(await counts(terms)).toEqual({ a: 1, b: 1, t: 0 });
    await service().request('DELETE', `/events/${two.id}`, { query: { force: 'true' }, as: 'admin' });
    expect(await counts(terms)).toEqual({ a: 1, b: 1, t: 0 });

    // A scheduled event counts once its date has passed.
    await post(`/events/${one.id}`, { status: 'future', date: '2026-03-20 10:00:00' });
    expect(await counts(terms)).toEqual({ a: 0, b: 0, t: 0 });
    service().setNow('2026-03-21T12:00:00Z');
    expect(await counts(terms)).toEqual({ a: 1, b: 1, t: 0 });
  });

  it('stays exact when many events are written at once, each moving the counts of shared terms', async () => {
    // On PostgreSQL the writes run on separate connections, each moving the counts of the same terms.
    const categories: number[] = [];
    for (const name of ['A', 'B', 'C', 'D']) categories.push((await post('/categories', { name })).id);
    const writes = Array.from({ length: 16 }, (_, i) => {
      const picked = [categories[i % 4]!, categories[(i + 1) % 4]!, categories[(i + 3) % 4]!];
      return service().request('POST', '/events', {
        json: { title: `Parallel ${i}`, ...dates, categories: i % 2 === 0 ? picked : picked.reverse() },
        as: 'admin',
      });
    });
    const answers = await Promise.all(writes);
    expect(answers.map((res) => res.status)).toEqual(answers.map(() => 201));
    const expected = Object.fromEntries(categories.map((id) => [id, 12]));
    const stored: Record<number, number> = {};
    for (const id of categories)
      stored[id] = (await service().request('GET', `/categories/${id}`)).json.count;
    expect(stored).toEqual(expected);
  });
});
