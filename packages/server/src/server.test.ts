import { once } from 'node:events';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { createApiKey, createUser } from '@calendar-events/core';
import { openSse } from '@calendar-events/tests/sse';
import { describe, expect, it } from 'vitest';
import { startServer } from './server.js';

describe.each(['express', 'fastify'] as const)('startServer on %s', (adapter) => {
  it('lets an in-flight request finish on close, then refuses new connections', async () => {
    const server = await startServer({ adapter, port: 0, database: 'sqlite::memory:' });
    // A request whose body is still arriving when the shutdown begins.
    const request = httpRequest(`${server.url}/calendar/events/v1/venues`, {
      method: 'POST',
      // The server's `100 Continue` says it has read the request's head: the request is in flight from then.
      headers: {
        'content-type': 'application/json',
        'transfer-encoding': 'chunked',
        expect: '100-continue',
      },
    });
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      request.on('error', reject);
      request.on('response', (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
    });
    await once(request, 'continue');
    request.write('{"venue":');
    let closed = false;
    const closing = server.close().then(() => {
      closed = true;
    });
    await sleep(100);
    expect(closed).toBe(false);
    request.end('"Late Hall"}');

    const { status, body } = await answered;
    // Core's own answer (valid parameters, no credentials), written in full.
    expect(status).toBe(401);
    expect(JSON.parse(body)).toMatchObject({ code: 'rest_forbidden' });
    // Promptly: the connection, idle now, is closed rather than kept for its keep-alive time.
    const finished = Date.now();
    await closing;
    expect(Date.now() - finished).toBeLessThan(2000);
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
  });

  it('answers /healthz, /readyz and unknown paths through core', async () => {
    const server = await startServer({ adapter, port: 0, database: 'sqlite::memory:' });
    try {
      const health = await fetch(`${server.url}/healthz`);
      expect(health.headers.get('cache-control')).toBe('no-store');
      expect(await health.json()).toEqual({ status: 'ok' });
      expect(await (await fetch(`${server.url}/readyz`)).json()).toEqual({ status: 'ready' });
      const unknown = await fetch(`${server.url}/favicon.ico`);
      expect(unknown.status).toBe(404);
      expect(((await unknown.json()) as { code: string }).code).toBe('rest_no_route');
      expect(health.headers.get('keep-alive')).toBe('timeout=72');
    } finally {
      await server.close();
    }
  });

  it('passes the site settings to core: the feeds carry the site name and the permalinks the site URL', async () => {
    const server = await startServer({
      adapter,
      port: 0,
      database: 'sqlite::memory:',
      siteUrl: 'https://kultur.example',
      siteName: 'Kultur Süd',
    });
    try {
      const feed = await fetch(`${server.url}/calendar/events/v1/events/ical`);
      expect(await feed.text()).toContain('X-WR-CALNAME:Kultur Süd\r\nX-ORIGINAL-URL:https://kultur.example');
      expect(feed.headers.get('content-disposition')).toBe('attachment; filename="kultur-sud-events.ics"');
    } finally {
      await server.close();
    }
  });
  it('passes the change log’s retention to core, and serves GET /changes', async () => {
    const server = await startServer({
      adapter,
      port: 0,
      database: 'sqlite::memory:',
      changeRetentionDays: 7,
    });
    try {
      expect(server.core.config.changeRetentionDays).toBe(7);
      const changes = await fetch(`${server.url}/calendar/events/v1/changes`);
      expect(await changes.json()).toEqual({ changes: [], next_token: expect.any(String), has_more: false });
    } finally {
      await server.close();
    }
  });

  it('delivers webhooks to a receiver on this host with webhookAllowPrivate (--webhook-allow-private)', async () => {
    const received: string[] = [];
    const receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        received.push(body);
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const server = await startServer({
      adapter,
      port: 0,
      database: 'sqlite::memory:',
      webhookAllowPrivate: true,
    });
    try {
      const { port } = receiver.address() as AddressInfo;
      await server.core.webhooks.add({ url: `http://127.0.0.1:${port}/hook` });
      await createUser(server.core.database.kysely, { login: 'admin', role: 'administrator' });
      const key = await createApiKey(server.core.database.kysely, 'admin');
      const created = await fetch(`${server.url}/calendar/events/v1/tags`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Delivered' }),
      });
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: number };
      for (let i = 0; i < 50 && received.length === 0; i++) await sleep(100);
      expect(received.map((body) => JSON.parse(body))).toEqual([
        expect.objectContaining({ type: 'tag.created', data: expect.objectContaining({ id }) }),
      ]);
    } finally {
      await server.close();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });

  it('streams the changes live, and its shutdown ends the open streams rather than waiting for them', async () => {
    const lines: { fields: Record<string, unknown>; message: string | undefined }[] = [];
    const keep = (fields: unknown, message?: string) => {
      lines.push({ fields: fields as Record<string, unknown>, message });
    };
    const logger = { debug: keep, info: keep, warn: keep, error: keep };
    const server = await startServer({ adapter, port: 0, database: 'sqlite::memory:', logger });
    await createUser(server.core.database.kysely, { login: 'admin', role: 'administrator' });
    const key = await createApiKey(server.core.database.kysely, 'admin');
    const stream = await openSse(`${server.url}/calendar/events/v1/changes/stream`);
    try {
      expect(stream.status).toBe(200);
      const created = await fetch(`${server.url}/calendar/events/v1/tags`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Live' }),
      });
      const { id } = (await created.json()) as { id: number };
      expect((await stream.nextChange()).data).toMatchObject({ type: 'tag', id, action: 'created' });
      // A stream its client ends has its request line, as any answer: not "closed before the answer".
      // Through node:http, whose agent opens no spare connection beside it (fetch's would hold the shutdown).
      await new Promise<void>((resolve, reject) => {
        const gone = httpRequest(`${server.url}/calendar/events/v1/changes/stream`, { agent: false });
        gone.on('error', reject);
        gone.on('response', (response) => {
          response.once('data', () => {
            gone.destroy();
            resolve();
          });
        });
        gone.end();
      });
      for (
        let i = 0;
        i < 50 &&
        !lines.some(
          (line) => line.message === 'request' && line.fields.url === '/calendar/events/v1/changes/stream',
        );
        i++
      )
        await sleep(20);
      expect(lines).toContainEqual({
        fields: expect.objectContaining({ url: '/calendar/events/v1/changes/stream', status: 200 }),
        message: 'request',
      });
      expect(lines.map((line) => line.message)).not.toContain(
        'client closed the connection before the answer',
      );
    } finally {
      const closing = Date.now();
      await server.close();
      await stream.ended;
      expect(Date.now() - closing).toBeLessThan(2000);
      stream.close();
    }
  });
});
