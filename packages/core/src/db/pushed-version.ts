/**
 * The data version pushed by PostgreSQL (option `pushedVersion`), so that a cached answer costs no round trip.
 *
 * Without it, every cached answer on PostgreSQL waits for a version read started after it arrived
 * (`createVersionReader`): one round trip per event-loop turn at best, and with several instances each read is
 * shared by fewer answers. With it, each instance listens on a connection of its own: every commit that moves
 * the version notifies it (migration 0031), and reads use the version last pushed, at once.
 *
 * What keeps an answer from being stale, the protocol:
 * 1. An instance that answers from the pushed version holds a lease (`version_listeners`), renewed every third
 *    of `leaseMs` through its listening connection. It trusts the pushed version only while that connection
 *    is up and until `leaseMs` minus a third after it sent its last renewal (its own monotonic clock), and only
 *    once registered: it listens, writes its lease, *then* reads the version.
 * 2. It acknowledges every notification (`calendar_data_version_ack`: its lease and the version it knows now).
 * 3. A write of this service, once committed, reads the version and the unexpired, unfenced leases (after the
 *    commit: a lease written later belongs to an instance whose own version read sees the write), and answers
 *    only when each of them acknowledged that version. A lease silent for `ackTimeoutMs` is fenced (its
 *    renewal refused) and the writer waits until it ran out: by then its holder no longer trusts it.
 * 4. This instance's own writes: from their commit until they are acknowledged, its reads query the version.
 *
 * So an answer a writer gave is seen by every later read on any instance. Writes of programs that do not
 * take part (plain SQL, a service without the option) notify too, but are seen once their notification
 * arrives (milliseconds after their commit) rather than by the next read. A writer's wait is bounded:
 * `ackTimeoutMs` and the rest of a lease when an instance stops answering (a killed process, a frozen host).
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as wait } from 'node:timers/promises';
import { sql } from 'kysely';
import type { Logger } from '../logger.js';
import { forEveryRequest } from './cancellation.js';
import { DATA_VERSION_SQL } from './data-version.js';
import type { CalendarDatabase, ListenerConnection } from './database.js';

export interface PushedVersionOptions {
  /** How long a lease lasts unrenewed, in milliseconds (default 3,000); it is renewed every third of that. */
  leaseMs?: number;
  /** How long a writer waits for an instance's acknowledgement before it fences the instance off (default 1,000). */
  ackTimeoutMs?: number;
}

export interface PushedVersion {
  /** The version pushed to this instance when it may be trusted now, else undefined (then it is read). */
  read(): number | undefined;
  /**
   * A write of this process committed: until every listening instance acknowledged it, this one's reads
   * query the version; resolves when the writer may answer. Never rejects (a failure is logged).
   */
  afterWrite(): Promise<void>;
  /** Gives up the lease and closes the connection. */
  close(): Promise<void>;
}

const VERSIONS = 'calendar_data_version';
const ACKS = 'calendar_data_version_ack';
/** Waits between attempts to connect again, or to read the leases after a write. */
const RETRY_MS = 200;

/** Waits without keeping the process alive (a closing service is not held up by a pause). */
const sleep = (ms: number) => wait(ms, undefined, { ref: false });
/** Acknowledgements of leases not heard from for this long are forgotten. */
const FORGET_ACKS_MS = 60_000;

interface Waiter {
  readonly version: number;
  readonly waiting: Set<string>;
  readonly done: () => void;
}

