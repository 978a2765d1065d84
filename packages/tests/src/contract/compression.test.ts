/**
 * Compression of answers: gzip and brotli of large answers as `Accept-Encoding`
 * asks, with their own ETags, 304s and HEADs right, the same bytes on both adapters. Sent with node:http,
 * not fetch, which asks for compression itself and decodes what it gets.
 */
import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, expect, it } from 'vitest';
import { describeContract } from '../index.js';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One request with exactly these headers; the body as it came over the wire. */
function raw(url: string, headers: Record<string, string>, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const LONG =
  'A long description of a concert in the old hall, with the programme and the performers. '.repeat(30);

describeContract('compression', (service) => {
  let listUrl: string;
  let identity: RawAnswer;

  beforeAll(async () => {
    await service().reset();
    service().setNow('2030-03-01T00:00:00Z');
    for (let i = 0; i < 5; i++) {
      const created = await service().request('POST', '/events', {
        json: {
          title: `Concert ${i}`,
          description: LONG,
          start_date: `2030-04-0${i + 1} 20:00`,
          end_date: `2030-04-0${i + 1} 22:00`,
        },
        as: 'admin',
      });
      expect(created.status).toBe(201);
    }
    listUrl = `${service().baseUrl}${service().core.namespacePath()}/events`;
    identity = await raw(listUrl, {});
  });

  it('sends large answers uncompressed to a client that does not ask, saying they vary', () => {
    expect(identity.status).toBe(200);
    expect(identity.body.length).toBeGreaterThan(5 * LONG.length);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers['content-length']).toBe(String(identity.body.length));
    expect(identity.headers.vary).toMatch(/Accept-Encoding/);
  });

  it('answers gzip and brotli as Accept-Encoding and its q-values ask', async () => {
    const cases: [string, string | undefined][] = [
      ['gzip', 'gzip'],
      ['br', 'br'],
      ['gzip, deflate, br', 'br'],
      ['br;q=0.5, gzip', 'gzip'],
      ['gzip;q=0, br;q=0', undefined],
      ['*', 'br'],
      ['br;q=0, *;q=0.1', 'gzip'],
      ['identity', undefined],
    ];
    for (const [accept, expected] of cases) {
      const res = await raw(listUrl, { 'accept-encoding': accept });
      expect(res.status, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(expected);
      expect(res.headers['content-length'], accept).toBe(String(res.body.length));
      expect(res.headers.vary, accept).toMatch(/Accept-Encoding/);
      const decoded =
        expected === 'gzip'
          ? gunzipSync(res.body)
          : expected === 'br'
            ? brotliDecompressSync(res.body)
            : res.body;
      expect(decoded.equals(identity.body), accept).toBe(true);
      if (expected) expect(res.body.length, accept).toBeLessThan(identity.body.length / 5);
    }
  });

  it('gives each encoded form its own ETag, and 304s for the form the client holds', async () => {
    const etag = identity.headers.etag as string;
    const gz = await raw(listUrl, { 'accept-encoding': 'gzip' });
    const br = await raw(listUrl, { 'accept-encoding': 'br' });
    expect(gz.headers.etag).toBe(`${etag.slice(0, -1)}-gzip"`);
    expect(br.headers.etag).toBe(`${etag.slice(0, -1)}-br"`);
    const revalidated = await raw(listUrl, {
      'accept-encoding': 'gzip',
      'if-none-match': gz.headers.etag as string,
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    expect(revalidated.headers.etag).toBe(gz.headers.etag);
    expect(revalidated.headers.vary).toMatch(/Accept-Encoding/);
    // The identity form is not the gzip form: a client holding it gets the gzip answer in full.
    const other = await raw(listUrl, { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(other.status).toBe(200);
    expect(other.headers['content-encoding']).toBe('gzip');
    const plain = await raw(listUrl, { 'if-none-match': etag });
    expect(plain.status).toBe(304);
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);
  });

  it('answers HEAD with the headers of the GET, encoded length included', async () => {
    for (const accept of ['gzip', 'br', 'identity']) {
      const get = await raw(listUrl, { 'accept-encoding': accept });
      const head = await raw(listUrl, { 'accept-encoding': accept }, 'HEAD');
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
      for (const name of ['content-encoding', 'content-length', 'etag', 'vary', 'content-type'])
        expect(head.headers[name], `${accept} ${name}`).toBe(get.headers[name]);
    }
  });

  it('leaves small answers alone', async () => {
    const res = await raw(`${service().baseUrl}${service().core.namespacePath()}/tags`, {
      'accept-encoding': 'gzip, br',
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
  });

  it('takes the ETag of an encoded form in If-Match of a write', async () => {
    const list = await service().request('GET', '/events');
    const id = list.json.events[0].id as number;
    const url = `${service().baseUrl}${service().core.namespacePath()}/events/${id}`;
    const one = await raw(url, { 'accept-encoding': 'gzip' });
    expect(one.headers['content-encoding']).toBe('gzip');
    const updated = await service().request('PATCH', `/events/${id}`, {
      json: { title: 'Renamed' },
      headers: { 'if-match': one.headers.etag as string },
      as: 'admin',
    });
    expect(updated.status).toBe(200);
  });
});

describeContract(
  'compression off',
  (service) => {
    it('sends every answer as it is', async () => {
      service().setNow('2030-03-01T00:00:00Z');
      await service().request('POST', '/events', {
        json: {
          title: 'Long',
          description: LONG,
          start_date: '2030-04-01 20:00',
          end_date: '2030-04-01 22:00',
        },
        as: 'admin',
      });
      const res = await raw(`${service().baseUrl}${service().core.namespacePath()}/events`, {
        'accept-encoding': 'gzip, br',
      });
      expect(res.status).toBe(200);
      expect(res.body.length).toBeGreaterThan(LONG.length);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toBeUndefined();
    });
  },
  { compression: false },
);
