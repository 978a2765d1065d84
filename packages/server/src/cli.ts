/**
 * `calendar-events`: the standalone service and its administration commands (SPEC §13).
 * Exit codes: 0 ok, 1 failure, 2 usage error, each failure with a one-line message on stderr. A usage error is
 * anything wrong with how the command was called (a missing command, an unknown option, an empty or malformed
 * value), found before any work starts; a failure is what goes wrong while doing the work (the database cannot
 * be opened, the user already exists, the port is taken).
 */

import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  type CalendarDatabase,
  connectDatabase,
  createApiKey,
  createUser,
  type RateLimitOptions,
  ROLES,
  type Role,
  revokeApiKey,
} from '@calendar-events/core';
import { Command, CommanderError, Option } from 'commander';
import packageJson from '../package.json' with { type: 'json' };
import {
  corsOrigins,
  currencySymbol,
  databaseOption,
  hostName,
  httpUrl,
  integer,
  label,
  logFormat,
  login,
  logLevel,
  namespace,
  timeZone,
  UsageError,
} from './cli-arguments.js';
import { importCommand } from './import-ics.js';
import { importTecCommand } from './import-tec/command.js';
import { createLogger } from './logger.js';
import { type RunningServer, startServer } from './server.js';
import type { ServerTimeouts } from './transport.js';

/** A group of commands called without one: one line, not commander's help on stderr. */
function requireSubcommand(group: Command, path: string): void {
  const names = group.commands.map((command) => command.name()).join(', ');
  group.exitOverride((error) => {
    if (error.code === 'commander.help' && error.exitCode !== 0) {
      throw new UsageError(`missing command (${names}); see ${path} --help`);
    }
    throw error;
  });
}

/** Without `--name`: the first of `default`, `key-2`, `key-3`, … the user has never used. */
async function unusedKeyName(database: CalendarDatabase, user: string): Promise<string> {
  const rows = await database.kysely
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.user_id')
    .select('api_keys.name')
    .where('users.login', '=', user)
    .execute();
  const used = new Set(rows.map((row) => row.name));
  if (!used.has('default')) return 'default';
  let number = 2;
  while (used.has(`key-${number}`)) number++;
  return `key-${number}`;
}

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

/** Where the CLI writes: the process's streams, or a test's buffers. */
export interface CliOutput {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Whether stderr is a terminal (progress lines are rewritten in place there). */
  stderrIsTTY?: boolean;
  /** What a `-` file argument reads (default: the process's stdin). */
  stdin?: AsyncIterable<Uint8Array | string>;
}

const processOutput: CliOutput = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  stderrIsTTY: process.stderr.isTTY === true,
};

/** Serves until SIGTERM or SIGINT, then shuts down gracefully and exits 0. */
async function serve(
  output: CliOutput,
  options: {
    port: number;
    host: string;
    database: string;
    adapter: 'express' | 'fastify';
    timezone?: string;
    currencySymbol?: string;
    currencyPosition?: 'prefix' | 'postfix';
    siteUrl?: string;
    apiUrl?: string;
    perPage?: number;
    maxPerPage?: number;
    recurrenceHorizonMonths?: number;
    namespace?: string;
    trustProxy?: boolean;
    cors?: '*' | string[];
    demo?: boolean;
    rateLimit?: number | false;
    rateLimitKey?: number;
    rateLimitFailures?: number;
    compression?: boolean;
    requestTimeout?: number;
    headersTimeout?: number;
    keepAliveTimeout?: number;
  },
): Promise<void> {
  const logger = createLogger(logLevel(), { format: logFormat() });
  const {
    cors,
    rateLimit,
    rateLimitKey,
    rateLimitFailures,
    requestTimeout,
    headersTimeout,
    keepAliveTimeout,
    ...rest
  } = options;
  const limits: RateLimitOptions = {};
  // 0 turns one limit off; --no-rate-limit all of them.
  if (rateLimit !== undefined && rateLimit !== false) limits.perAddress = rateLimit || false;
  if (rateLimitKey !== undefined) limits.perKey = rateLimitKey || false;
  if (rateLimitFailures !== undefined) limits.failures = rateLimitFailures || false;
  const timeouts: ServerTimeouts = {};
  if (requestTimeout !== undefined) timeouts.requestTimeoutMs = requestTimeout * 1000;
  if (headersTimeout !== undefined) timeouts.headersTimeoutMs = headersTimeout * 1000;
  if (keepAliveTimeout !== undefined) timeouts.keepAliveTimeoutMs = keepAliveTimeout * 1000;
  const server: RunningServer = await startServer({
    ...rest,
    ...(cors !== undefined ? { cors: { origins: cors } } : {}),
    rateLimit: rateLimit === false ? false : limits,
    timeouts,
    logger,
  });
  if (server.demoAdministratorKey) output.stderr(`demo administrator key: ${server.demoAdministratorKey}\n`);
  output.stdout(`listening on ${server.url}\n`);
  await new Promise<void>((resolve, reject) => {
    const stop = (signal: NodeJS.Signals) => {
      logger.info({ signal }, 'shutting down');
      server.close().then(resolve, reject);
    };
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  });
}

