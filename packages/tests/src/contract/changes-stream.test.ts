/**
 * `GET /changes/stream`: the change log as Server-Sent Events, read by an independent parser
 * (`eventsource-parser`) and by a real EventSource client (`eventsource`): each change once, in commit order,
 * with its token as id; resumable with `Last-Event-ID`; what a caller sees as on `GET /changes`; token errors
 * and a full house answered before the stream; heartbeats; a client gone frees its place.
 */
import { EventSource } from 'eventsource';
import { beforeEach, expect, it } from 'vitest';
import { describeContract } from '../index.js';
import type { TestService } from '../service.js';
import { openSse, type SseConnection } from '../sse.js';

const STREAM = '/calendar/events/v1/changes/stream';

function streamOf(service: TestService) {
  return (
    options: { as?: string; query?: Record<string, string>; headers?: Record<string, string> } = {},
  ) => {
    const url = new URL(`${service.baseUrl}${STREAM}`);
    for (const [name, value] of Object.entries(options.query ?? {})) url.searchParams.set(name, value);
    const headers: Record<string, string> = { ...options.headers };
    if (options.as) headers.authorization = `Bearer ${service.users[options.as as 'editor'].key}`;
    return openSse(url.toString(), headers);
  };
}

async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The stream's opening: `retry:`, then a position event whose id is where it starts. */
async function opening(connection: SseConnection): Promise<string> {
  expect(await connection.next()).toEqual({ kind: 'retry', ms: expect.any(Number) });
  const position = await connection.next();
  expect(position).toMatchObject({ kind: 'event', event: 'position' });
  const { id, data } = position as { id: string; data: string };
  expect(JSON.parse(data)).toEqual({ next_token: id });
  return id;
}

