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
  ROLES,
  type Role,
  revokeApiKey,
} from '@calendar-events/core';
import { Command, CommanderError, Option } from 'commander';
import packageJson from '../package.json' with { type: 'json' };
import { databaseOption, label, login, UsageError } from './cli-arguments.js';
import type { CliOutput } from './cli-output.js';
import { importCommand } from './import-ics.js';
import { importTecCommand } from './import-tec/command.js';
import { serveCommand } from './serve-command.js';
import { webhooksCommand } from './webhooks-command.js';

export type { CliOutput } from './cli-output.js';

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

const processOutput: CliOutput = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  stderrIsTTY: process.stderr.isTTY === true,
};

function buildProgram(output: CliOutput): Command {
  const print = (line: string) => output.stdout(`${line}\n`);
  const program = new Command('calendar-events')
    .description('The Calendar Events REST service (calendar/events/v1) and its administration.')
    .version(packageJson.version)
    .exitOverride()
    .showSuggestionAfterError()
    // Usage errors get one line from main(), never commander's message plus help on stderr.
    .configureOutput({ writeOut: output.stdout, writeErr: () => {}, outputError: () => {} });

  serveCommand(program, output);

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
  const webhooks = webhooksCommand(program, output, withDatabase);

  requireSubcommand(users, 'calendar-events users');
  requireSubcommand(imports, 'calendar-events import');
  requireSubcommand(keys, 'calendar-events keys');
  requireSubcommand(webhooks, 'calendar-events webhooks');
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
