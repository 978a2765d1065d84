/**
 * The deliverer's SQL: claiming an endpoint that has changes waiting (its lease), moving its cursor, recording
 * attempts, disabling it, and keeping its attempts bounded. Every write that follows a claim names the holder
 * and the cursor it read, so that an instance whose lease lapsed, or an endpoint replayed meanwhile, is never
 * overwritten: the write changes nothing and the deliverer lets the endpoint go.
 */
import { sql } from 'kysely';
import type { CalendarDatabase, Db } from '../../../db/database.js';
import type { WebhooksTable } from '../../../db/schema.js';
import type { ChangePosition } from '../../changes/token.js';

export interface ClaimedEndpoint {
  id: number;
  url: string;
  types: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_utc: string | null;
  cursor: ChangePosition;
  attempts: number;
}

/** Attempts kept per endpoint: older ones go as new ones come. */
export const DELIVERIES_KEPT_PER_ENDPOINT = 1000;

/**
 * Takes the lease of one active endpoint that is due (no retry pending, or its time has come), has a change
 * after its cursor, and is not leased (or its lease lapsed: its holder died), other than those in `skip`.
 * PostgreSQL locks the candidate row for the claim's short transaction and skips rows another instance is
 * claiming at that moment; SQLite's one writer at a time orders claims anyway.
 */
export async function claimEndpoint(
  database: Pick<CalendarDatabase, 'kysely' | 'traits'>,
  holder: string,
  nowUtc: string,
  leaseUntilUtc: string,
  skip: readonly number[],
): Promise<ClaimedEndpoint | undefined> {
  const lock = database.traits.rowLocks ? sql`for update of w skip locked` : sql``;
  const skipped = skip.length > 0 ? sql`and w.id not in (${sql.join(skip)})` : sql``;
  return database.kysely.transaction().execute(async (trx) => {
    const { rows } = await sql<{ id: number | string }>`select w.id from webhooks as w
      where w.status = 'active' and (w.next_attempt_utc is null or w.next_attempt_utc <= ${nowUtc})
        and (w.lease_holder is null or w.lease_expires_utc <= ${nowUtc}) ${skipped}
        and exists (select 1 from change_log as c where (c.version, c.id) > (w.cursor_version, w.cursor_id))
      order by w.next_attempt_utc, w.id limit 1 ${lock}`.execute(trx);
    const candidate = rows[0];
    if (!candidate) return undefined;
    const id = Number(candidate.id);
    const claimed = await trx
      .updateTable('webhooks')
      .set({ lease_holder: holder, lease_expires_utc: leaseUntilUtc })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('lease_holder', 'is', null), eb('lease_expires_utc', '<=', nowUtc)]))
      .returning([
        'id',
        'url',
        'types',
        'secret',
        'previous_secret',
        'previous_secret_expires_utc',
        'cursor_version',
        'cursor_id',
        'attempts',
      ])
      .executeTakeFirst();
    return claimed && endpointOf(claimed);
  });
}

function endpointOf(
  row: Pick<
    WebhooksTable,
    'url' | 'secret' | 'previous_secret' | 'previous_secret_expires_utc' | 'cursor_version' | 'cursor_id'
  > & { id: number; types: string; attempts: number },
): ClaimedEndpoint {
  return {
    id: Number(row.id),
    url: row.url,
    types: row.types,
    secret: row.secret,
    previous_secret: row.previous_secret,
    previous_secret_expires_utc: row.previous_secret_expires_utc,
    cursor: { version: Number(row.cursor_version), id: Number(row.cursor_id) },
    attempts: Number(row.attempts),
  };
}

/** The rows of this holder's claim on `endpoint` as it was read: nobody replayed it, the lease still holds. */
function stillMine(db: Db, endpoint: ClaimedEndpoint, holder: string) {
  return db
    .updateTable('webhooks')
    .where('id', '=', endpoint.id)
    .where('lease_holder', '=', holder)
    .where('cursor_version', '=', endpoint.cursor.version)
    .where('cursor_id', '=', endpoint.cursor.id);
}

/**
 * Moves the cursor to `to` (a change delivered or passed over), clears the failing head's attempts and renews
 * the lease; false when the claim no longer holds.
 */
