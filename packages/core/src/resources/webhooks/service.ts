/**
 * Webhooks as administrators manage them, through the API, the CLI and the library alike: register one (it
 * starts at the change log's "now", so it receives the changes from then on), read, change, rotate its
 * secret, disable or enable it, move it back or forth in the log (replay), remove it, and read its delivery
 * attempts. The deliverer (./delivery/) does the sending; these functions only write what it reads.
 */

import { formatUtc } from '../../dates/format.js';
import type { Db } from '../../db/database.js';
import { apiError } from '../../errors/catalog.js';
import { invalidParam } from '../../errors/invalid-params.js';
import { readLogState } from '../changes/repository.js';
import { refuseUnusableToken } from '../changes/service.js';
import { decodeChangeToken, encodeChangeToken } from '../changes/token.js';
import {
  type DeliveryRow,
  deleteWebhookRow,
  findDeliveryPage,
  findWebhook,
  findWebhookPage,
  insertWebhook,
  updateWebhookRow,
  type WebhookChanges,
  type WebhookRow,
} from './repository.js';
import { WEBHOOK_TYPES, type WebhookType } from './schema.js';
import { newWebhookSecret, PREVIOUS_SECRET_MS } from './secret.js';
import { type WebhookTargetCheck, webhookUrlProblem } from './target.js';

/** Characters of a webhook's description. */
export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 1000;
/** Why an administrator's `status: disabled` disabled it. */
export const DISABLED_BY_ADMINISTRATOR = 'disabled by an administrator';

/** What every webhook operation works with. */
export interface WebhookContext {
  db: Db;
  now: Date;
  /** Where a webhook may be sent (target.ts); run after the caller's permission, for a new URL only. */
  checkTarget: WebhookTargetCheck;
  /** Who registers a new webhook; null from the CLI or the library. */
  userId: number | null;
  /** Called once an endpoint was added, changed or replayed (endpoint-signal.ts). */
  changed?: (() => void) | undefined;
}

export interface Webhook {
  id: number;
  url: string;
  /** The change types sent; empty: all. */
  types: WebhookType[];
  description: string;
  status: 'active' | 'disabled';
  disabled_reason: string | null;
  /** The sync token of the last change sent or passed over. */
  position: string;
  created_utc: string;
  modified_utc: string;
}

/** A webhook as a create or a rotation answers it: the only time the secret is shown. */
export interface WebhookWithSecret extends Webhook {
  secret: string;
}

export interface WebhookDelivery {
  id: number;
  attempted_utc: string;
  status: number | null;
  duration_ms: number;
  error: string | null;
  message_id: string;
  /** The sync token of the change this attempt sent. */
  token: string;
  attempt: number;
}

export interface WebhookInput {
  url: string;
  /** The change types to send; empty or absent: all. */
  types?: readonly string[] | undefined;
  description?: string | undefined;
}

export interface WebhookUpdate {
  url?: string | undefined;
  types?: readonly string[] | undefined;
  description?: string | undefined;
  status?: 'active' | 'disabled' | undefined;
  /** Makes a new secret; the old one signs too for 24 hours. */
  rotate_secret?: boolean | undefined;
}

export interface Page<T> {
  items: T[];
  total: number;
}

/** What is wrong with a list of change types, or undefined when nothing is. */
export function webhookTypesProblem(types: readonly unknown[]): string | undefined {
  const seen = new Set<unknown>();
  for (const type of types) {
    if (!(WEBHOOK_TYPES as readonly unknown[]).includes(type))
      return `types may name only ${WEBHOOK_TYPES.join(', ')}.`;
    if (seen.has(type)) return `types names ${String(type)} twice.`;
    seen.add(type);
  }
  return undefined;
}

export function webhookDescriptionProblem(description: string): string | undefined {
  return description.length > WEBHOOK_DESCRIPTION_MAX_LENGTH
    ? `description may be at most ${WEBHOOK_DESCRIPTION_MAX_LENGTH} characters long.`
    : undefined;
}

/** The same checks as the routes' parameters, for callers of the library (the routes have run them already). */
function checkInput(input: WebhookUpdate): void {
  const problems: Array<[string, string | undefined]> = [
    ['url', input.url === undefined ? undefined : webhookUrlProblem(input.url)],
    ['types', input.types === undefined ? undefined : webhookTypesProblem(input.types)],
    [
      'description',
      input.description === undefined ? undefined : webhookDescriptionProblem(input.description),
    ],
  ];
  for (const [name, problem] of problems) if (problem !== undefined) throw invalidParam(name, problem);
}

/** The target check of a URL about to be stored: a refused target is the `url` parameter's 400. */
async function checkTarget(context: WebhookContext, url: string): Promise<void> {
  const refused = await context.checkTarget(url);
  if (refused !== undefined)
    throw invalidParam('url', `url is not a target webhooks may be sent to: ${refused}.`);
}

