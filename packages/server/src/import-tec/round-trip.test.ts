/**
 * The round trip of a move: a calendar served by this service under the plugin's namespace is imported into an
 * empty database, and every record of both answers the same through the API (same ids, same bodies, only the
 * API's host differs).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectDatabase, createApiKey, createUser } from '@calendar-events/core';
import { createSharedTestDatabase, type SharedTestDatabase, testDialects } from '@calendar-events/tests';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addAdministrator, runCli } from '../../test/support/run-cli.js';
import { type RunningServer, startServer } from '../server.js';

const SITE_URL = 'https://events.example.org';
const NAMESPACE = 'tribe/events/v1';
const dialects = (await testDialects()).map((dialect) => dialect.name);

type Json = Record<string, unknown>;

function api(server: RunningServer, key: string) {
  const root = `${server.url}/${NAMESPACE}`;
  return async (method: string, path: string, body?: Json): Promise<{ status: number; json: Json }> => {
    const response = await fetch(`${root}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, json: (await response.json()) as Json };
  };
}

/** A calendar with every kind of record the import carries. */
async function seedSource(call: ReturnType<typeof api>): Promise<void> {
  const created = async (path: string, body: Json) => {
    const answer = await call('POST', path, body);
    expect(answer.status, `${path} ${JSON.stringify(answer.json)}`).toBe(201);
    return answer.json.id as number;
  };
  const music = await created('/categories', { name: 'Music', description: 'Concerts and more' });
  const jazz = await created('/categories', { name: 'Jazz', parent: music });
  const bebop = await created('/categories', { name: 'Bebop', parent: jazz });
  await created('/categories', { name: 'Lectures' });
  const family = await created('/tags', { name: 'family' });
  const outdoor = await created('/tags', { name: 'outdoor' });
  await created('/tags', { name: 'unused' });
  const hall = await created('/venues', {
    venue: 'Town Hall',
    address: '1 Market Square',
    city: 'Hamburg',
    country: 'Germany',
    zip: '20095',
    website: 'https://hall.example.org',
  });
  await created('/venues', { venue: 'Planned Hall', city: 'Kiel', status: 'draft' });
  await created('/venues', { venue: 'Unused Cellar', city: 'Lübeck' });
  const band = await created('/organizers', {
    organizer: 'The Band',
    email: 'band@example.org',
    phone: '+49 40 1',
  });
  await created('/organizers', { organizer: 'Quiet Circle', status: 'private' });
  const events: Json[] = [
    {
      title: 'Jazz night',
      start_date: '2025-03-01 20:00:00',
      end_date: '2025-03-01 23:00:00',
      timezone: 'Europe/Berlin',
      categories: [bebop],
      tags: [family, outdoor],
      venue: hall,
      organizer: [band],
      cost: '15',
      featured: true,
    },
    {
      title: 'Summer fair',
      start_date: '2027-07-10',
      end_date: '2027-07-11',
      all_day: true,
      categories: [music],
      cost: '0 - 10',
      description: 'A <strong>fair</strong> for everyone.',
    },
    { title: 'Draft idea', start_date: '2027-01-05 10:00', end_date: '2027-01-05 11:00', status: 'draft' },
    {
      title: 'Waiting for review',
      start_date: '2027-02-05 10:00',
      end_date: '2027-02-05 11:00',
      status: 'pending',
    },
    { title: 'Staff party', start_date: '2027-03-05 18:00', end_date: '2027-03-05 23:00', status: 'private' },
    {
      title: 'Announced later',
      start_date: '2027-04-05 10:00',
      end_date: '2027-04-05 11:00',
      status: 'future',
      date: '2030-01-01 09:00:00',
    },
    {
      title: 'Sticky hidden',
      start_date: '2027-05-05 10:00',
      end_date: '2027-05-05 12:00',
      sticky: true,
      website: 'https://tickets.example.org/x',
      timezone: 'America/New_York',
    },
  ];
  for (const event of events) await created('/events', event);
  // In no list (the plugin's rule): the import finds it in the gaps of the id space.
  hiddenEventId = await created('/events', {
    title: 'Members only',
    start_date: '2027-08-05 10:00',
    end_date: '2027-08-05 11:00',
    hide_from_listings: true,
  });
  // Past and hidden from listings: in no list, found in the gaps of the ids all the same.
  pastHiddenEventId = await created('/events', {
    title: 'Founders evening',
    start_date: '2019-05-05 18:00',
    end_date: '2019-05-05 22:00',
    hide_from_listings: true,
    categories: [music],
    cost: '$1,500',
  });
  // Protected: this service shows no password, so the copy is protected by one no one knows, never readable.
  protectedEventId = await created('/events', {
    title: 'Board meeting',
    start_date: '2027-09-05 18:00',
    end_date: '2027-09-05 20:00',
    description: 'The quorum of the board.',
    password: 'open sesame',
  });
  const cancelled = await created('/events', {
    title: 'Cancelled',
    start_date: '2027-06-05 10:00',
    end_date: '2027-06-05 11:00',
  });
  expect((await call('DELETE', `/events/${cancelled}`)).status).toBe(200);
}

