/**
 * SPEC §14, the trash and by-slug answers of the real plugin (reference/tec-transcripts/decided/03, 04, 05):
 * `status=trash` lists, slugs renamed on trash and given back on restore, 404 on by-slug writes to unknown
 * event slugs.
 */
import { beforeEach, expect, it } from 'vitest';
import { describeContract } from '../index.js';

describeContract('plugin answers: trash and slugs', (service) => {
  beforeEach(async () => {
    await service().reset();
    service().setNow('2026-11-25T17:30:00Z');
  });

  const createEvent = (title: string, json: Record<string, unknown> = {}, as = 'admin') =>
    service().request('POST', '/events', {
      json: { title, start_date: '2026-11-27 10:00:00', end_date: '2026-11-27 12:00:00', ...json },
      as,
    });

  // ------------------------------------------------------------------ decided/03: status=trash lists

  it('status=trash lists trashed events with the category filter, to every caller who may filter by status', async () => {
    const category = await service().request('POST', '/categories', {
      json: { name: 'Cat et' },
      as: 'admin',
    });
    expect(category.status).toBe(201);
    const { json: event } = await createEvent('Ev et', { categories: [category.json.id] });
    await createEvent('Kept', { categories: [category.json.id] });
    expect((await service().request('DELETE', `/events/${event.id}`, { as: 'admin' })).status).toBe(200);
    for (const as of ['administrator', 'editor', 'author', 'contributor'] as const) {
      const who = as === 'administrator' ? 'admin' : as;
      const res = await service().request('GET', '/events', {
        query: { categories: String(category.json.id), status: 'trash' },
        as: who,
      });
      expect(res.status, who).toBe(200);
      expect(res.json.total, who).toBe(1);
      expect(res.json.total_pages, who).toBe(1);
      expect(res.headers['x-tec-total'], who).toBe('1');
      expect(res.headers['x-tec-totalpages'], who).toBe('1');
      expect(
        res.json.events.map((e: { id: number }) => e.id),
        who,
      ).toEqual([event.id]);
      expect(res.json.events[0].status).toBe('trash');
      expect(res.json.events[0].slug).toBe('ev-et__trashed');
    }
  });

  // ------------------------------------------------------------------ decided/04: trash renames the slug

  const unknownSlug = {
    code: 'rest_invalid_param',
    message: 'Invalid parameter(s): slug',
    data: { status: 400, params: { slug: 'Invalid parameter.' }, details: [] },
  };

  it('trashing an event renames its slug to <slug>__trashed; the old slug is then unknown and free', async () => {
    const category = await service().request('POST', '/categories', { json: { name: 'Cat' }, as: 'admin' });
    const { json: event } = await createEvent('Ev et', { categories: [category.json.id] });
    expect(event.slug).toBe('ev-et');
    const trashed = await service().request('DELETE', `/events/${event.id}`, { as: 'admin' });
    expect(trashed.status).toBe(200);
    expect(trashed.json.slug).toBe('ev-et__trashed');
    // Its pretty address no longer leads to it: WordPress gives a trashed post its plain permalink.
    expect(trashed.json.url).toMatch(new RegExp(`/\\?post_type=tribe_events&p=${event.id}$`));
    const old = await service().request('GET', '/events/by-slug/ev-et');
    expect(old.status).toBe(400);
    expect(old.json).toEqual(unknownSlug);
    const byTrashedSlug = await service().request('GET', '/events/by-slug/ev-et__trashed');
    expect(byTrashedSlug.status).toBe(403);
    expect(byTrashedSlug.json.code).toBe('event-no-longer-available');
    // WordPress frees the slug: a new event of the same title takes it.
    expect((await createEvent('Ev et')).json.slug).toBe('ev-et');
    const count = async () =>
      (await service().request('GET', `/categories/${category.json.id}`)).json.count as number;
    expect(await count()).toBe(0);

    // Out of the trash: the slug back, or the next free one; the category counts it again.
    const restored = await service().request('POST', `/events/${event.id}`, {
      json: { status: 'publish' },
      as: 'admin',
    });
    expect(restored.status).toBe(200);
    expect(restored.json.status).toBe('publish');
    expect(restored.json.slug).toBe('ev-et-2');
    expect(restored.json.url).toMatch(/\/event\/ev-et-2\/$/);
    expect((await service().request('GET', '/events/by-slug/ev-et-2')).json.id).toBe(event.id);
    expect(await count()).toBe(1);
  });

  it('an event taken out of the trash gets its own slug back when it is still free', async () => {
    const { json: event } = await createEvent('Solo');
    await service().request('DELETE', `/events/by-slug/solo`, { as: 'admin' });
    const draft = await service().request('PUT', `/events/${event.id}`, {
      json: { status: 'draft' },
      as: 'admin',
    });
    expect(draft.status).toBe(200);
    expect(draft.json.slug).toBe('solo');
    // Trashed by an update, the slug is renamed as by a delete.
    const again = await service().request('PATCH', `/events/${event.id}`, {
      json: { status: 'trash' },
      as: 'admin',
    });
    expect(again.status).toBe(200);
    expect(again.json.slug).toBe('solo__trashed');
  });

  for (const [plural, nameField] of [
    ['venues', 'venue'],
    ['organizers', 'organizer'],
  ] as const) {
    it(`${nameField}: trashing renames the slug; the old slug is unknown; a restore gives it back or the next`, async () => {
      const first = await service().request('POST', `/${plural}`, {
        json: { [nameField]: 'Hall' },
        as: 'admin',
      });
      expect(first.json.slug).toBe('hall');
      const trashed = await service().request('DELETE', `/${plural}/${first.json.id}`, { as: 'admin' });
      expect(trashed.status).toBe(200);
      expect(trashed.json.slug).toBe('hall__trashed');
      expect(trashed.json.url).toMatch(new RegExp(`/\\?post_type=tribe_${nameField}&p=${first.json.id}$`));
      const old = await service().request('GET', `/${plural}/by-slug/hall`);
      expect(old.status).toBe(400);
      expect(old.json).toEqual(unknownSlug);
      const second = await service().request('POST', `/${plural}`, {
        json: { [nameField]: 'Hall' },
        as: 'admin',
      });
      expect(second.status).toBe(201);
      expect(second.json.id).not.toBe(first.json.id);
      expect(second.json.slug).toBe('hall');
      const restored = await service().request('POST', `/${plural}/${first.json.id}`, {
        json: { status: 'publish' },
        as: 'admin',
      });
      expect(restored.status).toBe(200);
      expect(restored.json.slug).toBe('hall-2');
      expect(restored.json.url).toMatch(new RegExp(`/${nameField}/hall-2/$`));
      expect((await service().request('GET', `/${plural}/by-slug/hall-2`)).json.id).toBe(first.json.id);
    });
  }

  // ------------------------------------------------------------------ decided/05: by-slug writes, unknown slug

  it('a by-slug update of an unknown event slug answers 404 rest-event-not-found, as the plugin', async () => {
    for (const method of ['POST', 'PUT', 'PATCH']) {
      const res = await service().request(method, '/events/by-slug/no-such-slug', {
        json: { title: 'x' },
        as: 'admin',
      });
      expect(res.status, method).toBe(404);
      expect(res.json, method).toEqual({
        code: 'rest-event-not-found',
        message: 'Event with ID 0 does not exist.',
        data: { status: 404 },
      });
    }
    // Nothing was created under that slug.
    expect((await service().request('GET', '/events', { as: 'admin' })).json.total).toBe(0);
    // Callers who may not write still get 401/403 before the lookup.
    expect(
      (await service().request('PUT', '/events/by-slug/no-such-slug', { json: { title: 'x' } })).status,
    ).toBe(401);
  });

  it('a by-slug read or delete of an unknown event slug, and every by-slug route of venues and organizers, stay 400', async () => {
    const cases: Array<[string, string]> = [
      ['GET', '/events/by-slug/no-such-slug'],
      ['DELETE', '/events/by-slug/no-such-slug'],
    ];
    for (const plural of ['venues', 'organizers'])
      for (const method of ['GET', 'DELETE', 'POST', 'PUT', 'PATCH'])
        cases.push([method, `/${plural}/by-slug/no-such-slug`]);
    for (const [method, path] of cases) {
      const res = await service().request(method, path, {
        ...(method === 'GET' || method === 'DELETE' ? {} : { json: { description: 'x' } }),
        as: 'admin',
      });
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.json, `${method} ${path}`).toEqual(unknownSlug);
    }
  });
});
