/**
 * The `ticketed` filter with a ticket provider plugged in (SPEC §9: an extension point). The provider here is
 * a test double that names the events with tickets, as a ticketing add-on would.
 */
import { beforeEach, expect, it } from 'vitest';
import { describeContract } from '../index.js';

const ticketed = new Set<number>();

describeContract(
  'ticketed filter with a ticket provider',
  (service) => {
    beforeEach(async () => {
      await service().reset();
      service().setNow('2026-03-10T12:00:00Z');
      ticketed.clear();
    });

    const create = async (title: string) => {
      const res = await service().request('POST', '/events', {
        json: { title, start_date: '2026-04-01 10:00', end_date: '2026-04-01 12:00' },
        as: 'admin',
      });
      expect(res.status, res.text).toBe(201);
      return res.json.id as number;
    };
    const titles = async (query: Record<string, unknown>) => {
      const res = await service().request('GET', '/events', { query });
      expect(res.status, res.text).toBe(200);
      return res.json.events.map((event: { title: string }) => event.title);
    };

    it('ticketed=true keeps the events with tickets, ticketed=false the others', async () => {
      ticketed.add(await create('With tickets'));
      await create('Free entry');
      ticketed.add(await create('Also ticketed'));
      expect(await titles({ ticketed: 'true' })).toEqual(['With tickets', 'Also ticketed']);
      expect(await titles({ ticketed: 'false' })).toEqual(['Free entry']);
      expect(await titles({})).toEqual(['With tickets', 'Free entry', 'Also ticketed']);
      const res = await service().request('GET', '/events', { query: { ticketed: '1' } });
      expect(new URL(res.json.rest_url).searchParams.get('ticketed')).toBe('1');
    });

    it('ticketed=true with no ticketed event is an empty list, not an error', async () => {
      await create('Free entry');
      expect(await titles({ ticketed: 'true' })).toEqual([]);
      expect(await titles({ ticketed: 'false' })).toEqual(['Free entry']);
    });
  },
  { ticketProvider: { ticketedEventIds: async () => [...ticketed] } },
);
