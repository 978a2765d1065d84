/**
 * `calendar-events import ics` of the exceptions real producers write that an import once lost (the first
 * instance of a series excluded, moved or cancelled; Outlook's all-day series with DATE-TIME exceptions and
 * UNTIL; RANGE=THISANDFUTURE), in a site zone that is none of the files' own: the events listed afterwards are
 * the occurrences Python's recurring_ical_events gives for the same file.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { connectDatabase, createCalendarCore, textOf } from '@calendar-events/core';
import { expandWithPython, requirePythonIcal } from '@calendar-events/tests';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../test/support/run-cli.js';

const TESTDATA = fileURLToPath(new URL('../../core/src/ical/testdata/', import.meta.url));

interface Listed {
  title: string;
  all_day: boolean;
  start_date: string;
  utc_start_date: string;
}

describe('calendar-events import ics: exceptions of first instances and of all-day series', () => {
  let dir: string;
  let database: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'import-ics-exceptions-'));
    database = `sqlite:${join(dir, 'calendar.db')}`;
    const admin = await runCli([
      'users',
      'add',
      '--login',
      'admin',
      '--role',
      'administrator',
      '--database',
      database,
    ]);
    expect(admin.code).toBe(0);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** The events listed now whose title starts so, each as its day (all-day) or UTC start, and its title. */
  async function listed(titles: readonly string[]): Promise<string[]> {
    const db = await connectDatabase(database);
    const core = createCalendarCore({ database: db, timezone: 'America/New_York' });
    try {
      const res = await core.handle({
        method: 'GET',
        url: '/calendar/events/v1/events?per_page=100&start_date=2026-01-01&end_date=2028-12-31',
        mountPath: '',
        headers: { host: 'calendar.test' },
      });
      const events = (JSON.parse(textOf(res) ?? '{}') as { events: Listed[] }).events;
      return events
        .filter((event) => titles.some((title) => event.title.startsWith(title)))
        .map(
          (event) =>
            `${event.all_day ? event.start_date.slice(0, 10) : `${event.utc_start_date.replace(' ', 'T')}Z`} ${event.title}`,
        )
        .sort();
    } finally {
      await core.close();
    }
  }

  const cases = [
    { name: 'first-instance', titles: ['Reading group', 'Choir', 'Yoga retreat'], skipped: 0 },
    { name: 'outlook-all-day', titles: ['Bin collection', 'Team away day'], skipped: 0 },
    { name: 'this-and-future', titles: ['Planning'], skipped: 1 },
  ];

  for (const { name, titles, skipped } of cases)
    it(`${name}.ics: the listed occurrences are Python's`, async () => {
      const file = join(TESTDATA, `${name}.ics`);
      const res = await runCli([
        'import',
        'ics',
        file,
        '--json',
        '--timezone',
        'America/New_York',
        '--database',
        database,
      ]);
      expect(res.code, res.stderr).toBe(0);
      expect(JSON.parse(res.stdout).skipped).toHaveLength(skipped);
      const ours = await listed(titles);
      expect(ours.length).toBeGreaterThan(0);
      if (!requirePythonIcal('the Python expansion of imported files')) return;
      const occurrences = await expandWithPython(readFileSync(file, 'utf8'), '2026-01-01', '2029-01-01');
      expect(ours).toEqual(
        occurrences
          .filter((occurrence) => occurrence.status !== 'CANCELLED')
          .map((occurrence) => `${occurrence.start} ${occurrence.summary}`)
          .sort(),
      );
    });
});
