/**
 * An imported cost answers exactly as its source's: the plugin echoes texts it cannot read and formats with
 * the site's locale, so `cost` and `cost_details` of an imported event are the source's, whatever this
 * service would make of the same items; costs this service formats alike are stored as items, as its own are.
 */

import { testDialects } from '@calendar-events/tests/databases';
import { apiRequest } from '@calendar-events/tests/requests';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CalendarCore, createCalendarCore } from '../../core.js';
import type { CalendarDatabase } from '../../db/database.js';
import { textOf } from '../../http/respond.js';
import { createApiKey, createUser } from '../../resources/users/repository.js';
import { importTecSnapshot } from './service.js';
import { recordedSnapshot, SOURCE_SITE } from './testdata/snapshot.js';

// biome-ignore lint/suspicious/noExplicitAny: answers are plain JSON of any shape
type Json = any;

const NOW = new Date('2026-11-26T08:00:00Z');
const dialects = await testDialects();

/** The cost forms a real calendar holds, each as the plugin answers it (en_US, `$` before the amount). */
const COSTS: { id: number; cost: string; symbol?: string; position?: string; values: string[] }[] = [
  { id: 300, cost: 'Donation', values: ['donation'] },
  { id: 301, cost: '$1,500', values: ['1500'] },
  { id: 302, cost: '$10,20', values: ['10.20'] },
  { id: 303, cost: 'Free', values: ['free'] },
  { id: 304, cost: '', values: [] },
  { id: 305, cost: '$5 – $25', values: ['5', '25'] },
  { id: 306, cost: 'Pay what you can', values: ['pay-what-you-can'] },
  { id: 307, cost: '€6.50 – €8.50', symbol: '€', position: 'prefix', values: ['6.50', '8.50'] },
  { id: 308, cost: 'Free – $1,000', values: ['0', '1000'] },
];

describe.each(dialects)('imported costs answer as written ($name)', (dialect) => {
  let database: CalendarDatabase;
  let close: () => Promise<void>;
  let core: CalendarCore;
  let key: string;

  async function get(path: string): Promise<Json> {
    const response = await core.handle(apiRequest('GET', path, { key }));
    expect(response.status, `${path}: ${textOf(response)?.slice(0, 300)}`).toBe(200);
    return JSON.parse(textOf(response)!);
  }

  beforeAll(async () => {
    ({ database, close } = await dialect.open());
    await createUser(database.kysely, { login: 'admin', role: 'administrator' });
    key = await createApiKey(database.kysely, 'admin');
    core = createCalendarCore({ database, siteUrl: SOURCE_SITE, clock: () => NOW });
    const snapshot = recordedSnapshot();
    const base = snapshot.events[1]!;
    const events = COSTS.map(({ id, cost, symbol, position, values }) => ({
      ...structuredClone(base),
      id,
      slug: `cost-${id}`,
      url: `${SOURCE_SITE}/event/cost-${id}/`,
      website: `${SOURCE_SITE}/event/cost-${id}/`,
      global_id: `127.0.0.1?id=${id}`,
      global_id_lineage: [`127.0.0.1?id=${id}`],
      cost,
      cost_details: {
        currency_symbol: symbol ?? '',
        currency_code: '',
        currency_position: position ?? '',
        values,
      },
    }));
    const report = await importTecSnapshot(
      database,
      { ...snapshot, events: [...snapshot.events, ...events] },
      { fallbackAuthor: 'admin', now: NOW },
    );
    expect(report.skipped).toEqual([]);
  });
  afterAll(() => close());

  it.each(COSTS)('$cost answers as the source did', async ({ id, cost, symbol, position, values }) => {
    const event = await get(`/events/${id}`);
    expect(event.cost).toBe(cost);
    expect(event.cost_details).toEqual({
      currency_symbol: symbol ?? '',
      currency_code: '',
      currency_position: position ?? '',
      values,
    });
  });

  it('prices offers by amount: none for a word that names no price, 0 for a free word', async () => {
    expect((await get('/events/300')).json_ld.offers).toBeUndefined();
    expect((await get('/events/301')).json_ld.offers.price).toBe('1500');
    expect((await get('/events/303')).json_ld.offers.price).toBe('0');
  });

  it('keeps a cost that an update does not touch, and formats one sent anew', async () => {
    const update = (body: Json) => core.handle(apiRequest('POST', '/events/301', { key, body }));
    expect((await update({ title: 'Gala' })).status).toBe(200);
    expect((await get('/events/301')).cost).toBe('$1,500');
    expect((await update({ cost: '15' })).status).toBe(200);
    const event = await get('/events/301');
    expect([event.cost, event.cost_details.values]).toEqual(['$15', ['15']]);
  });
});
