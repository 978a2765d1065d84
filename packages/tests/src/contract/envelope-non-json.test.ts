/**
 * `_envelope` on the routes that answer something other than JSON. WordPress's envelope is
 * a JSON object `{body, status, headers}` answered with 200; ours keeps that shape on every route: a text body
 * (the iCalendar feeds) travels as its text, and the answer's own headers (its `Content-Type` among them) say
 * what it is. The non-JSON routes are found by asking every GET route of the route table, so a new one is
 * covered when it comes. Sent with node:http, not fetch, which asks for compression itself.
 */
import { request as httpRequest } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { beforeEach, expect, it } from 'vitest';
import { describeContract } from '../index.js';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function raw(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: options.method ?? 'GET', headers: options.headers ?? {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const isJson = (answer: RawAnswer) =>
  String(answer.headers['content-type'] ?? '').startsWith('application/json');

/** An enveloped answer: always a 200 JSON object that no cache may keep. */
function unwrap(answer: RawAnswer) {
  expect(answer.status, answer.body.toString()).toBe(200);
  expect(answer.headers['content-type']).toBe('application/json; charset=UTF-8');
  expect(answer.headers['cache-control']).toBe('no-store');
  const envelope = JSON.parse(answer.body.toString('utf8'));
  expect(Object.keys(envelope)).toEqual(['body', 'status', 'headers']);
  return envelope as { body: unknown; status: number; headers: Record<string, string> };
}

describeContract('_envelope on routes that do not answer JSON', (service) => {
  beforeEach(async () => {
    await service().reset();
    service().setNow('2026-03-10T12:00:00Z');
  });

  const url = (path: string) => `${service().baseUrl}${service().core.namespacePath()}${path}`;

  const createEvent = async () => {
    const res = await service().request('POST', '/events', {
      json: { title: 'Concert', start_date: '2026-04-01 20:00', end_date: '2026-04-01 22:00' },
      as: 'admin',
    });
    expect(res.status, res.text).toBe(201);
    return res.json.id as number;
  };

  /** Every GET route of the table whose answer is not JSON, with `{…}` filled in with the event's id. */
  async function nonJsonRoutes(id: number): Promise<string[]> {
    const found: string[] = [];
    for (const route of service().core.routes) {
      // The live stream never ends by itself: its own suite reads it (changes-stream.test.ts).
      if (!route.methods.includes('GET') || route.streams) continue;
      const path = route.path.replace(/\{[^}]+\}/g, String(id));
      const answer = await raw(url(path));
      if (!isJson(answer)) found.push(path);
    }
    return found;
  }

  it('finds the iCalendar feeds as the non-JSON routes, and envelopes each as {body: text, status, headers}', async () => {
    const id = await createEvent();
    const routes = await nonJsonRoutes(id);
    // The search found what is known to exist; anything else it finds is enveloped below as well.
    expect(routes).toEqual(expect.arrayContaining(['/events/ical', `/events/${id}/ical`]));
    for (const path of routes) {
      const plain = await raw(url(path));
      expect(plain.status).toBe(200);
      const enveloped = unwrap(await raw(url(`${path}?_envelope=1`)));
      expect(enveloped.status).toBe(200);
      expect(enveloped.headers['Content-Type']).toBe(plain.headers['content-type']);
      expect(enveloped.headers['Content-Disposition']).toBe(plain.headers['content-disposition']);
      expect(enveloped.headers.ETag).toBe(plain.headers.etag);
      expect(enveloped.headers['Content-Length']).toBeUndefined();
      // The text itself, byte for byte (CRLF line ends included).
      expect(enveloped.body).toBe(plain.body.toString('utf8'));
      expect(enveloped.body).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*END:VCALENDAR\r\n$/);
      // `_envelope` with no value, or any value, asks the same.
      expect(unwrap(await raw(url(`${path}?_envelope`))).body).toBe(enveloped.body);
    }
  });

  it('envelopes a feed’s 304, its HEAD, its compressed form and its errors', async () => {
    const id = await createEvent();
    const feed = `/events/${id}/ical`;
    const plain = await raw(url(feed));
    const etag = String(plain.headers.etag);

    // A 304: status and validators in the envelope, no body.
    const notModified = unwrap(await raw(url(`${feed}?_envelope`), { headers: { 'If-None-Match': etag } }));
    expect(notModified.status).toBe(304);
    expect(notModified.body).toBeNull();
    expect(notModified.headers.ETag).toBe(etag);

    // HEAD: the envelope's headers, no body.
    const head = await raw(url(`${feed}?_envelope`), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toBe('application/json; charset=UTF-8');
    expect(head.body.length).toBe(0);

    // Compressed: the envelope is what is compressed; the feed inside it is its text, not coded bytes.
    const gzipped = await raw(url('/events/ical?_envelope&per_page=50'), {
      headers: { 'Accept-Encoding': 'gzip' },
    });
    const body = gzipped.headers['content-encoding'] === 'gzip' ? gunzipSync(gzipped.body) : gzipped.body;
    const inner = unwrap({ ...gzipped, body });
    expect(inner.headers['Content-Encoding']).toBeUndefined();
    expect(inner.body).toMatch(/^BEGIN:VCALENDAR\r\n/);

    // An error of a feed route is JSON: its value, as on every route.
    const missing = unwrap(await raw(url('/events/999999/ical?_envelope')));
    expect(missing.status).toBe(404);
    expect((missing.body as { code: string }).code).toBe('rest-event-not-found');
    const invalid = unwrap(await raw(url('/events/ical?_envelope&per_page=abc')));
    expect(invalid.status).toBe(400);
    expect((invalid.body as { code: string }).code).toBe('rest_invalid_param');
  });

  it('envelopes the import route’s answer to a text/calendar body', async () => {
    const calendar = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//test//envelope//EN',
      'BEGIN:VEVENT',
      'UID:envelope-1@example.org',
      'DTSTAMP:20260301T000000Z',
      'DTSTART:20260401T180000Z',
      'DTEND:20260401T200000Z',
      'SUMMARY:Imported',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    const answer = await raw(url('/events/import?_envelope'), {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${service().users.admin.key}`,
        'Content-Type': 'text/calendar; charset=UTF-8',
      },
      body: calendar,
    });
    const enveloped = unwrap(answer);
    expect(enveloped.status, JSON.stringify(enveloped.body)).toBeLessThan(300);
    expect(enveloped.headers['Content-Type']).toBe('application/json; charset=UTF-8');
    expect(typeof enveloped.body).toBe('object');
    const list = await service().request('GET', '/events', { query: { search: 'Imported' } });
    expect(list.json.total).toBe(1);
  });
});