let hiddenEventId = 0;
let pastHiddenEventId = 0;
let protectedEventId = 0;

const LIST_QUERY = 'per_page=50&status=publish,future,draft,pending,private,trash';

/** Every record of the calendar through the API: lists of every status and kind, and each record alone. */
async function everything(call: ReturnType<typeof api>, host: string): Promise<Json> {
  const read = async (path: string) => {
    const answer = await call('GET', path);
    return JSON.parse(JSON.stringify(answer).replaceAll(host, '{api}')) as { status: number; json: Json };
  };
  const result: Json = {};
  result.events = await read(`/events?${LIST_QUERY}&start_date=1900-01-01&end_date=2999-12-31`);
  result.venues = await read(`/venues?${LIST_QUERY}`);
  result.organizers = await read(`/organizers?${LIST_QUERY}`);
  result.categories = await read('/categories?per_page=50&hide_empty=false');
  result.tags = await read('/tags?per_page=50&hide_empty=false');
  for (const list of ['events', 'venues', 'organizers', 'categories', 'tags'] as const) {
    const items = ((result[list] as { json: Json }).json[list] ?? []) as { id: number }[];
    expect(items.length, list).toBeGreaterThan(0);
    for (const item of items) result[`${list}/${item.id}`] = await read(`/${list}/${item.id}`);
  }
  for (const id of [hiddenEventId, pastHiddenEventId]) {
    result[`events/${id}`] = await read(`/events/${id}`);
    expect((result[`events/${id}`] as { status: number }).status).toBe(200);
  }
  result[`events/${protectedEventId}`] = await read(`/events/${protectedEventId}`);
  expect((result[`events/${protectedEventId}`] as { status: number }).status).toBe(403);
  return result;
}

// Served by each adapter (one behaviour everywhere), imported into each database.
describe.each(['fastify', 'express'] as const)(
  'the round trip through the API served by %s',
  { timeout: 120_000 },
  (adapter) => {
    let folder: string;
    let source: RunningServer;
    let sourceKey: string;
    beforeAll(async () => {
      folder = mkdtempSync(join(tmpdir(), 'tec-round-trip-'));
      const url = `sqlite:${join(folder, 'source.db')}`;
      const database = await connectDatabase(url);
      await database.migrate();
      await createUser(database.kysely, { login: 'admin', role: 'administrator' });
      sourceKey = await createApiKey(database.kysely, 'admin', 'import');
      await database.destroy();
      source = await startServer({
        adapter,
        database: url,
        port: 0,
        namespace: NAMESPACE,
        siteUrl: SITE_URL,
        rateLimit: false,
      });
      await seedSource(api(source, sourceKey));
    });
    afterAll(async () => {
      await source?.close();
      rmSync(folder, { recursive: true, force: true });
    });

    describe.each(dialects)('into %s', (dialect) => {
      let target: SharedTestDatabase;
      beforeAll(async () => {
        target = await createSharedTestDatabase(dialect, 'tec-round-trip-');
      });
      afterAll(async () => {
        vi.unstubAllEnvs();
        await target?.close();
      });

      it('answers every record as the source does, under the same ids', async () => {
        expect((await addAdministrator(target.url)).code).toBe(0);
        const key = JSON.parse(
          (await runCli(['keys', 'create', '--user', 'owner', '--json', '--database', target.url])).stdout,
        ).key as string;
        vi.stubEnv('TEC_APP_PASSWORD', sourceKey);
        const imported = await runCli([
          'import',
          'tec',
          `${source.url}/${NAMESPACE}`,
          '--user',
          'admin',
          '--database',
          target.url,
          '--state-dir',
          join(folder, `state-${dialect}`),
          '--json',
        ]);
        expect(imported.stderr).not.toMatch(/error/);
        expect(imported.code).toBe(0);
        const report = JSON.parse(imported.stdout);
        expect(report).toMatchObject({ skipped: [], remapped: [] });
        expect(report.notes).toEqual([
          expect.stringMatching(
            new RegExp(
              `^the password of 1 protected event \\(${protectedEventId}\\) could not be read .*no one knows`,
            ),
          ),
        ]);

        const copy = await startServer({
          database: target.url,
          port: 0,
          namespace: NAMESPACE,
          siteUrl: SITE_URL,
          rateLimit: false,
        });
        try {
          const before = await everything(api(source, sourceKey), source.url);
          const after = await everything(api(copy, key), copy.url);
          expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
          for (const address of Object.keys(before)) expect(after[address], address).toEqual(before[address]);
          // The protected event: refused by id and blanked in lists to anonymous callers, with any password.
          const guessed = await fetch(
            `${copy.url}/${NAMESPACE}/events/${protectedEventId}?password=open%20sesame`,
          );
          expect([guessed.status, ((await guessed.json()) as Json).code]).toEqual([
            403,
            'event-password-protected',
          ]);
          const listed = await fetch(
            `${copy.url}/${NAMESPACE}/events?start_date=2027-09-01&end_date=2027-09-30`,
          );
          const text = await listed.text();
          expect(text).toContain('Board meeting');
          expect(text).not.toContain('quorum');
        } finally {
          await copy.close();
        }
      });
    });
  },
);
