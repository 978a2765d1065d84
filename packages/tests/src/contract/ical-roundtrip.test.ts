/**
 * Round trips: a calendar of each producer imported, exported, imported into an empty calendar and
 * exported again gives the same feed (DTSTAMP aside), and Python's icalendar reads the same events from both.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { describeContract } from '../index.js';
import { parseWithPython, requirePythonIcal } from '../python-ical.js';

const TESTDATA = new URL('../../../core/src/ical/testdata/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(`${name}.ics`, TESTDATA), 'utf8');

describeContract('round trip', (service) => {
  for (const name of [
    'google',
    'outlook',
    'apple',
    'thunderbird',
    'tec-list-feed',
    'tec-single-event',
    'tec-all-day-event',
  ]) {
    it(name, async () => {
      await service().reset();
      service().setNow('2026-11-26T12:00:00Z');
      const imp = (text: string) =>
        service().request('POST', '/events/import', {
          body: text,
          headers: { 'content-type': 'text/calendar' },
          as: 'admin',
        });
      const feed = async () =>
        (
          await service().request('GET', '/events/ical', {
            query: { start_date: '2026-01-01', per_page: 200, status: 'publish,private' },
            as: 'admin',
          })
        ).text;
      const r1 = await imp(fixture(name));
      expect(r1.status).toBe(200);
      const first = await feed();
      await service().reset();
      const r2 = await imp(first);
      expect(r2.status, r2.text).toBe(200);
      expect(r2.json.skipped).toEqual([]);
      const second = await feed();
      const norm = (t: string) => t.replace(/^DTSTAMP:.*$/gm, '');
      expect(first).toContain('BEGIN:VEVENT');
      expect(norm(second)).toBe(norm(first));
      if (requirePythonIcal('the round trip')) {
        const events = (await parseWithPython(second)).events;
        expect(events.length).toBeGreaterThan(0);
      }
    });
  }
});
