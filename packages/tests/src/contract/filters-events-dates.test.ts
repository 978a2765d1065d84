/**
 * Date filters of `GET /events` (SPEC §8 "List filters", ref §6.1, §5.1, §3.1 `rest_url`): `start_date`/`end_date`
 * (start ≥ start_date, end ≤ end_date, whole days unless `strict_dates`), the relative `starts_*`/`ends_*` (strict
 * `<`/`>` with the end-of-day rule in inclusive mode), the default window (start of yesterday → +24 months) and
 * how relative params turn it off; comparisons as UTC instants, whole days in the site time zone.
 */
import { beforeEach, expect, it } from 'vitest';
import { describeContract, type TestResponse, type TestService } from '../index.js';

const NOW = '2026-03-10T12:00:00Z';

interface EventJson {
  id: number;
  title: string;
}

const titles = (res: TestResponse): string[] => {
  expect(res.status, res.text).toBe(200);
  return res.json.events.map((e: EventJson) => e.title);
};

/** A query component of the list's `rest_url`, decoded (ref §3.1: the tests check path and query components). */
const restQuery = (res: TestResponse, name: string): string | null =>
  new URL(res.json.rest_url).searchParams.get(name);

const expectInvalidParam = (res: TestResponse, name: string) => {
  expect(res.status, res.text).toBe(400);
  expect(res.json.code).toBe('rest_invalid_param');
  expect(res.json.data.status).toBe(400);
  expect(Object.keys(res.json.data.params)).toEqual([name]);
};

function helpers(service: () => TestService) {
  const create = async (
    title: string,
    start: string,
    end: string,
    extra: Record<string, unknown> = {},
  ): Promise<EventJson> => {
    const res = await service().request('POST', '/events', {
      json: { title, start_date: start, end_date: end, ...extra },
      as: 'admin',
    });
    expect(res.status, res.text).toBe(201);
    return res.json;
  };
  const list = (query: Record<string, unknown> = {}) =>
    service().request('GET', '/events', { query: { per_page: 50, ...query } });
  return { create, list };
}

