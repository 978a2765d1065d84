/**
 * `calendar-events import tec <site or API root URL>`: moving in from WordPress. Finds the plugin's
 * REST API the WordPress way, reads every record through it (resumably: pages are kept in a state directory
 * until the import has finished), and hands the whole snapshot to core's writer, which keeps the source's ids,
 * slugs and global ids and refuses clashing ids before it writes anything (unless `--remap-ids`).
 */

import { rmdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type CalendarDatabase,
  findUserByLogin,
  importTecSnapshot,
  TecIdClashError,
  TecSourceConflictError,
} from '@calendar-events/core';
import { type Command, InvalidArgumentError, Option } from 'commander';
import { databaseOption, httpUrl, integer, login, UsageError } from '../cli-arguments.js';
import { discoverSource } from './discovery.js';
import { defaultStateDirectory, directoryPageStore, sourceKey } from './page-store.js';
import { importProgress, type ProgressOutput } from './progress.js';
import { LISTS, listQuery, readSource } from './read-source.js';
import { carriedSettings, clashLine, summaryText } from './report.js';
import { DEFAULT_CONCURRENCY, SourceClient, SourceRefusal } from './source-client.js';

export const DEFAULT_PASSWORD_ENV = 'TEC_APP_PASSWORD';

export interface ImportTecOutput extends ProgressOutput {
  stdout(text: string): void;
}

export interface ImportTecOptions {
  database: string;
  /** The WordPress login whose application password is in `passwordEnv`. */
  user?: string;
  passwordEnv: string;
  /** The local login that receives records whose author has no local login. */
  author?: string;
  remapIds?: boolean;
  dryRun?: boolean;
  json?: boolean;
  concurrency: number;
  /** Seconds one request may take. */
  timeout: number;
  attempts: number;
  stateDir?: string;
  /** Milliseconds of the first backoff (tests make it short). */
  backoffMs?: number;
}

/** The local user that receives records of authors without a local login: `--author`, else the first administrator. */
async function fallbackAuthor(database: CalendarDatabase, author: string | undefined): Promise<string> {
  if (author !== undefined) {
    if (!(await findUserByLogin(database.kysely, author)))
      throw new Error(
        `there is no user "${author}" here to receive the records of authors without a login here`,
      );
    return author;
  }
  const admin = await database.kysely
    .selectFrom('users')
    .select('login')
    .where('role', '=', 'administrator')
    .orderBy('id')
    .executeTakeFirst();
  if (!admin)
    throw new Error(
      'there is no administrator to receive the records of authors without a login here: create one (calendar-events users add --role administrator) or name a user with --author',
    );
  return admin.login;
}