function buildProgram(output: CliOutput): Command {
  const print = (line: string) => output.stdout(`${line}\n`);
  const program = new Command('calendar-events')
    .description('The Calendar Events REST service (calendar/events/v1) and its administration.')
    .version(packageJson.version)
    .exitOverride()
    .showSuggestionAfterError()
    // Usage errors get one line from main(), never commander's message plus help on stderr.
    .configureOutput({ writeOut: output.stdout, writeErr: () => {}, outputError: () => {} });

  program
    .command('serve')
    .description('migrate the database, then serve the API under / (both addresses) until SIGTERM/SIGINT')
    .addOption(
      new Option('--port <port>', 'port; 0 picks a free one')
        .env('PORT')
        .default(8080)
        .argParser(integer(0, 65535)),
    )
    .addOption(
      new Option('--host <host>', 'interface to listen on')
        .env('HOST')
        .default('127.0.0.1')
        .argParser(hostName),
    )
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
      new Option(
        '--currency-symbol <symbol>',
        'default currency symbol, shown with costs sent without one (default $: "15" shows as $15)',
      )
        .env('CURRENCY_SYMBOL')
        .argParser(currencySymbol),
    )
    .addOption(
      new Option('--currency-position <position>', 'default currency symbol before or after the amount')
        .env('CURRENCY_POSITION')
        .choices(['prefix', 'postfix'])
        .default('prefix'),
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
    .addOption(
      new Option('--max-per-page <n>', 'largest page size; larger per_page values are capped (default 50)')
        .env('MAX_PER_PAGE')
        .argParser(integer(1, 1000)),
    )
    .addOption(
      new Option(
        '--recurrence-horizon-months <n>',
        'how far ahead recurring events have their occurrences, in months (default 24)',
      )
        .env('RECURRENCE_HORIZON_MONTHS')
        .argParser(integer(1, 120)),
    )
    .addOption(
      new Option(
        '--namespace <ns>',
        'API namespace (default calendar/events/v1; tribe/events/v1 for plugin clients)',
      )
        .env('NAMESPACE')
        .argParser(namespace),
    )
    .option('--trust-proxy', 'honour X-Forwarded-Proto and X-Forwarded-Host')
    .addOption(
      new Option('--cors <origins>', 'let browser pages on these origins call the API: * or a comma list')
        .env('CORS_ORIGINS')
        .argParser(corsOrigins),
    )
    .addOption(
      new Option('--rate-limit <n>', 'requests a minute per client address (default 600; 0: no limit)')
        .env('RATE_LIMIT')
        .argParser(integer(0, 1_000_000)),
    )
    .addOption(
      new Option('--no-rate-limit', 'no rate limiting and no brake on guessing at all').env('NO_RATE_LIMIT'),
    )
    .addOption(
      new Option('--rate-limit-key <n>', 'requests a minute per API key (default 1200; 0: no limit)')
        .env('RATE_LIMIT_KEY')
        .argParser(integer(0, 1_000_000)),
    )
    .addOption(
      new Option(
        '--rate-limit-failures <n>',
        'bad API keys and wrong event passwords a minute per address before 429 (default 10; 0: no brake)',
      )
        .env('RATE_LIMIT_FAILURES')
        .argParser(integer(0, 1_000_000)),
    )
    .addOption(
      new Option('--no-compression', 'never gzip or brotli answers (something in front compresses)').env(
        'NO_COMPRESSION',
      ),
    )
    .addOption(
      new Option('--request-timeout <s>', 'seconds to receive a whole request, body included (default 60)')
        .env('REQUEST_TIMEOUT')
        .argParser(integer(1, 3600)),
    )
    .addOption(
      new Option('--headers-timeout <s>', "seconds to receive a request's headers (default 20)")
        .env('HEADERS_TIMEOUT')
        .argParser(integer(1, 3600)),
    )
    .addOption(
      new Option('--keep-alive-timeout <s>', 'seconds an idle keep-alive connection stays open (default 72)')
        .env('KEEP_ALIVE_TIMEOUT')
        .argParser(integer(1, 3600)),
    )
    .option('--demo', 'fill an empty database with a demo calendar and print an administrator key')
    .option('--no-response-cache', 'answer every GET from the database (to measure the query path)')
    .action((options: Parameters<typeof serve>[1]) => serve(output, options));

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
    .addOption(new Option('--login <login>', 'login name').argParser(login).makeOptionMandatory())
    .addOption(new Option('--role <role>', 'role').choices(ROLES).makeOptionMandatory())
    .addOption(new Option('--name <name>', 'display name (default: the login)').argParser(label))
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
    .addOption(new Option('--user <login>', 'the user').argParser(login).makeOptionMandatory())
    .addOption(
      new Option('--name <name>', 'a name for the key (default: default, then key-2, key-3, …)').argParser(
        label,
      ),
    )
    .addOption(databaseOption())
    .option('--json', 'print {"key","user","name"}')
    .action(async (options: { user: string; name?: string; database: string; json?: boolean }) => {
      const { key, name } = await withDatabase(options.database, async (database) => {
        const name = options.name ?? (await unusedKeyName(database, options.user));
        return { key: await createApiKey(database.kysely, options.user, name), name };
      });
      if (options.json) print(JSON.stringify({ key, user: options.user, name }));
      else {
        print(key);
        output.stderr(`created key "${name}" for ${options.user}; it is shown only once\n`);
      }
    });
  keys
    .command('revoke')
    .description("revoke a user's key by name")
    .addOption(new Option('--user <login>', 'the user').argParser(login).makeOptionMandatory())
    .addOption(new Option('--name <name>', 'the name of the key').argParser(label).makeOptionMandatory())
    .addOption(databaseOption())
    .action(async (options: { user: string; name: string; database: string }) => {
      const revoked = await withDatabase(options.database, (database) =>
        revokeApiKey(database.kysely, options.user, options.name),
      );
      if (revoked === 0)
        throw new Error(`the user "${options.user}" has no active key named "${options.name}".`);
      print(`revoked key "${options.name}" of ${options.user}`);
    });

  const imports = importCommand(program, output, withDatabase);
  importTecCommand(imports, output, withDatabase);

  requireSubcommand(users, 'calendar-events users');
  requireSubcommand(imports, 'calendar-events import');
  requireSubcommand(keys, 'calendar-events keys');
  requireSubcommand(program, 'calendar-events');
  return program;
}

