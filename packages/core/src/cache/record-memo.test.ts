/**
 * The memo of serialized venues and organizers: kept per data version, never used by a write, and never
 * older than what a request reads, whichever database and writer changed the data.
 */

import { testDialects } from '@calendar-events/tests/databases';
import { apiRequest } from '@calendar-events/tests/requests';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CalendarCore, createCalendarCore } from '../core.js';
import type { CalendarDatabase } from '../db/database.js';
import { createUrlBuilder } from '../http/request-url.js';
import { textOf } from '../http/respond.js';
import { silentLogger } from '../logger.js';
import { loadSerialized } from '../resources/linked/serialize.js';
import { createApiKey, createUser } from '../resources/users/repository.js';
import { venueKind } from '../resources/venues/kind.js';
import type { RequestContext } from '../route-table/context.js';
import { createCountCache } from './count-cache.js';
import { createRecordMemo, keptOr, type RecordMemo } from './record-memo.js';

/** What the memo reads of a request. */
function contextOf(options: { transaction?: boolean; language?: string } = {}) {
  return { inTransaction: options.transaction ?? false, language: options.language ?? 'en' };
}

describe('createRecordMemo', () => {
  it('keeps records while the data version stays, frozen, and drops them all when it moves on', async () => {
    let version = 1;
    const memo = createRecordMemo(() => version);
    const scope = (await memo.scope(contextOf(), 'venue'))!;
    scope.set('7', { id: 7, venue: 'Hall' });
    const kept = (await memo.scope(contextOf(), 'venue'))!.get('7');
    expect(kept).toEqual({ id: 7, venue: 'Hall' });
    expect(Object.isFrozen(kept)).toBe(true);
    expect((await memo.scope(contextOf(), 'organizer'))!.get('7')).toBeUndefined();

    version = 2;
    expect((await memo.scope(contextOf(), 'venue'))!.get('7')).toBeUndefined();
    // A request that read the version before the write keeps nothing under the new one.
    scope.set('8', { id: 8 });
    expect((await memo.scope(contextOf(), 'venue'))!.get('8')).toBeUndefined();
  });

  it('serves no one inside a write transaction, nor a request that read an older version', async () => {
    let version: number | undefined = 5;
    const memo = createRecordMemo(async () => version);
    expect(await memo.scope(contextOf({ transaction: true }), 'venue')).toBeUndefined();
    (await memo.scope(contextOf(), 'venue'))!.set('1', { id: 1 });
    version = 4;
    expect(await memo.scope(contextOf(), 'venue')).toBeUndefined();
    version = undefined;
    expect(await memo.scope(contextOf(), 'venue')).toBeUndefined();
  });

  it("takes the version the request already read instead of reading it again, and never a newer one's records", async () => {
    let reads = 0;
    let version = 3;
    const memo = createRecordMemo(() => {
      reads++;
      return version;
    });
    (await memo.scope({ ...contextOf(), version: 3 }, 'venue'))!.set('1', { id: 1 });
    expect((await memo.scope({ ...contextOf(), version: 3 }, 'venue'))!.get('1')).toEqual({ id: 1 });
    expect(reads).toBe(0);
    // A request that read version 4 (a write committed since the others read 3) does not get 3's records.
    version = 4;
    expect((await memo.scope({ ...contextOf(), version: 4 }, 'venue'))!.get('1')).toBeUndefined();
    // And one that read 3 before that write keeps nothing now that 4 has been seen.
    expect(await memo.scope({ ...contextOf(), version: 3 }, 'venue')).toBeUndefined();
    expect(reads).toBe(0);
  });

  it('keeps a record apart per language, and shares it whatever Host the client names', async () => {
    const memo = createRecordMemo(() => 1);
    (await memo.scope(contextOf(), 'venue'))!.set('1', { url: 'http://x/venue/a/' });
    expect((await memo.scope(contextOf({ language: 'de' }), 'venue'))!.get('1')).toBeUndefined();
    // The records' URLs come from the configured site URL: the memo is not told the Host, so it makes no copies.
    expect((await memo.scope(contextOf({ language: 'en' }), 'venue'))!.get('1')).toEqual({
      url: 'http://x/venue/a/',
    });
  });

  it("keeps records apart per API root, all within their kind's limits however many roots clients name", async () => {
    const memo = createRecordMemo(() => 1, { entries: 2 });
    const at = async (root: string) => (await memo.scope({ ...contextOf(), root }, 'event:listed'))!;
    (await at('http://one.example')).set('1', { rest_url: 'http://one.example/1' });
    expect((await at('http://two.example')).get('1')).toBeUndefined();
    expect((await at('http://one.example')).get('1')).toEqual({ rest_url: 'http://one.example/1' });
    // Roots named by Host headers fill the one kind's share, never a share each.
    for (let n = 0; n < 5; n++) (await at(`http://h${n}.example`)).set('1', { n });
    expect((await at('http://one.example')).get('1')).toBeUndefined();
    expect((await at('http://h4.example')).get('1')).toEqual({ n: 4 });
    expect((await at('http://h0.example')).get('1')).toBeUndefined();
  });

  it('forgets everything when full, by count or by size, rather than growing', async () => {
    const byCount = (await createRecordMemo(() => 1, { entries: 2 }).scope(contextOf(), 'venue'))!;
    byCount.set('1', { id: 1 });
    byCount.set('2', { id: 2 });
    byCount.set('3', { id: 3 });
    expect(byCount.get('1')).toBeUndefined();
    expect(byCount.get('3')).toEqual({ id: 3 });

    const bySize = (await createRecordMemo(() => 1, { size: 10_000 }).scope(contextOf(), 'venue'))!;
    const record = (n: number) => ({ id: n, description: 'x'.repeat(50) });
    for (let n = 1; n <= 200; n++) bySize.set(String(n), record(n));
    expect(bySize.get('1')).toBeUndefined();
    expect(bySize.get('200')).toEqual(record(200));
    // One record of more than a hundredth of the limit is not kept at all.
    bySize.set('big', { description: 'x'.repeat(200) });
    expect(bySize.get('big')).toBeUndefined();
    // Nor a small one under a long key (a filter's items): keys count as well.
    const longKey = `venue ${'1,'.repeat(100)}`;
    bySize.set(longKey, { all: true });
    expect(bySize.get(longKey)).toBeUndefined();
  });

  it('keeps a computed value for the requests that follow, and computes alone without a scope', async () => {
    const scope = (await createRecordMemo(() => 1).scope(contextOf(), 'filter-posts'))!;
    let computed = 0;
    const compute = async () => ++computed > 0;
    expect(await keptOr(scope, 'venue 7', compute)).toBe(true);
    expect(await keptOr(scope, 'venue 7', compute)).toBe(true);
    expect(computed).toBe(1);
    // A value that says "none" is kept as well.
    expect(await keptOr(scope, 'venue 8', async () => undefined)).toBeUndefined();
    expect(await keptOr(scope, 'venue 8', compute)).toBeUndefined();
    expect(await keptOr(undefined, 'venue 7', compute)).toBe(true);
    expect(computed).toBe(2);
  });
});

