import { createServer } from 'node:net';
import {
  type CalendarCore,
  type CalendarCoreOptions,
  type CalendarDatabase,
  connectDatabase,
  createCalendarCore,
  DEFAULT_SITE_URL,
  type Logger,
  type RateLimitOptions,
} from '@calendar-events/core';
import { seedDemoCalendar } from './demo.js';
import { type AdapterName, createExpressApp, createFastifyApp, type HttpApp } from './http-app.js';
import type { ServerTimeouts } from './transport.js';

export const DEFAULT_DATABASE_URL = 'sqlite:./calendar.db';

export interface StartServerOptions {
  /** `sqlite:./file.db`, `sqlite::memory:` or `postgres://…` (default `sqlite:./calendar.db`). */
  database?: string;
  /** Default 8080; 0 picks a free port (see `RunningServer.port`). */
  port?: number;
  /** Default `127.0.0.1`. */
  host?: string;
  /** Default `fastify`. Both answer identically. */
  adapter?: AdapterName;
  /** Site time zone (default `UTC`). */
  timezone?: string;
  /** The site's default currency symbol, shown with costs sent without one (default `$`: `"15"` → `$15`). */
  currencySymbol?: string;
  /** Where the default currency symbol stands: `prefix` (default) or `postfix`. */
  currencyPosition?: 'prefix' | 'postfix';
  /** The public web site, for permalinks (`url`) and `global_id`. */
  siteUrl?: string;
  /** The site's name (WordPress's site title): the name of the iCalendar feeds (default: the site's host). */
  siteName?: string;
  /** The public root URL of the API, when it differs from the request's host (behind a proxy). */
  apiUrl?: string;
  perPage?: number;
  /** Largest page size; larger `per_page` values are capped (default 50). */
  maxPerPage?: number;
  /** How far ahead recurring events have their occurrences, in months (default 24). */
  recurrenceHorizonMonths?: number;
  /** How long the change log keeps a change, in days (core's `changeRetentionDays`, default 30). */
  changeRetentionDays?: number;
  /** Let webhooks be sent to private, loopback and link-local addresses (core's `webhookAllowPrivate`). */
  webhookAllowPrivate?: boolean;
  /**
   * The horizon keeper (core's `horizonKeeper`): on here, a background round at start and every 15 minutes,
   * one instance at a time on a shared database; `close()` stops it before the database closes.
   */
  horizonKeeper?: CalendarCoreOptions['horizonKeeper'];
  /** The webhook deliverer (core's `webhookDeliverer`): on here; an object sets its timeouts and pace. */
  webhookDeliverer?: CalendarCoreOptions['webhookDeliverer'];
  /** Default `calendar/events/v1`; `tribe/events/v1` serves clients written for the plugin (SPEC §2). */
  namespace?: string;
  /** Honour `X-Forwarded-Proto/Host`. */
  trustProxy?: boolean;
  /** Cross-origin access for browser pages on other origins (SPEC §4); off by default. */
  cors?: CalendarCoreOptions['cors'];
  /**
   * The public pages: `/` a calendar, and the permalinks the API hands out (`/event/<slug>/`, `/venue/…`,
   * `/organizer/…`, `/events/category/…`) as HTML (default true; the CLI's `--no-pages` turns them off).
   */
  pages?: boolean;
  /** Seed the demo calendar into an empty database. */
  demo?: boolean;
  /**
   * Keep GET answers until the data changes (core's `cache`, default true). Off, every request runs
   * its queries: the benchmark's `--no-response-cache` measures the query path this way.
   */
  responseCache?: boolean;
  /**
   * Rate limiting per client address and API key, and the brake on guessing (core's `rateLimit`): on by
   * default here (600 requests a minute per address, 1200 per key, 10 failures a minute per address);
   * `false` turns it off. Behind a proxy, set `trustProxy` too, or every client is the proxy.
   */
  rateLimit?: boolean | RateLimitOptions;
  /** New categories and tags one user may create an hour (core's `newTermsPerHour`, default 200; false: no limit). */
  newTermsPerHour?: number | false;
  /** gzip/brotli of answers of 1 KiB and more (core's `compression`, default on). */
  compression?: boolean;
  /**
   * PostgreSQL: how long one statement may run before it is cancelled and its request answered 503
   * `rest_database_timeout` with `Retry-After`, in milliseconds (default 30 s; 0: no limit). Migrations run
   * without it.
   */
  statementTimeoutMs?: number;
  /**
   * PostgreSQL: the URL of a streaming standby of `database` (core's `readReplica`): GET requests read from it
   * once it has replayed what the caller must see, else from the primary; the same statement timeout applies.
   */
  readReplica?: string;
  /** How long a user's reads after their write need it, in milliseconds (core's `readReplica.pinMs`, 5 s). */
  readReplicaPinMs?: number;
  /**
   * PostgreSQL, several instances: answer cached reads from the data version PostgreSQL pushes to this instance,
   * and answer a write once every instance listening so acknowledged it (core's `pushedVersion`; default off).
   */
  pushedVersion?: boolean;
  /** Request, header and keep-alive timeouts of the HTTP server (defaults: 60 s, 20 s, 72 s). */
  timeouts?: ServerTimeouts;
  /** Default: no logs. The CLI passes its pino logger. */
  logger?: Logger;
  /**
   * @internal A fixed clock for core and the demo seed, so that two servers hold byte-identical data (the
   * adapter parity test). Not a CLI option.
   */
  now?: Date;
}

