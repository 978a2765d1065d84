/** `POST /events/import`: iCalendar files in, by UID; a broken file refused whole, a refused event skipped. */
import { readFileSync } from 'node:fs';
import { beforeEach, expect, it } from 'vitest';
import { describeContract } from '../index.js';

const TESTDATA = new URL('../../../core/src/ical/testdata/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(`${name}.ics`, TESTDATA), 'utf8');

describeContract('ical import', (service) => {
  beforeEach(async () => {
    await service().reset();
    service().setNow('2026-11-26T12:00:00Z');
  });

  const importText = (text: string, as = 'editor') =>
    service().request('POST', '/events/import', {
      body: text,
      headers: { 'content-type': 'text/calendar; charset=utf-8' },
      as,
    });

  /** Every event from 2026 on, by title. */
  async function events(): Promise<Map<string, Record<string, unknown>>> {
    const res = await service().request('GET', '/events', {
      query: { start_date: '2026-01-01', end_date: '2028-12-31', per_page: 50, status: 'publish,private' },
      as: 'admin',
    });
    expect(res.status).toBe(200);
    return new Map(res.json.events.map((event: Record<string, unknown>) => [event.title, event]));
  }

  const eventCount = async () =>
    Number(
      (
        await service().request('GET', '/events', {
          query: { start_date: '2000-01-01', per_page: 1, status: 'publish,private' },
          as: 'admin',
        })
      ).headers['x-wp-total'],
    );

  it("imports the plugin's own list feed: venues, organizers and categories deduplicated", async () => {
    const res = await importText(fixture('tec-list-feed'));
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ created: 30, updated: 0, unchanged: 0, skipped: [] });
    const venues = await service().request('GET', '/venues', { query: { per_page: 50 } });
    expect(venues.json.venues.map((v: { venue: string }) => v.venue).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `Venue ${i + 1}`).sort(),
    );
    expect(venues.json.venues.find((v: { venue: string }) => v.venue === 'Venue 1')).toMatchObject({
      address: '1 Main St',
      city: 'Shelbyville',
      zip: '62700',
      country: 'United States',
    });
    const organizers = await service().request('GET', '/organizers', { query: { per_page: 50 } });
    expect(organizers.json.total).toBe(5);
    expect(organizers.json.organizers[0].email).toMatch(/^org\d@example\.test$/);
    const categories = await service().request('GET', '/categories', { query: { per_page: 50 } });
    expect(categories.json.categories.map((c: { name: string }) => c.name).sort()).toEqual([
      'Community',
      'Music',
      'Sports',
      'Theatre',
      'Workshops',
    ]);
    // The plugin's all-day shape (00:00–23:59:59) is an all-day event here.
    const first = (await events()).get('Event 1 labore sed sit')!;
    expect(first).toMatchObject({ all_day: true, start_date: '2026-11-26 00:00:00', timezone: 'UTC' });
  });

  it("imports the plugin's single and all-day events", async () => {
    expect((await importText(fixture('tec-single-event'))).json.created).toBe(1);
    expect((await importText(fixture('tec-all-day-event'))).json.created).toBe(1);
    const all = await events();
    expect(all.get('Kammerkonzert im Winter')).toMatchObject({
      timezone: 'Europe/Berlin',
      start_date: '2027-01-21 19:30:00',
      utc_start_date: '2027-01-21 18:30:00',
      venue: { venue: 'Kleiner Saal Ical', city: 'Hamburg', zip: '20355' },
      categories: [{ name: 'Music' }],
    });
    expect(all.get('Weihnachtsmarkt Ical')).toMatchObject({
      all_day: true,
      start_date: '2026-12-05 00:00:00',
      end_date: '2026-12-06 23:59:59',
    });
  });

  it('imports an Outlook export: Windows zone names, a Customized Time Zone, a private all-day event', async () => {
    const res = await importText(fixture('outlook'));
    expect(res.status).toBe(200);
    expect(res.json.created).toBeGreaterThanOrEqual(3);
    const all = await events();
    expect(all.get('Quartalsbericht')).toMatchObject({
      timezone: 'Europe/Berlin',
      start_date: '2027-02-10 10:00:00',
      utc_start_date: '2027-02-10 09:00:00',
      venue: { venue: 'Konferenzraum Elbe', address: 'Am Sandtorkai 1', zip: '20457', city: 'Hamburg' },
      organizer: [{ organizer: 'Max Mustermann', email: 'max.mustermann@contoso.com' }],
    });
    expect(all.get('Urlaub')).toMatchObject({ all_day: true, status: 'private' });
    expect(all.get('Workshop Barrierefreiheit')).toMatchObject({
      timezone: 'UTC',
      start_date: '2027-03-15 13:00:00',
    });
  });

  it('imports an Apple Calendar export: floating times in X-WR-TIMEZONE, multi-day all-day events', async () => {
    const res = await importText(fixture('apple'));
    expect(res.status).toBe(200);
    const all = await events();
    expect(all.get('La Bohème')).toMatchObject({
      timezone: 'Europe/Paris',
      utc_start_date: '2027-03-12 18:30:00',
      website: 'https://www.operadeparis.fr/',
      venue: { venue: 'Opéra Bastille', city: 'Paris', zip: '75012', country: 'France' },
    });
    expect(all.get('Vacances en Bretagne')).toMatchObject({
      all_day: true,
      start_date: '2027-04-15 00:00:00',
      end_date: '2027-04-17 23:59:59',
    });
    expect(all.get('Marché du samedi')).toMatchObject({
      timezone: 'Europe/Paris',
      start_date: '2027-03-20 08:00:00',
    });
  });

  it('imports a Thunderbird export: /mozilla.org/ zones, DURATION, categories; the VTODO is skipped', async () => {
    const res = await importText(fixture('thunderbird'));
    expect(res.status).toBe(200);
    expect(res.json.skipped).toContainEqual({
      uid: '11111111-2222-4333-8444-555555555555',
      line: 93,
      reason: 'a VTODO is not an event',
    });
    const all = await events();
    expect(all.get('Konzert im Musikverein')).toMatchObject({
      timezone: 'Europe/Vienna',
      end_date: '2027-02-25 22:00:00',
      categories: [{ name: 'Music' }],
      organizer: [{ organizer: 'Anna Berger' }],
    });
  });

  it('imports the same file twice: the second changes nothing', async () => {
    const first = await importText(fixture('google'));
    expect(first.status).toBe(200);
    const before = await events();
    const second = await importText(fixture('google'));
    expect(second.json).toMatchObject({ created: 0, updated: 0, unchanged: first.json.created });
    const after = await events();
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    for (const [title, event] of after) expect(event.modified_utc).toBe(before.get(title)!.modified_utc);
    expect((await service().request('GET', '/venues')).json.total).toBe(1);
  });

  it('updates what a changed file changed (a higher SEQUENCE), and only that', async () => {
    await importText(fixture('google'));
    const changed = fixture('google')
      .replace('SUMMARY:Knicks game', 'SUMMARY:Knicks game (rescheduled)')
      .replace(/(UID:3h4i5j6k7l8m9n0o1p2q3r4s5t@google\.com[\s\S]*?)SEQUENCE:0/, '$1SEQUENCE:1')
      .replace('DTSTART:20270120T000000Z', 'DTSTART:20270121T000000Z')
      .replace('DTEND:20270120T030000Z', 'DTEND:20270121T030000Z');
    const res = await importText(changed);
    expect(res.json).toMatchObject({ created: 0, updated: 1 });
    const all = await events();
    expect(all.has('Knicks game')).toBe(false);
    expect(all.get('Knicks game (rescheduled)')).toMatchObject({ utc_start_date: '2027-01-21 00:00:00' });
    // A changed title with the same SEQUENCE and LAST-MODIFIED (producers that raise neither) is a change;
    // the file's other event, a lower SEQUENCE than imported (an older copy), is left as it is.
    const same = fixture('google').replace('SUMMARY:Company holiday', 'SUMMARY:Renamed');
    expect((await importText(same)).json).toMatchObject({ created: 0, updated: 1 });
    expect((await events()).has('Renamed')).toBe(true);
    expect((await events()).has('Knicks game (rescheduled)')).toBe(true);
  });

  it('trashes an imported event the source cancelled (a newer STATUS:CANCELLED); never imports a cancelled one', async () => {
    await importText(fixture('google'));
    const cancelled = fixture('google').replace(
      /(UID:3h4i5j6k7l8m9n0o1p2q3r4s5t@google\.com[\s\S]*?)SEQUENCE:0\r\nSTATUS:CONFIRMED/,
      '$1SEQUENCE:1\r\nSTATUS:CANCELLED',
    );
    expect((await importText(cancelled)).json).toMatchObject({ created: 0, updated: 1 });
    expect((await events()).has('Knicks game')).toBe(false);
    expect((await importText(cancelled)).json).toMatchObject({ created: 0, updated: 0 });
    await service().reset();
    const fresh = await importText(cancelled);
    expect(fresh.json.skipped).toEqual([
      { uid: '3h4i5j6k7l8m9n0o1p2q3r4s5t@google.com', line: 88, reason: 'cancelled (STATUS:CANCELLED)' },
    ]);
  });

  it('takes the calendar as JSON {"calendar": "…"} too', async () => {
    const res = await service().request('POST', '/events/import', {
      json: { calendar: fixture('tec-single-event') },
      as: 'admin',
    });
    expect(res.status).toBe(200);
    expect(res.json.created).toBe(1);
  });

  it('refuses a broken file whole with strict=true: 400 naming the line, nothing written', async () => {
    const broken = fixture('outlook').replace(
      'DTSTART;TZID="Pacific Standard Time":20270104T090000',
      'DTSTART;TZID="Pacific Standard Time":20271304T090000',
    );
    const line = broken.split('\r\n').findIndex((l) => l.includes('20271304T090000')) + 1;
    const res = await service().request('POST', '/events/import', {
      body: broken,
      query: { strict: 'true' },
      headers: { 'content-type': 'text/calendar; charset=utf-8' },
      as: 'editor',
    });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('rest_invalid_param');
    expect(res.json.data.params.calendar).toBe(`line ${line}: DTSTART: "20271304T090000" has no month 13`);
    expect(await eventCount()).toBe(0);
    expect((await service().request('GET', '/venues')).json.total).toBe(0);
  });

  it('skips an event the write path refuses, naming its line and why, and imports the rest', async () => {
    const text = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//test//EN',
      'BEGIN:VEVENT',
      'UID:good@test',
      'DTSTART:20270101T100000Z',
      'SUMMARY:Good',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:bad@test',
      'DTSTART:20270101T100000Z',
      'SUMMARY:Bad',
      // More categories than one event write may name (INPUT_LIMITS.termsPerWrite), on two lines.
      `CATEGORIES:${Array.from({ length: 51 }, (_, i) => `c${i}`).join(',')}`,
      `CATEGORIES:${Array.from({ length: 51 }, (_, i) => `d${i}`).join(',')}`,
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    const res = await service().request('POST', '/events/import', { json: { calendar: text }, as: 'admin' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      created: 1,
      updated: 0,
      unchanged: 0,
      skipped: [
        {
          uid: 'bad@test',
          line: 9,
          reason: expect.stringMatching(/^the event was refused: categories: .*100/),
        },
      ],
    });
    expect(await eventCount()).toBe(1);
    expect(
      (await service().request('GET', '/categories', { query: { hide_empty: 'false' } })).json.total,
    ).toBe(0);
  });

  it('is for editors and above: 403 for an author, 401 anonymous', async () => {
    const author = await importText(fixture('tec-single-event'), 'author');
    expect(author.status).toBe(403);
    expect(author.json.code).toBe('rest_forbidden');
    const anonymous = await service().request('POST', '/events/import', {
      body: fixture('tec-single-event'),
      headers: { 'content-type': 'text/calendar' },
    });
    expect(anonymous.status).toBe(401);
    expect(await eventCount()).toBe(0);
  });
});
