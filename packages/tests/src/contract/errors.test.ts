/** Routing, parsing and error-envelope behaviour shared by every route (SPEC §2, §3, §5; ref §1, §4). */

import { expect, it } from 'vitest';
import { describeContract } from '../index.js';

describeContract('errors and routing', (service) => {
  it('answers rest_no_route for unknown paths, wrong methods, non-numeric ids and empty slugs', async () => {
    for (const [method, path] of [
      ['GET', '/nope'],
      ['PUT', '/events'],
      ['GET', '/events/foo'],
      ['GET', '/events/by-slug/'],
      ['DELETE', '/categories'],
      ['GET', '/categories/by-slug/x'],
      ['GET', '/EVENTS'],
    ] as const) {
      const res = await service().request(method, path);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.json).toEqual({
        code: 'rest_no_route',
        message: 'No route was found matching the URL and request method.',
        data: { status: 404 },
      });
    }
  });

  it('accepts a trailing slash', async () => {
    const res = await service().request('GET', '/events/');
    expect(res.status).toBe(200);
    expect(res.json.events).toEqual([]);
  });

  it('reports missing required parameters in declaration order', async () => {
    const res = await service().request('POST', '/events', { json: { description: 'x' }, as: 'admin' });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      code: 'rest_missing_callback_param',
      message: 'Missing parameter(s): title, start_date, end_date',
      data: { status: 400, params: ['title', 'start_date', 'end_date'] },
    });
  });

  it('reports type errors with the WordPress messages and details', async () => {
    const res = await service().request('GET', '/events', {
      query: { featured: 'yes', geoloc: 'maybe', page: '2' },
    });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('rest_invalid_param');
    expect(res.json.message).toBe('Invalid parameter(s): featured, geoloc');
    expect(res.json.data.params.featured).toBe('featured is not of type boolean.');
    expect(res.json.data.details.featured).toEqual({
      code: 'rest_invalid_type',
      message: 'featured is not of type boolean.',
      data: { param: 'featured' },
    });
  });

  it('runs validators before type checks and reports only their failures (ref §1)', async () => {
    const res = await service().request('GET', '/events', {
      query: { featured: 'yes', page: 'foo', per_page: '1.5', post_parent: 'x' },
    });
    expect(res.json).toEqual({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): page, per_page, post_parent',
      data: {
        status: 400,
        params: {
          page: 'Invalid parameter.',
          per_page: 'Invalid parameter.',
          post_parent: 'Invalid parameter.',
        },
        details: [],
      },
    });
    const create = await service().request('POST', '/events', {
      json: { title: ['A'], start_date: 'tomorrow', end_date: 'tomorrow', author: 'foo', all_day: 'maybe' },
      as: 'admin',
    });
    expect(create.status).toBe(400);
    expect(create.json.data.params).toEqual({ title: 'Invalid parameter.', author: 'Invalid parameter.' });
  });

  it('takes the last value of a single-valued parameter repeated without brackets, as PHP does', async () => {
    const res = await service().request('GET', '/events', { query: 'per_page=1&per_page=2' });
    expect(res.status).toBe(200);
    expect(res.json.rest_url).toContain('per_page=2');
  });

  it('gives "Invalid parameter." with empty details for failed validators', async () => {
    const res = await service().request('GET', '/events', { query: { per_page: '0' } });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): per_page',
      data: { status: 400, params: { per_page: 'Invalid parameter.' }, details: [] },
    });
  });

  it('rejects a language that is not configured', async () => {
    const res = await service().request('GET', '/events', { query: { multilang_language: 'fr' } });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('rest_invalid_param');
    expect(Object.keys(res.json.data.params)).toEqual(['multilang_language']);
  });

  it('answers 400 for malformed JSON, 415 for other media types, 413 for large bodies', async () => {
    const bad = await service().request('POST', '/events', {
      headers: { 'content-type': 'application/json' },
      body: '{bad',
      as: 'admin',
    });
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe('rest_invalid_json');
    const text = await service().request('POST', '/events', {
      headers: { 'content-type': 'text/plain' },
      body: 'hello',
      as: 'admin',
    });
    expect(text.status).toBe(415);
    expect(text.json.code).toBe('rest_unsupported_media_type');
    const large = await service().request('POST', '/events', {
      json: { title: 'x'.repeat(1024 * 1024 + 10) },
      as: 'admin',
    });
    expect(large.status).toBe(413);
    expect(large.json.code).toBe('rest_request_too_large');
  });

  it('reads multipart/form-data bodies like forms, brackets included, and ignores files', async () => {
    const boundary = '----calendar-test-boundary';
    const part = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const body =
      part('title', 'Multipart') +
      part('start_date', '2026-04-01 10:00') +
      part('end_date', '2026-04-01 12:00') +
      part('venue[venue]', 'Form Hall') +
      part('tags[]', 'alpha') +
      part('tags[]', 'beta') +
      `--${boundary}\r\nContent-Disposition: form-data; name="upload"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nfile\r\n` +
      `--${boundary}--\r\n`;
    const res = await service().request('POST', '/events', {
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
      as: 'admin',
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json.title).toBe('Multipart');
    expect(res.json.venue.venue).toBe('Form Hall');
    expect(res.json.tags.map((t: { name: string }) => t.name)).toEqual(['alpha', 'beta']);
    const broken = await service().request('POST', '/events', {
      headers: { 'content-type': 'multipart/form-data; boundary=nope' },
      body: 'not multipart at all',
      as: 'admin',
    });
    expect(broken.status).toBe(400);
  });

  it('checks validation before permission (400 before 401)', async () => {
    const res = await service().request('DELETE', '/venues/99999');
    expect(res.status).toBe(400);
    expect(res.json.data.params).toEqual({ id: 'Invalid parameter.' });
  });

  it('answers 401 without credentials and 403 without the right', async () => {
    const anonymous = await service().request('POST', '/tags', { json: { name: 'x' } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.json).toEqual({
      code: 'rest_forbidden',
      message: 'Sorry, you are not allowed to do that.',
      data: { status: 401 },
    });
    const subscriber = await service().request('POST', '/tags', { json: { name: 'x' }, as: 'subscriber' });
    expect(subscriber.status).toBe(403);
    expect(subscriber.json.code).toBe('rest_forbidden');
  });

  it('answers 401 rest_invalid_credentials for a bad key, Bearer or Basic', async () => {
    const bearer = await service().request('GET', '/events', { headers: { authorization: 'Bearer nope' } });
    expect(bearer.status).toBe(401);
    expect(bearer.json.code).toBe('rest_invalid_credentials');
    const admin = service().users.admin;
    const basicWrongUser = await service().request('GET', '/events', {
      headers: { authorization: `Basic ${Buffer.from(`editor:${admin.key}`).toString('base64')}` },
    });
    expect(basicWrongUser.status).toBe(401);
    const basic = await service().request('GET', '/events', {
      headers: { authorization: `Basic ${Buffer.from(`${admin.login}:${admin.key}`).toString('base64')}` },
    });
    expect(basic.status).toBe(200);
  });

  it('answers HEAD like GET without a body, and OPTIONS with Allow', async () => {
    const get = await service().request('GET', '/events');
    const head = await service().request('HEAD', '/events');
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(head.headers.etag).toBe(get.headers.etag);
    const options = await service().request('OPTIONS', '/events/5');
    expect(options.status).toBe(200);
    // Allow names the methods this caller may use (SPEC §14): anonymous callers may only read.
    expect(options.headers.allow).toBe('GET');
    const asAdmin = await service().request('OPTIONS', '/events/5', { as: 'admin' });
    expect(asAdmin.headers.allow).toBe('GET, DELETE, POST, PUT, PATCH');
    // The body is the route's description, as in the namespace index (ref §9.2).
    const index = await service().request('GET', '');
    expect(options.json).toEqual(index.json.routes[`/${index.json.namespace}/events/(?P<id>\\d+)`]);
    expect(options.json.endpoints[0].args.id).toMatchObject({ type: 'integer', required: true });
    const list = await service().request('OPTIONS', '/events');
    expect(list.json._links.self[0].href).toMatch(/\/events$/);
    expect(Object.keys(list.json.endpoints[0].args)).toContain('per_page');
  });

  it('lets a POST name its method in ?_method= or X-HTTP-Method-Override, as WordPress does', async () => {
    const created = await service().request('POST', '/tags', { json: { name: 'override' }, as: 'admin' });
    const id = created.json.id as number;
    const patched = await service().request('POST', `/tags/${id}`, {
      json: { description: 'patched' },
      headers: { 'x-http-method-override': 'PATCH' },
      as: 'admin',
    });
    expect(patched.status, patched.text).toBe(200);
    // A GET never becomes a write.
    const get = await service().request('GET', `/tags/${id}?_method=DELETE`, { as: 'admin' });
    expect(get.status).toBe(200);
    const deleted = await service().request('POST', `/tags/${id}?_method=DELETE`, { as: 'admin' });
    expect(deleted.status, deleted.text).toBe(200);
    expect((await service().request('GET', `/tags/${id}`)).status).not.toBe(200);
  });

  it('serves strong ETags, 304 for If-None-Match and 412 for a stale If-Match', async () => {
    const created = await service().request('POST', '/tags', { json: { name: 'etag' }, as: 'admin' });
    const first = await service().request('GET', `/tags/${created.json.id}`);
    expect(first.headers.etag).toMatch(/^"[^"]+"$/);
    const again = await service().request('GET', `/tags/${created.json.id}`, {
      headers: { 'if-none-match': first.headers.etag! },
    });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    const stale = await service().request('POST', `/tags/${created.json.id}`, {
      json: { description: 'changed' },
      headers: { 'if-match': '"not-the-current-one"' },
      as: 'admin',
    });
    expect(stale.status).toBe(412);
    expect(stale.json.code).toBe('rest_precondition_failed');
    const fresh = await service().request('POST', `/tags/${created.json.id}`, {
      json: { description: 'changed' },
      headers: { 'if-match': first.headers.etag! },
      as: 'admin',
    });
    expect(fresh.status).toBe(200);
    expect(fresh.json.description).toBe('changed');
  });

  it('takes parameters from JSON before form before query, and the path over all', async () => {
    const created = await service().request('POST', '/tags', {
      query: { name: 'from-query', description: 'query' },
      form: { name: 'from-form' },
      as: 'admin',
    });
    expect(created.status).toBe(201);
    expect(created.json.name).toBe('from-form');
    expect(created.json.description).toBe('query');
    const other = await service().request('POST', '/tags', { json: { name: 'other' }, as: 'admin' });
    const read = await service().request('GET', `/tags/${created.json.id}`, { query: { id: other.json.id } });
    expect(read.json.id).toBe(created.json.id);
  });
});
