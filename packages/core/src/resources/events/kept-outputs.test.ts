/**
 * The events of list pages kept at a data version (kept-outputs.ts): asked again at new addresses they are not
 * loaded again, a change shows at once, a protected event is shown whole only to whom may see it whichever
 * request was first, and nothing is kept when the service is told that others write (`cache: false`).
 */
import { testDialects } from '@calendar-events/tests/databases';
import { administratorKey, apiRequest } from '@calendar-events/tests/requests';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CalendarCore, createCalendarCore } from '../../core.js';
import type { CalendarDatabase } from '../../db/database.js';
import { textOf } from '../../http/respond.js';

const dialects = await testDialects();

describe.each(dialects)('events kept for list pages ($name)', (dialect) => {
  let database: CalendarDatabase;
  let close: () => Promise<void>;
  let key: string;
  const statements: string[] = [];

  beforeAll(async () => {
    ({ database, close } = await dialect.open({ onQuery: (text) => statements.push(text) }));
    key = await administratorKey(database);
  });
  afterAll(() => close());

  async function call(
    core: CalendarCore,
    method: string,
    path: string,
    options: { body?: unknown; as?: 'anyone' | undefined } = {},
  ) {
    const res = await core.handle(
      apiRequest(method, path, { key: options.as === 'anyone' ? undefined : key, body: options.body }),
    );
    expect(res.status, `${method} ${path}: ${textOf(res)}`).toBeLessThan(300);
    return JSON.parse(textOf(res)!);
  }

  let day = 0;
  async function createEvent(core: CalendarCore, fields: Record<string, unknown>) {
    day++;
    const date = `2031-0${1 + (day % 9)}-1${day % 10}`;
    return (
      await call(core, 'POST', '/events', {
        body: {
          start_date: `${date} 19:00:00`,
          end_date: `${date} 21:00:00`,
          categories: ['Readings'],
          ...fields,
        },
      })
    ).id as number;
  }

  /** The event as the list shows it, asked at an address never asked before. */
  let asked = 0;
  async function listed(core: CalendarCore, event: number, query = '', as?: 'anyone') {
    asked++;
    const list = await call(core, 'GET', `/events?include=${event}&_asked=${asked}${query}`, { as });
    return list.events[0];
  }

  const eventLoads = () => statements.filter((text) => /"event_terms"\."position"/.test(text)).length;

  it('loads an event once for many addresses, and shows a change at once', async () => {
    const core = createCalendarCore({ database });
    const event = await createEvent(core, { title: 'Kept reading', description: '<p>First</p>' });
    expect((await listed(core, event)).title).toBe('Kept reading');
    statements.length = 0;
    const again = await listed(core, event);
    expect(again.title).toBe('Kept reading');
    expect(again.categories.map((term: { name: string }) => term.name)).toEqual(['Readings']);
    expect(eventLoads()).toBe(0);

    await call(core, 'POST', `/events/${event}`, { body: { title: 'Changed reading' } });
    statements.length = 0;
    expect((await listed(core, event)).title).toBe('Changed reading');
    expect(eventLoads()).toBe(1);
    // The one event alone, and lists of other shapes, answer the same.
    expect((await call(core, 'GET', `/events/${event}?_asked=${++asked}`)).title).toBe('Changed reading');
  });

  it('reads one event once for many addresses, refuses a protected one without its password, shows a change', async () => {
    const core = createCalendarCore({ database });
    const event = await createEvent(core, { title: 'Read alone', password: 'opensesame' });
    const read = (query = '') => core.handle(apiRequest('GET', `/events/${event}?_asked=${++asked}${query}`));
    expect(JSON.parse(textOf(await read('&password=opensesame'))!).title).toBe('Read alone');
    statements.length = 0;
    const again = JSON.parse(textOf(await read('&password=opensesame'))!);
    expect(again.title).toBe('Read alone');
    expect(again.json_ld.name).toBe('Read alone');
    expect(eventLoads()).toBe(0);
    // Kept whole, but never shown to whom may not see it.
    expect((await read()).status).toBe(403);
    expect((await read('&password=wrong')).status).toBe(403);
    await call(core, 'POST', `/events/${event}`, { body: { title: 'Read again' } });
    expect(JSON.parse(textOf(await read('&password=opensesame'))!).title).toBe('Read again');
  });

  it("blanks a protected event's content for whom may not see it, whoever asked first", async () => {
    const core = createCalendarCore({ database });
    const event = await createEvent(core, {
      title: 'Members only',
      description: '<p>The secret programme</p>',
      password: 'opensesame',
      status: 'publish',
    });
    // First asked with the password (kept whole), then without it.
    expect((await listed(core, event, '&password=opensesame', 'anyone')).description).toContain('secret');
    const blank = await listed(core, event, '', 'anyone');
    expect(blank.title).toBe('Members only');
    expect(blank.description).toBe('');
    expect(blank.categories).toEqual([]);
    // And the other way round, after a change.
    await call(core, 'POST', `/events/${event}`, { body: { description: '<p>The new programme</p>' } });
    expect((await listed(core, event, '', 'anyone')).description).toBe('');
    expect((await listed(core, event, '&password=opensesame', 'anyone')).description).toContain(
      'new programme',
    );
    expect((await listed(core, event, '&password=wrong', 'anyone')).description).toBe('');
  });

  it('builds REST URLs from the address each request was asked at, not from the first', async () => {
    const core = createCalendarCore({ database });
    const event = await createEvent(core, { title: 'Two hosts' });
    const at = async (host: string) => {
      const request = apiRequest('GET', `/events?include=${event}&_asked=${++asked}`, { key });
      const res = await core.handle({ ...request, headers: { ...request.headers, host } });
      return JSON.parse(textOf(res)!).events[0];
    };
    expect((await at('one.example')).rest_url).toMatch(/^http:\/\/one\.example\//);
    const second = await at('two.example');
    expect(second.rest_url).toMatch(/^http:\/\/two\.example\//);
    expect(second.categories[0].urls.self).toMatch(/^http:\/\/two\.example\//);
  });

  it('keeps nothing with caching off, so that changes written outside the service show', async () => {
    const core = createCalendarCore({ database, cache: false });
    const event = await createEvent(core, { title: 'Inside title' });
    expect((await listed(core, event)).title).toBe('Inside title');
    await sql`update post_texts set title = 'Outside title' where post_id = ${event}`.execute(
      database.kysely,
    );
    expect((await listed(core, event)).title).toBe('Outside title');
  });
});
