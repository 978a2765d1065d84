/**
 * What a host passes to `createCalendarCore`: the plain settings of `ConfigOptions` and what it plugs in (the
 * database, authentication, logging, extensions, caching and the edge's limits).
 *
 * @example
 * const options: CalendarCoreOptions = {
 *   database,
 *   siteUrl: 'https://example.org',
 *   timezone: 'Europe/Berlin',
 *   rateLimit: true,
 *   logger: pino(),
 * };
 */
import type { Principal } from './auth/principal.js';
import type { ConfigOptions, TicketProvider } from './config.js';
import type { CalendarDatabase } from './db/database.js';
import type { PushedVersionOptions } from './db/pushed-version.js';
import type { CompressionOptions } from './http/compression.js';
import type { RateLimitOptions } from './http/rate-limit.js';
import type { CoreRequest } from './http/types.js';
import type { Logger } from './logger.js';
import type { ChangeStreamOptions } from './resources/changes/feed.js';
import type { ChangePrunerOptions } from './resources/changes/pruner.js';
import type { HorizonKeeperOptions } from './resources/events/series/index.js';
import type { WebhookDelivererOptions } from './resources/webhooks/delivery/deliverer.js';

/** A read replica with its settings (`CalendarCoreOptions.readReplica`). */
export interface ReadReplicaOptions {
  /** The standby, opened as the primary is (`createPostgresDatabase` on its URL, the same schema). */
  database: CalendarDatabase;
  /**
   * How long, in milliseconds, a user's reads after their write need the version it committed at (default
   * 5,000; 0: only the `Calendar-Min-Data-Version` header a client sends back says it).
   */
  pinMs?: number;
  /** How long, in milliseconds, a replica that failed is left alone before reads try it again (default 5,000). */
  retryMs?: number;
}

export interface CalendarCoreOptions extends ConfigOptions {
  database: CalendarDatabase;
  ticketProvider?: TicketProvider;
  /** The clock; tests fix it. */
  clock?: () => Date;
  /** Replaces the built-in API-key authentication. */
  authenticate?: (request: CoreRequest) => Promise<Principal | null> | Principal | null;
  logger?: Logger;
  /**
   * Keep GET answers, list totals, and the venues and organizers that answers embed, until the data changes
   * (default true). Changes by other programs writing the database count too when they move the data version
   * (the schema's data-version triggers do for plain SQL); off, nothing is kept, list totals included, and every
   * request reads the database (the protocol: cache/index.ts).
   */
  cache?: boolean;
  /**
   * The former name of `cache`, read when `cache` is not given.
   * @deprecated Use `cache`; this alias goes in the release after 0.2.
   */
  responseCache?: boolean;
  /**
   * PostgreSQL, several instances: each instance listens for the data version PostgreSQL pushes at every
   * commit, so a cached answer needs no version read, and a write answers once every listening instance
   * acknowledged it (the protocol: db/pushed-version.ts). Off by default; `true` takes the defaults (a 3 s
   * lease, 1 s for an acknowledgement). Writes of programs that do not listen are then seen milliseconds
   * after their commit instead of by the next read. No effect with `cache: false`; refused on SQLite.
   */
  pushedVersion?: boolean | PushedVersionOptions;
  /**
   * Rate limiting per client address and API key, and a brake on failed authentications and wrong event
   * passwords (see `RateLimitOptions`): off by default in the library (the host may limit already); `true`
   * takes the defaults (600 requests a minute per address, 1200 per key, 10 failures a minute per address).
   */
  rateLimit?: boolean | RateLimitOptions;
  /**
   * gzip and brotli of answers of 1 KiB and more, as `Accept-Encoding` asks (see `CompressionOptions`):
   * on by default; `false` when something in front compresses already.
   */
  compression?: boolean | CompressionOptions;
  /**
   * The horizon keeper, which extends recurring events' occurrences as the clock moves: on by default, a
   * background round at once and then every 15 minutes (`{ intervalMs }` sets it), off the request path,
   * on timers that never keep the process alive; `core.close()` stops it. With several instances on one
   * PostgreSQL database, one at a time extends (a lease). `false`: never started; the host calls
   * `core.horizonKeeper.runRound()` itself (or starts it with `core.horizonKeeper.start()`).
   */
  horizonKeeper?: boolean | HorizonKeeperOptions;
  /**
   * The change log's pruner, which removes changes older than `changeRetentionDays`: on by default, a round
   * at once and then every hour (`{ intervalMs }`), off the request path; `core.close()` stops it. `false`:
   * never started; the host calls `core.changePruner.runRound()` itself.
   */
  changePruner?: boolean | ChangePrunerOptions;
  /**
   * The webhook deliverer, which sends the change log to the registered webhooks (Standard Webhooks, in log
   * order per endpoint, retried on the specification's schedule): on by default, a round after each write of
   * this process and every second for those of others (`{ pollMs, timeoutMs, maxResponseBytes, concurrency,
   * retrySchedule }`); with several instances on one PostgreSQL database, one at a time serves an endpoint (a
   * lease). `core.close()` stops it after the request under way. `false`: never started; the host calls
   * `core.webhookDeliverer.runRound()` itself.
   */
  webhookDeliverer?: boolean | WebhookDelivererOptions;
  /**
   * The live stream of changes (`GET /changes/stream`): how often a waiting stream looks at the log (`pollMs`,
   * default 500 ms; a write of this process wakes the streams at once), the heartbeat (`heartbeatMs`, 15 s),
   * the streams held at most (`maxStreams`, 1,000; more answer 503), how long one lasts (`maxDurationMs`,
   * 30 min) and the `retry:` it tells EventSource (`retryMs`, 2 s). `core.close()` ends every stream.
   */
  changeStream?: ChangeStreamOptions;
  /**
   * A PostgreSQL streaming replica (a hot standby) that GET requests are read from when it has replayed what
   * the caller must see: the data version of the caller's last write (the `Calendar-Data-Version` a write
   * answers with, sent back as `Calendar-Min-Data-Version`, or a pin of `pinMs` after a write by the same
   * user), and the position of a sync token; else the primary answers. A replica that fails is left alone for
   * `retryMs` and the read runs on the primary. Writes, the reads inside them, the live stream and the
   * background workers use the primary. PostgreSQL only; `core.close()` closes it too.
   */
  readReplica?: CalendarDatabase | ReadReplicaOptions;
}
