/**
 * `calendar-events import ics FILE|-`: an iCalendar file into the calendar, through the service's own
 * `POST /events/import` (the same limits and checks as over HTTP: a text that is no calendar is refused whole,
 * an event that cannot be read or that the API refuses is reported on a line of its own and the rest imported;
 * `--strict` refuses the whole file for one unreadable event), as an administrator or the editor named with
 * `--user`. It fails (exit 1, after the report) when the file gave nothing to import but what it skipped.
 */
import { open } from 'node:fs/promises';
import {
  type CalendarDatabase,
  createCalendarCore,
  findUserByLogin,
  INPUT_LIMITS,
  type Logger,
  type Role,
  textOf,
} from '@calendar-events/core';
import { type Command, Option } from 'commander';
import { databaseOption, login, timeZone } from './cli-arguments.js';

/** Where the command writes and reads: the process's streams, or a test's. */
export interface ImportOutput {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Whether stderr is a terminal: then the progress line is rewritten in place. */
  stderrIsTTY?: boolean;
  /** What `-` reads (default: the process's stdin). */
  stdin?: AsyncIterable<Uint8Array | string>;
}

export interface ImportOptions {
  timezone?: string;
  user?: string;
  json?: boolean;
  strict?: boolean;
}

interface Report {
  created: number;
  updated: number;
  unchanged: number;
  skipped: Array<{ uid: string; line: number; reason: string }>;
}

/** From this many events on, a file shows its progress. */
const LARGE = 100;
/**
 * The most bytes read: no file longer can be within the service's own limit of characters
 * (`INPUT_LIMITS.calendarLength`; UTF-8 takes at most 4 bytes a character), which decides the rest.
 */
const MAX_BYTES = 4 * INPUT_LIMITS.calendarLength;

const tooLarge = (label: string) =>
  new Error(
    `${label}: the file is larger than ${MAX_BYTES} bytes; an iCalendar import takes at most ${INPUT_LIMITS.calendarLength} characters`,
  );

/** The bytes of a stream, refused as soon as they pass `MAX_BYTES` (never held beyond). */
async function readBounded(chunks: AsyncIterable<Uint8Array | string>, label: string): Promise<string> {
  const read: Buffer[] = [];
  let length = 0;
  for await (const chunk of chunks) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk);
    length += bytes.length;
    if (length > MAX_BYTES) throw tooLarge(label);
    read.push(bytes);
  }
  return Buffer.concat(read).toString('utf8');
}

async function readInput(file: string, output: ImportOutput): Promise<string> {
  if (file === '-') return readBounded(output.stdin ?? process.stdin, 'stdin');
  const unreadable = (error: unknown) => {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'a directory' : code;
    return new Error(`cannot read ${file}: ${why ?? (error as Error).message}`);
  };
  const handle = await open(file, 'r').catch((error: unknown) => {
    throw unreadable(error);
  });
  try {
    const stats = await handle.stat();
    if (stats.isDirectory()) throw unreadable(Object.assign(new Error('a directory'), { code: 'EISDIR' }));
    if (stats.size > MAX_BYTES) throw tooLarge(file);
    return await readBounded(handle.createReadStream({ autoClose: false }), file);
  } finally {
    await handle.close();
  }
}

/** The user the events are written as: `--user` (an editor or administrator), else the first administrator. */
async function importingUser(database: CalendarDatabase, login: string | undefined) {
  if (login !== undefined) {
    const user = await findUserByLogin(database.kysely, login);
    if (!user) throw new Error(`there is no user "${login}"`);
    if (user.role !== 'administrator' && user.role !== 'editor')
      throw new Error(
        `the user "${login}" is ${user.role === 'author' ? 'an' : 'a'} ${user.role}; importing takes an editor or administrator`,
      );
    return { userId: user.id, role: user.role as Role };
  }
  const admin = await database.kysely
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'administrator')
    .orderBy('id')
    .executeTakeFirst();
  if (!admin)
    throw new Error(
      'there is no administrator to import as: create one (calendar-events users add --role administrator) or name an editor with --user',
    );
  return { userId: admin.id, role: 'administrator' as const };
}