export function webhookOf(row: WebhookRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    types: JSON.parse(row.types) as WebhookType[],
    description: row.description,
    status: row.status,
    disabled_reason: row.status === 'disabled' ? row.disabled_reason : null,
    position: encodeChangeToken({ version: row.cursor_version, id: row.cursor_id }),
    created_utc: row.created_utc,
    modified_utc: row.modified_utc,
  };
}

function deliveryOf(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    attempted_utc: row.attempted_utc,
    status: row.status,
    duration_ms: row.duration_ms,
    error: row.error,
    message_id: row.message_id,
    token: encodeChangeToken({ version: row.change_version, id: row.change_id }),
    attempt: row.attempt,
  };
}

async function existing(context: WebhookContext, id: number): Promise<WebhookRow> {
  const row = await findWebhook(context.db, id);
  if (!row) throw apiError('rest_webhook_invalid_id');
  return row;
}

async function current(context: WebhookContext, id: number): Promise<Webhook> {
  return webhookOf(await existing(context, id));
}

export async function createWebhook(
  context: WebhookContext,
  input: WebhookInput,
): Promise<WebhookWithSecret> {
  checkInput(input);
  await checkTarget(context, input.url);
  const secret = newWebhookSecret();
  const { now: cursor } = await readLogState(context.db);
  const id = await insertWebhook(context.db, {
    url: input.url,
    types: JSON.stringify(input.types ?? []),
    description: input.description ?? '',
    secret,
    cursor,
    authorId: context.userId,
    nowUtc: formatUtc(context.now),
  });
  context.changed?.();
  return { ...(await current(context, id)), secret };
}

export async function listWebhooks(
  context: WebhookContext,
  paging: { offset: number; perPage: number },
): Promise<Page<Webhook>> {
  const { rows, total } = await findWebhookPage(context.db, paging);
  return { items: rows.map(webhookOf), total };
}

export function readWebhook(context: WebhookContext, id: number): Promise<Webhook> {
  return current(context, id);
}

export async function updateWebhook(
  context: WebhookContext,
  id: number,
  update: WebhookUpdate,
): Promise<Webhook | WebhookWithSecret> {
  checkInput(update);
  const row = await existing(context, id);
  const changes: WebhookChanges = { nowUtc: formatUtc(context.now) };
  if (update.url !== undefined && update.url !== row.url) {
    await checkTarget(context, update.url);
    changes.url = update.url;
    // A new address is tried at once, not after the old one's back-off.
    changes.resetAttempts = true;
  }
  if (update.types !== undefined) changes.types = JSON.stringify(update.types);
  if (update.description !== undefined) changes.description = update.description;
  if (update.status === 'disabled' && row.status !== 'disabled')
    changes.status = { status: 'disabled', reason: DISABLED_BY_ADMINISTRATOR };
  if (update.status === 'active' && row.status !== 'active') {
    changes.status = { status: 'active' };
    changes.resetAttempts = true;
  }
  let secret: string | undefined;
  if (update.rotate_secret === true) {
    secret = newWebhookSecret();
    changes.rotateTo = {
      secret,
      previousUntil: formatUtc(new Date(context.now.getTime() + PREVIOUS_SECRET_MS)),
    };
  }
  await updateWebhookRow(context.db, id, changes);
  context.changed?.();
  const updated = await current(context, id);
  return secret === undefined ? updated : { ...updated, secret };
}

/** Removes a webhook and its delivery attempts; resolves with it as it was. */
export async function removeWebhook(context: WebhookContext, id: number): Promise<Webhook> {
  const previous = await current(context, id);
  if (!(await deleteWebhookRow(context.db, id))) throw apiError('rest_webhook_invalid_id');
  return previous;
}

/**
 * Moves the webhook to `since` (a sync token: a change's `token`, a `next_token`, a webhook's `position`) and
 * enables it: the changes after it are sent again, or those up to it passed over. A token before the
 * changes kept has expired, and one ahead of every change is another log's (410, with the token of now).
 */
export async function replayWebhook(context: WebhookContext, id: number, since: string): Promise<Webhook> {
  const position = decodeChangeToken(since);
  if (!position) throw invalidParam('since', 'since is not a sync token of this service.');
  await existing(context, id);
  const state = await readLogState(context.db);
  refuseUnusableToken(position, state);
  await updateWebhookRow(context.db, id, {
    cursor: position,
    status: { status: 'active' },
    resetAttempts: true,
    nowUtc: formatUtc(context.now),
  });
  context.changed?.();
  return current(context, id);
}

/** A page of a webhook's delivery attempts, newest first. */
export async function listWebhookDeliveries(
  context: WebhookContext,
  id: number,
  paging: { offset: number; perPage: number },
): Promise<Page<WebhookDelivery>> {
  await existing(context, id);
  const { rows, total } = await findDeliveryPage(context.db, id, paging);
  return { items: rows.map(deliveryOf), total };
}
