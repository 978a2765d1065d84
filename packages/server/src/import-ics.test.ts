import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

const TESTDATA = fileURLToPath(new URL('../../core/src/ical/testdata/', import.meta.url));

const run = runCli;

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

  it('lists what it skipped, and reads stdin for -', async () => {
    const text = `${'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\n'}BEGIN:VTODO\r\nUID:todo@test\r\nEND:VTODO\r\nEND:VCALENDAR\r\n`;
    const stdin = (async function* () {
      yield Buffer.from(text);
    })();
    const res = await run(inDatabase('import', 'ics', '-'), { stdin });
    expect(res.code).toBe(0);
    expect(res.stdout).toBe(
      'imported stdin: 0 created, 0 updated, 0 unchanged, 1 skipped\n  skipped line 4 (UID todo@test): a VTODO is not an event\n',
    );
  });

  it('fails with one line naming the line of a broken file, and writes nothing', async () => {
    const file = join(dir, 'broken.ics');
    writeFileSync(file, manyEvents(3).replace('DTSTART:20270102T100000Z', 'DTSTART:20270102T250000Z'));
    const res = await run(inDatabase('import', 'ics', file, '--json'));
    expect(res).toEqual({
      code: 1,
      stdout: '',
      stderr: `error: ${file}: line 12: DTSTART: "20270102T250000Z" is no time of day\n`,
    });
    const fixed = await run(inDatabase('import', 'ics', file.replace('broken', 'missing')));
    expect(fixed.code).toBe(1);
    expect(fixed.stderr).toBe(`error: cannot read ${join(dir, 'missing.ics')}: no such file\n`);
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
});