const dialects = await testDialects();

describe.each(dialects)('venues and organizers embedded in events after a change ($name)', (dialect) => {
  let database: CalendarDatabase;
  let close: () => Promise<void>;
  let key: string;

  async function call(core: CalendarCore, method: string, path: string, body?: unknown) {
    const res = await core.handle(apiRequest(method, path, { key, body }));
    expect(res.status, `${method} ${path}: ${res.body}`).toBeLessThan(300);
    return JSON.parse(textOf(res)!);
  }

  /** A venue and an organizer with an event linking both. */
  async function calendar(core: CalendarCore, name: string) {
    const venue = (await call(core, 'POST', '/venues', { venue: `${name} Hall`, city: 'Berlin' })).id;
    const organizer = (await call(core, 'POST', '/organizers', { organizer: `${name} Society` })).id;
    const event = (
      await call(core, 'POST', '/events', {
        title: name,
        start_date: '2030-04-01 19:00:00',
        end_date: '2030-04-01 21:00:00',
        venue,
        organizer: [organizer],
      })
    ).id;
    return { venue, organizer, event };
  }

  /** The names embedded in the event, listed and alone, asked at an address not asked before. */
  let asked = 0;
  async function embedded(core: CalendarCore, event: number) {
    asked++;
    const list = await call(core, 'GET', `/events?include=${event}&_asked=${asked}`);
    const one = await call(core, 'GET', `/events/${event}?_asked=${asked}`);
    return {
      listed: [list.events[0].venue.venue, list.events[0].organizer[0].organizer],
      single: [one.venue.venue, one.organizer[0].organizer],
    };
  }

  const statements: string[] = [];
  beforeAll(async () => {
    ({ database, close } = await dialect.open({ onQuery: (text) => statements.push(text) }));
    await createUser(database.kysely, { login: 'admin', role: 'administrator' });
    key = await createApiKey(database.kysely, 'admin');
  });
  afterAll(() => close());

  it('shows a change made through the API at once, at every address', async () => {
    const core = createCalendarCore({ database });
    const { venue, organizer, event } = await calendar(core, 'Old');
    expect(await embedded(core, event)).toEqual({
      listed: ['Old Hall', 'Old Society'],
      single: ['Old Hall', 'Old Society'],
    });
    // Asked again at new addresses (no kept answer), the venue and the organizer are not read again.
    statements.length = 0;
    await embedded(core, event);
    expect(statements.filter((text) => /\bfrom "(venues|organizers)"/.test(text))).toEqual([]);
    expect(statements.filter((text) => /\bfrom "events"/.test(text)).length).toBeGreaterThan(0);

    await call(core, 'POST', `/venues/${venue}`, { venue: 'New Hall' });
    await call(core, 'POST', `/organizers/${organizer}`, { organizer: 'New Society' });
    expect(await embedded(core, event)).toEqual({
      listed: ['New Hall', 'New Society'],
      single: ['New Hall', 'New Society'],
    });
  });

  it('serves a kept record even when the memo is emptied while the others load', async () => {
    const core = createCalendarCore({ database });
    const { venue } = await calendar(core, 'Racing');
    const keptVenue = Object.freeze({ id: venue, venue: 'Kept Hall' });
    // The memo has the venue when first asked, and is emptied right after (a newer version, or full).
    let asked = 0;
    const records: RecordMemo = {
      scope: async () => ({
        get: (key) => (key === String(venue) && asked++ === 0 ? keptVenue : undefined),
        set: () => {},
      }),
    };
    const context: RequestContext = {
      config: core.config,
      database,
      db: database.kysely,
      principal: null,
      language: 'en',
      addressLanguage: 'en',
      now: new Date(),
      urls: createUrlBuilder('http://x', '/calendar/events/v1', core.config.siteUrl),
      logger: silentLogger,
      ticketProvider: undefined,
      counts: createCountCache(),
      records,
    };
    expect((await loadSerialized(venueKind, context, [venue], false)).get(venue)).toBe(keptVenue);
  });

  it('keeps nothing with the response cache off, so that changes written outside the service show', async () => {
    const core = createCalendarCore({ database, cache: false });
    const { venue, event } = await calendar(core, 'Inside');
    expect((await embedded(core, event)).listed[0]).toBe('Inside Hall');
    await sql`update post_texts set title = 'Outside Hall' where post_id = ${venue}`.execute(database.kysely);
    expect(await embedded(core, event)).toEqual({
      listed: ['Outside Hall', 'Inside Society'],
      single: ['Outside Hall', 'Inside Society'],
    });
  });
});