export function startPushedVersion(
  database: Pick<CalendarDatabase, 'kysely' | 'openListener'>,
  options: PushedVersionOptions,
  logger: Logger,
): PushedVersion {
  const openListener = database.openListener;
  if (!openListener) throw new TypeError('pushedVersion needs a PostgreSQL database');
  const leaseMs = options.leaseMs ?? 3000;
  const ackTimeoutMs = options.ackTimeoutMs ?? 1000;
  if (!(leaseMs >= 30) || !(ackTimeoutMs > 0))
    throw new RangeError('pushedVersion: leaseMs must be at least 30 and ackTimeoutMs above 0');
  const trustMs = leaseMs - leaseMs / 3;

  let closed = false;
  let listener: ListenerConnection | undefined;
  /** This instance's schema: notifications name theirs (one database may hold several calendars). */
  let schema = '';
  /** This instance's lease, once registered. */
  let holder: string | undefined;
  let known = 0;
  let trustedUntil = 0;
  let ownWrites = 0;
  let renewing = false;
  let ack: { inFlight: boolean; again: boolean } = { inFlight: false, again: false };
  /** The highest version each lease acknowledged (any schema's: leases are unique), and when. */
  const acked = new Map<string, { version: number; at: number }>();
  const waiters = new Set<Waiter>();
  /** Leases of this instance's lost connections, until deleted: no write waits for them. */
  const dropped = new Set<string>();

  const sendAck = () => {
    const connection = listener;
    const lease = holder;
    if (!connection || !lease) return;
    if (ack.inFlight) {
      ack.again = true;
      return;
    }
    const state = ack;
    state.inFlight = true;
    connection.query('select pg_notify($1, $2)', [ACKS, `${lease} ${known}`]).then(
      () => {
        state.inFlight = false;
        if (state.again) {
          state.again = false;
          sendAck();
        }
      },
      (error: unknown) => drop(connection, error),
    );
  };

  const heard = (lease: string, version: number) => {
    const before = acked.get(lease);
    acked.set(lease, { version: Math.max(version, before?.version ?? 0), at: performance.now() });
    for (const waiter of waiters) {
      if (version >= waiter.version && waiter.waiting.delete(lease) && waiter.waiting.size === 0)
        waiter.done();
    }
  };

  const notification = (channel: string, payload: string) => {
    const space = payload.indexOf(' ');
    const name = payload.slice(0, space);
    const version = Number(payload.slice(space + 1));
    if (space < 1 || !Number.isSafeInteger(version)) return;
    if (channel === VERSIONS && name === schema) {
      if (version > known) known = version;
      sendAck();
    } else if (channel === ACKS) heard(name, version);
  };

  /** Stops trusting, closes the connection and connects again (unless closing). */
  const drop = (connection: ListenerConnection, error: unknown) => {
    if (listener !== connection) return;
    listener = undefined;
    trustedUntil = 0;
    if (holder) forgetLease(holder);
    holder = undefined;
    ack = { inFlight: false, again: false };
    void connection.close();
    if (closed) return;
    logger.warn({ err: error }, 'the pushed data version is lost for now: reads query it until it is back');
    void sleep(RETRY_MS).then(connect);
  };

  /** A lease this instance no longer holds: deleted (through the pool), and no write waits for it meanwhile. */
  const forgetLease = (lease: string) => {
    dropped.add(lease);
    // Kept a lease longer: a write may have read the row before it was deleted.
    const forget = () => setTimeout(() => dropped.delete(lease), leaseMs).unref();
    sql`delete from version_listeners where holder = ${lease}`.execute(database.kysely).then(forget, forget);
  };

  const register = async (connection: ListenerConnection) => {
    const lease = randomUUID();
    const sent = performance.now();
    await connection.query(
      `insert into version_listeners (holder, expires) values ($1, now() + $2 * interval '1 millisecond')`,
      [lease, leaseMs],
    );
    // After the lease is written: a write that committed before this read is seen here, one after it waits
    // for this lease's acknowledgement (point 3).
    const [row] = await connection.query<{ version: string | number }>(DATA_VERSION_SQL);
    if (listener !== connection) return;
    known = Math.max(known, Number(row?.version ?? 0));
    holder = lease;
    trustedUntil = sent + trustMs;
    sendAck();
    logger.info({ lease, version: known }, 'listening for the data version: cached reads use the pushed one');
  };

  const connect = async (): Promise<void> => {
    while (!closed && !listener) {
      let connection: ListenerConnection | undefined;
      try {
        connection = await openListener({
          notification,
          lost: (error) => connection && drop(connection, error),
        });
        if (closed) return void (await connection.close());
        listener = connection;
        const [row] = await connection.query<{ schema: string }>('select current_schema() as schema');
        schema = row?.schema ?? 'public';
        // Its acknowledgements and renewals need no flush to disk: a crash ends every listener's session.
        await connection.query('set synchronous_commit = off');
        await connection.query(`listen ${VERSIONS}`);
        await connection.query(`listen ${ACKS}`);
        await register(connection);
        return;
      } catch (error) {
        // A connection that was up connects again through `drop`; one that never was, here.
        if (connection && listener === connection) return drop(connection, error);
        void connection?.close();
        if (closed) return;
        logger.warn({ err: error }, 'could not listen for the data version; trying again');
        await sleep(RETRY_MS * 5);
      }
    }
  };

  const renew = async () => {
    const connection = listener;
    const lease = holder;
    if (renewing || !connection || !lease) return;
    renewing = true;
    try {
      const sent = performance.now();
      const renewed = await connection.query(
        `update version_listeners set expires = now() + $2 * interval '1 millisecond'
          where holder = $1 and not fenced returning holder`,
        [lease, leaseMs],
      );
      if (listener !== connection || holder !== lease) return;
      if (renewed.length === 1) trustedUntil = sent + trustMs;
      else {
        // Fenced off by a writer that did not hear from this instance in time: a new lease, a new version read.
        logger.warn('this instance was fenced off the pushed data version; it registers again');
        trustedUntil = 0;
        holder = undefined;
        forgetLease(lease);
        await register(connection);
      }
      const old = performance.now() - FORGET_ACKS_MS;
      for (const [name, heardOf] of acked) if (heardOf.at < old) acked.delete(name);
    } catch (error) {
      drop(connection, error);
    } finally {
      renewing = false;
    }
  };

  const renewal = setInterval(() => void renew(), leaseMs / 3);
  renewal.unref();
  void connect();

  /** The version after a write's commit and the leases that must acknowledge it; retried, bounded. */
  const leasesAfterCommit = async (): Promise<{ version: number; leases: string[] } | undefined> => {
    const giveUpAt = performance.now() + 2 * leaseMs;
    for (;;) {
      try {
        const { rows } = await sql<{ version: string | number; leases: string[] }>`
          select (select version from data_version where id = 1) as version,
            array(select holder from version_listeners where expires > now() and not fenced) as leases`.execute(
          database.kysely,
        );
        const row = rows[0];
        return { version: Number(row?.version ?? 0), leases: row?.leases ?? [] };
      } catch (error) {
        if (performance.now() > giveUpAt) {
          logger.error(
            { err: error },
            'could not read which instances must see a write: answered without their acknowledgement',
          );
          return undefined;
        }
        await sleep(RETRY_MS);
      }
    }
  };

  /** Fences off the leases that did not acknowledge in time and waits until they ran out. */
  const fenceOff = async (leases: string[]) => {
    logger.warn(
      { leases },
      'instances did not acknowledge a write in time: fenced off until their leases end',
    );
    try {
      const { rows } = await sql<{ left_ms: string | number | null }>`
        update version_listeners set fenced = true where holder = any(${leases})
          returning greatest(0, extract(epoch from expires - now()) * 1000) as left_ms`.execute(
        database.kysely,
      );
      const longest = Math.max(0, ...rows.map((row) => Number(row.left_ms ?? 0)));
      if (longest > 0) await sleep(Math.ceil(longest) + 10);
    } catch (error) {
      // Unfenced, they may renew: waiting out one lease is all that can be done.
      logger.error({ err: error }, 'could not fence off silent instances; waited out one lease instead');
      await sleep(leaseMs);
    }
  };

  const publish = async () => {
    const after = await leasesAfterCommit();
    if (!after) return;
    const waiting = new Set(
      after.leases.filter((lease) => !dropped.has(lease) && (acked.get(lease)?.version ?? 0) < after.version),
    );
    if (waiting.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    let waiter: Waiter | undefined;
    await new Promise<void>((resolve) => {
      waiter = { version: after.version, waiting, done: resolve };
      waiters.add(waiter);
      timer = setTimeout(resolve, ackTimeoutMs);
    });
    clearTimeout(timer);
    if (waiter) waiters.delete(waiter);
    if (waiting.size > 0) await fenceOff([...waiting]);
  };

  return {
    read() {
      if (ownWrites > 0 || holder === undefined || performance.now() >= trustedUntil) return undefined;
      return known;
    },
    afterWrite() {
      ownWrites += 1;
      // The write committed: what follows is done even if its client goes (not cancelled with its request).
      return forEveryRequest(publish)
        .catch((error: unknown) =>
          logger.error({ err: error }, 'the pushed data version failed after a write'),
        )
        .finally(() => {
          ownWrites -= 1;
        });
    },
    async close() {
      closed = true;
      clearInterval(renewal);
      const connection = listener;
      const lease = holder;
      listener = undefined;
      holder = undefined;
      trustedUntil = 0;
      for (const waiter of waiters) waiter.done();
      if (!connection) return;
      if (lease) {
        // Nothing is answered from it any more: writers under way need not wait for it.
        await connection
          .query('select pg_notify($1, $2)', [ACKS, `${lease} ${Number.MAX_SAFE_INTEGER}`])
          .catch(() => {});
        await connection.query('delete from version_listeners where holder = $1', [lease]).catch(() => {});
      }
      await connection.close();
    },
  };
}
