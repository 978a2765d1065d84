/**
 * `POST /events/import` of recurring events: a VEVENT with RRULE/RDATE/EXDATE becomes a series, its
 * RECURRENCE-ID VEVENTs exceptions of their occurrences, a cancelled one an EXDATE; importing again is idempotent.
 */
import { readFileSync } from 'node:fs';
import { beforeEach, expect, it } from 'vitest';
import { describeContract } from '../index.js';

const TESTDATA = new URL('../../../core/src/ical/testdata/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(`${name}.ics`, TESTDATA), 'utf8');

interface Listed {
  id: number;
  title: string;
  start_date: string;
  utc_start_date: string;
  series_id?: number;
  is_exception?: boolean;
  recurrence?: string[];
  description: string;
}

describeContract('ical import of recurring events', (service) => {
  beforeEach(async () => {
    await service().reset();
    service().setNow('2026-11-26T12:00:00Z');
  });

  const importText = (text: string) =>
    service().request('POST', '/events/import', {
      body: text,
      headers: { 'content-type': 'text/calendar' },
      as: 'editor',
    });

  /** The events with a title starting so, in time order. */
  async function listed(title: string): Promise<Listed[]> {
    const res = await service().request('GET', '/events', {
      query: { start_date: '2026-01-01', end_date: '2029-12-31', per_page: 50, search: title },
      as: 'admin',
    });
    expect(res.status).toBe(200);
    return (res.json.events as Listed[]).filter((event) => event.title.startsWith(title));
  }

  it('Google: a weekly series with an EXDATE, a moved occurrence and a cancelled one', async () => {
    const res = await importText(fixture('google'));
    expect(res.json).toEqual({ created: 3, updated: 0, unchanged: 0, skipped: [] });
    const standups = await listed('Team standup');
    // Tuesdays 5 Jan – 30 Mar 2027 (13), less 19 Jan (EXDATE) and 16 Feb (cancelled).
    expect(standups.map((e) => e.start_date)).toEqual([
      '2027-01-05 09:00:00',
      '2027-01-12 09:00:00',
      '2027-01-26 09:00:00',
      '2027-02-02 10:00:00',
      '2027-02-09 09:00:00',
      '2027-02-23 09:00:00',
      '2027-03-02 09:00:00',
      '2027-03-09 09:00:00',
      '2027-03-16 09:00:00',
      '2027-03-23 09:00:00',
      '2027-03-30 09:00:00',
    ]);
    // 09:00 New York on both sides of the change to daylight saving time (14 March 2027).
    expect(standups[8]!.utc_start_date).toBe('2027-03-16 13:00:00');
    expect(standups[0]!.utc_start_date).toBe('2027-01-05 14:00:00');
    const series = standups[0]!;
    expect(series.recurrence).toEqual([
      'RRULE:FREQ=WEEKLY;WKST=SU;UNTIL=20270330T135959Z;BYDAY=TU',
      // The EXDATE and the cancelled occurrence, in one line (dates of equal parameters are joined).
      'EXDATE;TZID=America/New_York:20270119T090000,20270216T090000',
    ]);
    const moved = standups[3]!;
    expect(moved).toMatchObject({ title: 'Team standup (moved)', series_id: series.id, is_exception: true });
    expect(moved.description).toContain('Moved to 10:00 this week.');
    expect(standups[4]).toMatchObject({ title: 'Team standup', is_exception: false });
  });

  it('importing the series again changes nothing; a newer exception updates it', async () => {
    await importText(fixture('google'));
    const before = await listed('Team standup');
    expect((await importText(fixture('google'))).json).toEqual({
      created: 0,
      updated: 0,
      unchanged: 3,
      skipped: [],
    });
    const same = await listed('Team standup');
    expect(same.map((e) => [e.id, e.start_date, e.title])).toEqual(
      before.map((e) => [e.id, e.start_date, e.title]),
    );
    // Google raises the SEQUENCE of the exception only.
    const changed = fixture('google')
      .replace('SUMMARY:Team standup (moved)', 'SUMMARY:Team standup (moved again)')
      .replace(
        'DTSTART;TZID=America/New_York:20270202T100000',
        'DTSTART;TZID=America/New_York:20270202T110000',
      )
      .replace('DTEND;TZID=America/New_York:20270202T103000', 'DTEND;TZID=America/New_York:20270202T113000')
      .replace(/(RECURRENCE-ID;TZID=America\/New_York:20270202T090000[\s\S]*?)SEQUENCE:1/, '$1SEQUENCE:2');
    expect((await importText(changed)).json).toMatchObject({ created: 0, updated: 1, unchanged: 2 });
    const after = await listed('Team standup');
    expect(after.map((e) => e.id)).toEqual(before.map((e) => e.id));
    expect(after[3]).toMatchObject({
      title: 'Team standup (moved again)',
      start_date: '2027-02-02 11:00:00',
    });
  });

  it('Outlook: a series in a Windows zone with its EXDATE', async () => {
    await importText(fixture('outlook'));
    const reviews = await listed('Design review');
    // Mondays and Wednesdays from 4 Jan 2027, 12 dates by COUNT, less 18 Jan.
    expect(reviews).toHaveLength(11);
    expect(reviews[0]!.recurrence).toEqual([
      'EXDATE;TZID=America/Los_Angeles:20270118T090000',
      'RRULE:FREQ=WEEKLY;COUNT=12;BYDAY=MO,WE',
    ]);
    expect(reviews.map((e) => e.start_date.slice(0, 10))).not.toContain('2027-01-18');
    expect(reviews.at(-1)!.start_date).toBe('2027-02-10 09:00:00');
    expect(reviews[0]!.utc_start_date).toBe('2027-01-04 17:00:00');
  });

  it('Apple and Thunderbird: a yearly all-day series, a monthly one with categories', async () => {
    await importText(fixture('apple'));
    const birthdays = await listed('Anniversaire de Claire');
    expect(birthdays.map((e) => e.start_date)).toEqual(['2027-05-01 00:00:00', '2028-05-01 00:00:00']);
    await importText(fixture('thunderbird'));
    const meetups = await listed('Stammtisch');
    expect(meetups.slice(0, 3).map((e) => e.start_date)).toEqual([
      '2027-01-07 19:30:00',
      '2027-02-04 19:30:00',
      '2027-03-04 19:30:00',
    ]);
  });

  it('an exception whose date the series does not hold is skipped with its line', async () => {
    const text = fixture('google').replace(
      'RECURRENCE-ID;TZID=America/New_York:20270202T090000',
      'RECURRENCE-ID;TZID=America/New_York:20270203T090000',
    );
    const line = text.split('\r\n').findIndex((l) => l.includes('SUMMARY:Team standup (moved)'));
    const begin = text.split('\r\n').lastIndexOf('BEGIN:VEVENT', line) + 1;
    const res = await importText(text);
    expect(res.status).toBe(200);
    expect(res.json.created).toBe(3);
    expect(res.json.skipped).toEqual([
      {
        uid: '7kukuqrfedlm2f9t0vr42q2ggs@google.com',
        line: begin,
        reason: expect.stringMatching(
          /^RECURRENCE-ID 2027-02-03 14:00:00 UTC is not an occurrence of the series/,
        ),
      },
    ]);
  });
});