describeContract('event list date filters (site zone UTC)', (service) => {
  const { create, list } = helpers(service);

  beforeEach(async () => {
    await service().reset();
    service().setNow(NOW);
  });

  it('ref §6.1 example: inclusive whole days by default, exact bounds with strict_dates=true', async () => {
    await create('Morning', '2018-01-01 10:00:00', '2018-01-01 10:30:00');
    await create('Sixteen', '2018-01-01 16:00:00', '2018-01-01 16:30:00');
    await create('Twenty', '2018-01-01 20:00:00', '2018-01-01 20:30:00');
    await create('Next day', '2018-01-02 16:00:00', '2018-01-02 16:30:00');
    const bounds = { start_date: '2018-01-01 15:00:00', end_date: '2018-01-01 18:00:00' };

    const inclusive = await list(bounds);
    expect(titles(inclusive)).toEqual(['Morning', 'Sixteen', 'Twenty']);
    expect(inclusive.json.total).toBe(3);
    // rest_url echoes the effective bounds after the whole-day adjustment (ref §3.1).
    expect(restQuery(inclusive, 'start_date')).toBe('2018-01-01 00:00:00');
    expect(restQuery(inclusive, 'end_date')).toBe('2018-01-01 23:59:59');

    const strict = await list({ ...bounds, strict_dates: 'true' });
    expect(titles(strict)).toEqual(['Sixteen']);
    expect(strict.json.total).toBe(1);
    expect(restQuery(strict, 'start_date')).toBe('2018-01-01 15:00:00');
    expect(restQuery(strict, 'end_date')).toBe('2018-01-01 18:00:00');

    expect(titles(await list({ ...bounds, strict_dates: '1' }))).toEqual(['Sixteen']);
    expect(titles(await list({ ...bounds, strict_dates: 'false' }))).toEqual([
      'Morning',
      'Sixteen',
      'Twenty',
    ]);
  });

  it('strict_dates is read as PHP reads a boolean string: yes/on/true/1 are true, other words false, "" is a 400', async () => {
    await create('Morning', '2018-01-01 10:00:00', '2018-01-01 10:30:00');
    await create('Sixteen', '2018-01-01 16:00:00', '2018-01-01 16:30:00');
    const bounds = { start_date: '2018-01-01 15:00:00', end_date: '2018-01-01 18:00:00' };
    for (const word of ['yes', 'ON', 'True']) {
      expect(titles(await list({ ...bounds, strict_dates: word })), word).toEqual(['Sixteen']);
    }
    for (const word of ['no', 'off', 'whatever']) {
      expect(titles(await list({ ...bounds, strict_dates: word })), word).toEqual(['Morning', 'Sixteen']);
    }
    expectInvalidParam(await list({ ...bounds, strict_dates: '' }), 'strict_dates');
  });

  it('next_rest_url pages through the same list in strict mode and with term filters', async () => {
    await create('A', '2030-01-01 16:00:00', '2030-01-01 16:30:00');
    await create('B', '2030-01-01 17:00:00', '2030-01-01 17:30:00');
    await create('Outside strict bounds', '2030-01-01 09:00:00', '2030-01-01 09:30:00');
    const first = await list({
      start_date: '2030-01-01 15:00',
      end_date: '2030-01-02 00:00',
      strict_dates: '1',
      per_page: 1,
    });
    expect(first.json.total).toBe(2);
    const next = await service().request('GET', '/events', {
      query: new URL(first.json.next_rest_url).search,
    });
    expect(next.json.total).toBe(2);
    expect(titles(next)).toEqual(['B']);
  });

  it('ends_after finds long events that started long before the bound, also after an update lengthens one', async () => {
    await create('Short, before', '2026-05-01 10:00:00', '2026-05-01 11:00:00');
    await create('Festival', '2026-05-01 10:00:00', '2026-05-20 22:00:00');
    const short = await create('Short, after', '2026-05-15 10:00:00', '2026-05-15 11:00:00');
    const strict = { ends_after: '2026-05-10 00:00:00', strict_dates: '1' };
    expect(titles(await list(strict))).toEqual(['Festival', 'Short, after']);
    // Made to last longer than any event before it: the stored bound of event lengths must follow.
    const longer = await service().request('POST', '/events', {
      json: { title: 'Season', start_date: '2026-01-01 10:00:00', end_date: '2026-06-30 22:00:00' },
      as: 'admin',
    });
    expect(longer.status).toBe(201);
    const moved = await service().request('POST', `/events/${short.id}`, {
      json: { start_date: '2025-12-01 10:00:00', end_date: '2026-07-01 10:00:00' },
      as: 'admin',
    });
    expect(moved.status, moved.text).toBe(200);
    expect(titles(await list(strict))).toEqual(['Short, after', 'Season', 'Festival']);
    expect(titles(await list({ ends_before: '2026-05-02' }))).toEqual(['Short, before']);
  });

  it('reads a bare integer as a unix timestamp, whose day is a UTC day', async () => {
    await create('New year', '2021-01-01 10:00:00', '2021-01-01 11:00:00');
    await create('New year eve', '2020-12-31 10:00:00', '2020-12-31 11:00:00');
    // 1609459200 is 2021-01-01 00:00:00 UTC (PHP's strtotime() alone would read the year 9200).
    const res = await list({ start_date: '1609459200', end_date: '1609459200' });
    expect(titles(res)).toEqual(['New year']);
    expect(restQuery(res, 'start_date')).toBe('2021-01-01 00:00:00');
  });

  it('keeps start ≥ start_date and end ≤ end_date: no overlap test, running events are excluded', async () => {
    await create('Running since the day before', '2026-04-09 20:00:00', '2026-04-10 02:00:00');
    await create('Inside', '2026-04-10 09:00:00', '2026-04-11 22:00:00');
    await create('Runs past the end', '2026-04-11 20:00:00', '2026-04-12 01:00:00');
    await create('Ends on the last day', '2026-04-11 23:00:00', '2026-04-11 23:59:59');
    const res = await list({ start_date: '2026-04-10', end_date: '2026-04-11' });
    expect(titles(res)).toEqual(['Inside', 'Ends on the last day']);
    expect(res.json.total).toBe(2);
    // Strict: the exact instants, still start ≥ / end ≤.
    const strict = await list({
      start_date: '2026-04-10 09:00:00',
      end_date: '2026-04-11 22:00:00',
      strict_dates: 'true',
    });
    expect(titles(strict)).toEqual(['Inside']);
  });

  it('explicit start_date/end_date replace the default window in both directions', async () => {
    await create('Old', '2018-06-01 10:00:00', '2018-06-01 11:00:00');
    await create('Far future', '2030-06-01 10:00:00', '2030-06-01 11:00:00');
    await create('Soon', '2026-03-20 10:00:00', '2026-03-20 11:00:00');
    expect(titles(await list())).toEqual(['Soon']);
    expect(titles(await list({ start_date: '2018-01-01', end_date: '2031-01-01' }))).toEqual([
      'Old',
      'Soon',
      'Far future',
    ]);
    // Only start_date given: the default end (+24 months) still applies.
    expect(titles(await list({ start_date: '2018-01-01' }))).toEqual(['Old', 'Soon']);
  });

  it('the default window runs from the start of yesterday to the end of the day 24 months ahead', async () => {
    // The clock: 2026-03-10 12:00 UTC, so yesterday starts 2026-03-09 00:00:00 and the window ends 2028-03-10 23:59:59.
    await create('Day before yesterday, late', '2026-03-08 23:59:00', '2026-03-09 01:00:00');
    await create('Day before yesterday', '2026-03-08 10:00:00', '2026-03-08 11:00:00');
    await create('Yesterday midnight', '2026-03-09 00:00:00', '2026-03-09 01:00:00');
    await create('Yesterday', '2026-03-09 10:00:00', '2026-03-09 11:00:00');
    await create('Today, already over', '2026-03-10 08:00:00', '2026-03-10 09:00:00');
    await create('In 24 months', '2028-03-10 10:00:00', '2028-03-10 11:00:00');
    await create('In 24 months and a day', '2028-03-11 10:00:00', '2028-03-11 11:00:00');
    await create('In 25 months', '2028-04-10 10:00:00', '2028-04-10 11:00:00');
    const res = await list();
    expect(titles(res)).toEqual(['Yesterday midnight', 'Yesterday', 'Today, already over', 'In 24 months']);
    expect(res.json.total).toBe(4);
    expect(restQuery(res, 'start_date')).toBe('2026-03-09 00:00:00');
    expect(restQuery(res, 'end_date')).toBe('2028-03-10 23:59:59');
    expect(restQuery(res, 'status')).toBe('publish');
    expect(restQuery(res, 'page')).toBe('1');
    expect(restQuery(res, 'per_page')).toBe('50');
    expect(res.json.rest_url.startsWith(`${service().baseUrl}/calendar/events/v1/events/?`)).toBe(true);
  });

  {
    const fixtures = async () => {
      await create('A', '2018-01-01 10:00:00', '2018-01-01 11:00:00');
      await create('B', '2018-01-02 10:00:00', '2018-01-02 11:00:00');
      await create('C', '2018-01-03 10:00:00', '2018-01-03 11:00:00');
      await create('Far future', '2028-05-01 10:00:00', '2028-05-01 11:00:00');
    };

    it('starts_after is strict >, and in inclusive mode means after the end of that day', async () => {
      await fixtures();
      expect(titles(await list({ starts_after: '2018-01-01' }))).toEqual(['B', 'C', 'Far future']);
      // The time of day is thrown away in inclusive mode: still after 2018-01-01 23:59:59.
      expect(titles(await list({ starts_after: '2018-01-01 09:00:00' }))).toEqual(['B', 'C', 'Far future']);
      // Strict: exact and strictly greater (A starts at exactly 10:00).
      expect(titles(await list({ starts_after: '2018-01-01 10:00:00', strict_dates: 'true' }))).toEqual([
        'B',
        'C',
        'Far future',
      ]);
      expect(titles(await list({ starts_after: '2018-01-01 09:59:59', strict_dates: 'true' }))).toEqual([
        'A',
        'B',
        'C',
        'Far future',
      ]);
    });

    it('starts_before is strict <, with the end-of-day rule in inclusive mode', async () => {
      await fixtures();
      // Inclusive: before 2018-01-02 23:59:59, so B (starting that day) is in.
      const inclusive = await list({ starts_before: '2018-01-02' });
      expect(titles(inclusive)).toEqual(['A', 'B']);
      expect(inclusive.json.total).toBe(2);
      expect(titles(await list({ starts_before: '2018-01-02', strict_dates: 'true' }))).toEqual(['A']);
      expect(titles(await list({ starts_before: '2018-01-02 10:00:00', strict_dates: 'true' }))).toEqual([
        'A',
      ]);
      expect(titles(await list({ starts_before: '2018-01-02 10:00:01', strict_dates: 'true' }))).toEqual([
        'A',
        'B',
      ]);
    });

    it('ends_before and ends_after are strict, with the end-of-day rule in inclusive mode', async () => {
      await fixtures();
      expect(titles(await list({ ends_before: '2018-01-02' }))).toEqual(['A', 'B']);
      expect(titles(await list({ ends_before: '2018-01-02 11:00:00', strict_dates: 'true' }))).toEqual(['A']);
      expect(titles(await list({ ends_after: '2018-01-02' }))).toEqual(['C', 'Far future']);
      expect(titles(await list({ ends_after: '2018-01-02 11:00:00', strict_dates: 'true' }))).toEqual([
        'C',
        'Far future',
      ]);
      expect(titles(await list({ ends_after: '2018-01-02 10:59:59', strict_dates: 'true' }))).toEqual([
        'B',
        'C',
        'Far future',
      ]);
    });

    it('a relative param turns the default window off in both directions', async () => {
      await fixtures();
      await create('Soon', '2026-03-20 10:00:00', '2026-03-20 11:00:00');
      expect(titles(await list())).toEqual(['Soon']);
      const all = await list({ ends_after: '1970-01-01' });
      expect(titles(all)).toEqual(['A', 'B', 'C', 'Soon', 'Far future']);
      expect(all.json.total).toBe(5);
      // No default start/end bound is echoed either.
      expect(restQuery(all, 'start_date')).toBeNull();
      expect(restQuery(all, 'end_date')).toBeNull();
      expect(titles(await list({ starts_before: '2026-01-01' }))).toEqual(['A', 'B', 'C']);
    });

    it('explicit start_date/end_date combine (AND) with the relative params', async () => {
      await fixtures();
      await create('Spanning', '2017-12-31 10:00:00', '2018-01-03 10:00:00');
      // ref §6.1 [wpunit]: ends_after=2017-12-31&starts_before=2018-01-02 keeps the events spanning the period.
      expect(titles(await list({ ends_after: '2017-12-31', starts_before: '2018-01-02' }))).toEqual([
        'Spanning',
        'A',
        'B',
      ]);
      expect(titles(await list({ start_date: '2018-01-01', ends_after: '2017-12-31' }))).toEqual([
        'A',
        'B',
        'C',
        'Far future',
      ]);
      expect(
        titles(await list({ start_date: '2018-01-01', end_date: '2018-01-03', starts_after: '2018-01-01' })),
      ).toEqual(['B', 'C']);
      expect(titles(await list({ end_date: '2018-01-02', ends_after: '2017-12-31' }))).toEqual(['A', 'B']);
    });
  }

  it('understands natural language and unix timestamps', async () => {
    await create('Today', '2026-03-10 15:00:00', '2026-03-10 16:00:00');
    await create('Tomorrow', '2026-03-11 09:00:00', '2026-03-11 10:00:00');
    await create('In a week', '2026-03-17 20:00:00', '2026-03-17 21:00:00');
    await create('In eight days', '2026-03-18 09:00:00', '2026-03-18 10:00:00');
    expect(titles(await list({ start_date: 'tomorrow', end_date: '+1 week' }))).toEqual([
      'Tomorrow',
      'In a week',
    ]);
    // The clock is a Tuesday: next wednesday is 2026-03-11, so (inclusive) before 2026-03-11 23:59:59.
    expect(titles(await list({ starts_after: 'today', starts_before: 'next wednesday' }))).toEqual([
      'Tomorrow',
    ]);
    const timestamp = String(Date.parse('2026-03-11T10:00:00Z') / 1000);
    expect(titles(await list({ start_date: timestamp, end_date: '2026-03-31' }))).toEqual([
      'Tomorrow',
      'In a week',
      'In eight days',
    ]);
    expect(titles(await list({ start_date: `@${timestamp}`, end_date: '2026-03-31' }))).toEqual([
      'Tomorrow',
      'In a week',
      'In eight days',
    ]);
  });

  it('rejects unparseable dates with 400 rest_invalid_param naming the parameter', async () => {
    for (const name of [
      'start_date',
      'end_date',
      'starts_before',
      'starts_after',
      'ends_before',
      'ends_after',
    ]) {
      const res = await list({ [name]: 'not a date at all' });
      expectInvalidParam(res, name);
      expect(res.json.message).toBe(`Invalid parameter(s): ${name}`);
      expect(res.json.data.params[name]).toBe('Invalid parameter.');
    }
    expectInvalidParam(await list({ start_date: '' }), 'start_date');
    expectInvalidParam(await list({ strict_dates: '' }), 'strict_dates');
    const two = await list({ start_date: 'foo', ends_after: 'bar' });
    expect(two.status).toBe(400);
    expect(Object.keys(two.json.data.params).sort()).toEqual(['ends_after', 'start_date']);
  });

  it('finds all-day events by their day', async () => {
    await create('All day', '2026-04-01 09:00:00', '2026-04-01 10:00:00', { all_day: true });
    await create('Two days', '2026-04-02', '2026-04-03', { all_day: true });
    expect(titles(await list({ start_date: '2026-04-01', end_date: '2026-04-01' }))).toEqual(['All day']);
    expect(titles(await list({ start_date: '2026-04-02', end_date: '2026-04-03' }))).toEqual(['Two days']);
    expect(titles(await list({ start_date: '2026-04-02', end_date: '2026-04-02' }))).toEqual([]);
    expect(titles(await list({ start_date: '2026-03-31', end_date: '2026-03-31' }))).toEqual([]);
  });

  it('compares events in other time zones as UTC instants', async () => {
    // 19:00 in New York on 2026-07-01 is 23:00 UTC; 06:00 in Tokyo on 2026-07-02 is 21:00 UTC on 2026-07-01.
    await create('New York evening', '2026-07-01 19:00:00', '2026-07-01 20:30:00', {
      timezone: 'America/New_York',
    });
    await create('Tokyo morning', '2026-07-02 06:00:00', '2026-07-02 07:00:00', { timezone: 'Asia/Tokyo' });
    // New York ends 00:30 UTC on 07-02: not within the UTC day 07-01.
    expect(titles(await list({ start_date: '2026-07-01', end_date: '2026-07-01' }))).toEqual([
      'Tokyo morning',
    ]);
    expect(titles(await list({ start_date: '2026-07-01', end_date: '2026-07-02' }))).toEqual([
      'Tokyo morning',
      'New York evening',
    ]);
    expect(titles(await list({ start_date: '2026-07-02', end_date: '2026-07-02' }))).toEqual([]);
    expect(
      titles(
        await list({
          start_date: '2026-07-01 22:00:00',
          end_date: '2026-07-02 01:00:00',
          strict_dates: 'true',
        }),
      ),
    ).toEqual(['New York evening']);
  });
});