/** The import's progress on stderr: rewritten in place on a terminal, else a line at every tenth. */
function progressLogger(output: ImportOutput, label: string): Logger & { done(): void } {
  let shown = false;
  let lastTenth = -1;
  return {
    debug(detail) {
      const progress = (detail as { icsImport?: { done: number; total: number } }).icsImport;
      if (!progress || progress.total < LARGE) return;
      const { done, total } = progress;
      const line = `importing ${label}: ${done}/${total} events`;
      if (output.stderrIsTTY) {
        output.stderr(`\r${line}`);
        shown = true;
        return;
      }
      const tenth = Math.floor((done * 10) / total);
      if (tenth === lastTenth) return;
      lastTenth = tenth;
      output.stderr(`${line}\n`);
    },
    info() {},
    warn(detail, message) {
      output.stderr(`warning: ${message ?? ''} ${typeof detail === 'string' ? detail : ''}\n`);
    },
    error(detail, message) {
      const cause = (detail as { err?: unknown }).err;
      output.stderr(`error: ${message ?? ''}${cause instanceof Error ? `: ${cause.message}` : ''}\n`);
    },
    done() {
      if (shown) output.stderr('\n');
    },
  };
}

function summary(label: string, report: Report): string {
  const skipped = report.skipped
    .map((s) => `\n  skipped line ${s.line} (UID ${s.uid}): ${s.reason}`)
    .join('');
  return `imported ${label}: ${report.created} created, ${report.updated} updated, ${report.unchanged} unchanged, ${report.skipped.length} skipped${skipped}`;
}

/** Runs the import over an open, migrated database; prints the report; throws one clear line on bad input. */
export async function importIcs(
  database: CalendarDatabase,
  file: string,
  options: ImportOptions,
  output: ImportOutput,
): Promise<void> {
  const text = await readInput(file, output);
  const label = file === '-' ? 'stdin' : file;
  const principal = await importingUser(database, options.user);
  const logger = progressLogger(output, label);
  const core = createCalendarCore({
    database,
    ...(options.timezone !== undefined ? { timezone: options.timezone } : {}),
    authenticate: () => principal,
    logger,
    bodyLimit: MAX_BYTES,
    rateLimit: false,
    compression: false,
    // A one-shot command: the series it imports are written to the horizon by the import itself.
    horizonKeeper: false,
    // Pruning old changes is the server's work, not a one-shot command's.
    changePruner: false,
  });
  const response = await core.handle({
    method: 'POST',
    url: `${core.namespacePath()}/events/import${options.strict ? '?strict=true' : ''}`,
    mountPath: '',
    headers: { 'content-type': 'text/calendar; charset=utf-8' },
    body: { kind: 'raw', data: text },
  });
  logger.done();
  const body = JSON.parse(textOf(response) ?? '{}') as Report & {
    message?: string;
    data?: { params?: Record<string, string> };
  };
  if (response.status !== 200) {
    const reason = body.data?.params?.calendar ?? body.message ?? `the service answered ${response.status}`;
    throw new Error(`${label}: ${reason}`);
  }
  output.stdout(`${options.json ? JSON.stringify(body) : summary(label, body)}\n`);
  if (body.created + body.updated + body.unchanged === 0 && body.skipped.length > 0)
    throw new Error(`${label}: nothing could be imported (${body.skipped.length} skipped)`);
}

/** `import ics`, under the program's `import` group (returned, so that the CLI requires a subcommand of it). */
export function importCommand(
  program: Command,
  output: ImportOutput,
  withDatabase: (url: string, run: (database: CalendarDatabase) => Promise<void>) => Promise<void>,
): Command {
  const imports = program.command('import').description('import events from other calendars');
  imports
    .command('ics')
    .description(
      'import an iCalendar (.ics) file, or - for stdin; by UID, so importing again changes only what changed',
    )
    .argument('<file>', 'the .ics file, or - to read stdin')
    .addOption(databaseOption())
    .addOption(
      new Option('--timezone <zone>', 'site time zone, for floating times and all-day dates (default UTC)')
        .env('TIMEZONE')
        .argParser(timeZone),
    )
    .addOption(
      new Option(
        '--user <login>',
        'the editor or administrator to import as (default: the first administrator)',
      ).argParser(login),
    )
    .option('--json', 'print the report as JSON: {"created","updated","unchanged","skipped"}')
    .option(
      '--strict',
      'all or nothing: refuse the whole file when one event cannot be read (default: import the rest and report it)',
    )
    .action((file: string, options: ImportOptions & { database: string }) =>
      withDatabase(options.database, (database) => importIcs(database, file, options, output)),
    );
  return imports;
}
