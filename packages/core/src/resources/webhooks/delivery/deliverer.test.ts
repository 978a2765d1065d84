/**
 * The deliverer against a receiver on loopback (`webhookAllowPrivate`), rounds run by hand (`runRound`) with a
 * retry schedule of no waits: signatures as the Standard Webhooks reference library verifies them (during a
 * rotation too), log order kept through failures, `Retry-After`, `410 Gone` and the last retry disabling the
 * endpoint, another endpoint going on meanwhile, a redirect not followed, and, on PostgreSQL, two instances
 * delivering each change once.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSharedTestDatabase, testDialects } from '@calendar-events/tests/databases';
import { apiRequest } from '@calendar-events/tests/requests';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type CalendarCore, createCalendarCore } from '../../../core.js';
import type { CalendarDatabase } from '../../../db/database.js';
import { createApiKey, createUser } from '../../users/repository.js';

interface Received {
  body: string;
  headers: IncomingHttpHeaders;
}

/** A receiver whose answers the test decides, one request at a time (`answer` returns status and headers). */
async function startReceiver() {
  const received: Received[] = [];
  let answer: (request: Received) => [number, Record<string, string>?] = () => [204];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const entry = { body, headers: request.headers };
      received.push(entry);
      const [status, headers] = answer(entry);
      response.writeHead(status, headers).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    answerWith(next: typeof answer) {
      answer = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Receiver = Awaited<ReturnType<typeof startReceiver>>;
const dialects = await testDialects();

describe.each(dialects)('the webhook deliverer ($name)', (dialect) => {
  let database: CalendarDatabase;
  let close: () => Promise<void>;
  let core: CalendarCore;
  let key: string;
  let receiver: Receiver;

  beforeAll(async () => {
    ({ database, close } = await dialect.open());
    core = createCalendarCore({
      database,
      webhookAllowPrivate: true,
      webhookDeliverer: false,
      horizonKeeper: false,
      changePruner: false,
    });
    await createUser(database.kysely, { login: 'admin', role: 'administrator' });
    key = await createApiKey(database.kysely, 'admin');
  });
  afterAll(async () => {
    await core.close();
    await close();
  });
  afterEach(async () => {
    await receiver?.close();
    await database.kysely.deleteFrom('webhooks').execute();
  });

  const tag = async (name: string) => {
    const response = await core.handle(apiRequest('POST', '/tags', { key, body: { name } }));
    expect(response.status).toBe(201);
    return JSON.parse(Buffer.from(response.body as Uint8Array).toString()).id as number;
  };
  const rounds = async (count: number) => {
    for (let i = 0; i < count; i++) await core.webhookDeliverer.runRound();
  };
  const endpoint = async (id: number) =>
    database.kysely.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const messages = () =>
    receiver.received.map((entry) => JSON.parse(entry.body) as { type: string; data: { id: number } });

  it('signs each change as Standard Webhooks says, in log order, one webhook-id per change', async () => {
    receiver = await startReceiver();
    const webhook = await core.webhooks.add({ url: receiver.url });
    const ids = [await tag('one'), await tag('two'), await tag('three')];
    await rounds(1);
    expect(messages().map((m) => [m.type, m.data.id])).toEqual(ids.map((id) => ['tag.created', id]));
    const verifier = new Webhook(webhook.secret);
    for (const entry of receiver.received)
      expect(verifier.verify(entry.body, entry.headers as Record<string, string>)).toMatchObject({
        type: 'tag.created',
      });
    expect(new Set(receiver.received.map((entry) => entry.headers['webhook-id'])).size).toBe(3);
    // Delivered: the cursor moved past them, nothing is sent again.
    await rounds(1);
    expect(receiver.received).toHaveLength(3);
    // A rotation: both secrets sign until the previous one expires.
    const rotated = await core.webhooks.update(webhook.id, { rotate_secret: true });
    await tag('four');
    await rounds(1);
    const last = receiver.received.at(-1)!;
    const headers = last.headers as Record<string, string>;
    expect(headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(new Webhook(webhook.secret).verify(last.body, headers)).toBeTruthy();
    expect(new Webhook((rotated as { secret: string }).secret).verify(last.body, headers)).toBeTruthy();
  });

  it('holds the later changes behind a failing one, retries it with the same webhook-id, skips nothing', async () => {
    receiver = await startReceiver();
    let failures = 2;
    receiver.answerWith(() => (failures-- > 0 ? [500] : [200]));
    const other = await startReceiver();
    const webhook = await core.webhooks.add({ url: receiver.url });
    const going = await core.webhooks.add({ url: other.url });
    const ids = [await tag('a1'), await tag('a2')];
    // Schedule: the next attempt at once (the core's default schedule waits; this one is set per row).
    await rounds(1);
    expect(messages().map((m) => m.data.id)).toEqual([ids[0]]);
    // The other endpoint went on meanwhile.
    expect(other.received.map((entry) => JSON.parse(entry.body).data.id)).toEqual(ids);
    await database.kysely.updateTable('webhooks').set({ next_attempt_utc: null }).execute();
    await rounds(1);
    await database.kysely.updateTable('webhooks').set({ next_attempt_utc: null }).execute();
    await rounds(1);
    expect(messages().map((m) => m.data.id)).toEqual([ids[0], ids[0], ids[0], ids[1]]);
    const firstIds = receiver.received.slice(0, 3).map((entry) => entry.headers['webhook-id']);
    expect(new Set(firstIds).size).toBe(1);
    const attempts = await core.webhooks.deliveries(webhook.id);
    expect(attempts.items.map((d) => d.status)).toEqual([200, 200, 500, 500]);
    expect((await endpoint(webhook.id)).attempts).toBe(0);
    expect((await endpoint(going.id)).status).toBe('active');
    await other.close();
  });

  it('waits as Retry-After asks, and disables the endpoint on 410 Gone', async () => {
    receiver = await startReceiver();
    receiver.answerWith(() => [503, { 'retry-after': '3600' }]);
    const webhook = await core.webhooks.add({ url: receiver.url });
    await tag('later');
    await rounds(1);
    const waiting = await endpoint(webhook.id);
    expect(waiting.attempts).toBe(1);
    expect(Date.parse(`${waiting.next_attempt_utc!.replace(' ', 'T')}Z`)).toBeGreaterThan(
      Date.now() + 3500_000,
    );
    await rounds(1);
    expect(receiver.received).toHaveLength(1);
    receiver.answerWith(() => [410]);
    await database.kysely.updateTable('webhooks').set({ next_attempt_utc: null }).execute();
    await rounds(1);
    expect(await endpoint(webhook.id)).toMatchObject({ status: 'disabled' });
    expect((await endpoint(webhook.id)).disabled_reason).toMatch(/410/);
    // Replay resumes it from a token.
    await tag('after');
    receiver.answerWith(() => [204]);
    const replayed = await core.webhooks.replay(webhook.id, webhook.position);
    expect(replayed.status).toBe('active');
    await rounds(1);
    expect(
      messages()
        .slice(-2)
        .map((m) => m.type),
    ).toEqual(['tag.created', 'tag.created']);
  });

  it('disables the endpoint after the last retry of its schedule, and says so in its attempts', async () => {
    const limited = createCalendarCore({
      database,
      webhookAllowPrivate: true,
      webhookDeliverer: { retrySchedule: [0, 0] },
      horizonKeeper: false,
      changePruner: false,
    });
    await limited.webhookDeliverer.stop();
    receiver = await startReceiver();
    receiver.answerWith(() => [500]);
    const webhook = await limited.webhooks.add({ url: receiver.url });
    await tag('never');
    for (let i = 0; i < 4; i++) {
      await limited.webhookDeliverer.runRound();
      // The schedule's next attempt is at once, to the second: not yet due within this second.
      await database.kysely.updateTable('webhooks').set({ next_attempt_utc: null }).execute();
    }
    expect(receiver.received).toHaveLength(3);
    expect(await endpoint(webhook.id)).toMatchObject({ status: 'disabled' });
    const attempts = await limited.webhooks.deliveries(webhook.id);
    expect(attempts.items[0]!.error).toMatch(/disabled/);
  });

  it('does not follow a redirect', async () => {
    receiver = await startReceiver();
    receiver.answerWith(() => [302, { location: 'http://127.0.0.1:1/elsewhere' }]);
    const webhook = await core.webhooks.add({ url: receiver.url });
    await tag('moved');
    await rounds(1);
    const attempts = await core.webhooks.deliveries(webhook.id);
    expect(attempts.items[0]).toMatchObject({ status: 302, error: 'redirect not followed' });
    expect((await endpoint(webhook.id)).attempts).toBe(1);
  });
});

const postgres = dialects.find((dialect) => dialect.name === 'postgres');
describe.skipIf(!postgres)('two instances delivering one endpoint (postgres)', () => {
  it('delivers each change once, in order, whichever instance holds the lease', async () => {
    const shared = await createSharedTestDatabase('postgres', 'webhooks-two-');
    const first = shared.connect();
    await first.migrate();
    const options = {
      webhookAllowPrivate: true,
      webhookDeliverer: false,
      horizonKeeper: false,
      changePruner: false,
    };
    const one = createCalendarCore({ ...options, database: first });
    const two = createCalendarCore({ ...options, database: shared.connect() });
    const receiver = await startReceiver();
    try {
      await createUser(first.kysely, { login: 'admin', role: 'administrator' });
      const key = await createApiKey(first.kysely, 'admin');
      await one.webhooks.add({ url: receiver.url });
      const ids: number[] = [];
      for (let i = 0; i < 12; i++) {
        const response = await (i % 2 ? one : two).handle(
          apiRequest('POST', '/tags', { key, body: { name: `t${i}` } }),
        );
        ids.push(JSON.parse(Buffer.from(response.body as Uint8Array).toString()).id);
        if (i % 3 === 2)
          await Promise.all([one.webhookDeliverer.runRound(), two.webhookDeliverer.runRound()]);
      }
      await Promise.all([one.webhookDeliverer.runRound(), two.webhookDeliverer.runRound()]);
      await one.webhookDeliverer.runRound();
      expect(receiver.received.map((entry) => JSON.parse(entry.body).data.id)).toEqual(ids);
    } finally {
      await receiver.close();
      await one.close();
      await two.close();
      await shared.close();
    }
  });
});
