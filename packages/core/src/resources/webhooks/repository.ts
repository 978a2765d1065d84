/**
 * The webhooks' SQL (migration 0024): endpoints by id and in pages, their writes, and their delivery
 * attempts newest first. Every write is one statement, so none needs a transaction of its own.
 */
import { sql, type Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { WebhooksTable } from '../../db/schema.js';
import type { ChangePosition } from '../changes/token.js';

export interface WebhookRow {
  id: number;
  url: string;
  types: string;
  description: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_utc: string | null;
  status: 'active' | 'disabled';
  disabled_reason: string | null;
  cursor_version: number;
  cursor_id: number;
  attempts: number;
  next_attempt_utc: string | null;
  author_id: number | null;
  created_utc: string;
  modified_utc: string;
}

export interface DeliveryRow {
  id: number;
  change_version: number;
  change_id: number;
  message_id: string;
  attempt: number;
  attempted_utc: string;
  status: number | null;
  duration_ms: number;
  error: string | null;
}

const COLUMNS = [
  'id',
  'url',
  'types',
  'description',
  'secret',
  'previous_secret',
  'previous_secret_expires_utc',
  'status',
  'disabled_reason',
  'cursor_version',
  'cursor_id',
  'attempts',
  'next_attempt_utc',
  'author_id',
  'created_utc',
  'modified_utc',
] as const;

/** PostgreSQL's bigint columns come back as strings. */
function webhookOf(row: Record<(typeof COLUMNS)[number], unknown>): WebhookRow {
  return {
    ...(row as unknown as WebhookRow),
    id: Number(row.id),
    cursor_version: Number(row.cursor_version),
    cursor_id: Number(row.cursor_id),
    attempts: Number(row.attempts),
  };
}

export async function findWebhook(db: Db, id: number): Promise<WebhookRow | undefined> {
  const row = await db.selectFrom('webhooks').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  return row && webhookOf(row);
}

/** A page of webhooks in the order they were made, and how many there are. */
export async function findWebhookPage(
  db: Db,
  paging: { offset: number; perPage: number },
): Promise<{ rows: WebhookRow[]; total: number }> {
  const rows = await db
    .selectFrom('webhooks')
    .select(COLUMNS)
    .orderBy('id')
    .limit(paging.perPage)
    .offset(paging.offset)
    .execute();
  const counted = await db
    .selectFrom('webhooks')
    .select(sql<number | string>`count(*)`.as('n'))
    .executeTakeFirst();
  return { rows: rows.map(webhookOf), total: Number(counted?.n ?? 0) };
}

export interface NewWebhook {
  url: string;
  types: string;
  description: string;
  secret: string;
  cursor: ChangePosition;
  authorId: number | null;
  nowUtc: string;
}

export async function insertWebhook(db: Db, webhook: NewWebhook): Promise<number> {
  const row = await db
    .insertInto('webhooks')
    .values({
      url: webhook.url,
      types: webhook.types,
      description: webhook.description,
      secret: webhook.secret,
      previous_secret: null,
      previous_secret_expires_utc: null,
      disabled_reason: null,
      cursor_version: webhook.cursor.version,
      cursor_id: webhook.cursor.id,
      next_attempt_utc: null,
      lease_holder: null,
      lease_expires_utc: null,
      author_id: webhook.authorId,
      created_utc: webhook.nowUtc,
      modified_utc: webhook.nowUtc,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** What an update changes; `rotateTo` moves the current secret to `previous_secret`, valid until `previousUntil`. */
export interface WebhookChanges {
  url?: string;
  types?: string;
  description?: string;
  status?: { status: 'active' } | { status: 'disabled'; reason: string };
  /** Starts the endpoint afresh: no failed attempts, the next change tried at once. */
  resetAttempts?: boolean;
  cursor?: ChangePosition;
  rotateTo?: { secret: string; previousUntil: string };
  nowUtc: string;
}

export async function updateWebhookRow(db: Db, id: number, changes: WebhookChanges): Promise<void> {
  const set: Updateable<WebhooksTable> = { modified_utc: changes.nowUtc };
  if (changes.url !== undefined) set.url = changes.url;
  if (changes.types !== undefined) set.types = changes.types;
  if (changes.description !== undefined) set.description = changes.description;
  if (changes.status) {
    set.status = changes.status.status;
    set.disabled_reason = changes.status.status === 'disabled' ? changes.status.reason : null;
  }
  if (changes.resetAttempts) {
    set.attempts = 0;
    set.next_attempt_utc = null;
  }
  if (changes.cursor) {
    set.cursor_version = changes.cursor.version;
    set.cursor_id = changes.cursor.id;
  }
  await db
    .updateTable('webhooks')
    .set((eb) => ({
      ...set,
      // An UPDATE reads the row as it was: the old secret moves while the new one takes its place.
      ...(changes.rotateTo
        ? {
            previous_secret: eb.ref('secret'),
            previous_secret_expires_utc: changes.rotateTo.previousUntil,
            secret: changes.rotateTo.secret,
          }
        : {}),
    }))
    .where('id', '=', id)
    .execute();
}

/** Removes the webhook and (by the foreign key's cascade) its attempts; resolves with whether it existed. */
export async function deleteWebhookRow(db: Db, id: number): Promise<boolean> {
  // SQLite enforces the cascade only with foreign keys on; deleting the attempts first holds on both.
  await db.deleteFrom('webhook_deliveries').where('webhook_id', '=', id).execute();
  const result = await db.deleteFrom('webhooks').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A page of a webhook's delivery attempts, newest first, and how many there are. */
export async function findDeliveryPage(
  db: Db,
  webhookId: number,
  paging: { offset: number; perPage: number },
): Promise<{ rows: DeliveryRow[]; total: number }> {
  const rows = await db
    .selectFrom('webhook_deliveries')
    .select([
      'id',
      'change_version',
      'change_id',
      'message_id',
      'attempt',
      'attempted_utc',
      'status',
      'duration_ms',
      'error',
    ])
    .where('webhook_id', '=', webhookId)
    .orderBy('id', 'desc')
    .limit(paging.perPage)
    .offset(paging.offset)
    .execute();
  const counted = await db
    .selectFrom('webhook_deliveries')
    .select(sql<number | string>`count(*)`.as('n'))
    .where('webhook_id', '=', webhookId)
    .executeTakeFirst();
  return {
    rows: rows.map((row) => ({
      id: Number(row.id),
      change_version: Number(row.change_version),
      change_id: Number(row.change_id),
      message_id: row.message_id,
      attempt: Number(row.attempt),
      attempted_utc: row.attempted_utc,
      status: row.status === null ? null : Number(row.status),
      duration_ms: Number(row.duration_ms),
      error: row.error,
    })),
    total: Number(counted?.n ?? 0),
  };
}
