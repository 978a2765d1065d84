/**
 * Both load generators against a small server that keeps what it was sent: they ask every path in turn,
 * make each path's and body's unique token unique, and count the answers that do not have the expected status.
 * wrk must be installed where CI runs (.ci/run installs it); elsewhere its half is skipped, and says why.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autocannonGenerator } from './autocannon.js';
import { type LoadGenerator, type LoadRequest, UNIQUE_TOKEN } from './load.js';
import { wrkGenerator, wrkVersion } from './wrk.js';

const installedWrk = await wrkVersion();
if (installedWrk === undefined && process.env.CI)
  throw new Error(
    'wrk is not installed: CI installs it (apt-get install wrk) to test the wrk load generator.',
  );

interface Received {
  method: string;
  path: string;
  body: string;
}

let server: Server;
let url: string;
const received: Received[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      received.push({ method: request.method ?? '', path, body: Buffer.concat(chunks).toString('utf8') });
      if (path.endsWith('/missing')) return response.writeHead(404).end('{"code":"rest_no_route"}');
      if (request.method === 'POST') return response.writeHead(201).end('{"id":1}');
      if (request.headers['if-none-match'] === '"v1"') return response.writeHead(304, { etag: '"v1"' }).end();
      response.writeHead(200, { etag: '"v1"', 'content-type': 'application/json' }).end('{"events":[]}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const generators: Array<[string, LoadGenerator | undefined]> = [
  ['autocannon', autocannonGenerator],
  ['wrk', installedWrk === undefined ? undefined : wrkGenerator(installedWrk, 2)],
];

let runs = 0;

describe.each(generators)('the %s load generator', (name, generator) => {
  /**
   * One run of a second, its paths under a folder of their own: requests of an earlier run still on their
   * way when it ended may reach the server later, and must not count here.
   */
  const drive = async (request: LoadRequest) => {
    const folder = `/run-${++runs}`;
    const paths = request.paths.map((path) => `${folder}${path}`);
    const measurement = await generator!.run(url, { ...request, paths }, 4, 1);
    const ours = received
      .filter((r) => r.path.startsWith(`${folder}/`))
      .map((r) => ({ ...r, path: r.path.slice(folder.length) }));
    return { measurement, received: ours };
  };

  it.skipIf(generator === undefined)('asks every path in turn and times each answer', async () => {
    const paths = ['/events/1', '/events/2', '/events/3?x=%C3%A9'];
    const { measurement, received } = await drive({ method: 'GET', paths, expectedStatus: 200 });
    expect(generator!.description).toMatch(new RegExp(`^${name} \\d+\\.\\d+`));
    expect(measurement.requests).toBeGreaterThan(50);
    // A request still on its way when the time is up reaches the server without being counted.
    expect(received.length).toBeGreaterThanOrEqual(measurement.requests);
    expect(new Set(received.map((r) => r.path))).toEqual(new Set(paths));
    expect(measurement.unexpected).toBe(0);
    expect(measurement.p50Ms).toBeGreaterThan(0);
    expect(measurement.p99Ms).toBeGreaterThanOrEqual(measurement.p50Ms);
    expect(measurement.requestsPerSecond).toBeCloseTo(measurement.requests / measurement.seconds, 3);
  });

  it.skipIf(generator === undefined)('sends each body with a token of its own', async () => {
    const body = JSON.stringify({ title: `Lesung „Café“ ${UNIQUE_TOKEN}`, note: `\\ "${UNIQUE_TOKEN}"\n` });
    const { measurement, received } = await drive({
      method: 'POST',
      paths: ['/events'],
      headers: { 'content-type': 'application/json' },
      body,
      expectedStatus: 201,
    });
    expect(measurement.requests).toBeGreaterThan(50);
    expect(measurement.unexpected).toBe(0);
    expect(measurement.statuses['201']).toBe(measurement.requests);
    // Checked without an expect per request: there are tens of thousands.
    const tokens: string[] = [];
    const wrong: Received[] = [];
    for (const r of received) {
      const sent = JSON.parse(r.body) as { title: string; note: string };
      const token = sent.title.slice('Lesung „Café“ '.length);
      const right = r.method === 'POST' && token !== '' && !token.includes(UNIQUE_TOKEN);
      if (!right || sent.note !== `\\ "${token}"\n`) wrong.push(r);
      tokens.push(token);
    }
    expect(wrong.slice(0, 3)).toEqual([]);
    expect(received.length).toBeGreaterThanOrEqual(measurement.requests);
    expect(new Set(tokens).size).toBe(tokens.length);
    // The next run (a measured run after its warm-up) sends tokens of its own too.
    const again = await drive({ method: 'POST', paths: ['/events'], body, expectedStatus: 201 });
    const earlier = new Set(tokens);
    const repeated = again.received.filter((r) =>
      earlier.has((JSON.parse(r.body) as { title: string }).title.slice('Lesung „Café“ '.length)),
    );
    expect(again.received.length).toBeGreaterThan(0);
    expect(repeated.length).toBe(0);
  });

  it.skipIf(generator === undefined)('puts a token of its own into each path that has one', async () => {
    const paths = [`/events?page=1&_bench=${UNIQUE_TOKEN}`, `/events/7?_bench=${UNIQUE_TOKEN}`, '/events/8'];
    const { measurement, received } = await drive({ method: 'GET', paths, expectedStatus: 200 });
    expect(measurement.requests).toBeGreaterThan(50);
    expect(measurement.unexpected).toBe(0);
    const tokens = received.flatMap((r) => {
      const match = /^\/events(?:\?page=1|\/7\?)&?_bench=([0-9a-z]+)$/.exec(r.path);
      return match ? [match[1]!] : [];
    });
    // Every request of the tokened paths carries a token, each one different; the other path is asked as is.
    expect(tokens.length + received.filter((r) => r.path === '/events/8').length).toBe(received.length);
    expect(tokens.length).toBeGreaterThan(received.length / 2);
    expect(new Set(tokens).size).toBe(tokens.length);
  });

  it.skipIf(generator === undefined)('counts the answers of another status than expected', async () => {
    const conditional = await drive({
      method: 'GET',
      paths: ['/events'],
      headers: { 'if-none-match': '"v1"' },
      expectedStatus: 304,
    });
    expect(conditional.measurement.unexpected).toBe(0);
    expect(conditional.measurement.statuses['304']).toBe(conditional.measurement.requests);

    const stale = await drive({
      method: 'GET',
      paths: ['/events'],
      headers: { 'if-none-match': '"v0"' },
      expectedStatus: 304,
    });
    expect(stale.measurement.requests).toBeGreaterThan(0);
    expect(stale.measurement.unexpected).toBe(stale.measurement.requests);

    const missing = await drive({ method: 'GET', paths: ['/missing'], expectedStatus: 200 });
    expect(missing.measurement.requests).toBeGreaterThan(0);
    expect(missing.measurement.unexpected).toBe(missing.measurement.requests);
  });
});