export async function advanceCursor(
  db: Db,
  endpoint: ClaimedEndpoint,
  holder: string,
  to: ChangePosition,
  leaseUntilUtc: string,
): Promise<boolean> {
  const result = await stillMine(db, endpoint, holder)
    .set({
      cursor_version: to.version,
      cursor_id: to.id,
      attempts: 0,
      next_attempt_utc: null,
      lease_expires_utc: leaseUntilUtc,
    })
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  endpoint.cursor = to;
  endpoint.attempts = 0;
  return true;
}

export interface AttemptRecord {
  changeVersion: number;
  changeId: number;
  messageId: string;
  attempt: number;
  attemptedUtc: string;
  status: number | null;
  durationMs: number;
  error: string | null;
}

export function insertAttempt(db: Db, webhookId: number, record: AttemptRecord) {
  return db
    .insertInto('webhook_deliveries')
    .values({
      webhook_id: webhookId,
      change_version: record.changeVersion,
      change_id: record.changeId,
      message_id: record.messageId,
      attempt: record.attempt,
      attempted_utc: record.attemptedUtc,
      status: record.status,
      duration_ms: record.durationMs,
      error: record.error,
    })
    .execute();
}

/** A delivered change: its attempt recorded and the cursor moved past it, together; false when the claim lapsed. */
export async function recordSuccess(
  database: Pick<CalendarDatabase, 'kysely'>,
  endpoint: ClaimedEndpoint,
  holder: string,
  record: AttemptRecord,
  leaseUntilUtc: string,
): Promise<boolean> {
  const to = { version: record.changeVersion, id: record.changeId };
  return database.kysely.transaction().execute(async (trx) => {
    await insertAttempt(trx, endpoint.id, record);
    return advanceCursor(trx, endpoint, holder, to, leaseUntilUtc);
  });
}

/**
 * A failed attempt, in one transaction with its consequence: the next attempt's time, or the endpoint
 * disabled (`disabledReason`); the lease given up either way, the cursor kept.
 */
export async function recordFailure(
  database: Pick<CalendarDatabase, 'kysely'>,
  endpoint: ClaimedEndpoint,
  holder: string,
  record: AttemptRecord,
  next: { nextAttemptUtc: string } | { disabledReason: string },
): Promise<void> {
  await database.kysely.transaction().execute(async (trx) => {
    await insertAttempt(trx, endpoint.id, record);
    await stillMine(trx, endpoint, holder)
      .set(
        'disabledReason' in next
          ? {
              status: 'disabled',
              disabled_reason: next.disabledReason,
              attempts: record.attempt,
              next_attempt_utc: null,
              lease_holder: null,
              lease_expires_utc: null,
            }
          : {
              attempts: record.attempt,
              next_attempt_utc: next.nextAttemptUtc,
              lease_holder: null,
              lease_expires_utc: null,
            },
      )
      .execute();
  });
}

/** Gives the lease up, when this holder still has it. */
export async function releaseEndpoint(db: Db, endpointId: number, holder: string): Promise<void> {
  await db
    .updateTable('webhooks')
    .set({ lease_holder: null, lease_expires_utc: null })
    .where('id', '=', endpointId)
    .where('lease_holder', '=', holder)
    .execute();
}

/** Keeps the newest `DELIVERIES_KEPT_PER_ENDPOINT` attempts of an endpoint. */
export async function pruneDeliveries(db: Db, endpointId: number): Promise<void> {
  await sql`delete from webhook_deliveries where webhook_id = ${endpointId} and id <= (
      select id from webhook_deliveries where webhook_id = ${endpointId}
      order by id desc limit 1 offset ${DELIVERIES_KEPT_PER_ENDPOINT})`.execute(db);
}

/** Whether any endpoint is active (due or not). */
export async function hasActiveEndpoint(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('webhooks')
    .select('id')
    .where('status', '=', 'active')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Disables an endpoint this holder still has as it read it, giving its lease up. */
export async function disableEndpoint(
  db: Db,
  endpoint: ClaimedEndpoint,
  holder: string,
  reason: string,
): Promise<void> {
  await stillMine(db, endpoint, holder)
    .set({
      status: 'disabled',
      disabled_reason: reason,
      next_attempt_utc: null,
      lease_holder: null,
      lease_expires_utc: null,
    })
    .execute();
}
