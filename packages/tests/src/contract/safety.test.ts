/** Permission holes, injection and lost updates the plugin had or could have had (SPEC §4–§6, §10). */
import { beforeEach, expect, it } from 'vitest';
import { describeContract } from '../index.js';

describeContract('safety', (service) => {
  beforeEach(async () => {
    await service().reset();
    service().setNow('2026-03-10T12:00:00Z');
  });

  const event = (json: Record<string, unknown> = {}, as = 'admin') =>
    service().request('POST', '/events', {
      json: { title: 'Safe', start_date: '2026-04-01 10:00', end_date: '2026-04-01 11:00', ...json },
      as,
    });

  it('never lets duplicate avoidance overwrite a record the caller may not edit', async () => {
    const hall = await service().request('POST', '/venues', {
      json: { venue: 'Hall', zip: '10115' },
      as: 'admin',
    });
    const takeover = await service().request('POST', '/venues', {
      json: { venue: 'HALL', zip: '99999', status: 'draft' },
      as: 'contributor',
    });
    expect(takeover.status).toBe(201);
    expect(takeover.json.id).not.toBe(hall.json.id);
    const after = await service().request('GET', `/venues/${hall.json.id}`);
    expect(after.json).toMatchObject({ venue: 'Hall', zip: '10115', status: 'publish' });
  });

  it('checks If-Match after validation and permission, and fails it for unreadable records', async () => {
    const { json: created } = await event();
    const anonymous = await service().request('PATCH', `/events/${created.id}`, {
      json: { title: 'x' },
      headers: { 'if-match': '"stale"' },
    });
    expect(anonymous.status).toBe(401);
    const invalid = await service().request('PATCH', `/events/${created.id}`, {
      json: { title: '' },
      headers: { 'if-match': '"stale"' },
      as: 'admin',
    });
    expect(invalid.status).toBe(400);
    await service().request('DELETE', `/events/${created.id}`, { as: 'admin' });
    const trashed = await service().request('PATCH', `/events/${created.id}`, {
      json: { title: 'x' },
      headers: { 'if-match': '"bogus"' },
      as: 'admin',
    });
    expect(trashed.status).toBe(412);
  });

  it('returns titles and names as plain text with markup encoded', async () => {
    const encoded = await event({ title: '&lt;img src=x onerror=alert(1)&gt;' });
    expect(encoded.json.title).toBe('&lt;img src=x onerror=alert(1)&gt;');
    const tags = await event({ title: '<b>Bold</b> & <script>x</script>loud' });
    expect(tags.json.title).not.toMatch(/<|>/);
    const venue = await service().request('POST', '/venues', {
      json: { venue: '<script>alert(5)</script>Hall' },
      as: 'admin',
    });
    expect(venue.json.venue).not.toMatch(/<script/);
  });

  it('refuses website values that are not plain URLs', async () => {
    for (const website of [
      'https://a.example/"><script>alert(1)</script>',
      'https://a.example/" onmouseover="alert(1)',
      'http:example.com',
      'foo',
    ]) {
      const res = await service().request('POST', '/organizers', {
        json: { organizer: 'W', website },
        as: 'admin',
      });
      expect(res.status, website).toBe(400);
    }
  });

  it('lets contributors finish deleting their own trashed draft', async () => {
    const { json: draft } = await event({ status: 'draft' }, 'contributor');
    expect((await service().request('DELETE', `/events/${draft.id}`, { as: 'contributor' })).status).toBe(
      200,
    );
    expect((await service().request('DELETE', `/events/${draft.id}`, { as: 'contributor' })).status).toBe(
      410,
    );
    const purge = await service().request('DELETE', `/events/${draft.id}`, {
      query: { force: 'true' },
      as: 'contributor',
    });
    expect(purge.status).toBe(200);
  });

  it('refuses an empty password on read, unlocks with context=edit for those who may edit', async () => {
    const { json: locked } = await event({ password: 'pw', description: 'Inside' });
    expect((await service().request('GET', `/events/${locked.id}`, { query: { password: '' } })).status).toBe(
      400,
    );
    const editView = await service().request('GET', `/events/${locked.id}`, {
      query: { context: 'edit' },
      as: 'editor',
    });
    expect(editView.status).toBe(200);
    expect(editView.json.description).toBe('<p>Inside</p>');
    const subscriber = await service().request('GET', `/events/${locked.id}`, {
      query: { context: 'edit' },
      as: 'subscriber',
    });
    expect(subscriber.status).toBe(403);
  });

  it('clears a venue with a form-encoded empty list and refuses linking a trashed venue', async () => {
    const hall = await service().request('POST', '/venues', { json: { venue: 'Linked Hall' }, as: 'admin' });
    const { json: created } = await event({ venue: hall.json.id });
    const cleared = await service().request('POST', `/events/${created.id}`, {
      form: 'venue[]=',
      as: 'admin',
    });
    expect(cleared.status).toBe(200);
    expect(cleared.json.venue).toEqual([]);
    await service().request('DELETE', `/venues/${hall.json.id}`, { as: 'admin' });
    const relink = await service().request('POST', `/events/${created.id}`, {
      json: { venue: hall.json.id },
      as: 'admin',
    });
    expect(relink.status).toBe(400);
  });

  it('lets only authors and above register image URLs', async () => {
    const contributor = await event({ image: 'https://cdn.example.com/a.png' }, 'contributor');
    expect(contributor.status).toBe(400);
    const author = await event({ image: 'https://cdn.example.com/a.png' }, 'author');
    expect(author.status).toBe(201);
  });

  it('renders the index and /doc in the multilang_language asked for, with computed defaults', async () => {
    const index = await service().request('GET', '/calendar/events/v1', {
      query: { multilang_language: 'de' },
    });
    const args = index.json.routes['/calendar/events/v1/events'].endpoints[0].args;
    expect(args.page.description).toBe('Die Seite der Ergebnisse.');
    expect(args.per_page.default).toBe(10);
    expect(args.start_date.default).toBe('2026-03-09 00:00:00');
    const doc = await service().request('GET', '/doc', { query: { multilang_language: 'de' } });
    expect(doc.json.info.description).toMatch(/Veranstaltungen/);
  });

  it('answers 400, not 500, for dates outside what can be stored', async () => {
    for (const start_date of ['0000-00-00', '@-99999999999', '-3000 years']) {
      const res = await event({ start_date });
      expect(res.status, start_date).toBe(400);
    }
    const list = await service().request('GET', '/events', { query: { start_date: '0000-00-00' } });
    expect(list.status).toBe(400);
  });
});
