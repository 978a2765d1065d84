/**
 * Issue 15, finding 11: filters by one event do not list the categories, tags, venue and organizers of a
 * password-protected event to callers who may not edit it; unprotected events keep theirs public.
 */
import { beforeEach, expect, it } from 'vitest';
import { describeContract } from '../index.js';

describeContract('protected event links', (service) => {
  beforeEach(async () => {
    await service().reset();
    service().setNow('2026-03-10T12:00:00Z');
  });

  async function eventWithLinks(password: string): Promise<number> {
    const res = await service().request('POST', '/events', {
      json: {
        title: 'Linked',
        start_date: '2026-04-01 10:00',
        end_date: '2026-04-01 11:00',
        password,
        categories: ['Secret category'],
        tags: ['secret-tag'],
        venue: { venue: 'Secret Hall' },
        organizer: [{ organizer: 'Secret Org' }],
      },
      as: 'admin',
    });
    expect(res.status).toBe(201);
    return res.json.id;
  }

  /** The names each filter lists for the event, as `as` sees them. */
  async function linksOf(id: number, as?: string) {
    const read = async (path: string, query: Record<string, string>, key: string, field: string) => {
      const res = await service().request('GET', path, { query, ...(as ? { as } : {}) });
      expect(res.status, path).toBe(200);
      return [res.json.total, (res.json[key] ?? []).map((item: Record<string, string>) => item[field])];
    };
    return {
      categories: await read('/categories', { post: String(id), hide_empty: 'false' }, 'categories', 'name'),
      tags: await read('/tags', { event: String(id), hide_empty: 'false' }, 'tags', 'name'),
      venues: await read('/venues', { event: String(id) }, 'venues', 'venue'),
      organizers: await read('/organizers', { event: String(id) }, 'organizers', 'organizer'),
    };
  }

  const nothing = { categories: [0, []], tags: [0, []], venues: [0, []], organizers: [0, []] };
  const everything = {
    categories: [1, ['Secret category']],
    tags: [1, ['secret-tag']],
    venues: [1, ['Secret Hall']],
    organizers: [1, ['Secret Org']],
  };

  it('lists nothing of a protected event to anonymous callers and to those who may not edit it', async () => {
    const id = await eventWithLinks('pw');
    expect(await linksOf(id)).toEqual(nothing);
    expect(await linksOf(id, 'subscriber')).toEqual(nothing);
    expect(await linksOf(id, 'contributor')).toEqual(nothing);
    expect(await linksOf(id, 'editor')).toEqual(everything);
    expect(await linksOf(id, 'admin')).toEqual(everything);
  });

  it('lists the links of an unprotected event to everyone', async () => {
    const id = await eventWithLinks('');
    expect(await linksOf(id)).toEqual(everything);
  });
});