/** The database URL for a printed command line: a password in it is not shown. */
function shownDatabase(url: string): string {
  if (!/^postgres(ql)?:/.test(url) || !URL.canParse(url)) return url;
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

export async function importTec(
  database: CalendarDatabase,
  url: string,
  options: ImportTecOptions,
  output: ImportTecOutput,
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  let credentials: { user: string; password: string } | undefined;
  if (options.user !== undefined) {
    const password = env[options.passwordEnv];
    if (!password)
      throw new UsageError(
        `--user ${options.user} needs the application password in the environment variable ${options.passwordEnv}`,
      );
    credentials = { user: options.user, password };
  }
  const author = await fallbackAuthor(database, options.author);
  const progress = importProgress(output);
  if (!credentials && env[options.passwordEnv])
    progress.note(
      `note: ${options.passwordEnv} is set but --user is not: reading only what the site shows everyone`,
    );
  const client = new SourceClient({
    concurrency: options.concurrency,
    timeoutMs: options.timeout * 1000,
    attempts: options.attempts,
    ...(options.backoffMs !== undefined ? { backoffMs: options.backoffMs } : {}),
    ...(credentials ? { credentials } : {}),
    onRetry: ({ url: retried, attempt, reason, waitMs }) =>
      progress.note(
        `retrying ${retried} (attempt ${attempt} failed: ${reason}${waitMs ? `; the site asked to wait ${Math.round(waitMs / 1000)} s` : ''})`,
      ),
  });
  try {
    const source = await discoverSource(client, url);
    const querySignature = JSON.stringify(LISTS.map((list) => listQuery(list, client.authenticated)));
    const stateRoot = options.stateDir ?? defaultStateDirectory(options.database);
    const pages = directoryPageStore(
      join(stateRoot, sourceKey(source.namespaceUrl, credentials?.user, querySignature)),
    );
    const store: typeof pages = {
      ...pages,
      async clear() {
        await pages.clear();
        // The default directory (beside an SQLite file) is this command's own: left empty, it goes too. A
        // directory named with --state-dir is the operator's, and stays.
        if (options.stateDir === undefined) await rmdir(stateRoot).catch(() => {});
      },
    };
    const notes: string[] = [];
    let snapshot: Awaited<ReturnType<typeof readSource>>;
    let settings: ReturnType<typeof carriedSettings>;
    let report: Awaited<ReturnType<typeof importTecSnapshot>>;
    try {
      snapshot = await readSource(client, source, {
        store,
        concurrency: options.concurrency,
        onProgress: (step) => progress.read(step),
        onNote: (line) => {
          notes.push(line);
          progress.note(`note: ${line}`);
        },
      });
      settings = carriedSettings(source, snapshot);
      report = await importTecSnapshot(database, snapshot, {
        fallbackAuthor: author,
        remapIds: options.remapIds === true,
        dryRun: options.dryRun === true,
        config: {
          ...(settings.timezone ? { timezone: settings.timezone } : {}),
          // Costs are compared with the source's answers as the carried settings would format them.
          ...(settings.currencySymbol !== undefined
            ? { currencySymbol: settings.currencySymbol, currencyPosition: settings.currencyPosition }
            : {}),
        },
        onProgress: (step) => progress.wrote(step),
      });
    } catch (error) {
      // What a source answered that no site of the plugin answers is not kept for the next run: once the
      // source is repaired, it is read again.
      if (error instanceof SourceRefusal || error instanceof TecSourceConflictError) await store.clear();
      if (!(error instanceof TecIdClashError)) throw error;
      progress.done();
      for (const clash of error.clashes)
        output.stderr(`clash: ${clash.kind} ${clash.id} of the source: ${clash.holder} here\n`);
      throw new Error(clashLine(error.clashes, options.remapIds === true));
    }
    progress.done();
    await store.clear();
    if (options.json) {
      const read = Object.fromEntries(LISTS.map((list) => [list, snapshot[list].length]));
      output.stdout(
        `${JSON.stringify({
          source: { url, apiRoot: snapshot.apiRoot, ...(source.site ? { site: source.site } : {}) },
          read: { ...read, users: snapshot.users.length },
          requests: client.requests,
          ...report,
          notes,
          settings,
        })}\n`,
      );
    } else {
      output.stdout(summaryText(snapshot.apiRoot, report, settings, shownDatabase(options.database), notes));
    }
  } finally {
    progress.done();
  }
}

function environmentName(value: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(value))
    throw new InvalidArgumentError(
      'It must be the name of an environment variable, such as TEC_APP_PASSWORD.',
    );
  return value;
}

function wordpressLogin(value: string): string {
  if (value.trim() === '' || value.length > 60 || /[\p{Cc}:]/u.test(value))
    throw new InvalidArgumentError('It must be a WordPress login (no colon, at most 60 characters).');
  return value;
}

/** `import tec`, under the program's `import` group. */
export function importTecCommand(
  imports: Command,
  output: ImportTecOutput,
  withDatabase: (url: string, run: (database: CalendarDatabase) => Promise<void>) => Promise<void>,
): Command {
  return imports
    .command('tec')
    .description(
      'move in from WordPress: read a site of The Events Calendar through its REST API (tribe/events/v1) and import every record with its ids; again later, only what changed',
    )
    .argument(
      '<url>',
      'the WordPress site, its REST root (…/wp-json/) or the plugin API (…/tribe/events/v1)',
      httpUrl,
    )
    .addOption(databaseOption())
    .addOption(
      new Option(
        '--user <login>',
        'WordPress login, to read drafts, private and trashed records and the logins',
      ).argParser(wordpressLogin),
    )
    .addOption(
      new Option(
        '--password-env <name>',
        'the environment variable holding the application password of --user',
      )
        .default(DEFAULT_PASSWORD_ENV)
        .argParser(environmentName),
    )
    .addOption(
      new Option(
        '--author <login>',
        'the local user that receives records whose author has no login here (default: the first administrator)',
      ).argParser(login),
    )
    .option(
      '--remap-ids',
      'give records whose id is taken here a new id (listed old → new) instead of refusing',
    )
    .option('--dry-run', 'read everything and report what would change; write nothing')
    .option('--json', 'print the report as one JSON object')
    .addOption(
      new Option('--concurrency <n>', 'requests to the site at once')
        .default(DEFAULT_CONCURRENCY)
        .argParser(integer(1, 32)),
    )
    .addOption(
      new Option('--timeout <s>', 'seconds one request may take').default(30).argParser(integer(1, 600)),
    )
    .addOption(
      new Option(
        '--attempts <n>',
        'attempts of a request that fails (429, 5xx, time-out, dropped connection)',
      )
        .default(5)
        .argParser(integer(1, 20)),
    )
    .addOption(
      new Option(
        '--state-dir <dir>',
        'where pages read so far are kept, so that an interrupted import resumes (default: beside an SQLite file, else ~/.local/state/calendar-events/import-tec)',
      ),
    )
    .action((siteUrl: string, options: ImportTecOptions) =>
      withDatabase(options.database, (database) => importTec(database, siteUrl, options, output)),
    );
}
