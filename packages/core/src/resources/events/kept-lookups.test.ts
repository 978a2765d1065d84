/**
 * The look-ups of a list's filters kept at the data version (`findTermIdsForFilter`, `allOfType`): a list
 * filtered by a category and a venue asked at new addresses looks neither up again, a change to either shows
 * at once, and nothing is kept when the service is told that others write (`cache: false`).
 */
import { testDialects } from '@calendar-events/tests/databases';
import { administratorKey, apiRequest } from '@calendar-events/tests/requests';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CalendarCore, createCalendarCore } from '../../core.js';
import type { CalendarDatabase } from '../../db/database.js';
import { textOf } from '../../http/respond.js';

const dialects = await testDialects();

describe.each(dialects)('filter look-ups kept at the data version ($name)', (dialect) => {
  let database: CalendarDatabase;
  let close: () => Promise<void>;
  let key: string;
  const statements: string[] = [];

  beforeAll(async () => {
    ({ database, close } = await dialect.open({ onQuery: (text) => statements.push(text) }));
    key = await administratorKey(database);
  });
  afterAll(() => close());

  async function call(core: CalendarCore, method: string, path: string, body?: unknown) {
    const res = await core.handle(apiRequest(method, path, { key, body }));
    expect(res.status, `${method} ${path}: ${textOf(res)}`).toBeLessThan(300);
    return JSON.parse(textOf(res)!);
  }

  let asked = 0;
  /** The status of an anonymous list at an address not asked before, and the look-ups it ran. */
  async function list(core: CalendarCore, query: string) {
    statements.length = 0;
    const res = await core.handle(apiRequest('GET', `/events?${query}&_asked=${++asked}`));
    const lookups = {
      terms: statements.filter((text) => /from "terms" where "taxonomy"/.test(text)).length,
      venues: statements.filter((text) => /from "posts" where "id" in \(.*\) and "type"/.test(text)).length,
    };
    return { status: res.status, lookups };
  }

  async function fixture(core: CalendarCore, name: string) {
    const venue = await call(core, 'POST', '/venues', { venue: `${name} Hall` });
    const event = await call(core, 'POST', '/events', {
      title: `${name} night`,
      start_date: '2031-05-01 19:00:00',
      end_date: '2031-05-01 21:00:00',
      venue: venue.id,
      categories: [name],
      status: 'publish',
    });
    return { venue: venue.id as number, category: event.categories[0] as { id: number; slug: string } };
  }

  it('looks a category and a venue up once for many addresses, and sees a change at once', async () => {
    const core = createCalendarCore({ database });
    const { venue, category } = await fixture(core, 'Skiffle');
    const query = `categories=${category.slug}&venue=${venue}&start_date=2031-01-01&end_date=2031-12-31`;
    expect((await list(core, query)).status).toBe(200);
    const again = await list(core, query);
    expect(again).toEqual({ status: 200, lookups: { terms: 0, venues: 0 } });

    // A slug that names nothing (and kept so) names the category once it is given; a deleted category, nothing.
    const renamed = query.replace(category.slug, 'washboard');
    expect((await list(core, renamed)).status).toBe(400);
    expect((await list(core, renamed)).lookups.terms).toBe(0);
    await call(core, 'POST', `/categories/${category.id}`, { slug: 'washboard' });
    expect((await list(core, renamed)).status).toBe(200);
    await call(core, 'DELETE', `/categories/${category.id}?force=true`);
    expect((await list(core, renamed)).status).toBe(400);
    // A venue deleted for good is no venue at once.
    await call(core, 'DELETE', `/venues/${venue}`);
    await call(core, 'DELETE', `/venues/${venue}?force=true`);
    expect((await list(core, `venue=${venue}`)).status).toBe(400);
  });

  it('keeps nothing when others write to the database', async () => {
    const core = createCalendarCore({ database, cache: false });
    const { venue, category } = await fixture(core, 'Zydeco');
    const query = `categories=${category.slug}&venue=${venue}&start_date=2031-01-01&end_date=2031-12-31`;
    expect((await list(core, query)).status).toBe(200);
    const again = await list(core, query);
    expect(again.status).toBe(200);
    expect(again.lookups.terms).toBeGreaterThan(0);
    expect(again.lookups.venues).toBe(1);
  });
});
