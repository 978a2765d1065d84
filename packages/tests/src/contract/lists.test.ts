/** The list envelope and pagination of events (ref §3.1, SPEC §4). */
import { beforeEach, expect, it } from 'vitest';
import { describeContract } from '../index.js';

describeContract('event lists', (service) => {
  beforeEach(async () => {
    await service().reset();
    service().setNow('2026-03-10T12:00:00Z');
  });

  const createEvents = async (count: number) => {
    for (let i = 1; i <= count; i++) {
      const day = String(i).padStart(2, '0');
      const res = await service().request('POST', '/events', {
        json: { title: `Event ${i}`, start_date: `2026-04-${day} 10:00`, end_date: `2026-04-${day} 12:00` },
        as: 'admin',
      });
      expect(res.status).toBe(201);
    }
  };

  it('answers an empty list with zero totals', async () => {
    const res = await service().request('GET', '/events');
    expect(res.status).toBe(200);
    expect(Object.keys(res.json)).toEqual(['events', 'rest_url', 'total', 'total_pages']);
    expect(res.json.total).toBe(0);
    expect(res.json.total_pages).toBe(0);
    expect(res.headers['x-tec-total']).toBe('0');
    expect(res.headers['x-tec-totalpages']).toBe('0');
  });

  it('pages in start order with next/previous URLs, totals headers and Link', async () => {
    await createEvents(5);
    const first = await service().request('GET', '/events', { query: { per_page: 2 } });
    expect(first.json.events.map((e: { title: string }) => e.title)).toEqual(['Event 1', 'Event 2']);
    expect(first.json.total).toBe(5);
    expect(first.json.total_pages).toBe(3);
    expect(first.json).not.toHaveProperty('previous_rest_url');
    expect(first.json.next_rest_url).toMatch(/[?&]page=2/);
    expect(first.headers['x-wp-total']).toBe('5');
    expect(first.headers['x-wp-totalpages']).toBe('3');
    expect(first.headers.link).toContain('rel="next"');
    const second = await service().request('GET', '/events', { query: { per_page: 2, page: 2 } });
    expect(Object.keys(second.json)).toEqual([
      'events',
      'rest_url',
      'next_rest_url',
      'previous_rest_url',
      'total',
      'total_pages',
    ]);
    expect(second.json.previous_rest_url).not.toMatch(/[?&]page=/);
    const third = await service().request('GET', '/events', { query: { per_page: 2, page: 3 } });
    expect(third.json.previous_rest_url).toMatch(/[?&]page=2/);
    expect(third.json).not.toHaveProperty('next_rest_url');
    const past = await service().request('GET', '/events', { query: { per_page: 2, page: 4 } });
    expect(past.status).toBe(404);
    expect(past.json).toEqual({
      code: 'event-archive-page-not-found',
      message: 'The requested event archive page does not exist',
      data: { status: 404 },
    });
  });

  it('caps per_page at 50 silently', async () => {
    const res = await service().request('GET', '/events', { query: { per_page: 100 } });
    expect(res.status).toBe(200);
    expect(res.json.rest_url).toContain('per_page=50');
  });

  it('never lists hide_from_listings events, and hides drafts from anonymous callers', async () => {
    await service().request('POST', '/events', {
      json: {
        title: 'Hidden',
        start_date: '2026-04-01 10:00',
        end_date: '2026-04-01 11:00',
        hide_from_listings: true,
      },
      as: 'admin',
    });
    await service().request('POST', '/events', {
      json: { title: 'Draft', start_date: '2026-04-01 10:00', end_date: '2026-04-01 11:00', status: 'draft' },
      as: 'admin',
    });
    const anonymous = await service().request('GET', '/events');
    expect(anonymous.json.total).toBe(0);
    const editor = await service().request('GET', '/events', { as: 'editor' });
    expect(editor.json.events.map((e: { title: string }) => e.title)).toEqual(['Draft']);
    const forbidden = await service().request('GET', '/events', { query: { status: 'draft' } });
    expect(forbidden.status).toBe(400);
  });
});
