/**
 * `calendar-events`: the standalone service and its administration commands (SPEC §13).
 * Exit codes: 0 ok, 1 failure, 2 usage error, each failure with a one-line message on stderr.
 */
import {
  type CalendarDatabase,
  connectDatabase,
  createApiKey,
  createUser,
  ROLES,
  type Role,
  revokeApiKey,
} from '@calendar-events/core';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import packageJson from '../package.json' with { type: 'json' };
import { createLogger, LOG_LEVELS, type LogLevel } from './logger.js';
import { DEFAULT_DATABASE_URL, type RunningServer, startServer } from './server.js';

/** A failure the user caused by how they called the command: exit code 2. */
class UsageError extends Error {}

function integer(min: number, max: number) {
  return (value: string): number => {
    const parsed = Number(value);
    if (!/^\d+$/.test(value.trim()) || parsed < min || parsed > max) {
      throw new InvalidArgumentError(`It must be an integer from ${min} to ${max}.`);
    }
    return parsed;
  };
}

function timeZone(value: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return value;
  } catch {
    throw new InvalidArgumentError('It must be an IANA time zone such as Europe/Berlin or UTC.');
  }
}

function httpUrl(value: string): string {
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) {
    throw new InvalidArgumentError('It must be an http(s) URL.');
  }
  return value;
}

function logLevel(): LogLevel {
  const level = (process.env.LOG_LEVEL ?? 'info').toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(level)) {
    throw new UsageError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}.`);
  }
  return level as LogLevel;
}

const databaseOption = () =>
  new Option('--database <url>', 'sqlite:FILE, sqlite::memory: or postgres://…')
    .env('DATABASE_URL')
    .default(DEFAULT_DATABASE_URL);

/** Opens and migrates the database for a one-shot command, and always closes it. */
async function withDatabase<T>(url: string, run: (database: CalendarDatabase) => Promise<T>): Promise<T> {
  const database = await connectDatabase(url);
  try {
    await database.migrate();
    return await run(database);
  } finally {
    await database.destroy();
  }
}

function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

/** Serves until SIGTERM or SIGINT, then shuts down gracefully and exits 0. */
async function serve(options: {
  port: number;
  host: string;
  database: string;
  adapter: 'express' | 'fastify';
  timezone?: string;
  siteUrl?: string;
  apiUrl?: string;
  perPage?: number;
  trustProxy?: boolean;
  demo?: boolean;
}): Promise<void> {
  const logger = createLogger(logLevel());
  const server: RunningServer = await startServer({ ...options, logger });
  if (server.demoAdministratorKey)
    process.stderr.write(`demo administrator key: ${server.demoAdministratorKey}\n`);
  print(`listening on ${server.url}`);
  await new Promise<void>((resolve, reject) => {
    const stop = (signal: NodeJS.Signals) => {
      logger.info({ signal }, 'shutting down');
      server.close().then(resolve, reject);
    };
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  });
}

function buildProgram(): Command {
  const program = new Command('calendar-events')
    .description('The Calendar Events REST service (calendar/events/v1) and its administration.')
    .version(packageJson.version)
    .exitOverride()
    .showSuggestionAfterError();

  program
    .command('serve')
    .description('migrate the database, then serve the API under / (both addresses) until SIGTERM/SIGINT')
    .addOption(
      new Option('--port <port>', 'port; 0 picks a free one')
        .env('PORT')
        .default(8080)
        .argParser(integer(0, 65535)),
    )
    .addOption(new Option('--host <host>', 'interface to listen on').env('HOST').default('127.0.0.1'))
    .addOption(databaseOption())
    .addOption(
      new Option('--adapter <name>', 'HTTP framework')
        .env('ADAPTER')
        .choices(['fastify', 'express'])
        .default('fastify'),
    )
    .addOption(
      new Option('--timezone <zone>', 'site time zone (default UTC)').env('TIMEZONE').argParser(timeZone),
    )
    .addOption(
      new Option('--site-url <url>', 'public web site, for permalinks').env('SITE_URL').argParser(httpUrl),
    )
    .addOption(
      new Option('--api-url <url>', 'public API root, when not the request host')
        .env('API_URL')
        .argParser(httpUrl),
    )
    .addOption(
      new Option('--per-page <n>', 'default page size of lists').env('PER_PAGE').argParser(integer(1, 1000)),
    )
    .option('--trust-proxy', 'honour X-Forwarded-Proto and X-Forwarded-Host')
    .option('--demo', 'fill an empty database with a demo calendar and print an administrator key')
    .action(serve);

  program
    .command('migrate')
    .description('bring the database schema up to date')
    .addOption(databaseOption())
    .action(async (options: { database: string }) => {
      const database = await connectDatabase(options.database);
      try {
        const applied = await database.migrate();
        print(applied.length > 0 ? `applied ${applied.join(', ')}` : 'database is up to date');
      } finally {
        await database.destroy();
      }
    });

  const users = program.command('users').description('manage users');
  users
    .command('add')
    .description('create a user')
    .requiredOption('--login <login>', 'login name')
    .addOption(new Option('--role <role>', 'role').choices(ROLES).makeOptionMandatory())
    .option('--name <name>', 'display name (default: the login)')
    .addOption(databaseOption())
    .option('--json', 'print {"id","login","role"}')
    .action(
      async (options: { login: string; role: Role; name?: string; database: string; json?: boolean }) => {
        const user = await withDatabase(options.database, (database) =>
          createUser(database.kysely, {
            login: options.login,
            role: options.role,
            ...(options.name !== undefined ? { displayName: options.name } : {}),
          }),
        );
        print(
          options.json
            ? JSON.stringify({ id: user.id, login: user.login, role: user.role })
            : `created user ${user.login} (id ${user.id}, ${user.role})`,
        );
      },
    );

  const keys = program.command('keys').description('manage API keys');
  keys
    .command('create')
    .description('create an API key for a user and print it (it is shown only once)')
    .requiredOption('--user <login>', 'the user')
    .option('--name <name>', 'a name for the key', 'default')
    .addOption(databaseOption())
    .option('--json', 'print {"key","user"}')
    .action(async (options: { user: string; name: string; database: string; json?: boolean }) => {
      const key = await withDatabase(options.database, (database) =>
        createApiKey(database.kysely, options.user, options.name),
      );
      print(options.json ? JSON.stringify({ key, user: options.user }) : key);
    });
  keys
    .command('revoke')
    .description("revoke a user's key by name")
    .requiredOption('--user <login>', 'the user')
    .requiredOption('--name <name>', 'the name of the key')
    .addOption(databaseOption())
    .action(async (options: { user: string; name: string; database: string }) => {
      const revoked = await withDatabase(options.database, (database) =>
        revokeApiKey(database.kysely, options.user, options.name),
      );
      if (revoked === 0)
        throw new Error(`the user "${options.user}" has no active key named "${options.name}".`);
      print(`revoked key "${options.name}" of ${options.user}`);
    });

  return program;
}

function oneLine(error: unknown): string {
  const message = error instanceof Error ? error.message || error.name : String(error);
  return message.split('\n')[0]!.trim();
}

export async function main(argv: string[]): Promise<number> {
  try {
    await buildProgram().parseAsync(argv);
    return 0;
  } catch (error) {
    // Commander has printed its own one-line message (or the help) already.
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    process.stderr.write(`error: ${oneLine(error)}\n`);
    return error instanceof UsageError ? 2 : 1;
  }
}

process.exitCode = await main(process.argv);
// Nothing may keep a finished command alive (a pool's timer, a stray socket).
process.exit();
