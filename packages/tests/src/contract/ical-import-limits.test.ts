/**
 * `POST /events/import` under the API's own limits: an event over a limit, or
 * with a recurrence the API refuses, is skipped with its line and why while the rest is imported; a large
 * file is written in slices, so that other requests are answered while it is imported.
 */
import { beforeEach, expect, it } from 'vitest';
import { describeContract } from '../index.js';

const calendar = (...lines: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...lines, 'END:VCALENDAR', ''].join('\r\n');

/** A VEVENT on a day of 2027 (`day` from 0), with more lines. */
function vevent(uid: string, day: number, ...lines: string[]): string[] {
  const date = new Date(Date.UTC(2027, 0, 1 + day)).toISOString().slice(0, 10).replace(/-/g, '');
  return [
    'BEGIN:VEVENT',
    `UID:${uid}`,
    `DTSTART:${date}T100000Z`,
    `DTEND:${date}T110000Z`,
    `SUMMARY:${uid}`,
    ...lines,
    'END:VEVENT',
  ];
}

/** The line of the n-th (from 1) `BEGIN:VEVENT` of a text. */
function lineOfEvent(text: string, n: number): number {
  const lines = text.split('\r\n');
  let seen = 0;
  return lines.findIndex((line) => line === 'BEGIN:VEVENT' && ++seen === n) + 1;
}

describeContract('ical import limits', (service) => {
  beforeEach(async () => {
    await service().reset();
    service().setNow('2026-11-26T12:00:00Z');
  });

  const importText = (text: string) =>
    service().request('POST', '/events/import', {
      body: text,
      headers: { 'content-type': 'text/calendar; charset=utf-8' },
      as: 'editor',
    });

  const eventTotal = async () =>
    Number(
      (
        await service().request('GET', '/events', {
          query: { start_date: '2000-01-01', per_page: 1, status: 'publish,private' },
          as: 'admin',
        })
      ).headers['x-wp-total'],
    );

  it('skips events over a limit or with a refused recurrence, each with its line, and imports the rest', async () => {
    const text = calendar(
      ...vevent('first@test', 0),
      // 101 categories on one line: counted before the line is split (INPUT_LIMITS.termsPerWrite).
      ...vevent(
        'categories@test',
        1,
        `CATEGORIES:${Array.from({ length: 101 }, (_, i) => `c${i}`).join(',')}`,
      ),
      // A rule the API refuses as written.
      ...vevent('rule@test', 2, 'RRULE:FREQ=WEEKLY;COUNT=2;UNTIL=20270301T000000Z'),
      // A rule whose expansion the API refuses (more occurrences than a series may have).
      ...vevent('hourly@test', 3, 'RRULE:FREQ=HOURLY;COUNT=1000000'),
      ...vevent('last@test', 4, 'CATEGORIES:Kept'),
    );
    const res = await importText(text);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.created).toBe(2);
    const skipped = res.json.skipped as Array<{ uid: string; line: number; reason: string }>;
    expect(skipped.map((s) => [s.uid, s.line])).toEqual([
      ['categories@test', lineOfEvent(text, 2)],
      ['rule@test', lineOfEvent(text, 3)],
      ['hourly@test', lineOfEvent(text, 4)],
    ]);
    expect(skipped[0]!.reason).toBe(
      `line ${lineOfEvent(text, 2) + 5}: CATEGORIES names more than 100 categories, the most an event may have`,
    );
    expect(skipped[1]!.reason).toMatch(/UNTIL and COUNT/);
    expect(skipped[2]!.reason).toMatch(/recurrence.*5,?000/);
    expect(await eventTotal()).toBe(2);
    const categories = await service().request('GET', '/categories', { query: { hide_empty: 'false' } });
    expect(categories.json.categories.map((c: { name: string }) => c.name)).toEqual(['Kept']);
    // Importing again: the skipped events are skipped again, the others unchanged.
    const again = await importText(text);
    expect(again.json).toMatchObject({ created: 0, unchanged: 2 });
    expect(again.json.skipped).toHaveLength(3);
  });

  it('imports a series with 1,500 EXDATE lines, its dates joined into one line', async () => {
    const exdates = Array.from({ length: 1500 }, (_, i) => {
      const day = new Date(Date.UTC(2027, 0, 2 + 2 * i)).toISOString().slice(0, 10).replace(/-/g, '');
      return `EXDATE:${day}T100000Z`;
    });
    const res = await importText(
      calendar(...vevent('daily@test', 0, 'RRULE:FREQ=DAILY;COUNT=20', ...exdates)),
    );
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ created: 1, skipped: [] });
    // Twenty days from 1 January, every other one excluded.
    expect(await eventTotal()).toBe(10);
  });

  it('refuses a file over the body limit whole, and writes nothing', async () => {
    const description = `DESCRIPTION:${'x'.repeat(70)}`;
    const lines: string[] = [];
    for (let i = 0, length = 0; length <= 1024 * 1024; i++) {
      const event = vevent(`e${i}@test`, i, description);
      lines.push(...event);
      length += event.join('\r\n').length + 2;
    }
    const res = await importText(calendar(...lines));
    expect(res.status).toBe(413);
    expect(res.json.code).toBe('rest_request_too_large');
    expect(await eventTotal()).toBe(0);
  });

  it('answers other requests while a large file is imported, which see its slices as they are written', async () => {
    // Enough slices (SLICE_EVENTS each) that reads sent one after another meet the import between two of them.
    const count = 400;
    const lines: string[] = [];
    for (let i = 0; i < count; i++) lines.push(...vevent(`many-${i}@test`, i));
    let imported = false;
    const importing = importText(calendar(...lines)).then((res) => {
      imported = true;
      return res;
    });
    // Reads while the import runs: each is answered before the next is sent.
    const seenDuringImport: number[] = [];
    while (!imported) {
      const total = await eventTotal();
      if (!imported) seenDuringImport.push(total);
    }
    const res = await importing;
    expect(res.status).toBe(200);
    expect(res.json.created).toBe(count);
    // At least one read was answered between two slices: it saw some of the events, not all.
    expect(
      seenDuringImport.some((total) => total > 0 && total < count),
      JSON.stringify(seenDuringImport),
    ).toBe(true);
    expect(await eventTotal()).toBe(count);
  });
});
