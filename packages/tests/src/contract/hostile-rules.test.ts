/**
 * Recurrence rules that could hang the service, make its work explode, answer 500 or be stored though they
 * give nothing, sent by a contributor: each is a clear 400 `rest_invalid_param`
 * naming `recurrence` and saying why, nothing is written, and the service answers the next request.
 */
import { beforeEach, expect, it } from 'vitest';
import { describeContract } from '../index.js';

const range = (first: number, last: number) =>
  Array.from({ length: last - first + 1 }, (_, i) => first + i).join(',');

/** [what, recurrence lines, why (a pattern of the message)]. */
const HOSTILE: [string, string[], RegExp][] = [
  [
    'a YEARLY step beyond the calendar',
    ['RRULE:FREQ=YEARLY;INTERVAL=300000'],
    /more years than the calendar/,
  ],
  [
    'a MONTHLY step beyond the calendar',
    ['RRULE:FREQ=MONTHLY;INTERVAL=4000000'],
    /more months than the calendar/,
  ],
  [
    'HOURLY on 30 February, every minute and second',
    [`RRULE:FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=30;BYMINUTE=${range(0, 59)};BYSECOND=${range(0, 59)}`],
    /no day of any year has BYMONTH=2;BYMONTHDAY=30/,
  ],
  [
    'HOURLY on 30 February, two seconds a minute',
    [`RRULE:FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=30;BYMINUTE=${range(0, 59)};BYSECOND=0,1`],
    /no day of any year has BYMONTH=2;BYMONTHDAY=30/,
  ],
  ['a billion hours', ['RRULE:FREQ=HOURLY;COUNT=1000000000'], /more than 5000 occurrences/],
  ['every hour', ['RRULE:FREQ=HOURLY'], /more than 5000 occurrences/],
  [
    'an RDATE line of 20,000 dates',
    [
      `RDATE:${Array.from({ length: 20_000 }, (_, i) => `2027${String(1 + (i % 12)).padStart(2, '0')}${String(1 + (i % 28)).padStart(2, '0')}T${String(i % 24).padStart(2, '0')}${String(Math.floor(i / 24) % 60).padStart(2, '0')}00Z`).join(',')}`,
    ],
    /more than 5000 RDATE dates/,
  ],
  ['30 February every year', ['RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30'], /no day of any year has/],
  [
    '29 February every four years from a year that is not a leap year',
    ['RRULE:FREQ=YEARLY;INTERVAL=4;BYMONTH=2;BYMONTHDAY=29'],
    /gives no occurrence at all: none of the dates it steps on/,
  ],
  [
    '100,000 BYSETPOS values',
    [
      `RRULE:FREQ=MONTHLY;BYDAY=MO;BYSETPOS=${Array.from({ length: 100_000 }, (_, i) => 1 + (i % 5)).join(',')}`,
    ],
    /BYSETPOS has 100000 values/,
  ],
  ['a BYSETPOS value given twice', ['RRULE:FREQ=MONTHLY;BYDAY=MO;BYSETPOS=1,1'], /BYSETPOS gives 1 twice/],
  ['a BYDAY value given twice', ['RRULE:FREQ=WEEKLY;BYDAY=MO,TU,MO'], /BYDAY gives MO twice/],
  ['a sixth Monday of the month', ['RRULE:FREQ=MONTHLY;BYDAY=MO;BYSETPOS=6'], /gives no occurrence at all/],
  [
    'an hour that a 48-hour step never reaches',
    ['RRULE:FREQ=HOURLY;INTERVAL=48;BYHOUR=9'],
    /every 48 hours from 10:00 never reaches BYHOUR=9/,
  ],
];

describeContract('hostile recurrence rules', (service) => {
  beforeEach(async () => {
    await service().reset();
    service().setNow('2026-11-25T12:00:00Z');
  });

  const create = (recurrence: string[]) =>
    service().request('POST', '/events', {
      json: {
        title: 'x',
        start_date: '2027-01-01 10:00',
        end_date: '2027-01-01 11:00',
        timezone: 'UTC',
        recurrence,
      },
      as: 'contributor',
    });
  /** Every event a contributor sees (drafts and pending ones included), whenever it is. */
  const eventCount = async () => {
    const res = await service().request(
      'GET',
      '/events?per_page=1&start_date=1900-01-01&end_date=2200-01-01',
      {
        as: 'contributor',
      },
    );
    expect(res.status).toBe(200);
    return Number(res.headers['x-wp-total']);
  };

  it.each(HOSTILE)(
    '%s: 400 naming recurrence and why, nothing written, the service answers',
    async (_what, lines, why) => {
      const before = await eventCount();
      const res = await create(lines);
      expect(res.status).toBe(400);
      expect(res.json.code).toBe('rest_invalid_param');
      expect(Object.keys(res.json.data.params)).toEqual(['recurrence']);
      expect(res.json.data.params.recurrence).toMatch(why);
      expect(await eventCount()).toBe(before);
    },
  );

  it('a heavy but legitimate rule (one instance a day out of 86,400 candidates) is a series', async () => {
    const res = await create([
      `RRULE:FREQ=DAILY;BYHOUR=${range(0, 23)};BYMINUTE=${range(0, 59)};BYSECOND=${range(0, 59)};BYSETPOS=1;COUNT=30`,
    ]);
    expect(res.status).toBe(201);
    const occurrences = await service().request(
      'GET',
      `/events?post_parent=${res.json.id}&per_page=50&start_date=2027-01-01`,
      { as: 'contributor' },
    );
    expect(occurrences.status).toBe(200);
    // Midnight of each of the 30 days after the first (DTSTART's own midnight is before it), the series aside.
    expect(Number(occurrences.headers['x-wp-total'])).toBe(30);
    expect(occurrences.json.events[0].start_date).toBe('2027-01-02 00:00:00');
  });
});
