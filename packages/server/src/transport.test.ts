/**
 * The standalone server's connections: request, header and keep-alive timeouts
 * on both adapters, slow and vanishing clients on loopback (with short timeouts, so each case takes seconds),
 * and what the log says about them.
 */
import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger, type LogDestination } from './logger.js';
import { type RunningServer, type StartServerOptions, startServer } from './server.js';

interface LogRecord {
  level: number;
  msg: string;
  [key: string]: unknown;
}

function logRecorder(): LogDestination & { records: () => LogRecord[]; text: () => string } {
  const writes: string[] = [];
  return {
    write: (text) => void writes.push(text),
    flushSync() {},
    text: () => writes.join(''),
    records: () =>
      writes
        .join('')
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as LogRecord),
  };
}

interface Connection {
  socket: Socket;
  /** Everything received so far. */
  received: () => string;
  /** Resolves with the time (ms after opening) at which the server closed the connection. */
  closed: Promise<number>;
}

function open(port: number): Promise<Connection> {
  return new Promise((resolve, reject) => {
    const opened = Date.now();
    let text = '';
    const socket = connect(port, '127.0.0.1');
    const closed = new Promise<number>((done) => socket.on('close', () => done(Date.now() - opened)));
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
    });
    socket.on('error', () => {});
    socket.once('connect', () => resolve({ socket, received: () => text, closed }));
    socket.once('error', reject);
  });
}

const TIMEOUTS = { requestTimeoutMs: 1500, headersTimeoutMs: 1000, keepAliveTimeoutMs: 1200 };

describe.each(['express', 'fastify'] as const)('the server on %s', (adapter) => {
  let server: RunningServer | undefined;
  let log: ReturnType<typeof logRecorder>;

  async function start(options: StartServerOptions = {}): Promise<RunningServer> {
    log = logRecorder();
    server = await startServer({
      adapter,
      port: 0,
      database: 'sqlite::memory:',
      timeouts: TIMEOUTS,
      logger: createLogger('debug', { destination: log }),
      ...options,
    });
    return server;
  }

  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('answers 408 in the envelope to a body that trickles in, and closes the connection', async () => {
    const { port } = await start();
    const connection = await open(port);
    connection.socket.write(
      'POST /calendar/events/v1/venues HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n',
    );
    const trickle = setInterval(() => connection.socket.write(' '), 200);
    const closedAfter = await connection.closed;
    clearInterval(trickle);
    expect(closedAfter).toBeGreaterThanOrEqual(1400);
    expect(closedAfter).toBeLessThan(3500);
    const [head, body] = connection.received().split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(head).toMatch(/\r\nconnection: close(\r\n|$)/i);
    expect(JSON.parse(body!)).toEqual({
      code: 'rest_request_timeout',
      message: 'The request was not received in time.',
      data: { status: 408 },
    });
    await sleep(50);
    expect(log.records().filter((r) => r.level >= 50)).toEqual([]);
    // One access line, with the status the client got.
    const lines = log.records().filter((r) => r.url === '/calendar/events/v1/venues');
    expect(lines).toEqual([expect.objectContaining({ msg: 'request', method: 'POST', status: 408 })]);
  });

  it('answers 408 to a header section that trickles in', async () => {
    const { port } = await start();
    const connection = await open(port);
    connection.socket.write('GET /calendar/events/v1/tags HTTP/1.1\r\nHost: x\r\n');
    const trickle = setInterval(() => connection.socket.write('X-Slow: 1\r\n'), 200);
    const closedAfter = await connection.closed;
    clearInterval(trickle);
    expect(closedAfter).toBeLessThan(3000);
    expect(connection.received()).toMatch(/^HTTP\/1\.1 408 .*\r\n[\s\S]*"code":"rest_request_timeout"/);
  });

  it('closes an idle keep-alive connection after the keep-alive timeout', async () => {
    const { port } = await start();
    const connection = await open(port);
    connection.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    await sleep(100);
    expect(connection.received()).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*keep-alive: timeout=1/i);
    const closedAfter = await connection.closed;
    expect(closedAfter).toBeGreaterThanOrEqual(1100);
    expect(closedAfter).toBeLessThan(4000);
  });

  it('writes one info line, and no error, for a client that leaves mid-upload', async () => {
    const { port } = await start();
    const connection = await open(port);
    connection.socket.write(
      'POST /calendar/events/v1/venues HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\nX-Request-Id: upload-1\r\n\r\n{"venue":',
    );
    await sleep(100);
    connection.socket.destroy();
    await sleep(300);
    const records = log.records().filter((r) => r.reqId === 'upload-1' || r.level >= 40);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      level: 30,
      msg: 'client closed the connection before the answer',
      reqId: 'upload-1',
      method: 'POST',
      url: '/calendar/events/v1/venues',
    });
    expect(log.text()).not.toMatch(/"stack"/);
  });

  it('gives every request an id, keeps a sane incoming one, and logs it', async () => {
    const { url } = await start();
    const generated = await fetch(`${url}/calendar/events/v1/tags`);
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await fetch(`${url}/healthz`, { headers: { 'x-request-id': 'abc-123' } });
    expect(kept.headers.get('x-request-id')).toBe('abc-123');
    const forged = await fetch(`${url}/healthz`, { headers: { 'x-request-id': 'a"b c' } });
    expect(forged.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    await sleep(50);
    const lines = log.records().filter((r) => r.msg === 'request');
    expect(lines.map((r) => r.reqId)).toEqual([
      generated.headers.get('x-request-id'),
      'abc-123',
      forged.headers.get('x-request-id'),
    ]);
  });

  it('never logs an event password or an Authorization header', async () => {
    const restarted = await start({ demo: true });
    const key = restarted.demoAdministratorKey!;
    const created = await fetch(`${restarted.url}/calendar/events/v1/events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: 'Closed',
        password: 'opensesame',
        start_date: '2030-01-01 10:00',
        end_date: '2030-01-01 11:00',
      }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const read = await fetch(`${restarted.url}/calendar/events/v1/events/${id}?password=opensesame&x=1`);
    expect(read.status).toBe(200);
    await sleep(50);
    expect(log.text()).not.toContain('opensesame');
    expect(log.text()).not.toContain(key);
    expect(
      log.records().find((r) => String(r.url).startsWith(`/calendar/events/v1/events/${id}?`))?.url,
    ).toBe(`/calendar/events/v1/events/${id}?password=[redacted]&x=1`);
  });

  it('limits by default, and warns once per client when it starts refusing', async () => {
    const { url } = await start({ rateLimit: { perAddress: 3 } });
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${url}/calendar/events/v1/tags`, { headers: { 'x-request-id': `r${i}` } });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
    await sleep(50);
    const warnings = log.records().filter((r) => r.level === 40);
    expect(warnings).toEqual([
      expect.objectContaining({ msg: 'rate limit reached: answering 429', bucket: 'address', reqId: 'r3' }),
    ]);
  });
});

describe('startServer defaults', () => {
  it('limits by default', async () => {
    const server = await startServer({ port: 0, database: 'sqlite::memory:' });
    try {
      const res = await fetch(`${server.url}/calendar/events/v1/tags`);
      expect(res.headers.get('ratelimit-policy')).toBe(
        '"address";q=600;w=60, "key";q=1200;w=60, "failures";q=10;w=60',
      );
    } finally {
      await server.close();
    }
  });
});
