/**
 * The memo of serialized venues and organizers: kept per data version, never used by a write, and never
 * older than what a request reads, whichever database and writer changed the data.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestContext } from '../context.js';
import { type CalendarCore, createCalendarCore } from '../core.js';
import type { CalendarDatabase } from '../db/database.js';
import { testDialects } from '../db/test-databases.js';
import { createApiKey, createUser } from '../resources/users/repository.js';
import { createRecordMemo } from './record-memo.js';

/** The parts of a request context the memo reads. */
function contextOf(options: { transaction?: boolean; language?: string; site?: string } = {}) {
  return {
    db: { isTransaction: options.transaction ?? false },
    language: options.language ?? 'en',
    urls: {
      namespace: 'http://x/wp-json/calendar/events/v1',
      site: (path: string) => `${options.site ?? 'http://x'}${path}`,
    },
  } as unknown as RequestContext;
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

  it('keeps a record apart per language and per address its URLs are built from', async () => {
    const memo = createRecordMemo(() => 1);
    (await memo.scope(contextOf(), 'venue'))!.set('1', { url: 'http://x/venue/a/' });
    expect((await memo.scope(contextOf({ language: 'de' }), 'venue'))!.get('1')).toBeUndefined();
    expect((await memo.scope(contextOf({ site: 'https://y' }), 'venue'))!.get('1')).toBeUndefined();
    expect((await memo.scope(contextOf(), 'venue'))!.get('1')).toEqual({ url: 'http://x/venue/a/' });
  });

  it('forgets everything when full rather than growing', async () => {
    const memo = createRecordMemo(() => 1, 2);
    const scope = (await memo.scope(contextOf(), 'venue'))!;
    scope.set('1', { id: 1 });
    scope.set('2', { id: 2 });
    scope.set('3', { id: 3 });
    expect(scope.get('1')).toBeUndefined();
    expect(scope.get('3')).toEqual({ id: 3 });
  });
});

const dialects = await testDialects();

describe.each(dialects)('venues and organizers embedded in events after a change ($name)', (dialect) => {
  let database: CalendarDatabase;
  let close: () => Promise<void>;
  let key: string;

  async function call(core: CalendarCore, method: string, path: string, body?: unknown) {
    const res = await core.handle({
      method,
      url: `/calendar/events/v1${path}`,
      mountPath: '',
      headers: { host: 'x', authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      ...(body ? { body: { kind: 'raw' as const, data: JSON.stringify(body) } } : {}),
    });
    expect(res.status, `${method} ${path}: ${res.body}`).toBeLessThan(300);
    return JSON.parse(res.body!);
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

  it('keeps nothing with the response cache off, so that changes written outside the service show', async () => {
    const core = createCalendarCore({ database, responseCache: false });
    const { venue, event } = await calendar(core, 'Inside');
    expect((await embedded(core, event)).listed[0]).toBe('Inside Hall');
    await sql`update post_texts set title = 'Outside Hall' where post_id = ${venue}`.execute(database.kysely);
    expect(await embedded(core, event)).toEqual({
      listed: ['Outside Hall', 'Inside Society'],
      single: ['Outside Hall', 'Inside Society'],
    });
  });
});
