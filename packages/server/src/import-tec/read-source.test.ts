import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DERIVED_IDS, FAKE_PASSWORDS, type FakeTecServer, startFakeTec } from '@calendar-events/tests';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { discoverSource } from './discovery.js';
import { directoryPageStore, noPageStore } from './page-store.js';
import { type ReadProgress, readSource } from './read-source.js';
import { SourceClient } from './source-client.js';

const ids = (records: { id: number }[]) => records.map((record) => record.id).sort((a, b) => a - b);

describe('readSource', { timeout: 30_000 }, () => {
  let site: FakeTecServer | undefined;
  let stateDir: string;
  beforeEach(() => {
    stateDir = mkdtempSync(join(tmpdir(), 'read-source-'));
  });
  afterEach(async () => {
    await site?.close();
    site = undefined;
    rmSync(stateDir, { recursive: true, force: true });
  });

  it('reads every public record, past events and empty terms included, in pages of 50', async () => {
    site = await startFakeTec({ events: 120 });
    const client = new SourceClient();
    const source = await discoverSource(client, site.url);
    const progress: ReadProgress[] = [];
    const snapshot = await readSource(client, source, {
      store: noPageStore,
      onProgress: (step) => progress.push(step),
    });
    const published = site.data.events.filter((event) => event.status === 'publish');
    // The events hidden from listings too: the upcoming one found through WordPress's own list, the past ones
    // in the gaps of the ids, each read by id; but the protected one, which the site shows no one without
    // credentials, is reported as not read.
    expect(ids(snapshot.events)).toEqual(
      ids(published.filter((event) => event.id !== DERIVED_IDS.pastHiddenProtectedEvent)),
    );
    expect(snapshot.events).toHaveLength(125);
    // What exists but this login may not read is reported, never silently left: the drafts and the like, the
    // trashed events, and the protected event hidden from listings.
    const withUser = '; read with --user (an administrator) to import it';
    const notPublic = `not public, and in no list this login sees: the API answers 403 event-not-accessible by id${withUser}`;
    const trashed =
      'trashed, and in no list this login sees: the API answers 403 event-no-longer-available for trashed events by id';
    expect(snapshot.unread).toEqual([
      { kind: 'event', id: DERIVED_IDS.draftEvent, reason: notPublic },
      { kind: 'event', id: DERIVED_IDS.pendingEvent, reason: notPublic },
      { kind: 'event', id: DERIVED_IDS.privateEvent, reason: notPublic },
      { kind: 'event', id: DERIVED_IDS.futureEvent, reason: notPublic },
      { kind: 'event', id: DERIVED_IDS.trashedEvent, reason: trashed },
      { kind: 'event', id: DERIVED_IDS.hiddenTrashedEvent, reason: trashed },
      {
        kind: 'event',
        id: DERIVED_IDS.pastHiddenProtectedEvent,
        reason: `password-protected, and in no list this login sees: the API answers 403 event-password-protected by id${withUser}`,
      },
    ]);
    expect(ids(snapshot.events)).toEqual(
      expect.arrayContaining([DERIVED_IDS.pastHiddenEvent, DERIVED_IDS.pastHiddenEventInGap]),
    );
    // Protected events come blanked, and are marked so: their password could not be read.
    for (const id of [DERIVED_IDS.protectedEvent, DERIVED_IDS.pastProtectedEvent])
      expect(snapshot.events.find((event) => event.id === id)).toMatchObject({
        password_protected: true,
        description: '',
        all_day: null,
      });
    expect(snapshot.events.find((event) => event.id === DERIVED_IDS.hiddenEvent)).toMatchObject({
      hide_from_listings: true,
      title: 'Members only',
    });
    expect(snapshot.events.find((event) => event.id === DERIVED_IDS.hiddenEvent)).not.toHaveProperty(
      'json_ld',
    );
    expect(ids(snapshot.venues)).toEqual(ids(site.data.venues.filter((venue) => venue.status === 'publish')));
    expect(ids(snapshot.venues)).toContain(DERIVED_IDS.unusedVenue);
    expect(ids(snapshot.organizers)).toEqual(ids(site.data.organizers.filter((o) => o.status === 'publish')));
    expect(ids(snapshot.categories)).toEqual(ids(site.data.categories));
    expect(ids(snapshot.tags)).toEqual(ids(site.data.tags));
    expect(snapshot.apiRoot).toBe(`${site.url}wp-json/tribe/events/v1`);
    // Without credentials: the public profile of the admin; the contributor's is not public.
    expect(snapshot.users).toEqual([{ id: 1, slug: 'admin', name: 'admin' }]);

    const eventPages = site.requests.filter((request) =>
      request.startsWith('GET /wp-json/tribe/events/v1/events?'),
    );
    expect(eventPages).toHaveLength(3);
    expect(eventPages[0]).toContain('per_page=50');
    expect(eventPages[0]).toContain('start_date=1900-01-01');
    expect(site.requests.some((request) => request.includes('hide_empty=false'))).toBe(true);
    expect(progress.filter((step) => step.list === 'events').at(-1)).toEqual({
      list: 'events',
      read: 122,
      total: 122,
      resumed: false,
    });
  });

  it('reads drafts, pending, private, future and trashed records and the logins with credentials', async () => {
    site = await startFakeTec({ password: 'app pass' });
    const client = new SourceClient({ credentials: { user: 'admin', password: 'app pass' } });
    const notes: string[] = [];
    const snapshot = await readSource(client, await discoverSource(client, site.url), {
      store: noPageStore,
      onNote: (line) => notes.push(line),
    });
    // All but the trashed event hidden from listings, which the API shows nobody: reported as not read.
    expect(ids(snapshot.events)).toEqual(
      ids(site.data.events.filter((event) => event.id !== DERIVED_IDS.hiddenTrashedEvent)),
    );
    expect(snapshot.unread).toEqual([
      {
        kind: 'event',
        id: DERIVED_IDS.hiddenTrashedEvent,
        reason:
          'trashed, and in no list this login sees: the API answers 403 event-no-longer-available for trashed events by id',
      },
    ]);
    expect(notes).toEqual([]);
    // The passwords of protected events, listed or hidden, from WordPress's edit context.
    for (const [id, password] of Object.entries(FAKE_PASSWORDS))
      expect(snapshot.events.find((event) => event.id === Number(id))).toMatchObject({
        password,
        all_day: expect.any(Boolean),
      });
    expect(snapshot.events.find((event) => event.id === DERIVED_IDS.trashedEvent)?.status).toBe('trash');
    expect(ids(snapshot.venues)).toContain(DERIVED_IDS.draftVenue);
    expect(ids(snapshot.organizers)).toContain(DERIVED_IDS.privateOrganizer);
    expect(snapshot.users).toEqual([
      { id: 1, login: 'admin', slug: 'admin', name: 'admin' },
      { id: 4, login: 'contrib', slug: 'contrib', name: 'Casey Contributor' },
    ]);
  });

  it('says so when the login may not list every status', async () => {
    site = await startFakeTec({ subscriberPassword: 'sub pass' });
    const client = new SourceClient({ credentials: { user: 'reader', password: 'sub pass' } });
    await expect(
      readSource(client, await discoverSource(client, site.url), { store: noPageStore }),
    ).rejects.toThrow(
      /^the site refused to list \w+ of every status to this login \(400 on status\): read with an editor's or administrator's login, or without --user$/,
    );
  });

  it('asks no more at once than its concurrency, however many pages there are', async () => {
    site = await startFakeTec({ events: 300, faults: { slow: { count: 1000, delayMs: 20 } } });
    const client = new SourceClient({ concurrency: 2 });
    const snapshot = await readSource(client, await discoverSource(client, site.url), { store: noPageStore });
    expect(snapshot.events).toHaveLength(305);
    expect(site.maxInFlight).toBe(2);
  });

  it('ends a list at a page that the totals say is past the end', async () => {
    site = await startFakeTec({ events: 40 });
    const client = new SourceClient();
    const snapshot = await readSource(client, await discoverSource(client, site.url), { store: noPageStore });
    expect(snapshot.events).toHaveLength(45);
    expect(site.requests.filter((request) => request.includes('/events?'))).toHaveLength(1);
  });

  it('takes the 404 of a page past the end as the end when the list shrank since its totals were read', async () => {
    site = await startFakeTec({ events: 100 });
    const client = new SourceClient({ attempts: 1 });
    const source = await discoverSource(client, site.url);
    const store = directoryPageStore(join(stateDir, 'shrunk'));
    // An earlier run read page 1 when the list had five pages; two are left.
    const firstPage = site.data.events
      .filter((event) => event.status === 'publish' && !event.hide_from_listings)
      .sort((a, b) => a.start_date.localeCompare(b.start_date) || a.id - b.id);
    await store.write('events', 1, { items: firstPage.slice(0, 50), totalPages: 5, total: 250 });
    const snapshot = await readSource(client, source, { store });
    expect(snapshot.events).toHaveLength(105);
    const asked = site.requests.filter((request) =>
      request.startsWith('GET /wp-json/tribe/events/v1/events?'),
    );
    expect(asked.map((request) => /[?&]page=(\d+)/.exec(request)?.[1]).sort()).toEqual(['2', '3', '4', '5']);
  });

  it('reads a site without pretty permalinks through ?rest_route=', async () => {
    site = await startFakeTec({ events: 60, discovery: 'rest-route' });
    const client = new SourceClient();
    const snapshot = await readSource(client, await discoverSource(client, site.url), { store: noPageStore });
    expect(snapshot.events).toHaveLength(65);
    expect(snapshot.apiRoot).toBe(`${site.url}?rest_route=/tribe/events/v1`);
    expect(
      site.requests.some((request) => request.startsWith('GET /?rest_route=/tribe/events/v1/events&')),
    ).toBe(true);
  });

  it('keeps the pages it read, and a second run reads only what is missing', async () => {
    site = await startFakeTec({ events: 200 });
    const store = directoryPageStore(join(stateDir, 'source'));
    const source = await discoverSource(new SourceClient(), site.url);
    // Page 1 of each list, then the site goes away.
    site.faults = { dieAfterRequests: 6 };
    const failing = new SourceClient({ concurrency: 1, backoffMs: 5, attempts: 2 });
    await expect(readSource(failing, source, { store })).rejects.toThrow(/giving up$/);
    const kept = readdirSync(join(stateDir, 'source'));
    expect(kept.length).toBeGreaterThan(0);

    site.faults = {};
    const before = site.requests.length;
    const progress: ReadProgress[] = [];
    const snapshot = await readSource(new SourceClient(), source, {
      store,
      onProgress: (step) => progress.push(step),
    });
    expect(snapshot.events).toHaveLength(205);
    const again = site.requests.slice(before);
    // Nothing kept was asked for again.
    for (const file of kept) {
      const [list, page] = file.replace(/\.json$/, '').split('-');
      const asked = again.filter(
        (request) => request.includes(`/${list}?`) && new RegExp(`[?&]page=${page}(&|$)`).test(request),
      );
      expect(asked, file).toEqual([]);
    }
    expect(progress.some((step) => step.resumed)).toBe(true);
    await store.clear();
    expect(() => readdirSync(join(stateDir, 'source'))).toThrow();
  });
});
