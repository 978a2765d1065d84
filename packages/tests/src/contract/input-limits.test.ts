/**
 * Input that would overflow the stack, make the databases fail or hold the service
 * gets a 400 in the error envelope that names the limit, and changes nothing.
 */
import { beforeEach, expect, it } from 'vitest';
import { describeContract } from '../index.js';
import type { TestResponse } from '../service.js';

const ids = (count: number) => Array.from({ length: count }, (_, i) => i + 1);

describeContract('input limits', (service) => {
  beforeEach(async () => {
    await service().reset();
    service().setNow('2026-03-10T12:00:00Z');
  });

  const json = (body: unknown) => ({
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });

  function expectRefused(res: TestResponse, param: string, limit: RegExp): void {
    expect(res.status, JSON.stringify(res.json)?.slice(0, 300)).toBe(400);
    expect(res.json.code).toBe('rest_invalid_param');
    expect(res.json.data.status).toBe(400);
    expect(res.json.data.params[param]).toMatch(limit);
  }

  it('refuses 4,000 levels of brackets and of JSON nesting, naming the limit of 10', async () => {
    const key = `venue${'[a]'.repeat(4000)}`;
    expectRefused(
      await service().request('POST', '/events', { form: `${key}=1`, as: 'admin' }),
      key,
      /10 levels/,
    );
    expectRefused(
      await service().request('GET', `/events?search${'[a]'.repeat(11)}=x`),
      `search${'[a]'.repeat(11)}`,
      /10 levels/,
    );
    const deep = `{"venue":${'['.repeat(4000)}${']'.repeat(4000)}}`;
    expectRefused(
      await service().request('POST', '/events', {
        body: deep,
        headers: { 'content-type': 'application/json' },
        as: 'admin',
      }),
      'venue',
      /10 levels/,
    );
  });

  it('refuses NUL characters in every string parameter, filters and fields, naming the parameter', async () => {
    const nul = 'a\u0000b';
    for (const [path, param] of [
      ['/events', 'search'],
      ['/events', 'categories'],
      ['/events', 'start_date'],
      ['/events', 'status'],
      ['/venues', 'search'],
      ['/organizers', 'search'],
      ['/categories', 'search'],
      ['/tags', 'slug'],
      ['/events/by-slug/x', 'password'],
    ] as const) {
      const res = await service().request('GET', path, { query: { [param]: nul }, as: 'admin' });
      expectRefused(res, param, /NUL/);
    }
    const event = { title: 'T', start_date: '2026-04-01 10:00', end_date: '2026-04-01 11:00' };
    for (const [field, value] of [
      ['title', nul],
      ['description', nul],
      ['cost', nul],
      ['timezone', nul],
      ['venue', { venue: 'Hall', city: nul }],
      ['organizer', [{ organizer: 'Org', phone: nul }]],
      ['tags', ['ok', nul]],
    ] as const) {
      expectRefused(
        await service().request('POST', '/events', { ...json({ ...event, [field]: value }), as: 'admin' }),
        field,
        /NUL/,
      );
    }
    expectRefused(
      await service().request('POST', '/venues', { ...json({ venue: 'V', address: nul }), as: 'admin' }),
      'address',
      /NUL/,
    );
    expectRefused(
      await service().request('POST', '/organizers', { ...json({ organizer: nul }), as: 'admin' }),
      'organizer',
      /NUL/,
    );
    expectRefused(
      await service().request('POST', '/tags', { ...json({ name: nul }), as: 'admin' }),
      'name',
      /NUL/,
    );
    const list = await service().request('GET', '/events', {
      query: { status: 'draft,publish' },
      as: 'admin',
    });
    expect(list.json.events).toEqual([]);
  });

  it('refuses id lists longer than 1,000 items, as the databases cannot bind 32,766 or 65,535', async () => {
    for (const [path, param] of [
      ['/events', 'include'],
      ['/events', 'venue'],
      ['/events', 'organizer'],
      ['/events', 'categories'],
      ['/events', 'tags'],
      ['/tags', 'include'],
      ['/categories', 'exclude'],
    ] as const) {
      for (const count of [1001, 70_000]) {
        const res = await service().request('POST', `${path}?_method=GET`, json({ [param]: ids(count) }));
        expectRefused(res, param, /at most 1000 items/);
      }
    }
    const comma = await service().request(
      'POST',
      '/events?_method=GET',
      json({ include: ids(40_000).join(',') }),
    );
    expectRefused(comma, 'include', /at most 1000 items/);
    const organizers = await service().request('POST', '/events', {
      ...json({
        title: 'T',
        start_date: '2026-04-01 10:00',
        end_date: '2026-04-01 11:00',
        organizer: ids(5000).join(','),
      }),
      as: 'admin',
    });
    expectRefused(organizers, 'organizer', /at most 1000 items/);
    const accepted = await service().request('POST', '/events?_method=GET', json({ include: ids(1000) }));
    expect(accepted.status).toBe(200);
  });

  it('refuses venue and organizer searches of more than 32 words, and searches over 1,000 characters', async () => {
    await service().request('POST', '/venues', { json: { venue: 'Hall 1' }, as: 'admin' });
    const words = Array.from({ length: 500 }, () => 'a').join(' ');
    for (const path of ['/venues', '/organizers'])
      expectRefused(
        await service().request('GET', path, { query: { search: words } }),
        'search',
        /at most 32 words/,
      );
    const found = await service().request('GET', '/venues', { query: { search: 'hall 1' } });
    expect(found.json.venues).toHaveLength(1);
    for (const path of ['/events', '/venues', '/organizers', '/categories', '/tags'])
      expectRefused(
        await service().request('GET', path, { query: { search: 'x'.repeat(1001) } }),
        'search',
        /at most 1000 characters/,
      );
  });

  it('refuses an event naming 8,000 new tags quickly, and creates nothing', async () => {
    const started = Date.now();
    const res = await service().request('POST', '/events', {
      ...json({
        title: 'Tagged',
        start_date: '2026-04-01 10:00',
        end_date: '2026-04-01 11:00',
        tags: Array.from({ length: 8000 }, (_, i) => `new tag ${i}`),
        categories: Array.from({ length: 101 }, (_, i) => `cat ${i}`).join(','),
      }),
      as: 'contributor',
    });
    expect(Date.now() - started).toBeLessThan(2000);
    // 8,000 items pass the limit of every list (1,000) as well as that of terms per write (100).
    expectRefused(res, 'tags', /at most 1000 items/);
    expect(res.json.data.params.categories).toMatch(/at most 100 terms/);
    const named = await service().request('POST', '/events', {
      ...json({
        title: 'Tagged',
        start_date: '2026-04-01 10:00',
        end_date: '2026-04-01 11:00',
        tags: Array.from({ length: 8000 }, (_, i) => `new tag ${i}`).join(','),
      }),
      as: 'contributor',
    });
    expectRefused(named, 'tags', /at most 100 terms/);
    const tags = await service().request('GET', '/tags', { query: { hide_empty: 'false' } });
    expect(tags.json.tags ?? []).toEqual([]);
    const events = await service().request('GET', '/events', {
      query: { status: 'draft,pending,publish' },
      as: 'admin',
    });
    expect(events.json.events).toEqual([]);
    const hundred = await service().request('POST', '/events', {
      ...json({
        title: 'Tagged',
        start_date: '2026-04-01 10:00',
        end_date: '2026-04-01 11:00',
        tags: Array.from({ length: 100 }, (_, i) => `new tag ${i}`),
      }),
      as: 'contributor',
    });
    expect(hundred.status).toBe(201);
    expect(hundred.json.tags).toHaveLength(100);
  });

  it('creates the new terms of one write together, each with its own slug, in every language', async () => {
    await service().request('POST', '/tags', { json: { name: 'Jazz' }, as: 'admin' });
    const res = await service().request('POST', '/events', {
      ...json({
        title: 'Terms',
        start_date: '2026-04-01 10:00',
        end_date: '2026-04-01 11:00',
        tags: ['jazz!', 'Jazz?', 'Blues', 'blues', 'Soul <b>deep</b>'],
      }),
      as: 'admin',
    });
    expect(res.status).toBe(201);
    expect(res.json.tags.map((tag: { name: string; slug: string }) => [tag.name, tag.slug])).toEqual([
      ['jazz!', 'jazz-2'],
      ['Jazz?', 'jazz-3'],
      ['Blues', 'blues'],
      ['Soul deep', 'soul-deep'],
    ]);
    const german = await service().request('GET', '/de/calendar/events/v1/tags', {
      query: { search: 'blues', hide_empty: 'false' },
    });
    expect(german.json.tags.map((tag: { name: string }) => tag.name)).toEqual(['Blues']);
  });
});
