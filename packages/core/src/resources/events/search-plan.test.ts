/**
 * A search looked up by the rarest trigram of its terms (posts/rarest-trigram.ts, SQLite) finds what the
 * terms' own phrases find, tested with the short terms' rule (lower case as JavaScript and PostgreSQL fold
 * it): any case, the Kelvin sign, a dotted capital I at the end of a term; and a rare word's page, once its
 * total is kept, is led by its matches. The same answers on PostgreSQL, which has no such plan.
 */
import { testDialects } from '@calendar-events/tests/databases';
import { administratorKey, apiRequest } from '@calendar-events/tests/requests';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CalendarCore, createCalendarCore } from '../../core.js';
import type { CalendarDatabase } from '../../db/database.js';
import { textOf } from '../../http/respond.js';

const dialects = await testDialects();

/** Events whose texts make the trigrams of "music night" common, so that a rare one is worth reading alone. */
const FILLER = 100;

describe.each(dialects)('search by the rarest trigram ($name)', (dialect) => {
  let database: CalendarDatabase;
  let close: () => Promise<void>;
  let core: CalendarCore;
  let key: string;
  const statements: Array<{ sql: string; parameters: readonly unknown[] }> = [];
  const sqlite = dialect.name === 'sqlite';

  async function call(method: string, path: string, body?: unknown) {
    const res = await core.handle(apiRequest(method, path, { key, body }));
    expect(res.status, `${method} ${path}: ${textOf(res)}`).toBeLessThan(300);
    return JSON.parse(textOf(res)!);
  }

  let day = 0;
  const event = (title: string) => {
    day++;
    const date = `2031-${String(1 + (day % 12)).padStart(2, '0')}-${String(1 + (day % 28)).padStart(2, '0')}`;
    return call('POST', '/events', {
      title,
      start_date: `${date} 19:00:00`,
      end_date: `${date} 21:00:00`,
      status: 'publish',
    });
  };

  let asked = 0;
  /** The titles a search lists (anonymously, at an address not asked before), and the FTS5 match it ran. */
  async function search(text: string) {
    statements.length = 0;
    const query = new URLSearchParams({
      search: text,
      start_date: '2031-01-01',
      end_date: '2031-12-31',
      per_page: '50',
      _asked: String(++asked),
    });
    const res = await core.handle(apiRequest('GET', `/events?${query}`));
    expect(res.status, textOf(res)).toBe(200);
    const titles = (JSON.parse(textOf(res)!).events as Array<{ title: string }>).map((e) => e.title);
    const matched = statements.find((s) => /event_search_fts match \?/.test(s.sql));
    const match = matched?.parameters.find((p) => typeof p === 'string' && /^[("]/.test(p));
    return { titles: titles.sort(), match };
  }

  beforeAll(async () => {
    ({ database, close } = await dialect.open({
      onQuery: (sql, parameters) => statements.push({ sql, parameters }),
    }));
    key = await administratorKey(database);
    core = createCalendarCore({ database });
    for (let n = 0; n < FILLER; n++) await event(`Music night ${n}`);
    await event('Zanzi Music Night');
    await event('ZANZI MUSIC NIGHT');
    await event('Our zanzi music nights');
    await event('Zanzi music');
    // The Kelvin sign, which lowers to `k`; a dotted capital I, which lowers to `i` and a combining dot.
    await event('\u212Aanzi music night');
    await event('Zanzi music night\u0130');
  }, 120_000);
  afterAll(() => close());

  it('finds a phrase in any case by its rarest trigram, as its own phrase would', async () => {
    const found = await search('"zanzi music night"');
    expect(found.titles).toEqual([
      'Our zanzi music nights',
      'ZANZI MUSIC NIGHT',
      'Zanzi Music Night',
      'Zanzi music night\u0130',
    ]);
    // One trigram of the rare word, not the phrase's fifteen (most of which every filler event holds).
    if (sqlite) expect(found.match).toMatch(/^"(zan|anz|nzi)"$/);
    // Two terms, each tested on what the rarest trigram of either found.
    expect((await search('zanzi nights')).titles).toEqual(['Our zanzi music nights']);
    expect((await search('ZANZI -nights night')).titles).toEqual([
      'ZANZI MUSIC NIGHT',
      'Zanzi Music Night',
      'Zanzi music night\u0130',
    ]);
  });

  it('matches the Kelvin sign as k, and a dotted capital I ending a term as i', async () => {
    const kelvin = await search('"kanzi music night"');
    expect(kelvin.titles).toEqual(['\u212Aanzi music night']);
    if (sqlite) expect(kelvin.match).toMatch(/^"(kan|anz|nzi)"$/);
    // FTS5 does not fold `İ`: a term's last trigram ending in `i` is looked up in its `İ` form too, alone (`hti`,
    // the rarest: in no text as it is) and in a longer phrase.
    const dotted = await search('nighti');
    expect(dotted.titles).toEqual(['Zanzi music night\u0130']);
    if (sqlite) expect(dotted.match).toBe('("hti" OR "ht\u0130")');
    expect((await search('"zanzi music nighti"')).titles).toEqual(['Zanzi music night\u0130']);
  });

  it('searches common words by their phrases, and non-ASCII terms as before', async () => {
    const common = await search('"music night 7"');
    const sevens = Array.from({ length: 10 }, (_, n) => `Music night 7${n}`);
    expect(common.titles).toEqual(['Music night 7', ...sevens]);
    if (sqlite) expect(common.match).toBe('"music night 7"');
    expect((await search('NIGHTİ')).titles).toEqual(['Zanzi music night\u0130']);
  });

  it('a rare word, its total kept, pages from its matches by id', async () => {
    await search('zanzi');
    const again = await search('zanzi');
    expect(again.titles).toHaveLength(5);
    const page = statements.find((s) => /\blimit\b/i.test(s.sql) && /event_search/.test(s.sql));
    if (sqlite) expect(page?.sql).toMatch(/from "events" not indexed/);
  });
});
