import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { INPUT_LIMITS } from '@calendar-events/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../test/support/run-cli.js';

const TESTDATA = fileURLToPath(new URL('../../core/src/ical/testdata/', import.meta.url));

const run = runCli;
const packageDir = fileURLToPath(new URL('..', import.meta.url));

/** A calendar around VEVENTs of the given extra lines, one a day from 2027-01-01, UIDs `e<n>@test`. */
function eventsWith(...extra: string[][]): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN'];
  for (const [i, more] of extra.entries())
    lines.push(
      'BEGIN:VEVENT',
      `UID:e${i}@test`,
      `DTSTART:202701${String(i + 1).padStart(2, '0')}T100000Z`,
      `SUMMARY:Event ${i}`,
      ...more,
      'END:VEVENT',
    );
  lines.push('END:VCALENDAR');
  return lines.join('\r\n');
}

/** A calendar of `count` one-hour events, one a day from 2027-01-01. */
function manyEvents(count: number): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN'];
  for (let i = 0; i < count; i++) {
    const day = new Date(Date.UTC(2027, 0, 1 + i)).toISOString().slice(0, 10).replace(/-/g, '');
    lines.push(
      'BEGIN:VEVENT',
      `UID:event-${i}@test`,
      `DTSTART:${day}T100000Z`,
      `DTEND:${day}T110000Z`,
      `SUMMARY:Event ${i}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.join('\r\n');
}

describe('calendar-events import ics', () => {
  let dir: string;
  let database: string;
  const inDatabase = (...args: string[]) => [...args, '--database', database];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'import-ics-'));
    database = `sqlite:${join(dir, 'calendar.db')}`;
    expect((await run(inDatabase('users', 'add', '--login', 'admin', '--role', 'administrator'))).code).toBe(
      0,
    );
    expect((await run(inDatabase('users', 'add', '--login', 'writer', '--role', 'author'))).code).toBe(0);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('imports a file with a summary line, then again with nothing to change (--json)', async () => {
    const file = join(TESTDATA, 'tec-list-feed.ics');
    const first = await run(inDatabase('import', 'ics', file));
    expect(first).toEqual({
      code: 0,
      stdout: `imported ${file}: 30 created, 0 updated, 0 unchanged, 0 skipped\n`,
      stderr: '',
    });
    const again = await run(inDatabase('import', 'ics', file, '--json'));
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toEqual({ created: 0, updated: 0, unchanged: 30, skipped: [] });
  });

  it("sees an edit of a series whose SEQUENCE rises to its exception's, and a change without a new SEQUENCE", async () => {
    const series = (master: [number, string], exception: [number, string]) =>
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//test//EN',
        'BEGIN:VEVENT',
        'UID:yoga@test',
        'DTSTART;TZID=Europe/Paris:20270105T070000',
        'DTEND;TZID=Europe/Paris:20270105T080000',
        'RRULE:FREQ=WEEKLY;COUNT=3',
        `SEQUENCE:${master[0]}`,
        `SUMMARY:${master[1]}`,
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:yoga@test',
        'RECURRENCE-ID;TZID=Europe/Paris:20270112T070000',
        'DTSTART;TZID=Europe/Paris:20270112T090000',
        'DTEND;TZID=Europe/Paris:20270112T100000',
        `SEQUENCE:${exception[0]}`,
        `SUMMARY:${exception[1]}`,
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n');
    const file = join(dir, 'yoga.ics');
    const importJson = async () => {
      const res = await run(inDatabase('import', 'ics', file, '--json'));
      expect(res.code, res.stderr).toBe(0);
      return JSON.parse(res.stdout);
    };
    writeFileSync(file, series([0, 'Yoga'], [3, 'Yoga (late)']));
    expect(await importJson()).toMatchObject({ created: 1, skipped: [] });
    // The series' SEQUENCE rises to the exception's: a change all the same.
    writeFileSync(file, series([3, 'Yoga (hall B)'], [3, 'Yoga (late)']));
    expect(await importJson()).toMatchObject({ created: 0, updated: 1, unchanged: 0 });
    expect(await importJson()).toMatchObject({ updated: 0, unchanged: 1 });
    // The exception retitled, no SEQUENCE raised (nor LAST-MODIFIED written): its content tells.
    writeFileSync(file, series([3, 'Yoga (hall B)'], [3, 'Yoga (late, hall C)']));
    expect(await importJson()).toMatchObject({ updated: 1, unchanged: 0 });
  });

  it('lists what it skipped, and reads stdin for -', async () => {
    const text = `${'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\n'}BEGIN:VTODO\r\nUID:todo@test\r\nEND:VTODO\r\nEND:VCALENDAR\r\n`;
    const stdin = (async function* () {
      yield Buffer.from(text);
    })();
    const res = await run(inDatabase('import', 'ics', '-'), { stdin });
    // Nothing in it could be imported: the report, and a failure.
    expect(res).toEqual({
      code: 1,
      stdout:
        'imported stdin: 0 created, 0 updated, 0 unchanged, 1 skipped\n  skipped line 4 (UID todo@test): a VTODO is not an event\n',
      stderr: 'error: stdin: nothing could be imported (1 skipped)\n',
    });
  });

  it('imports the rest of a file with an unreadable event, reporting it; --strict fails whole and writes nothing', async () => {
    const file = join(dir, 'broken.ics');
    writeFileSync(
      file,
      manyEvents(3)
        .replace('DTSTART:20270102T100000Z', 'DTSTART:20270102T250000Z')
        .replace(/UID:event-/g, 'UID:broken-'),
    );
    const res = await run(inDatabase('import', 'ics', file, '--json', '--strict'));
    expect(res).toEqual({
      code: 1,
      stdout: '',
      stderr: `error: ${file}: line 12: DTSTART: "20270102T250000Z" is no time of day\n`,
    });
    const liberal = await run(inDatabase('import', 'ics', file));
    expect(liberal).toEqual({
      code: 0,
      stdout: `imported ${file}: 2 created, 0 updated, 0 unchanged, 1 skipped\n  skipped line 10 (UID broken-1@test): line 12: DTSTART: "20270102T250000Z" is no time of day\n`,
      stderr: '',
    });
    const fixed = await run(inDatabase('import', 'ics', file.replace('broken', 'missing')));
    expect(fixed.code).toBe(1);
    expect(fixed.stderr).toBe(`error: cannot read ${join(dir, 'missing.ics')}: no such file\n`);
  });

  it("imports real producers' imperfect files: what they mean, the rest reported; instances joined by their series", async () => {
    const imperfect = join(TESTDATA, 'imperfect-events.ics');
    const first = await run(inDatabase('import', 'ics', imperfect));
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toBe(
      [
        `imported ${imperfect}: 5 created, 0 updated, 0 unchanged, 2 skipped`,
        '  skipped line 57 (UID broken-date@imperfect.test): line 59: DTSTART: "20270231T100000Z" has no day 31 in its month',
        '  skipped line 62 (UID unknown-zone@imperfect.test): line 64: unknown time zone TZID=Atlantis Standard Time: no IANA or Windows zone of that name, and no VTIMEZONE in the file defines it',
        '',
      ].join('\n'),
    );
    // Events without a UID are found again by the UID made up from them.
    const again = await run(inDatabase('import', 'ics', imperfect, '--json'));
    expect(JSON.parse(again.stdout)).toMatchObject({ created: 0, updated: 0, unchanged: 5 });
    const dates = await run(inDatabase('import', 'ics', join(TESTDATA, 'dates-without-value.ics'), '--json'));
    expect(JSON.parse(dates.stdout)).toEqual({ created: 4, updated: 0, unchanged: 0, skipped: [] });
    const orphans = await run(
      inDatabase('import', 'ics', join(TESTDATA, 'instances-without-series.ics'), '--json'),
    );
    expect(JSON.parse(orphans.stdout)).toEqual({ created: 4, updated: 0, unchanged: 0, skipped: [] });
    const series = await run(
      inDatabase('import', 'ics', join(TESTDATA, 'instances-with-series.ics'), '--json'),
    );
    expect(JSON.parse(series.stdout)).toEqual({ created: 1, updated: 0, unchanged: 0, skipped: [] });
    const joined = await run(
      inDatabase('import', 'ics', join(TESTDATA, 'instances-without-series.ics'), '--json'),
    );
    // Now the series' own occurrences (two changed by the file, one as the series has it), and the offsite.
    expect(JSON.parse(joined.stdout)).toEqual({ created: 0, updated: 3, unchanged: 1, skipped: [] });
  });

  it('imports as an editor or administrator only', async () => {
    const file = join(TESTDATA, 'tec-single-event.ics');
    const author = await run(inDatabase('import', 'ics', file, '--user', 'writer'));
    expect(author.code).toBe(1);
    expect(author.stderr).toBe(
      'error: the user "writer" is an author; importing takes an editor or administrator\n',
    );
    const nobody = await run(inDatabase('import', 'ics', file, '--user', 'nobody'));
    expect(nobody.stderr).toBe('error: there is no user "nobody"\n');
  });

  it('shows progress on large files: lines when stderr is no terminal, one rewritten line on a terminal', async () => {
    const file = join(dir, 'large.ics');
    writeFileSync(file, manyEvents(200));
    const plain = await run(inDatabase('import', 'ics', file));
    expect(plain.code).toBe(0);
    expect(plain.stdout).toBe(`imported ${file}: 200 created, 0 updated, 0 unchanged, 0 skipped\n`);
    const lines = plain.stderr.trimEnd().split('\n');
    expect(lines[0]).toBe(`importing ${file}: 0/200 events`);
    expect(lines.at(-1)).toBe(`importing ${file}: 200/200 events`);
    expect(lines.length).toBeGreaterThanOrEqual(5);
    const terminal = await run(inDatabase('import', 'ics', file), { stderrIsTTY: true });
    expect(terminal.stderr).toMatch(/^(\rimporting .*: \d+\/200 events)+\n$/);
    expect(terminal.stdout).toBe(`imported ${file}: 0 created, 0 updated, 200 unchanged, 0 skipped\n`);
  });

  it('reports each event the API refuses on a line of its own, no stack, and imports the rest', async () => {
    const file = join(dir, 'refused.ics');
    writeFileSync(
      file,
      eventsWith(
        [],
        // More occurrences than a series may have: refused while the series is expanded.
        ['RRULE:FREQ=HOURLY;COUNT=1000000'],
        // Refused as written.
        ['RRULE:FREQ=DAILY;COUNT=2;UNTIL=20270301T000000Z'],
        // A description the API refuses (INPUT_LIMITS.textLength), on a line the reader takes.
        [`DESCRIPTION:${'d'.repeat(INPUT_LIMITS.textLength + 1)}`],
        // A line longer than any the reader builds (10 MB).
        [`DESCRIPTION:${'x'.repeat(10_000_000)}`],
        ['CATEGORIES:Kept'],
      ),
    );
    const res = await run(inDatabase('import', 'ics', file));
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toBe('');
    const lines = res.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(`imported ${file}: 2 created, 0 updated, 0 unchanged, 4 skipped`);
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(/^ {2}skipped line 9 \(UID e1@test\): recurrence: .*5,?000/),
      expect.stringMatching(/^ {2}skipped line 15 \(UID e2@test\): line 19: .*UNTIL and COUNT/),
      `  skipped line 21 (UID e3@test): the event was refused: description: description may be at most ${INPUT_LIMITS.textLength} characters long.`,
      `  skipped line 27 (UID e4@test): line 31: DESCRIPTION is longer than ${INPUT_LIMITS.calendarLineLength} characters, the most one content line may have`,
    ]);
    expect(res.stdout).not.toMatch(/\bat .*\.ts:\d+/);
  });

  it('refuses a file over the size limit whole, with one line, and writes nothing', async () => {
    const file = join(dir, 'huge.ics');
    const body = eventsWith([]);
    // Within the bytes the command reads, over the characters the service takes.
    writeFileSync(file, `${body}\r\n${' '.repeat(INPUT_LIMITS.calendarLength)}`);
    const res = await run(inDatabase('import', 'ics', file, '--json'));
    expect(res).toEqual({
      code: 1,
      stdout: '',
      stderr: `error: ${file}: calendar may be at most ${INPUT_LIMITS.calendarLength} characters long.\n`,
    });
    const stdin = (async function* () {
      for (let i = 0; i <= 4; i++) yield Buffer.alloc(INPUT_LIMITS.calendarLength, 0x20);
    })();
    const piped = await run(inDatabase('import', 'ics', '-'), { stdin });
    expect(piped.code).toBe(1);
    expect(piped.stderr).toMatch(
      /^error: stdin: the file is larger than \d+ bytes; an iCalendar import takes at most \d+ characters\n$/,
    );
    const again = await run(inDatabase('import', 'ics', join(TESTDATA, 'tec-single-event.ics'), '--json'));
    expect(JSON.parse(again.stdout).created).toBe(1);
  });

  it('imports a 10 MB CATEGORIES line in a process of 96 MB of heap: memory follows the file', () => {
    const file = join(dir, 'categories.ics');
    const categories = Array.from({ length: 1_500_000 }, (_, i) => `c${i}`).join(',');
    writeFileSync(file, eventsWith([`CATEGORIES:${categories}`], ['CATEGORIES:Small']));
    const child = spawnSync(
      process.execPath,
      [
        '--max-old-space-size=96',
        '--conditions=@calendar-events/source',
        '--import',
        'tsx',
        'src/cli.ts',
        ...inDatabase('import', 'ics', file),
      ],
      { cwd: packageDir, encoding: 'utf8', env: { ...process.env, LOG_LEVEL: 'warn' } },
    );
    expect(child.status, child.stderr.slice(0, 500)).toBe(0);
    expect(child.stdout).toBe(
      `imported ${file}: 1 created, 0 updated, 0 unchanged, 1 skipped\n  skipped line 4 (UID e0@test): line 8: CATEGORIES is longer than ${INPUT_LIMITS.calendarLineLength} characters, the most one content line may have\n`,
    );
  });
});
