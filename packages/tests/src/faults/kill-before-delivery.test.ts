/**
 * `kill -9` of a serving process between an acknowledged write and its webhook delivery (the receiver is
 * down, so the delivery waits for its retry), then a restart with the receiver up: the change is delivered.
 * The change log is the queue; nothing about a delivery lives only in the process.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { createWebhookAdmin } from '@calendar-events/core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  freshDatabase,
  kill9,
  postgresAnswers,
  serve,
  type TestDatabase,
  withAdministrator,
} from './processes.js';

const databases = (await postgresAnswers()) ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);

function receiverOn(port: number, received: string[]): Promise<Server> {
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push(body);
      response.writeHead(204).end();
    });
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

describe.each(databases)('kill -9 before a webhook delivery (%s)', (name) => {
  let database: TestDatabase;
  afterAll(() => database?.remove());

  it('delivers the acknowledged change after a restart', { timeout: 60_000 }, async () => {
    database = await freshDatabase(name);
    const key = await withAdministrator(database);
    // A port nobody listens on yet: the receiver is down while the first process runs.
    const probe = await receiverOn(0, []);
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const opened = await database.open();
    try {
      await createWebhookAdmin({ database: opened, webhookAllowPrivate: true }).add({
        url: `http://127.0.0.1:${port}/hook`,
      });
    } finally {
      await opened.destroy();
    }

    const first = serve(database.url, ['--webhook-allow-private', '--webhook-timeout', '2']);
    const created = await fetch(`${await first.url}/calendar/events/v1/tags`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Before the kill' }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    await kill9(first);

    const received: string[] = [];
    const receiver = await receiverOn(port, received);
    const second = serve(database.url, ['--webhook-allow-private', '--webhook-timeout', '2']);
    try {
      await second.url;
      // The failed attempt's retry is due 5 s after it (the specification's schedule); a process killed in the
      // middle of an attempt held the endpoint's lease, which the next one takes over when it lapses (3 times
      // the delivery's timeout, at least 10 s).
      for (let i = 0; i < 300 && received.length === 0; i++) await sleep(100);
      expect(received.map((body) => JSON.parse(body))).toEqual([
        expect.objectContaining({ type: 'tag.created', data: expect.objectContaining({ id }) }),
      ]);
    } finally {
      await kill9(second);
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });
});
