/**
 * Filters by one event do not list the categories, tags, venue and organizers of a password-protected event
 * to callers who may not edit it; unprotected events keep theirs public. Nor do the event lists (and feeds)
 * filtered by those links list the protected event to them.
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

  /** The titles `GET /events` lists for each filter by links, as `as` sees them, and the feed's count. */
  async function listedBy(links: Record<string, string>, as?: string) {
    const out: Record<string, string[]> = {};
    for (const [name, value] of Object.entries(links)) {
      const res = await service().request('GET', '/events', {
        query: { [name]: value },
        ...(as ? { as } : {}),
      });
      expect(res.status, res.text).toBe(200);
      expect(res.json.total).toBe(res.json.events.length);
      out[name] = res.json.events.map((event: { title: string }) => event.title).sort();
    }
    const feed = await service().request('GET', '/events/ical', {
      query: { categories: links.categories! },
      ...(as ? { as } : {}),
    });
    out.feed = [...feed.text.matchAll(/^SUMMARY:(.*)\r$/gm)].map((m) => m[1]!).sort();
    return out;
  }

  it('lists a protected event filtered by its links only to those who may edit it', async () => {
    const secret = await eventWithLinks('pw');
    const read = await service().request('GET', `/events/${secret}`, {
      query: { password: 'pw' },
      as: 'admin',
    });
    const venueId = String(read.json.venue.id);
    const organizerId = String(read.json.organizer[0].id);
    const open = await service().request('POST', '/events', {
      json: {
        title: 'Open',
        start_date: '2026-04-02 10:00',
        end_date: '2026-04-02 11:00',
        categories: ['secret-category'],
        tags: ['secret-tag'],
        venue: Number(venueId),
        organizer: [Number(organizerId)],
      },
      as: 'admin',
    });
    expect(open.status, open.text).toBe(201);
    const links = {
      categories: 'secret-category',
      tags: 'secret-tag',
      venue: venueId,
      organizer: organizerId,
    };
    const only = (titles: string[]) => ({
      categories: titles,
      tags: titles,
      venue: titles,
      organizer: titles,
      feed: titles,
    });
    for (const as of [undefined, 'subscriber', 'contributor', 'author'])
      expect(await listedBy(links, as), as ?? 'anonymous').toEqual(only(['Open']));
    for (const as of ['editor', 'admin'])
      expect(await listedBy(links, as), as).toEqual(only(['Linked', 'Open']));
    // Unfiltered, the list shows it to everyone (title only), as WordPress does.
    const all = await service().request('GET', '/events');
    expect(all.json.events.map((event: { title: string }) => event.title)).toEqual(['Linked', 'Open']);
  });

  it('lists their own protected events filtered by links to authors and to contributors (unpublished)', async () => {
    const own = async (as: string, title: string) => {
      const res = await service().request('POST', '/events', {
        json: {
          title,
          start_date: '2026-04-03 10:00',
          end_date: '2026-04-03 11:00',
          password: 'pw',
          categories: ['Secret category'],
        },
        as: 'admin',
      });
      expect(res.status, res.text).toBe(201);
      const moved = await service().request('POST', `/events/${res.json.id}`, {
        json: {
          author: service().users[as as 'author'].id,
          ...(as === 'contributor' ? { status: 'pending' } : {}),
        },
        as: 'admin',
      });
      expect(moved.status, moved.text).toBe(200);
    };
    await own('author', 'By author');
    await own('contributor', 'By contributor');
    const titles = async (as?: string) => {
      const res = await service().request('GET', '/events', {
        query: { categories: 'secret-category' },
        ...(as ? { as } : {}),
      });
      expect(res.status, res.text).toBe(200);
      return res.json.events.map((event: { title: string }) => event.title).sort();
    };
    expect(await titles()).toEqual([]);
    expect(await titles('author')).toEqual(['By author']);
    expect(await titles('author2')).toEqual([]);
    expect(await titles('contributor')).toEqual(['By contributor']);
    expect(await titles('contributor2')).toEqual([]);
    expect(await titles('editor')).toEqual(['By author', 'By contributor']);
    // In the trash, a contributor's own pending event is still theirs to edit (WordPress judges by the status
    // it had); another contributor's is not.
    const mine = await service().request('GET', '/events', {
      query: { search: 'By contributor' },
      as: 'admin',
    });
    const trashed = await service().request('DELETE', `/events/${mine.json.events[0].id}`, {
      as: 'contributor',
    });
    expect(trashed.status, trashed.text).toBe(200);
    const inTrash = async (as: string) => {
      const res = await service().request('GET', '/events', {
        query: { categories: 'secret-category', status: 'trash' },
        as,
      });
      expect(res.status, res.text).toBe(200);
      return res.json.events.map((event: { title: string }) => event.title);
    };
    expect(await inTrash('contributor')).toEqual(['By contributor']);
    expect(await inTrash('contributor2')).toEqual([]);
  });

  it('lists the links of an unprotected event to everyone', async () => {
    const id = await eventWithLinks('');
    expect(await linksOf(id)).toEqual(everything);
  });
});