describeContract(
  'live stream of changes',
  (service) => {
    const open = () => streamOf(service());
    const write = (method: string, path: string, json: Record<string, unknown> = {}, as = 'editor') =>
      service().request(method, path, { json, as });
    const changesSince = async (since: string, as?: string) => {
      const res = await service().request('GET', '/changes', {
        query: { since, limit: 1000 },
        ...(as ? { as } : {}),
      });
      expect(res.status, res.text).toBe(200);
      return res.json.changes as { token: string; type: string; action: string }[];
    };
    const streams: SseConnection[] = [];
    const connect = async (options: Parameters<ReturnType<typeof open>>[0] = {}) => {
      const connection = await open()(options);
      streams.push(connection);
      return connection;
    };

    beforeEach(async () => {
      for (const stream of streams.splice(0)) stream.close();
      await until(() => service().core.changeStreams.open === 0);
      await service().reset();
    });

    it('starts from now, then sends each change as GET /changes gives it, its token as id, in commit order', async () => {
      const stream = await connect();
      expect(stream.status).toBe(200);
      expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(stream.headers['cache-control']).toBe('no-store');
      const start = await opening(stream);
      const tag = await write('POST', '/tags', { name: 'Jazz' });
      const venue = await write('POST', '/venues', { venue: 'Hall', status: 'publish' });
      await write('POST', `/tags/${tag.json.id}`, { name: 'Free jazz' });
      const expected = await changesSince(start);
      expect(expected.map((c) => `${c.type} ${c.action}`)).toEqual([
        'tag created',
        'venue created',
        'tag updated',
      ]);
      const seen = [await stream.nextChange(), await stream.nextChange(), await stream.nextChange()];
      expect(seen.map((event) => event.data)).toEqual(expected);
      expect(seen.map((event) => event.id)).toEqual(expected.map((c) => c.token));
      expect(venue.status).toBe(201);
    });

    it('resumes after Last-Event-ID, which wins over since; since alone too', async () => {
      const start = await opening(await connect());
      for (const name of ['One', 'Two', 'Three'])
        expect((await write('POST', '/tags', { name })).status).toBe(201);
      const tokens = (await changesSince(start)).map((c) => c.token);
      expect(tokens).toHaveLength(3);
      const resumed = await connect({ query: { since: start }, headers: { 'last-event-id': tokens[0]! } });
      expect(await opening(resumed)).toBe(tokens[0]);
      expect((await resumed.nextChange()).id).toBe(tokens[1]);
      expect((await resumed.nextChange()).id).toBe(tokens[2]);
      const fromSince = await connect({ query: { since: tokens[1]! } });
      await opening(fromSince);
      expect((await fromSince.nextChange()).id).toBe(tokens[2]);
    });

    it('shows each caller what GET /changes shows it, and moves its resume point past what it cannot see', async () => {
      const anonymous = await connect();
      const editor = await connect({ as: 'editor' });
      await opening(anonymous);
      await opening(editor);
      const draft = await write('POST', '/events', {
        title: 'Secret',
        start_date: '2030-01-01 10:00:00',
        end_date: '2030-01-01 11:00:00',
        status: 'draft',
      });
      expect(draft.status).toBe(201);
      // The anonymous stream moves on without an event of the default type.
      const moved = await anonymous.next();
      expect(moved).toMatchObject({ kind: 'event', event: 'position' });
      expect((await editor.nextChange()).data).toMatchObject({
        type: 'event',
        id: draft.json.id,
        action: 'created',
      });
      await write('POST', `/events/${draft.json.id}`, { status: 'publish' });
      expect((await anonymous.nextChange()).data).toMatchObject({ id: draft.json.id, action: 'created' });
      await write('POST', `/events/${draft.json.id}`, { status: 'draft' });
      expect((await anonymous.nextChange()).data).toMatchObject({ id: draft.json.id, action: 'deleted' });
      expect((await editor.nextChange()).data).toMatchObject({ action: 'updated' });
      expect((await editor.nextChange()).data).toMatchObject({ action: 'updated' });
      // The position event's id resumes where it said: nothing before it comes again.
      const again = await connect({ headers: { 'last-event-id': (moved as { id: string }).id } });
      await opening(again);
      expect((await again.nextChange()).data).toMatchObject({ id: draft.json.id, action: 'created' });
    });

    it('answers bad and unusable tokens before the stream, in the error envelope', async () => {
      const bad = await connect({ query: { since: 'nonsense' } });
      expect(bad.status).toBe(400);
      expect(JSON.parse(bad.text!)).toMatchObject({
        code: 'rest_invalid_param',
        data: { params: { since: expect.any(String) } },
      });
      const badHeader = await connect({ headers: { 'last-event-id': 'nonsense' } });
      expect(badHeader.status).toBe(400);
      const start = await opening(await connect());
      const [, version] = Buffer.from(start, 'base64url').toString().split('.');
      const ahead = Buffer.from(`c1.${Number(version) + 1000}.0`).toString('base64url');
      const refused = await connect({ headers: { 'last-event-id': ahead } });
      expect(refused.status).toBe(410);
      expect(JSON.parse(refused.text!)).toMatchObject({
        code: 'rest_sync_token_expired',
        data: { next_token: expect.any(String) },
      });
      expect((await write('POST', '/tags', { name: 'Old news' })).status).toBe(201);
      service().setNow(new Date(Date.now() + 3 * 86_400_000));
      try {
        expect(await service().core.changePruner.runRound()).toBeGreaterThan(0);
        const expired = await connect({ query: { since: start } });
        expect(expired.status).toBe(410);
        expect(JSON.parse(expired.text!)).toMatchObject({ code: 'rest_sync_token_expired' });
      } finally {
        service().setNow(new Date());
      }
    });

    it('keeps a quiet connection alive with comment lines', async () => {
      const stream = await connect();
      await opening(stream);
      expect(await stream.next(3000)).toEqual({ kind: 'comment', text: 'heartbeat' });
    });

    it('answers HEAD with the headers and no stream; a client gone frees its place', async () => {
      const head = await service().request('HEAD', '/changes/stream');
      expect(head.status).toBe(200);
      expect(head.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(head.text).toBe('');
      expect(service().core.changeStreams.open).toBe(0);
      const stream = await connect();
      await opening(stream);
      expect(service().core.changeStreams.open).toBe(1);
      stream.close();
      await until(() => service().core.changeStreams.open === 0);
    });

    it('is described in /doc as text/event-stream', async () => {
      const doc = await service().request('GET', '/doc');
      const path = doc.json.paths['/changes/stream'] ?? doc.json.paths['/calendar/events/v1/changes/stream'];
      expect(JSON.stringify(path.get.responses['200'].content)).toContain('text/event-stream');
    });
  },
  { changeRetentionDays: 1, changePruner: false, changeStream: { heartbeatMs: 300 } },
);

describeContract(
  'live stream of changes: limits',
  (service) => {
    const open = () => streamOf(service());

    it('holds at most maxStreams: then 503 rest_too_many_streams with Retry-After, before the stream', async () => {
      const first = await open()();
      const second = await open()();
      await opening(first);
      await opening(second);
      const third = await open()();
      expect(third.status).toBe(503);
      expect(third.headers['retry-after']).toBe('5');
      expect(JSON.parse(third.text!)).toMatchObject({ code: 'rest_too_many_streams' });
      first.close();
      await until(() => service().core.changeStreams.open === 1);
      const fourth = await open()();
      expect(fourth.status).toBe(200);
      second.close();
      fourth.close();
      await until(() => service().core.changeStreams.open === 0);
    });

    it('ends a stream after maxDurationMs; EventSource connects again with its last id and misses nothing', async () => {
      const start = (await service().request('GET', '/changes')).json.next_token as string;
      const key = service().users.editor.key;
      const received: { id: string; type: string }[] = [];
      let opened = 0;
      const source = new EventSource(`${service().baseUrl}${STREAM}?since=${start}`, {
        fetch: (input, init) =>
          fetch(input, { ...init, headers: { ...init?.headers, authorization: `Bearer ${key}` } }),
      });
      source.onopen = () => {
        opened++;
      };
      source.onmessage = (event) =>
        received.push({ id: event.lastEventId, type: JSON.parse(event.data).type });
      try {
        // Writes spread over more than two of the streams' lives (1.5 s each).
        for (let index = 0; index < 16; index++) {
          expect(
            (await service().request('POST', '/tags', { json: { name: `Tag ${index}` }, as: 'editor' }))
              .status,
          ).toBe(201);
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
        const expected = (
          await service().request('GET', '/changes', { query: { since: start, limit: 1000 }, as: 'editor' })
        ).json.changes as { token: string }[];
        expect(expected).toHaveLength(16);
        await until(() => received.length >= 16, 10_000);
        expect(received.map((event) => event.id)).toEqual(expected.map((change) => change.token));
        expect(opened).toBeGreaterThanOrEqual(3);
      } finally {
        source.close();
      }
      await until(() => service().core.changeStreams.open === 0);
    });

    it("ends every stream when the service's streams close, and admits none after", async () => {
      const stream = await open()();
      await opening(stream);
      await service().core.changeStreams.close();
      await stream.ended;
      expect(service().core.changeStreams.open).toBe(0);
      const refused = await open()();
      expect(refused.status).toBe(503);
    });
  },
  { changeStream: { maxStreams: 2, maxDurationMs: 1500, retryMs: 100, heartbeatMs: 500 } },
);