describeContract(
  'event list date filters (site zone Europe/Berlin)',
  (service) => {
    const { create, list } = helpers(service);

    beforeEach(async () => {
      await service().reset();
      service().setNow(NOW);
    });

    it('a whole day is the calendar date of the input as written, in its own offset (ref §6.1)', async () => {
      await create('Tenth', '2026-07-10 12:00:00', '2026-07-10 13:00:00');
      await create('Eleventh', '2026-07-11 12:00:00', '2026-07-11 13:00:00');
      // 23:00 at UTC-8 is already the 11th in Berlin, but the day as written is the 10th.
      const res = await list({
        start_date: '2026-07-10T23:00:00-08:00',
        end_date: '2026-07-10T23:00:00-08:00',
      });
      expect(titles(res)).toEqual(['Tenth']);
      expect(restQuery(res, 'start_date')).toBe('2026-07-10 00:00:00');
      // A timestamp is read as a UTC date: 2026-07-10 23:30 UTC is the 11th in Berlin, the 10th as written.
      const stamp = String(Date.UTC(2026, 6, 10, 23, 30) / 1000);
      expect(titles(await list({ start_date: stamp, end_date: stamp }))).toEqual(['Tenth']);
    });

    it('whole days are Berlin days', async () => {
      // 23:30 Berlin (CEST) on 07-01 is 21:30 UTC; 00:30 Berlin on 07-02 is 22:30 UTC on 07-01.
      await create('Late', '2026-07-01 23:30:00', '2026-07-01 23:45:00');
      await create('Just after midnight', '2026-07-02 00:30:00', '2026-07-02 01:00:00');
      await create('Winter late', '2026-02-20 23:30:00', '2026-02-20 23:50:00');
      const day = await list({ start_date: '2026-07-01', end_date: '2026-07-01' });
      expect(titles(day)).toEqual(['Late']);
      expect(restQuery(day, 'start_date')).toBe('2026-07-01 00:00:00');
      expect(restQuery(day, 'end_date')).toBe('2026-07-01 23:59:59');
      expect(titles(await list({ start_date: '2026-07-02', end_date: '2026-07-02' }))).toEqual([
        'Just after midnight',
      ]);
      expect(titles(await list({ start_date: '2026-06-30', end_date: '2026-06-30' }))).toEqual([]);
      expect(titles(await list({ start_date: '2026-02-20', end_date: '2026-02-20' }))).toEqual([
        'Winter late',
      ]);
      expect(titles(await list({ start_date: '2026-02-21', end_date: '2026-02-21' }))).toEqual([]);
    });

    it('gets the day boundaries right on the spring DST day (2026-03-29, 23 hours)', async () => {
      await create('Saturday late', '2026-03-28 23:30:00', '2026-03-28 23:50:00');
      await create('Sunday early', '2026-03-29 00:15:00', '2026-03-29 00:45:00');
      await create('Sunday after the switch', '2026-03-29 03:30:00', '2026-03-29 04:00:00');
      await create('Sunday late', '2026-03-29 23:30:00', '2026-03-29 23:50:00');
      await create('Monday early', '2026-03-30 00:15:00', '2026-03-30 00:45:00');
      expect(titles(await list({ start_date: '2026-03-29', end_date: '2026-03-29' }))).toEqual([
        'Sunday early',
        'Sunday after the switch',
        'Sunday late',
      ]);
      expect(titles(await list({ start_date: '2026-03-28', end_date: '2026-03-28' }))).toEqual([
        'Saturday late',
      ]);
      expect(titles(await list({ start_date: '2026-03-30', end_date: '2026-03-30' }))).toEqual([
        'Monday early',
      ]);
      expect(titles(await list({ starts_after: '2026-03-28', starts_before: '2026-03-29' }))).toEqual([
        'Sunday early',
        'Sunday after the switch',
        'Sunday late',
      ]);
    });

    it('gets the day boundaries right on the autumn DST day (2026-10-25, 25 hours)', async () => {
      await create('Saturday late', '2026-10-24 23:30:00', '2026-10-24 23:50:00');
      await create('Sunday early', '2026-10-25 00:15:00', '2026-10-25 00:45:00');
      await create('Sunday late', '2026-10-25 23:30:00', '2026-10-25 23:50:00');
      await create('Monday early', '2026-10-26 00:15:00', '2026-10-26 00:45:00');
      expect(titles(await list({ start_date: '2026-10-25', end_date: '2026-10-25' }))).toEqual([
        'Sunday early',
        'Sunday late',
      ]);
      expect(titles(await list({ start_date: '2026-10-24', end_date: '2026-10-24' }))).toEqual([
        'Saturday late',
      ]);
      expect(titles(await list({ start_date: '2026-10-26', end_date: '2026-10-26' }))).toEqual([
        'Monday early',
      ]);
      expect(titles(await list({ ends_after: '2026-10-24', ends_before: '2026-10-25' }))).toEqual([
        'Sunday early',
        'Sunday late',
      ]);
    });

    it('compares events in other time zones as UTC instants, not floating wall times', async () => {
      // 19:00 New York on 07-01 = 23:00 UTC = 01:00 Berlin on 07-02.
      await create('New York evening', '2026-07-01 19:00:00', '2026-07-01 20:00:00', {
        timezone: 'America/New_York',
      });
      // 06:00 Tokyo on 07-02 = 21:00 UTC on 07-01 = 23:00 Berlin on 07-01.
      await create('Tokyo morning', '2026-07-02 06:00:00', '2026-07-02 06:30:00', { timezone: 'Asia/Tokyo' });
      expect(titles(await list({ start_date: '2026-07-01', end_date: '2026-07-01' }))).toEqual([
        'Tokyo morning',
      ]);
      expect(titles(await list({ start_date: '2026-07-02', end_date: '2026-07-02' }))).toEqual([
        'New York evening',
      ]);
      expect(titles(await list({ starts_after: '2026-07-01' }))).toEqual(['New York evening']);
    });

    it('reads strict bounds without an offset as UTC and with an offset as given', async () => {
      await create('Eleven Berlin', '2026-07-01 11:00:00', '2026-07-01 11:30:00'); // 09:00 UTC
      await create('Thirteen Berlin', '2026-07-01 13:00:00', '2026-07-01 13:30:00'); // 11:00 UTC
      expect(
        titles(
          await list({
            start_date: '2026-07-01 10:00:00',
            end_date: '2026-07-01 23:00:00',
            strict_dates: 'true',
          }),
        ),
      ).toEqual(['Thirteen Berlin']);
      expect(
        titles(
          await list({
            start_date: '2026-07-01T10:00:00+02:00',
            end_date: '2026-07-01T23:00:00+02:00',
            strict_dates: 'true',
          }),
        ),
      ).toEqual(['Eleven Berlin', 'Thirteen Berlin']);
    });

    it('finds all-day events by their Berlin day', async () => {
      await create('All day', '2026-07-01 10:00:00', '2026-07-01 12:00:00', { all_day: true });
      await create('Winter all day', '2026-01-15', '2026-01-15', { all_day: true });
      expect(titles(await list({ start_date: '2026-07-01', end_date: '2026-07-01' }))).toEqual(['All day']);
      expect(titles(await list({ start_date: '2026-06-30', end_date: '2026-06-30' }))).toEqual([]);
      expect(titles(await list({ start_date: '2026-07-02', end_date: '2026-07-02' }))).toEqual([]);
      expect(titles(await list({ start_date: '2026-01-15', end_date: '2026-01-15' }))).toEqual([
        'Winter all day',
      ]);
    });

    it('the default window starts at the start of yesterday in Berlin', async () => {
      // The clock: 2026-03-10 13:00 in Berlin; yesterday (03-09) starts at 2026-03-08 23:00 UTC.
      await create('Day before yesterday, late', '2026-03-08 23:30:00', '2026-03-08 23:45:00');
      await create('Yesterday, early', '2026-03-09 00:30:00', '2026-03-09 01:00:00');
      await create('In 25 months', '2028-04-10 10:00:00', '2028-04-10 11:00:00');
      const res = await list();
      expect(titles(res)).toEqual(['Yesterday, early']);
      expect(restQuery(res, 'start_date')).toBe('2026-03-09 00:00:00');
    });
  },
  { timezone: 'Europe/Berlin' },
);
