/**
 * `/webhooks`: administrators register, read, change, rotate, disable, replay and remove webhooks; the secret
 * is shown once (create, rotation); nobody else may touch them; the attempts the deliverer wrote are listed
 * newest first. The routes are outside the data version: never cached, and their writes leave it as it is.
 */
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { describeContract } from '../index.js';
import type { TestResponse } from '../service.js';

/** A public address literal: no name to resolve, nothing private to refuse. */
const TARGET = 'https://93.184.215.14/hooks/calendar';
const SECRET = /^whsec_[A-Za-z0-9+/]{43}=$/;
const NOW = '2026-11-26T12:00:00Z';

function token(version: number, id: number): string {
  return Buffer.from(`c1.${version}.${id}`).toString('base64url');
}

describeContract(
  'webhooks',
  (service) => {
    beforeEach(async () => {
      await service().reset();
      service().setNow(NOW);
    });

    const db = () => service().core.database.kysely;
    const call = (
      method: string,
      path: string,
      json?: Record<string, unknown>,
      as: string | null = 'admin',
    ) =>
      service().request(method, path, {
        ...(json !== undefined ? (method === 'GET' || method === 'DELETE' ? { query: json } : { json }) : {}),
        ...(as !== null ? { as } : {}),
      });
    const ok = (res: TestResponse, status = 200) => {
      expect(res.status, res.text).toBe(status);
      return res.json;
    };
    const add = async (json: Record<string, unknown> = {}) =>
      ok(await call('POST', '/webhooks', { url: TARGET, ...json }), 201);
    const row = (id: number) =>
      db().selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const count = async () =>
      Number((await db().selectFrom('webhooks').select(sql<number>`count(*)`.as('n')).executeTakeFirst())?.n);
    const startToken = async () => ok(await call('GET', '/changes', undefined, null)).next_token as string;

    it('creates, lists, reads, changes and deletes a webhook', async () => {
      const now = await startToken();
      const created = await call('POST', '/webhooks', {
        url: TARGET,
        types: ['event', 'venue'],
        description: 'Search index',
      });
      expect(created.status).toBe(201);
      const webhook = created.json;
      expect(webhook).toEqual({
        id: expect.any(Number),
        url: TARGET,
        types: ['event', 'venue'],
        description: 'Search index',
        status: 'active',
        disabled_reason: null,
        position: now,
        created_utc: '2026-11-26 12:00:00',
        modified_utc: '2026-11-26 12:00:00',
        secret: expect.stringMatching(SECRET),
      });
      expect(created.headers.location).toBe(`${service().baseUrl}/calendar/events/v1/webhooks/${webhook.id}`);
      const second = await add({ url: 'http://93.184.215.15:8080/in?key=abc' });
      expect(second.types).toEqual([]);
      expect(second.description).toBe('');

      const list = await call('GET', '/webhooks');
      const { secret, ...shown } = webhook;
      expect(ok(list).webhooks).toEqual([shown, expect.objectContaining({ id: second.id })]);
      expect(list.json.total).toBe(2);
      expect(list.headers['x-wp-total']).toBe('2');
      expect(list.headers['x-wp-totalpages']).toBe('1');
      const paged = await call('GET', '/webhooks', { per_page: 1, page: 2 });
      expect(ok(paged).webhooks.map((w: { id: number }) => w.id)).toEqual([second.id]);
      expect(paged.json.total_pages).toBe(2);
      expect(paged.json.previous_rest_url).toContain('page=1');
      expect(ok(await call('GET', `/webhooks/${webhook.id}`))).toEqual(shown);

      service().setNow('2026-11-26T13:00:00Z');
      const changed = ok(
        await call('PATCH', `/webhooks/${webhook.id}`, {
          url: 'https://93.184.215.14/other',
          types: 'category,tag',
          description: '',
        }),
      );
      expect(changed).toEqual({
        ...shown,
        url: 'https://93.184.215.14/other',
        types: ['category', 'tag'],
        description: '',
        modified_utc: '2026-11-26 13:00:00',
      });
      expect(ok(await call('PUT', `/webhooks/${webhook.id}`, { types: [] })).types).toEqual([]);
      expect(ok(await call('POST', `/webhooks/${webhook.id}`, { description: 'again' })).description).toBe(
        'again',
      );

      await db()
        .insertInto('webhook_deliveries')
        .values({
          webhook_id: webhook.id,
          change_version: 1,
          change_id: 1,
          message_id: 'msg_1',
          attempt: 1,
          attempted_utc: '2026-11-26 12:30:00',
          status: 200,
          duration_ms: 12,
          error: null,
        })
        .execute();
      const deleted = await call('DELETE', `/webhooks/${webhook.id}`);
      expect(ok(deleted)).toEqual({ deleted: true, previous: expect.objectContaining({ id: webhook.id }) });
      expect(deleted.json.previous).not.toHaveProperty('secret');
      expect(await db().selectFrom('webhook_deliveries').selectAll().execute()).toEqual([]);
      const gone = await call('GET', `/webhooks/${webhook.id}`);
      expect(gone.status).toBe(404);
      expect(gone.json).toEqual({
        code: 'rest_webhook_invalid_id',
        message: 'Invalid webhook ID.',
        data: { status: 404 },
      });
      expect(await count()).toBe(1);
    });

    it('shows the secret once, and keeps the previous one signing for 24 hours after a rotation', async () => {
      const webhook = await add();
      expect(webhook.secret).toMatch(SECRET);
      expect(Buffer.from(webhook.secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
      expect((await row(webhook.id)).secret).toBe(webhook.secret);
      for (const res of [
        await call('GET', `/webhooks/${webhook.id}`),
        await call('GET', '/webhooks'),
        await call('PATCH', `/webhooks/${webhook.id}`, { description: 'no secret here' }),
        await call('PATCH', `/webhooks/${webhook.id}`, { rotate_secret: false }),
      ]) {
        expect(res.status).toBe(200);
        expect(res.text).not.toContain('whsec_');
      }

      service().setNow('2026-11-26T15:30:00Z');
      const rotated = ok(await call('PATCH', `/webhooks/${webhook.id}`, { rotate_secret: true }));
      expect(rotated.secret).toMatch(SECRET);
      expect(rotated.secret).not.toBe(webhook.secret);
      expect(await row(webhook.id)).toMatchObject({
        secret: rotated.secret,
        previous_secret: webhook.secret,
        previous_secret_expires_utc: '2026-11-27 15:30:00',
      });
      expect((await call('GET', `/webhooks/${webhook.id}`)).text).not.toContain('whsec_');
      const third = ok(await call('PATCH', `/webhooks/${webhook.id}`, { rotate_secret: 'true' }));
      expect(await row(webhook.id)).toMatchObject({ secret: third.secret, previous_secret: rotated.secret });
      const other = await add();
      expect(other.secret).not.toBe(webhook.secret);
    });

    it('lets administrators only: anonymous 401, everyone else 403', async () => {
      const webhook = await add();
      const id = webhook.id;
      const calls: Array<[string, string, Record<string, unknown>?]> = [
        ['GET', '/webhooks'],
        ['POST', '/webhooks', { url: TARGET }],
        ['GET', `/webhooks/${id}`],
        ['PATCH', `/webhooks/${id}`, { description: 'x', rotate_secret: true }],
        ['DELETE', `/webhooks/${id}`],
        ['GET', `/webhooks/${id}/deliveries`],
        ['POST', `/webhooks/${id}/replay`, { since: await startToken() }],
      ];
      for (const [method, path, json] of calls) {
        const anonymous = await call(method, path, json, null);
        expect(anonymous.status, `${method} ${path}`).toBe(401);
        expect(anonymous.json.code).toBe('rest_forbidden');
        for (const as of ['editor', 'author', 'contributor', 'subscriber']) {
          const refused = await call(method, path, json, as);
          expect(refused.status, `${as} ${method} ${path}`).toBe(403);
          expect(refused.json.code).toBe('rest_forbidden');
        }
      }
      expect(await count()).toBe(1);
      expect(await row(id)).toMatchObject({ secret: webhook.secret, description: '' });
    });

    it('refuses bad input with 400 rest_invalid_param naming the parameter, and changes nothing', async () => {
      const webhook = await add({ types: ['event'] });
      const before = await row(webhook.id);
      const refusals: Array<[Record<string, unknown>, string]> = [
        [{ url: 'ftp://93.184.215.14/x' }, 'url'],
        [{ url: 'javascript:alert(1)' }, 'url'],
        [{ url: '/relative/path' }, 'url'],
        [{ url: 'https://user:pass@93.184.215.14/x' }, 'url'],
        [{ url: 'https://token@93.184.215.14/x' }, 'url'],
        [{ url: `https://93.184.215.14/${'a'.repeat(2100)}` }, 'url'],
        // Private, loopback and link-local targets, unless the service allows them (webhookAllowPrivate).
        [{ url: 'http://127.0.0.1:9000/hook' }, 'url'],
        [{ url: 'http://[::1]/hook' }, 'url'],
        [{ url: 'http://169.254.169.254/latest/meta-data' }, 'url'],
        [{ url: 'https://10.0.0.8/hook' }, 'url'],
        [{ types: ['event', 'ticket'] }, 'types'],
        [{ types: ['venue', 'venue'] }, 'types'],
        [{ description: 'x'.repeat(1001) }, 'description'],
      ];
      for (const [json, param] of refusals) {
        const created = await call('POST', '/webhooks', { url: TARGET, ...json });
        expect(created.status, JSON.stringify(json).slice(0, 80)).toBe(400);
        expect(created.json.code).toBe('rest_invalid_param');
        expect(Object.keys(created.json.data.params)).toEqual([param]);
        const updated = await call('PATCH', `/webhooks/${webhook.id}`, { ...json, rotate_secret: true });
        expect(updated.status).toBe(400);
        expect(Object.keys(updated.json.data.params)).toEqual([param]);
      }
      const missing = await call('POST', '/webhooks', { types: ['event'] });
      expect(missing.status).toBe(400);
      expect(missing.json.code).toBe('rest_missing_callback_param');
      const status = await call('PATCH', `/webhooks/${webhook.id}`, { status: 'paused' });
      expect(Object.keys(status.json.data.params)).toEqual(['status']);
      // Bad input is refused before the permission is checked (SPEC §5).
      expect((await call('POST', '/webhooks', { url: 'ftp://x' }, null)).status).toBe(400);
      expect(await count()).toBe(1);
      expect(await row(webhook.id)).toEqual(before);
    });

    it('answers 404 rest_webhook_invalid_id for a webhook that does not exist', async () => {
      const since = await startToken();
      for (const [method, path, json] of [
        ['GET', '/webhooks/999'],
        ['PATCH', '/webhooks/999', { description: 'x' }],
        ['DELETE', '/webhooks/999'],
        ['GET', '/webhooks/999/deliveries'],
        ['POST', '/webhooks/999/replay', { since }],
      ] as Array<[string, string, Record<string, unknown>?]>) {
        const res = await call(method, path, json);
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.json.code).toBe('rest_webhook_invalid_id');
      }
    });

    it('lists the delivery attempts newest first, in pages', async () => {
      const webhook = await add();
      const other = await add();
      const attempt = (n: number, webhookId = webhook.id) => ({
        webhook_id: webhookId,
        change_version: 40 + n,
        change_id: 7,
        message_id: `msg_${n}`,
        attempt: n,
        attempted_utc: `2026-11-26 12:0${n}:00`,
        status: n === 3 ? null : 500,
        duration_ms: 100 * n,
        error: n === 3 ? 'connection refused' : 'HTTP 500',
      });
      await db()
        .insertInto('webhook_deliveries')
        .values([attempt(1), attempt(2), attempt(1, other.id), attempt(3)])
        .execute();
      const page = await call('GET', `/webhooks/${webhook.id}/deliveries`);
      expect(ok(page).deliveries).toEqual([
        {
          id: expect.any(Number),
          attempted_utc: '2026-11-26 12:03:00',
          status: null,
          duration_ms: 300,
          error: 'connection refused',
          message_id: 'msg_3',
          token: token(43, 7),
          attempt: 3,
        },
        expect.objectContaining({ message_id: 'msg_2', status: 500, token: token(42, 7) }),
        expect.objectContaining({ message_id: 'msg_1', attempt: 1 }),
      ]);
      expect(page.headers['x-wp-total']).toBe('3');
      const second = ok(await call('GET', `/webhooks/${webhook.id}/deliveries`, { per_page: 2, page: 2 }));
      expect(second.deliveries.map((d: { message_id: string }) => d.message_id)).toEqual(['msg_1']);
      expect(second.total_pages).toBe(2);
      // Bounded: per_page above the maximum is capped as on every list.
      const capped = ok(await call('GET', `/webhooks/${webhook.id}/deliveries`, { per_page: 5000 }));
      expect(capped.rest_url).toContain('per_page=50');
      expect(ok(await call('GET', `/webhooks/${other.id}/deliveries`)).total).toBe(1);
    });

    it('replays from a sync token: moves the cursor there and enables the webhook', async () => {
      const webhook = await add();
      const since = await startToken();
      ok(await call('POST', '/tags', { name: 'Jazz' }, 'editor'), 201);
      const [change] = ok(await call('GET', '/changes', { since }, 'editor')).changes;
      service().setNow('2026-11-26T14:00:00Z');
      const disabled = ok(await call('PATCH', `/webhooks/${webhook.id}`, { status: 'disabled' }));
      expect(disabled).toMatchObject({ status: 'disabled', disabled_reason: 'disabled by an administrator' });
      await db()
        .updateTable('webhooks')
        .set({ attempts: 5, next_attempt_utc: '2026-11-26 18:00:00', disabled_reason: 'failed for 3 days' })
        .where('id', '=', webhook.id)
        .execute();
      const replayed = ok(await call('POST', `/webhooks/${webhook.id}/replay`, { since }));
      expect(replayed).toMatchObject({ status: 'active', disabled_reason: null, position: since });
      const decoded = Buffer.from(since, 'base64url').toString().split('.');
      expect(await row(webhook.id)).toMatchObject({
        status: 'active',
        disabled_reason: null,
        attempts: 0,
        next_attempt_utc: null,
        modified_utc: '2026-11-26 14:00:00',
      });
      const stored = await row(webhook.id);
      expect([Number(stored.cursor_version), Number(stored.cursor_id)]).toEqual([
        Number(decoded[1]),
        Number(decoded[2]),
      ]);
      // A change's own token: the changes after it are sent again.
      expect(ok(await call('POST', `/webhooks/${webhook.id}/replay`, { since: change.token })).position).toBe(
        change.token,
      );
      // Enabling again resets the failed attempts too; an active webhook keeps them.
      ok(await call('PATCH', `/webhooks/${webhook.id}`, { status: 'disabled' }));
      await db().updateTable('webhooks').set({ attempts: 4 }).where('id', '=', webhook.id).execute();
      expect(ok(await call('PATCH', `/webhooks/${webhook.id}`, { status: 'active' })).status).toBe('active');
      expect(await row(webhook.id)).toMatchObject({ attempts: 0, disabled_reason: null });
      await db().updateTable('webhooks').set({ attempts: 2 }).where('id', '=', webhook.id).execute();
      ok(await call('PATCH', `/webhooks/${webhook.id}`, { status: 'active', description: 'still' }));
      expect((await row(webhook.id)).attempts).toBe(2);
    });

    it('refuses a malformed token with 400 and one ahead of every change with 410, changing nothing', async () => {
      const webhook = await add();
      const before = await row(webhook.id);
      for (const since of ['', 'nonsense', 'YzEuMQ']) {
        const res = await call('POST', `/webhooks/${webhook.id}/replay`, { since });
        expect(res.status, since).toBe(400);
        expect(Object.keys(res.json.data.params)).toEqual(['since']);
      }
      const ahead = await call('POST', `/webhooks/${webhook.id}/replay`, { since: token(999_999, 1) });
      expect(ahead.status).toBe(410);
      expect(ahead.json.code).toBe('rest_sync_token_expired');
      expect((await call('POST', `/webhooks/${webhook.id}/replay`, {})).json.code).toBe(
        'rest_missing_callback_param',
      );
      expect(await row(webhook.id)).toEqual(before);
    });

    it('is never cached, and its writes leave the data version as it is', async () => {
      const version = async () =>
        Number(
          (await sql<{ v: number }>`select version as v from data_version where id = 1`.execute(db())).rows[0]
            ?.v,
        );
      const before = await version();
      const webhook = await add();
      ok(await call('PATCH', `/webhooks/${webhook.id}`, { description: 'one', rotate_secret: true }));
      expect(await version()).toBe(before);
      expect(ok(await call('GET', `/webhooks/${webhook.id}`)).description).toBe('one');
      // Another instance (or the deliverer) changes the row: the next read shows it.
      await db().updateTable('webhooks').set({ description: 'two' }).where('id', '=', webhook.id).execute();
      expect(ok(await call('GET', `/webhooks/${webhook.id}`)).description).toBe('two');
      expect(ok(await call('GET', '/webhooks')).webhooks[0].description).toBe('two');
    });

    it('are managed from the library as through the API (core.webhooks)', async () => {
      const { webhooks } = service().core;
      const added = await webhooks.add({ url: TARGET, types: ['tag'], description: 'Library' });
      expect(added.secret).toMatch(SECRET);
      const { secret, ...shown } = added;
      expect(ok(await call('GET', `/webhooks/${added.id}`))).toEqual(shown);
      expect((await webhooks.list()).items).toEqual([shown]);
      await expect(webhooks.add({ url: 'ftp://x' })).rejects.toMatchObject({
        code: 'rest_invalid_param',
        data: { params: { url: 'url must be an http or https URL.' } },
      });
      await expect(webhooks.add({ url: TARGET, types: ['ticket'] })).rejects.toMatchObject({
        data: { params: { types: expect.any(String) } },
      });
      const disabled = await webhooks.update(added.id, { status: 'disabled' });
      expect(disabled.status).toBe('disabled');
      expect((await webhooks.replay(added.id, await startToken())).status).toBe('active');
      expect((await webhooks.deliveries(added.id)).total).toBe(0);
      expect((await webhooks.remove(added.id)).id).toBe(added.id);
      await expect(webhooks.get(added.id)).rejects.toMatchObject({
        code: 'rest_webhook_invalid_id',
        status: 404,
      });
    });

    describe('expired tokens', () => {
      it('answers a token older than the changes kept with 410 rest_sync_token_expired', async () => {
        const webhook = await add();
        const old = await startToken();
        ok(await call('POST', '/tags', { name: 'Old news' }, 'editor'), 201);
        service().setNow(new Date(Date.now() + 3 * 86_400_000));
        expect(await service().core.changePruner.runRound()).toBeGreaterThan(0);
        const before = await row(webhook.id);
        const res = await call('POST', `/webhooks/${webhook.id}/replay`, { since: old });
        expect(res.status).toBe(410);
        expect(res.json).toEqual({
          code: 'rest_sync_token_expired',
          message: expect.any(String),
          data: { status: 410, next_token: expect.any(String) },
        });
        expect(await row(webhook.id)).toEqual(before);
        const again = await call('POST', `/webhooks/${webhook.id}/replay`, {
          since: res.json.data.next_token,
        });
        expect(again.status).toBe(200);
      });
    });
  },
  // Rounds of the deliverer are its own suite's (deliverer.test.ts): these targets are never reached.
  { changeRetentionDays: 1, changePruner: false, webhookDeliverer: false },
);
