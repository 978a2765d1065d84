/**
 * The warm-up: a GET of many paths asks each once before the timed warm-up, on as many requests at a time as
 * the load has connections, so that the measured run does not depend on how long the warm-up is.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LoadGenerator, type LoadRequest, type Measurement, measureLoad } from './load.js';

let server: Server;
let url: string;
const asked: string[] = [];
let inFlight = 0;
let mostInFlight = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    asked.push(request.url ?? '');
    inFlight++;
    mostInFlight = Math.max(mostInFlight, inFlight);
    setTimeout(() => {
      inFlight--;
      response.writeHead(request.url === '/gone' ? 404 : 200).end('{}');
    }, 2);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A generator that only records its runs, with what the server had been asked when each began. */
function recordingGenerator() {
  const runs: Array<{ seconds: number; askedBefore: string[] }> = [];
  const measurement: Measurement = {
    requests: 1,
    seconds: 1,
    requestsPerSecond: 1,
    p50Ms: 1,
    p99Ms: 1,
    statuses: { '200': 1 },
    unexpected: 0,
  };
  const generator: LoadGenerator = {
    description: 'recording 1.0',
    async run(_url, _request, _connections, seconds) {
      runs.push({ seconds, askedBefore: [...asked] });
      return measurement;
    },
  };
  return { generator, runs };
}

describe('measureLoad', () => {
  it('asks each path of a many-path GET once, a few at a time, before the timed warm-up', async () => {
    asked.length = 0;
    mostInFlight = 0;
    const paths = Array.from({ length: 40 }, (_, i) => `/events/${i + 1}`);
    const request: LoadRequest = { method: 'GET', paths, expectedStatus: 200 };
    const { generator, runs } = recordingGenerator();
    await measureLoad(generator, url, request, { connections: 4, warmupSeconds: 2, durationSeconds: 5 });
    expect(runs.map((run) => run.seconds)).toEqual([2, 5]);
    expect([...runs[0]!.askedBefore].sort()).toEqual([...paths].sort());
    expect(mostInFlight).toBeGreaterThan(1);
    expect(mostInFlight).toBeLessThanOrEqual(4);
  });

  it('asks nothing itself for one path, a POST, or no warm-up', async () => {
    asked.length = 0;
    const { generator, runs } = recordingGenerator();
    const options = { connections: 4, warmupSeconds: 1, durationSeconds: 1 };
    await measureLoad(generator, url, { method: 'GET', paths: ['/events'], expectedStatus: 200 }, options);
    await measureLoad(generator, url, { method: 'POST', paths: ['/a', '/b'], expectedStatus: 201 }, options);
    await measureLoad(
      generator,
      url,
      { method: 'GET', paths: ['/a', '/b'], expectedStatus: 200 },
      { ...options, warmupSeconds: 0 },
    );
    expect(asked).toEqual([]);
    expect(runs.map((run) => run.seconds)).toEqual([1, 1, 1, 1, 1]);
  });

  it('fails with the path when an answer has another status', async () => {
    const { generator } = recordingGenerator();
    const request: LoadRequest = { method: 'GET', paths: ['/events/1', '/gone'], expectedStatus: 200 };
    await expect(
      measureLoad(generator, url, request, { connections: 2, warmupSeconds: 1, durationSeconds: 1 }),
    ).rejects.toThrow('GET /gone answered 404, not 200.');
  });
});
