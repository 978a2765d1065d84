import { authenticateWithApiKey } from './auth/api-keys.js';
import { resolveHostPrincipal } from './auth/host-principals.js';
import { createCaches } from './cache/index.js';
import { type CalendarConfig, resolveConfig } from './config.js';
import type { CalendarDatabase } from './db/database.js';
import { type PushedVersion, startPushedVersion } from './db/pushed-version.js';
import { DEFAULT_REPLICA_RETRY_MS } from './db/read-replica.js';
import { DATABASE_RETRY_AFTER_SECONDS } from './errors/catalog.js';
import { createEdge } from './http/edge.js';
import { createDispatcher } from './http/handle.js';
import type { ReadReplica } from './http/read-replica.js';
import { DEFAULT_PIN_MS } from './http/read-your-writes.js';
import { addressPath } from './http/request-url.js';
import { jsonResponse } from './http/respond.js';
import type { CoreRequest, CoreResponse } from './http/types.js';
import { type Logger, silentLogger } from './logger.js';
import type { CalendarCoreOptions } from './options.js';
import { createChangeFeed } from './resources/changes/feed.js';
import { type ChangePruner, createChangePruner } from './resources/changes/pruner.js';
import { createHorizonKeeper, type HorizonKeeper } from './resources/events/series/index.js';
import { createScheduledPublisher } from './resources/posts/publish-due.js';
import { type WebhookAdmin, webhookAdminOver } from './resources/webhooks/admin.js';
import { createWebhookDeliverer, type WebhookDeliverer } from './resources/webhooks/delivery/deliverer.js';
import { webhookTargetCheck } from './resources/webhooks/target.js';
import type { RouteDefinition } from './route-table/route.js';
import { buildRouteTable } from './routes.js';

export interface CalendarCore {
  readonly config: CalendarConfig;
  readonly database: CalendarDatabase;
  /** The route table (data): what the adapters, the namespace index and /doc are built from. */
  readonly routes: readonly RouteDefinition[];
  /**
   * Answers one HTTP request. Adapters call this and write the result unchanged.
   *
   * @example
   * const response = await core.handle({ method: 'GET', url: '/calendar/events/v1/events', mountPath: '', headers: {} });
   * // { status: 200, headers: { 'Content-Type': 'application/json; charset=UTF-8', 'X-WP-Total': '0', … },
   * //   body: '{"events":[],"rest_url":…,"total":0,"total_pages":0}' }
   */
  handle(request: CoreRequest): Promise<CoreResponse>;
  /**
   * The path, relative to where an adapter is mounted, under which the API of an address lives:
   * `/calendar/events/v1`, or `/de/calendar/events/v1` for `language: 'de'` (SPEC §2).
   * @throws RangeError for a language that is not configured.
   */
  namespacePath(language?: string): string;
  /** `GET /healthz`: the process answers (no I/O). */
  health(): CoreResponse;
  /** `GET /readyz`: the database answers. */
  ready(): Promise<CoreResponse>;
  readonly logger: Logger;
  /**
   * The horizon keeper: extends recurring events' occurrences as the clock moves, in the background (option
   * `horizonKeeper`). `runRound()` runs a round at once, for hosts that schedule it themselves.
   */
  readonly horizonKeeper: HorizonKeeper;
  /** Removes changes older than `changeRetentionDays` from the change log, in the background (option `changePruner`). */
  readonly changePruner: ChangePruner;
  /** The webhooks, managed as the administrators' routes manage them (`add`, `list`, `update`, `replay`, …). */
  readonly webhooks: WebhookAdmin;
  /**
   * The live streams of changes (`GET /changes/stream`, option `changeStream`): how many are open, and
   * `close()` to end them all and admit no more, resolved once they ended (a server's shutdown does so before it
   * waits for its requests: a stream never ends by itself).
   */
  readonly changeStreams: { readonly open: number; close(): Promise<void> };
  /** Sends the change log to the registered webhooks, in the background (option `webhookDeliverer`). */
  readonly webhookDeliverer: WebhookDeliverer;
  /**
   * Ends the live streams, stops the horizon keeper, the change pruner and the webhook deliverer (after their
   * step or request under way), then closes the database.
   */
  close(): Promise<void>;
}

/**
 * Creates the service over a database. Call `database.migrate()` first (the CLI and the server do).
 *
 * @example
 * import { createCalendarCore } from '@calendar-events/core';
 * import { createSqliteDatabase } from '@calendar-events/core/sqlite';
 *
 * const database = createSqliteDatabase('calendar.db');
 * await database.migrate();
 * const core = createCalendarCore({ database, timezone: 'Europe/Berlin' });
 */
