/**
 * Where a read runs: on the read replica when one is configured, answers, and has replayed at least what the
 * caller must see (http/read-your-writes.ts); else on the primary. Writes, and reads inside them, run on the
 * primary, and so do the routes outside the data version (their data moves without it).
 *
 * Each database has caches of its own (cache/index.ts), keyed by the data version read on that database: an
 * answer computed on the replica is kept under the replica's version, never under the primary's newer one,
 * and the two never evict each other's entries by their different versions.
 *
 * A replica that fails (it cannot be reached, or cancels a read to go on replaying) is left alone for a while
 * (`retryMs`), and the read that met the failure runs again on the primary: the request does not fail.
 */
import type { UserPrincipal } from '../auth/principal.js';
import type { Caches } from '../cache/index.js';
import type { CalendarDatabase, Db } from '../db/database.js';
import { createReplicaHealth, isReplicaFailure } from '../db/read-replica.js';
import { readAgainIfCut } from '../db/unavailable.js';
import type { Logger } from '../logger.js';
import type { ParamBag } from '../route-table/params.js';
import type { RouteDefinition } from '../route-table/route.js';
import { type CachedGet, cacheKeyOf, createCachedGet } from './cached-get.js';
import { finishGet } from './etag.js';
import { createWriterPins, DATA_VERSION_HEADER, requiredVersion } from './read-your-writes.js';
import type { ReadOn } from './request-context.js';
import { header, type RequestTarget } from './request-url.js';
import type { CoreRequest, CoreResponse } from './types.js';

/** The read replica as the dispatcher takes it (core.ts builds it from the `readReplica` option). */
export interface ReadReplica {
  database: CalendarDatabase;
  /** Its own caches, keyed by its own data version. */
  caches: Caches;
  /** How long a writer's reads need what it wrote (0: only the version header says it). */
  pinMs: number;
  /** How long a replica that failed is left alone. */
  retryMs: number;
}

/** Runs a GET's operation on `db`, with the data version and caches of that database (request-context.ts). */
export type ReadRun = (db: Db, on: ReadOn) => Promise<CoreResponse>;

/** The GET to answer. */
export interface ReadSubject {
  request: CoreRequest;
  target: Pick<RequestTarget, 'root' | 'addressLanguage' | 'url' | 'method'>;
  route: Pick<RouteDefinition, 'clockDependent' | 'outsideDataVersion'>;
  params: ParamBag;
  /** Whether the request had a body (then its answer is not kept). */
  withBody: boolean;
  principal: UserPrincipal | null;
  now: Date;
}

export interface ReadRouting {
  /** A GET's answer: kept per address, URL and caller until the data changes (cached-get.ts), ETag and 304. */
  answer(subject: ReadSubject, run: ReadRun): Promise<CoreResponse>;
  /** A write's answer, with the version it committed at (or later) when a replica may serve its writer. */
  afterWrite(principal: UserPrincipal | null, answer: Promise<CoreResponse>): Promise<CoreResponse>;
}

/** A database a read may run on, with its caches. */
interface ReadTarget {
  db: Db;
  parts: ReadOn['parts'];
  cachedGet: CachedGet;
}

function targetOf(database: CalendarDatabase, caches: Caches): ReadTarget {
  return {
    db: database.kysely,
    parts: { counts: caches.counts, records: caches.records },
    cachedGet: createCachedGet(caches),
  };
}

/** The GET on `target`: its answer kept under that database's data version. */
function readOn(target: ReadTarget, subject: ReadSubject, run: ReadRun): Promise<CoreResponse> {
  const { request, target: address, route, principal } = subject;
  // Answers to requests without a body are kept per address, URL and caller; not those outside the version.
  const kept = !subject.withBody && route.outsideDataVersion !== true;
  const key = kept ? cacheKeyOf(address.root, address.addressLanguage, address.url, principal) : undefined;
  const second = Math.floor(subject.now.getTime() / 1000);
  return target.cachedGet(
    { key, second, clockDependent: route.clockDependent === true },
    (dataVersion) => run(target.db, { dataVersion, parts: target.parts }),
    (response) => finishGet(response, header(request, 'if-none-match'), address.method === 'HEAD'),
  );
}

export function createReadRouting(deps: {
  database: CalendarDatabase;
  caches: Caches;
  replica?: ReadReplica | undefined;
  logger: Logger;
  clock: () => Date;
}): ReadRouting {
  const { caches, replica, logger } = deps;
  const clock = () => deps.clock().getTime();
  const primary = targetOf(deps.database, caches);
  // A read on the primary whose connection was cut (a restart, a terminated backend) is asked again on another.
  const onPrimary = (subject: ReadSubject, run: ReadRun) =>
    readAgainIfCut(() => readOn(primary, subject, run));
  if (!replica) return { answer: onPrimary, afterWrite: (_, a) => a };

  const secondary = targetOf(replica.database, replica.caches);
  const health = createReplicaHealth(replica.retryMs);
  const pins = createWriterPins(replica.pinMs);
  const failed = (error: unknown) => {
    if (health.failed(clock()))
      logger.warn({ err: error }, 'read replica failed: reads go to the primary for now');
  };

  /** Whether the replica may answer a read that needs `required`: it answers and has replayed that far. */
  async function replicaServes(required: number): Promise<boolean> {
    if (!Number.isFinite(required) || !health.usable(clock())) return false;
    try {
      const version = await replica!.caches.version.read();
      if (health.answered()) logger.info('read replica answers again: reads go to it');
      return version !== undefined && version >= required;
    } catch (error) {
      failed(error);
      return false;
    }
  }

  return {
    async answer(subject, run) {
      const required =
        subject.route.outsideDataVersion === true
          ? Number.POSITIVE_INFINITY
          : requiredVersion(subject.request, subject.params, subject.principal, pins, clock());
      if (!(await replicaServes(required))) return onPrimary(subject, run);
      try {
        return await readOn(secondary, subject, run);
      } catch (error) {
        if (!isReplicaFailure(error)) throw error;
        failed(error);
        return onPrimary(subject, run);
      }
    },
    async afterWrite(principal, answer) {
      const response = await answer;
      if (response.status >= 400) return response;
      // Read after the commit: the write's own version or a later one, never an earlier one.
      const version = await Promise.resolve(caches.version.read()).catch((error: unknown) => {
        logger.warn(
          { err: error },
          'could not read the data version after a write: its writer reads the primary',
        );
        return undefined;
      });
      // The write is done whatever happens here: without its version, its writer reads the primary for the pin.
      if (principal) pins.pin(principal.userId, version ?? Number.POSITIVE_INFINITY, clock());
      if (version === undefined) return response;
      return { ...response, headers: { ...response.headers, [DATA_VERSION_HEADER]: String(version) } };
    },
  };
}