export interface RunningServer {
  /** `http://HOST:PORT`, with the port actually bound. */
  url: string;
  host: string;
  port: number;
  adapter: AdapterName;
  core: CalendarCore;
  /** The key of the demo administrator, when `demo` seeded the database. */
  demoAdministratorKey?: string;
  /**
   * The site URL permalinks, feed UIDs and `global_id`s are built from: `siteUrl` when given; else, with `demo`,
   * the server's own address (so the demo's permalinks point at it); else core's default, `DEFAULT_SITE_URL`.
   */
  siteUrl: string;
  /** Whether `siteUrl` was given (`--site-url`), rather than derived or defaulted. */
  siteUrlGiven: boolean;
  /** Stops accepting, lets in-flight requests finish, then closes the database. */
  close(): Promise<void>;
}

const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };

function formatUrl(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** A port free on `host` now: the demo needs its port before it listens, to build its site URL from it. */
function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The demo's site URL: its own address (`localhost` for a wildcard host, which no browser can open). */
async function demoSiteUrl(host: string, port: number): Promise<{ siteUrl: string; port: number }> {
  const bound = port === 0 ? await freePort(host) : port;
  const reachable = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return { siteUrl: formatUrl(reachable, bound), port: bound };
}

/** Migrates the database, optionally seeds the demo, and serves both addresses under `/` (SPEC §2, §13). */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const logger = options.logger ?? silentLogger;
  const adapter = options.adapter ?? 'fastify';
  const host = options.host ?? '127.0.0.1';
  const fixedNow = options.now;
  const database: CalendarDatabase = await connectDatabase(
    options.database ?? DEFAULT_DATABASE_URL,
    options.statementTimeoutMs !== undefined ? { statementTimeoutMs: options.statementTimeoutMs } : {},
  );
  let core: CalendarCore | undefined;
  let app: HttpApp | undefined;
  let replica: CalendarDatabase | undefined;
  try {
    if (options.readReplica !== undefined)
      replica = await connectDatabase(
        options.readReplica,
        options.statementTimeoutMs !== undefined ? { statementTimeoutMs: options.statementTimeoutMs } : {},
      );
    let port = options.port ?? 8080;
    let siteUrl = options.siteUrl;
    if (siteUrl === undefined && options.demo) ({ siteUrl, port } = await demoSiteUrl(host, port));
    const applied = await database.migrate();
    if (applied.length > 0) logger.info({ migrations: applied }, 'database migrated');
    core = createCalendarCore({
      database,
      logger,
      geolocation: true,
      ...(options.timezone !== undefined ? { timezone: options.timezone } : {}),
      ...(options.currencySymbol !== undefined ? { currencySymbol: options.currencySymbol } : {}),
      ...(options.currencyPosition !== undefined ? { currencyPosition: options.currencyPosition } : {}),
      ...(siteUrl !== undefined ? { siteUrl } : {}),
      ...(options.siteName !== undefined ? { siteName: options.siteName } : {}),
      ...(options.apiUrl !== undefined ? { apiUrl: options.apiUrl } : {}),
      ...(options.perPage !== undefined ? { perPage: options.perPage } : {}),
      ...(options.maxPerPage !== undefined ? { maxPerPage: options.maxPerPage } : {}),
      ...(options.recurrenceHorizonMonths !== undefined
        ? { recurrenceHorizonMonths: options.recurrenceHorizonMonths }
        : {}),
      ...(options.changeRetentionDays !== undefined
        ? { changeRetentionDays: options.changeRetentionDays }
        : {}),
      ...(options.webhookAllowPrivate !== undefined
        ? { webhookAllowPrivate: options.webhookAllowPrivate }
        : {}),
      horizonKeeper: options.horizonKeeper ?? true,
      ...(options.webhookDeliverer !== undefined ? { webhookDeliverer: options.webhookDeliverer } : {}),
      ...(options.namespace !== undefined ? { namespace: options.namespace } : {}),
      ...(options.trustProxy !== undefined ? { trustProxy: options.trustProxy } : {}),
      ...(options.responseCache !== undefined ? { cache: options.responseCache } : {}),
      ...(options.pushedVersion ? { pushedVersion: true } : {}),
      ...(options.cors !== undefined ? { cors: options.cors } : {}),
      // On by default here, with the defaults for what an object leaves out.
      rateLimit: options.rateLimit ?? true,
      ...(options.newTermsPerHour !== undefined ? { newTermsPerHour: options.newTermsPerHour } : {}),
      ...(options.compression !== undefined ? { compression: options.compression } : {}),
      ...(fixedNow ? { clock: () => new Date(fixedNow) } : {}),
      ...(replica
        ? {
            readReplica: {
              database: replica,
              ...(options.readReplicaPinMs !== undefined ? { pinMs: options.readReplicaPinMs } : {}),
            },
          }
        : {}),
    });
    let demoAdministratorKey: string | undefined;
    if (options.demo) {
      const demo = await seedDemoCalendar(core, fixedNow ? { now: fixedNow } : {});
      if (demo.seeded) logger.info({ ...demo.counts }, 'demo calendar seeded');
      else logger.info('the database already has records: demo data not added');
      demoAdministratorKey = demo.administratorKey;
    }
    const timeouts = options.timeouts ?? {};
    app =
      adapter === 'express'
        ? createExpressApp(core, logger, { timeouts, pages: options.pages !== false })
        : await createFastifyApp(core, logger, { timeouts, pages: options.pages !== false });
    port = await app.listen(port, host);
    const url = formatUrl(host, port);
    logger.info({ url, adapter }, 'listening');
    const running = { app, core };
    let closing: Promise<void> | undefined;
    return {
      url,
      host,
      port,
      adapter,
      core,
      siteUrl: (siteUrl ?? DEFAULT_SITE_URL).replace(/\/+$/, ''),
      siteUrlGiven: options.siteUrl !== undefined,
      ...(demoAdministratorKey !== undefined ? { demoAdministratorKey } : {}),
      close() {
        closing ??= (async () => {
          // Live streams never end by themselves: they end first, so that the server's close waits for the
          // requests under way only.
          await running.core.changeStreams.close();
          await running.app.close();
          await running.core.close();
          logger.info('stopped');
        })();
        return closing;
      },
    };
  } catch (error) {
    await app?.close().catch(() => {});
    await (core ? core.close() : Promise.all([database.destroy(), replica?.destroy()])).catch(() => {});
    throw error;
  }
}
