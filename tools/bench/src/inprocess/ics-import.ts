/**
 * How long other requests wait while `POST /events/import` takes a large iCalendar file:
 * on a fresh SQLite file, an editor imports a generated calendar of about `--bytes` (one-hour events, each
 * with a description, a venue and two categories) through `core.handle`, while the same process asks
 * `GET /events?per_page=1` again and again (a new URL each time, 5 ms apart). Printed: the import's time, how
 * many reads were answered meanwhile, the longest a read waited, and the longest the event loop was held.
 *
 *   node --conditions=@calendar-events/source --import tsx tools/bench/src/inprocess/ics-import.ts [--bytes N]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createCalendarCore, createUser, textOf } from '@calendar-events/core';
import { createSqliteDatabase } from '@calendar-events/core/sqlite';
import { Command, Option } from 'commander';

/** A calendar of one-hour events, a day apart, until it holds `bytes` characters. */
export function generatedCalendar(bytes: number): { text: string; events: number } {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//bench//EN'];
  let length = 0;
  let events = 0;
  while (length < bytes) {
    const day = new Date(Date.UTC(2027, 0, 1 + (events % 700))).toISOString().slice(0, 10).replace(/-/g, '');
    const event = [
      'BEGIN:VEVENT',
      `UID:bench-${events}@bench`,
      `DTSTART:${day}T100000Z`,
      `DTEND:${day}T110000Z`,
      `SUMMARY:Event number ${events}`,
      `DESCRIPTION:A description of event ${events} with some words in it to make it longer.`,
      `LOCATION:Hall ${events % 20}, Street 1, Berlin`,
      `CATEGORIES:category ${events % 10},other`,
      'END:VEVENT',
    ];
    lines.push(...event);
    length += event.join('\r\n').length + 2;
    events++;
  }
  lines.push('END:VCALENDAR');
  return { text: lines.join('\r\n'), events };
}

const command = new Command('ics-import')
  .description('other requests while POST /events/import takes a large file (SQLite)')
  .addOption(new Option('--bytes <n>', 'size of the generated file').default(String(1024 * 1024)));
const bytes = Number(command.parse(process.argv).opts<{ bytes: string }>().bytes);

const dir = mkdtempSync(join(tmpdir(), 'bench-ics-'));
const database = createSqliteDatabase(join(dir, 'calendar.db'));
await database.migrate();
const editor = await createUser(database.kysely, { login: 'editor', role: 'editor' });
const core = createCalendarCore({
  database,
  authenticate: () => ({ userId: editor.id, role: 'editor' }),
  rateLimit: false,
  bodyLimit: 64 * 1024 * 1024,
});
const { text, events } = generatedCalendar(bytes);
const base = core.namespacePath();

const loop = monitorEventLoopDelay({ resolution: 5 });
loop.enable();
const started = performance.now();
let imported = false;
const importing = core
  .handle({
    method: 'POST',
    url: `${base}/events/import`,
    mountPath: '',
    headers: { 'content-type': 'text/calendar' },
    body: { kind: 'raw', data: text },
  })
  .finally(() => {
    imported = true;
  });
/** How long each read asked during the import waited for its answer (the last one may end after it). */
const waits: number[] = [];
let answeredDuringImport = 0;
while (!imported) {
  const asked = performance.now();
  await core.handle({
    method: 'GET',
    url: `${base}/events?per_page=1&_=${waits.length}`,
    mountPath: '',
    headers: {},
  });
  waits.push(performance.now() - asked);
  if (!imported) answeredDuringImport++;
  await new Promise((resolve) => setTimeout(resolve, 5));
}
const response = await importing;
const importMs = performance.now() - started;
loop.disable();
const report = JSON.parse(textOf(response) ?? '{}') as { created?: number };
const sorted = [...waits].sort((a, b) => a - b);
console.log(
  JSON.stringify({
    file_chars: text.length,
    events,
    status: response.status,
    created: report.created,
    import_ms: Math.round(importMs),
    reads_answered_during_import: answeredDuringImport,
    read_wait_median_ms: Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0),
    read_wait_max_ms: Math.round(sorted.at(-1) ?? 0),
    event_loop_max_delay_ms: Math.round(loop.max / 1e6),
    peak_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
  }),
);
await database.destroy();
rmSync(dir, { recursive: true, force: true });
process.exit();
