/**
 * `/webhooks`: the webhooks of the service, for administrators only (service.ts says what each does). Outside
 * the data version: never cached, and their writes leave the data's version and ETags as they are.
 */

import { isAdministrator } from '../../auth/capabilities.js';
import { texts } from '../../i18n/descriptions.js';
import type { RequestContext } from '../../route-table/context.js';
import { pageParams, resolvePaging, totalHeaders } from '../../route-table/pagination.js';
import { param } from '../../route-table/params.js';
import { defineRoute, type OperationResult, type RouteDefinition } from '../../route-table/route.js';
import { decodeChangeToken } from '../changes/token.js';
import { endpointsChanged } from './endpoint-signal.js';
import {
  deliveryListSchema,
  WEBHOOK_TYPES,
  webhookDeletedSchema,
  webhookListSchema,
  webhookSchema,
  webhookUpdateSchema,
  webhookWithSecretSchema,
} from './schema.js';
import {
  createWebhook,
  listWebhookDeliveries,
  listWebhooks,
  type Page,
  readWebhook,
  removeWebhook,
  replayWebhook,
  updateWebhook,
  WEBHOOK_DESCRIPTION_MAX_LENGTH,
  type WebhookContext,
  webhookDescriptionProblem,
  webhookTypesProblem,
} from './service.js';
import { WEBHOOK_URL_MAX_LENGTH, webhookTargetCheck, webhookUrlProblem } from './target.js';

const mayManage = (context: RequestContext) => isAdministrator(context.principal);

function webhookContext(context: RequestContext): WebhookContext {
  return {
    db: context.db,
    now: context.now,
    checkTarget: webhookTargetCheck(context.config),
    userId: context.principal?.userId ?? null,
    changed: () => endpointsChanged(context.database),
  };
}

/** A page as the term lists write it: the items, the page links, the totals (body and headers). */
function pageAnswer<T>(
  context: RequestContext,
  key: string,
  path: string,
  page: Page<T>,
  paging: { page: number; perPage: number },
): OperationResult {
  const totalPages = page.total === 0 ? 0 : Math.ceil(page.total / paging.perPage);
  const restUrl = context.urls.rest(path);
  const at = (n: number) => `${restUrl}?page=${n}&per_page=${paging.perPage}`;
  const body: Record<string, unknown> = { [key]: page.items, rest_url: at(paging.page) };
  const links: string[] = [];
  if (paging.page < totalPages) {
    body.next_rest_url = at(paging.page + 1);
    links.push(`<${body.next_rest_url}>; rel="next"`);
  }
  if (paging.page > 1) {
    body.previous_rest_url = at(paging.page - 1);
    links.push(`<${body.previous_rest_url}>; rel="prev"`);
  }
  body.total = page.total;
  body.total_pages = totalPages;
  return { body, headers: totalHeaders(page.total, totalPages, links) };
}

const id = param.id<RequestContext, true>(texts('The webhook’s id.', 'Die ID des Webhooks.'), {
  required: true,
});

function urlParam<R extends boolean>(required: R) {
  return param.string<RequestContext, R>(
    texts(
      'Where to send the changes: an absolute `https` (or `http`) URL, without a user name or password.',
      'Wohin die Änderungen gesendet werden: eine absolute `https`- (oder `http`-) URL, ohne Benutzername oder Passwort.',
    ),
    { required, maxLength: WEBHOOK_URL_MAX_LENGTH, validate: (url) => webhookUrlProblem(url) ?? true },
  );
}

const types = param.list(
  WEBHOOK_TYPES,
  texts(
    'The kinds of record whose changes are sent (`event`, `venue`, `organizer`, `category`, `tag`); empty or absent: all.',
    'Die Arten von Datensätzen, deren Änderungen gesendet werden (`event`, `venue`, `organizer`, `category`, `tag`); leer oder fehlend: alle.',
  ),
  { validate: (list) => webhookTypesProblem(list) ?? true },
);

const description = param.string<RequestContext>(
  texts('A note for administrators.', 'Eine Notiz für Administratoren.'),
  {
    maxLength: WEBHOOK_DESCRIPTION_MAX_LENGTH,
    validate: (text) => webhookDescriptionProblem(text) ?? true,
  },
);

const updateParams = {
  id,
  url: urlParam(false),
  types,
  description,
  status: param.enumeration<RequestContext>(
    ['active', 'disabled'],
    texts(
      '`disabled` stops the deliveries; `active` resumes them from where they stopped, tried at once.',
      '`disabled` hält die Zustellungen an; `active` setzt sie dort fort, wo sie anhielten, sofort versucht.',
    ),
  ),
  rotate_secret: param.boolean<RequestContext>(
    texts(
      '`true`: a new signing secret, shown in this answer only; the previous one signs too for 24 hours.',
      '`true`: ein neues Signaturgeheimnis, nur in dieser Antwort angezeigt; das vorige signiert noch 24 Stunden mit.',
    ),
  ),
};

