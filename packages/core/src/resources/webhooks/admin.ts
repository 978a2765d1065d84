/**
 * The webhooks as a library manages them (`core.webhooks`, and the CLI through `createWebhookAdmin`): the
 * same operations as the routes, with the same checks, without HTTP. Failures are the routes' `ApiError`s
 * (`rest_invalid_param`, `rest_webhook_invalid_id`, `rest_sync_token_expired`).
 */

import { type ConfigOptions, resolveConfig } from '../../config.js';
import type { CalendarDatabase } from '../../db/database.js';
import { endpointsChanged } from './endpoint-signal.js';
import {
  createWebhook,
  listWebhookDeliveries,
  listWebhooks,
  type Page,
  readWebhook,
  removeWebhook,
  replayWebhook,
  updateWebhook,
  type Webhook,
  type WebhookContext,
  type WebhookDelivery,
  type WebhookInput,
  type WebhookUpdate,
  type WebhookWithSecret,
} from './service.js';
import { type WebhookTargetCheck, webhookTargetCheck } from './target.js';

export interface WebhookPageOptions {
  /** From 1 (default 1). */
  page?: number;
  /** Default 100, at most 1000. */
  perPage?: number;
}

export interface WebhookAdmin {
  /** Registers a webhook; the answer holds its secret, which nothing shows again. */
  add(input: WebhookInput & { authorId?: number }): Promise<WebhookWithSecret>;
  /** Webhooks in the order they were made. */
  list(options?: WebhookPageOptions): Promise<Page<Webhook>>;
  get(id: number): Promise<Webhook>;
  /** Changes what `update` names; with `rotate_secret: true` the answer holds the new secret. */
  update(id: number, update: WebhookUpdate): Promise<Webhook | WebhookWithSecret>;
  /** Removes a webhook and its delivery attempts; resolves with it as it was. */
  remove(id: number): Promise<Webhook>;
  /** Moves the webhook to the sync token `since` and enables it. */
  replay(id: number, since: string): Promise<Webhook>;
  /** Its delivery attempts, newest first. */
  deliveries(id: number, options?: WebhookPageOptions): Promise<Page<WebhookDelivery>>;
}

const MAX_PER_PAGE = 1000;

function pagingOf(options: WebhookPageOptions = {}) {
  const page = Math.max(1, Math.floor(options.page ?? 1));
  const perPage = Math.min(MAX_PER_PAGE, Math.max(1, Math.floor(options.perPage ?? 100)));
  return { offset: (page - 1) * perPage, perPage };
}

/** The webhooks of `database`, with the target check given (core.ts passes its configuration's). */
export function webhookAdminOver(
  database: CalendarDatabase,
  checkTarget: WebhookTargetCheck,
  clock: () => Date = () => new Date(),
): WebhookAdmin {
  const context = (userId: number | null = null): WebhookContext => ({
    db: database.kysely,
    now: clock(),
    checkTarget,
    userId,
    changed: () => endpointsChanged(database),
  });
  return {
    add: ({ authorId, ...input }) => createWebhook(context(authorId ?? null), input),
    list: (options) => listWebhooks(context(), pagingOf(options)),
    get: (id) => readWebhook(context(), id),
    update: (id, update) => updateWebhook(context(), id, update),
    remove: (id) => removeWebhook(context(), id),
    replay: (id, since) => replayWebhook(context(), id, since),
    deliveries: (id, options) => listWebhookDeliveries(context(), id, pagingOf(options)),
  };
}

/**
 * The webhooks of a database outside a running core (the CLI): `options` are the service's settings, which
 * decide where webhooks may be sent.
 *
 * @example
 * const webhooks = createWebhookAdmin({ database });
 * const { id, secret } = await webhooks.add({ url: 'https://hooks.example.org/calendar', types: ['event'] });
 */
export function createWebhookAdmin(
  options: ConfigOptions & { database: CalendarDatabase; clock?: () => Date },
): WebhookAdmin {
  const { database, clock, ...settings } = options;
  return webhookAdminOver(database, webhookTargetCheck(resolveConfig(settings)), clock);
}