/** The first line of a failure's message (a driver's may run on; an AggregateError's is empty). */
function firstLine(error: unknown): string {
  const inner = error instanceof AggregateError && !error.message ? error.errors[0] : error;
  const message = inner instanceof Error ? inner.message || inner.name : String(inner);
  return message.split('\n')[0]!.trim();
}

/** Runs the CLI on `argv` (`process.argv`: node, script, arguments…) and resolves with the exit code. */
export async function main(argv: string[], output: CliOutput = processOutput): Promise<number> {
  try {
    await buildProgram(output).parseAsync(argv);
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version have printed on stdout. Commander's usage messages start with `error: ` and may
      // put a suggestion on a second line (`(Did you mean --port?)`): keep it, on the same line.
      if (error.exitCode === 0) return 0;
      const message =
        error.code === 'commander.help'
          ? 'error: missing command; see calendar-events --help'
          : error.message
              .split('\n')
              .map((line) => line.trim())
              .filter(Boolean)
              .join(' ');
      output.stderr(`${message}\n`);
      return 2;
    }
    output.stderr(`error: ${firstLine(error)}\n`);
    return error instanceof UsageError ? 2 : 1;
  }
}

/** Whether this module is the program being run (the bin, or `tsx src/cli.ts`), not imported by a test. */
function isEntryPoint(): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    // The installed bin is a symlink to dist/cli.js.
    return realpathSync(script) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntryPoint()) {
  process.exitCode = await main(process.argv);
  // Nothing may keep a finished command alive (a pool's timer, a stray socket).
  process.exit();
}