export function webhookRoutes(): RouteDefinition[] {
  const common = { authorize: mayManage, outsideDataVersion: true } as const;
  return [
    defineRoute({
      ...common,
      name: 'webhooks.list',
      path: '/webhooks',
      methods: ['GET'],
      summary: texts('List the webhooks (administrators).', 'Die Webhooks auflisten (Administratoren).'),
      params: pageParams,
      operation: async (context, params) => {
        const paging = resolvePaging(params, context.config);
        const page = await listWebhooks(webhookContext(context), paging);
        return pageAnswer(context, 'webhooks', '/webhooks', page, paging);
      },
      response: webhookListSchema,
    }),
    defineRoute({
      ...common,
      name: 'webhooks.create',
      path: '/webhooks',
      methods: ['POST'],
      summary: texts(
        'Register a webhook (administrators): from now on every change of the types it names is sent to it, signed as Standard Webhooks say, in commit order. The answer holds the signing secret, shown only here.',
        'Einen Webhook registrieren (Administratoren): ab jetzt wird ihm jede Änderung der genannten Arten gesendet, signiert nach Standard Webhooks, in Commit-Reihenfolge. Die Antwort enthält das Signaturgeheimnis, nur hier angezeigt.',
      ),
      params: { url: urlParam(true), types, description },
      operation: async (context, params) => {
        // The parameters' validation checked the types' names.
        const webhook = await createWebhook(webhookContext(context), {
          ...params,
          types: params.types as string[] | undefined,
        });
        return {
          status: 201,
          body: webhook,
          headers: { Location: context.urls.rest(`/webhooks/${webhook.id}`) },
        };
      },
      response: webhookWithSecretSchema,
    }),
    defineRoute({
      ...common,
      name: 'webhooks.read',
      path: '/webhooks/{id}',
      methods: ['GET'],
      summary: texts('Read a webhook (administrators).', 'Einen Webhook lesen (Administratoren).'),
      params: { id },
      operation: async (context, params) => ({ body: await readWebhook(webhookContext(context), params.id) }),
      response: webhookSchema,
    }),
    defineRoute({
      ...common,
      name: 'webhooks.update',
      path: '/webhooks/{id}',
      methods: ['POST', 'PUT', 'PATCH'],
      summary: texts(
        'Change a webhook (administrators; omitted fields keep their values): its address, types, note, status, or its secret (`rotate_secret`).',
        'Einen Webhook ändern (Administratoren; fehlende Felder bleiben unverändert): Adresse, Arten, Notiz, Status oder sein Geheimnis (`rotate_secret`).',
      ),
      params: updateParams,
      operation: async (context, { id: webhookId, ...update }) => ({
        body: await updateWebhook(webhookContext(context), webhookId, {
          ...update,
          types: update.types as string[] | undefined,
          status: update.status as 'active' | 'disabled' | undefined,
        }),
      }),
      response: webhookUpdateSchema,
    }),
    defineRoute({
      ...common,
      name: 'webhooks.delete',
      path: '/webhooks/{id}',
      methods: ['DELETE'],
      summary: texts(
        'Delete a webhook and its delivery attempts for good (administrators).',
        'Einen Webhook und seine Zustellversuche endgültig löschen (Administratoren).',
      ),
      params: { id },
      operation: async (context, params) => ({
        body: { deleted: true, previous: await removeWebhook(webhookContext(context), params.id) },
      }),
      response: webhookDeletedSchema,
    }),
    defineRoute({
      ...common,
      name: 'webhooks.deliveries',
      path: '/webhooks/{id}/deliveries',
      methods: ['GET'],
      summary: texts(
        'A webhook’s delivery attempts, newest first (administrators): when, the HTTP status answered, how long, what went wrong.',
        'Die Zustellversuche eines Webhooks, neueste zuerst (Administratoren): wann, der beantwortete HTTP-Status, wie lange, was schiefging.',
      ),
      params: { id, ...pageParams },
      operation: async (context, params) => {
        const paging = resolvePaging(params, context.config);
        const page = await listWebhookDeliveries(webhookContext(context), params.id, paging);
        return pageAnswer(context, 'deliveries', `/webhooks/${params.id}/deliveries`, page, paging);
      },
      response: deliveryListSchema,
    }),
    defineRoute({
      ...common,
      name: 'webhooks.replay',
      path: '/webhooks/{id}/replay',
      methods: ['POST'],
      summary: texts(
        'Send a webhook the changes after a sync token again (administrators), and enable it. A token older than the changes kept answers 410 `rest_sync_token_expired`.',
        'Einem Webhook die Änderungen nach einem Sync-Token erneut senden (Administratoren) und ihn aktivieren. Ein Token, älter als die aufbewahrten Änderungen, ergibt 410 `rest_sync_token_expired`.',
      ),
      params: {
        id,
        since: param.string<RequestContext, true>(
          texts(
            'The sync token after which to send again (a change’s `token`, a `next_token` of GET /changes, a delivery’s `token` or a webhook’s `position`).',
            'Das Sync-Token, nach dem erneut gesendet wird (das `token` einer Änderung, ein `next_token` von GET /changes, das `token` eines Zustellversuchs oder die `position` eines Webhooks).',
          ),
          {
            required: true,
            validate: (value) =>
              decodeChangeToken(value) !== undefined || 'since is not a sync token of this service.',
          },
        ),
      },
      operation: async (context, params) => ({
        body: await replayWebhook(webhookContext(context), params.id, params.since),
      }),
      response: webhookSchema,
    }),
  ];
}
