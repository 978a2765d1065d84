/**
 * `calendar-events serve`: the standalone service, its options (each also from the environment) and its run
 * until SIGTERM or SIGINT.
 */
import type { RateLimitOptions } from '@calendar-events/core';
import { type Command, Option } from 'commander';
import {
  corsOrigins,
  currencySymbol,
  databaseOption,
  hostName,
  httpUrl,
  integer,
  label,
  logFormat,
  logLevel,
  namespace,
  postgresUrl,
  timeZone,
  UsageError,
} from './cli-arguments.js';
import type { CliOutput } from './cli-output.js';
import { createLogger } from './logger.js';
import { type RunningServer, type StartServerOptions, startServer } from './server.js';
import type { ServerTimeouts } from './transport.js';

/**
 * The one warning of a start without `--site-url`: permalinks, feed UIDs and `global_id`s are built from the
 * site URL, so without it they name this machine (the demo's own address, or core's `localhost` default).
 */
export function siteUrlWarning(siteUrl: string, demo: boolean): string {
  const what = demo ? "the demo's own address" : 'a default';
  return (
    `warning: --site-url is not set: permalinks (url), feed UIDs and global_ids use ${siteUrl} (${what}); ` +
    'set --site-url (SITE_URL) to the public web site\n'
  );
}

/** Serves until SIGTERM or SIGINT, then shuts down gracefully and exits 0. */
async function serve(
  output: CliOutput,
  options: Omit<StartServerOptions, 'cors' | 'rateLimit' | 'newTermsPerHour' | 'timeouts' | 'logger'> & {
    /** What the command line says: given with a default (`port`, `host`, `database`, `adapter`). */
    port: number;
    host: string;
    database: string;
    adapter: 'express' | 'fastify';
    cors?: '*' | string[];
    rateLimit?: number | false;
    rateLimitKey?: number;
    rateLimitFailures?: number;
    newTermsPerHour?: number;
    requestTimeout?: number;
    headersTimeout?: number;
    keepAliveTimeout?: number;
    statementTimeout?: number;
    webhookTimeout?: number;
    readReplicaPin?: number;
  },
): Promise<void> {
  const onPostgres = /^postgres(ql)?:/.test(options.database);
  if (options.readReplica !== undefined && !onPostgres)
    throw new UsageError(
      '--read-replica needs a PostgreSQL --database (postgres://…): SQLite has no read replicas.',
    );
  if (options.pushedVersion && !onPostgres)
    throw new UsageError(
      '--pushed-version needs a PostgreSQL --database (postgres://…): on SQLite the version is read in process.',
    );
  const logger = createLogger(logLevel(), { format: logFormat() });
  const {
    cors,
    rateLimit,
    rateLimitKey,
    rateLimitFailures,
    newTermsPerHour,
    requestTimeout,
    headersTimeout,
    keepAliveTimeout,
    statementTimeout,
    webhookTimeout,
    readReplicaPin,
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
    // 0: no budget of new terms.
    ...(newTermsPerHour !== undefined ? { newTermsPerHour: newTermsPerHour || false } : {}),
    timeouts,
    ...(statementTimeout !== undefined ? { statementTimeoutMs: statementTimeout * 1000 } : {}),
    ...(webhookTimeout !== undefined ? { webhookDeliverer: { timeoutMs: webhookTimeout * 1000 } } : {}),
    ...(readReplicaPin !== undefined ? { readReplicaPinMs: readReplicaPin * 1000 } : {}),
    logger,
  });
  if (server.demoAdministratorKey) output.stderr(`demo administrator key: ${server.demoAdministratorKey}\n`);
  if (!server.siteUrlGiven) output.stderr(siteUrlWarning(server.siteUrl, options.demo === true));
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

/** Adds `serve` to the program. */
export function serveCommand(program: Command, output: CliOutput): void {
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
      new Option(
        '--site-name <name>',
        "the site's name, as WordPress's site title: names the iCalendar feeds",
      )
        .env('SITE_NAME')
        .argParser(label),
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
        '--change-retention-days <n>',
        'how long GET /changes keeps a change, in days; older sync tokens answer 410 (default 30)',
      )
        .env('CHANGE_RETENTION_DAYS')
        .argParser(integer(1, 3650)),
    )
    .addOption(
      new Option(
        '--namespace <ns>',
        'API namespace (default calendar/events/v1; tribe/events/v1 for plugin clients)',
      )
        .env('NAMESPACE')
        .argParser(namespace),
    )
    .addOption(
      new Option(
        '--webhook-timeout <s>',
        "seconds a webhook delivery may take, answer included (default 10); a killed instance's deliveries are taken over after 3 times this, at least 10 s",
      )
        .env('WEBHOOK_TIMEOUT')
        .argParser(integer(1, 600)),
    )
    .addOption(
      new Option(
        '--webhook-allow-private',
        'let webhooks be sent to private, loopback and link-local addresses (a receiver on this host or network)',
      ).env('WEBHOOK_ALLOW_PRIVATE'),
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
      new Option(
        '--new-terms-per-hour <n>',
        'new categories and tags one user below editor may create an hour (default 200; 0: no limit)',
      )
        .env('NEW_TERMS_PER_HOUR')
        .argParser(integer(0, 1_000_000)),
    )
    .addOption(
      new Option('--no-compression', 'never gzip or brotli answers (something in front compresses)').env(
        'NO_COMPRESSION',
      ),
    )
    .addOption(
      new Option(
        '--no-pages',
        'serve the API only: no calendar at / and no event, venue or category pages',
      ).env('NO_PAGES'),
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
    .addOption(
      new Option(
        '--statement-timeout <s>',
        'PostgreSQL: seconds one statement may run before it is cancelled and answered 503 (default 30; 0: no limit)',
      )
        .env('STATEMENT_TIMEOUT')
        .argParser(integer(0, 3600)),
    )
    .addOption(
      new Option(
        '--read-replica <url>',
        'PostgreSQL: a streaming standby of --database that GET requests read from once it has replayed what the caller wrote',
      )
        .env('READ_REPLICA_URL')
        .argParser(postgresUrl),
    )
    .addOption(
      new Option(
        '--read-replica-pin <s>',
        "with --read-replica: seconds a user's reads after their write wait for the replica to have it (default 5; 0: only the Calendar-Min-Data-Version header)",
      )
        .env('READ_REPLICA_PIN')
        .argParser(integer(0, 3600)),
    )
    .addOption(
      new Option(
        '--pushed-version',
        'PostgreSQL, several instances: cached reads use the data version PostgreSQL pushes to each instance, and a write answers once every instance has it',
      ).env('PUSHED_VERSION'),
    )
    .option('--demo', 'fill an empty database with a demo calendar and print an administrator key')
    .option('--no-response-cache', 'answer every GET from the database (to measure the query path)')
    .action((options: Parameters<typeof serve>[1]) => serve(output, options));
}
