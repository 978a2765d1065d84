/**
 * The write checks of the multi-instance run against two instances of the service on one SQLite file (in this
 * process, each with its own core and response cache), and against an instance that answers stale reads: a
 * proxy in front of one of them that keeps every GET answer forever. The checks find nothing wrong with the
 * first and count the stale answers of the second.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiKey, createUser } from '@calendar-events/core';
import { type RunningServer, startServer } from '@calendar-events/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Balancer, startBalancer } from './balancer.js';
import { checkWrites, percentile, readAfterWrite, type WriteTarget } from './read-after-write.js';

/** A proxy to `upstream` that answers each GET address with its first answer, forever. */
async function startStaleProxy(upstream: string): Promise<Server> {
  const kept = new Map<string, { status: number; headers: Record<string, string>; body: Buffer }>();
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const keptAnswer = request.method === 'GET' ? kept.get(request.url!) : undefined;
    if (keptAnswer) {
      response.writeHead(keptAnswer.status, keptAnswer.headers).end(keptAnswer.body);
      return;
    }
    const answer = await fetch(`${upstream}${request.url}`, {
      method: request.method!,
      headers: request.headers as Record<string, string>,
      ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
    });
    const body = Buffer.from(await answer.arrayBuffer());
    const headers: Record<string, string> = {};
    for (const name of ['content-type', 'x-wp-total', 'etag']) {
      const value = answer.headers.get(name);
      if (value !== null) headers[name] = value;
    }
    if (request.method === 'GET' && answer.status === 200)
      kept.set(request.url!, { status: answer.status, headers, body });
    response.writeHead(answer.status, headers).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

describe('the write checks of the multi-instance run', () => {
  let folder: string;
  const servers: RunningServer[] = [];
  let stale: Server;
  let balancer: Balancer;
  let target: WriteTarget;
  const start = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'calendar-bench-writes-'));
    const database = `sqlite:${join(folder, 'calendar.db')}`;
    // One after the other: the first migrates the file.
    servers.push(await startServer({ adapter: 'fastify', port: 0, database }));
    servers.push(await startServer({ adapter: 'express', port: 0, database }));
    await createUser(servers[0]!.core.database.kysely, { login: 'admin', role: 'administrator' });
    const administratorKey = await createApiKey(servers[0]!.core.database.kysely, 'admin');
    stale = await startStaleProxy(servers[1]!.url);
    balancer = await startBalancer(
      'node',
      servers.map((server) => server.url),
      folder,
    );
    target = {
      instances: servers.map((server) => server.url),
      balancer: balancer.url,
      administratorKey,
      eventBody: (title) =>
        JSON.stringify({
          title,
          start_date: `${start} 19:00:00`,
          end_date: `${start} 21:00:00`,
          status: 'publish',
        }),
    };
  });
  afterAll(async () => {
    await balancer?.stop();
    stale?.closeAllConnections();
    await new Promise((resolve) => stale?.close(resolve));
    for (const server of servers) await server.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('reads back every event created through the balancer on every instance', async () => {
    const check = await checkWrites(target, 12, 4);
    expect(check).toEqual({ created: 12, problems: [] });
  });

  it('finds no stale read across two instances with their caches on, and times the reads', async () => {
    const result = await readAfterWrite(target, 6, 30);
    expect(result.rounds).toBe(6);
    expect(result.stale).toEqual({ direct: 0, balancer: 0 });
    // A list and an event after each of the two writes of a round, per reader.
    expect(result.latencies.direct).toHaveLength(12);
    expect(result.latencies.balancer).toHaveLength(12);
    expect(result.latencies.direct.every((ms) => ms > 0)).toBe(true);
  });

  it('counts the stale answers of an instance that keeps its answers forever', async () => {
    const { port } = stale.address() as AddressInfo;
    const result = await readAfterWrite(
      { ...target, instances: [servers[0]!.url, `http://127.0.0.1:${port}`] },
      4,
      30,
    );
    // Rounds 1 and 3 read through the stale instance directly: its list and its event, both old.
    expect(result.stale.direct).toBe(4);
    expect(result.examples[0]).toMatch(
      /^round 1, direct: the list answered 200 with a total of \d+, not \d+$/,
    );
  });

  it('takes percentiles by nearest rank', () => {
    expect(percentile([5, 1, 3, 2, 4], 50)).toBe(3);
    expect(percentile([5, 1, 3, 2, 4], 99)).toBe(5);
    expect(percentile([], 50)).toBeNaN();
  });
});