export function createCalendarCore(options: CalendarCoreOptions): CalendarCore {
  const config = resolveConfig(options);
  const database = options.database;
  const logger = options.logger ?? silentLogger;
  const changeFeed = createChangeFeed({ database, logger, options: options.changeStream });
  const routes = buildRouteTable(config, changeFeed);
  database.useLogger?.(logger);
  const clock = options.clock ?? (() => new Date());
  const authenticate = options.authenticate
    ? async (request: CoreRequest) => {
        const principal = (await options.authenticate!(request)) ?? null;
        return principal && resolveHostPrincipal(database, principal, logger, clock());
      }
    : (request: CoreRequest) => authenticateWithApiKey(database.kysely, request.headers);
  const delivererOption = options.webhookDeliverer ?? true;
  const webhookDeliverer = createWebhookDeliverer({
    database,
    logger,
    clock,
    allowPrivate: config.webhookAllowPrivate,
    options: typeof delivererOption === 'object' ? delivererOption : undefined,
  });
  // `responseCache` is the deprecated name of `cache` (options.ts).
  const cacheEnabled = options.cache ?? options.responseCache ?? true;
  const pushed = pushedVersionOf(options, cacheEnabled, logger);
  const keptAnswers = createCaches(database, { enabled: cacheEnabled, pushed });
  // A write of this process is a change the deliverer sends and the live streams follow at once, without
  // waiting for their poll.
  const caches: typeof keptAnswers = {
    ...keptAnswers,
    afterWrite() {
      const acknowledged = keptAnswers.afterWrite();
      webhookDeliverer.wake();
      changeFeed.wake();
      return acknowledged;
    },
  };
  const replica = readReplicaOf(options, database);
  const publishDue = createScheduledPublisher();
  const horizonOption = options.horizonKeeper ?? true;
  const horizonKeeper = createHorizonKeeper({
    database,
    config,
    logger,
    clock,
    afterWrite: () => caches.afterWrite(),
    options: typeof horizonOption === 'object' ? horizonOption : undefined,
  });
  const prunerOption = options.changePruner ?? true;
  const changePruner = createChangePruner({
    database,
    logger,
    clock,
    retentionDays: config.changeRetentionDays,
    options: typeof prunerOption === 'object' ? prunerOption : undefined,
  });
  const dispatcher = createDispatcher({
    config,
    database,
    routes,
    clock,
    authenticate,
    logger,
    ticketProvider: options.ticketProvider,
    caches,
    replica,
    beforeEachRequest: (now) => publishDue(database, now),
  });
  // Rate limiting and compression around the dispatcher (http/edge.ts).
  const handle = createEdge(
    {
      config,
      logger,
      rateLimit: options.rateLimit,
      compression: options.compression,
      clock: () => clock().getTime(),
    },
    dispatcher.handle,
  );
  if (horizonOption !== false) horizonKeeper.start();
  if (prunerOption !== false) changePruner.start();
  if (delivererOption !== false) webhookDeliverer.start();
  return {
    config,
    database,
    routes,
    logger,
    handle,
    horizonKeeper,
    changePruner,
    webhooks: webhookAdminOver(database, webhookTargetCheck(config), clock),
    webhookDeliverer,
    changeStreams: {
      get open() {
        return changeFeed.open;
      },
      close: () => changeFeed.close(),
    },
    namespacePath(language) {
      // Adapters ask this once, at mount: a language the service does not serve is a configuration mistake
      // that would otherwise answer every request with 404.
      if (language !== undefined && !config.languages.includes(language))
        throw new RangeError(
          `language "${language}" is not one of the configured languages (${config.languages.join(', ')})`,
        );
      return addressPath(config, language);
    },
    health: () => jsonResponse(200, { status: 'ok' }, { 'Cache-Control': 'no-store' }),
    async ready() {
      try {
        await database.ping();
        return jsonResponse(200, { status: 'ready' }, { 'Cache-Control': 'no-store' });
      } catch (error) {
        logger.warn({ err: error }, 'readiness check failed: the database does not answer');
        return jsonResponse(
          503,
          { status: 'unavailable' },
          { 'Cache-Control': 'no-store', 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
        );
      }
    },
    async close() {
      await changeFeed.close();
      await Promise.all([horizonKeeper.stop(), changePruner.stop(), webhookDeliverer.stop()]);
      await caches.close();
      await Promise.all([database.destroy(), replica?.database.destroy()]);
    },
  };
}

/** The pushed data version of the options: PostgreSQL only, and of use only to the caches. */
function pushedVersionOf(
  options: CalendarCoreOptions,
  cacheEnabled: boolean,
  logger: Logger,
): PushedVersion | undefined {
  const given = options.pushedVersion;
  if (!given || !cacheEnabled) return undefined;
  if (!options.database.openListener)
    throw new TypeError('pushedVersion needs a PostgreSQL database: SQLite reads its version in process');
  return startPushedVersion(options.database, given === true ? {} : given, logger);
}

/** The read replica of the options, with its own caches; refused on SQLite, which has no replicas to read. */
function readReplicaOf(options: CalendarCoreOptions, primary: CalendarDatabase): ReadReplica | undefined {
  const given = options.readReplica;
  if (given === undefined) return undefined;
  const { database, pinMs, retryMs } = 'kysely' in given ? { database: given } : given;
  if (primary.traits.name !== 'postgres' || database.traits.name !== 'postgres')
    throw new TypeError(
      'readReplica needs a PostgreSQL database and a PostgreSQL standby of it; SQLite has no read replicas',
    );
  database.useLogger?.(options.logger ?? silentLogger);
  return {
    database,
    caches: createCaches(database, { enabled: options.cache ?? options.responseCache ?? true }),
    pinMs: pinMs ?? DEFAULT_PIN_MS,
    retryMs: retryMs ?? DEFAULT_REPLICA_RETRY_MS,
  };
}
