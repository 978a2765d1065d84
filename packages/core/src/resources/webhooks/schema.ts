/** The webhooks' answers as zod schemas (/doc): a webhook, one with its secret, their lists, a delivery attempt. */
import { z } from 'zod';
import { describe } from '../../i18n/descriptions.js';

/** The change types a webhook may ask for (those of the change log). */
export const WEBHOOK_TYPES = ['event', 'venue', 'organizer', 'category', 'tag'] as const;
export type WebhookType = (typeof WEBHOOK_TYPES)[number];

const utc = (en: string, de: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    .meta(describe(`${en} (UTC, \`YYYY-MM-DD HH:MM:SS\`).`, `${de} (UTC, \`YYYY-MM-DD HH:MM:SS\`).`));

const webhookFields = {
  id: z.number().int().positive().meta(describe('The webhook’s id.', 'Die ID des Webhooks.')),
  url: z
    .string()
    .meta(describe('Where the changes are sent (POST).', 'Wohin die Änderungen gesendet werden (POST).')),
  types: z
    .array(z.enum(WEBHOOK_TYPES))
    .meta(
      describe(
        'The kinds of record whose changes are sent; empty: all.',
        'Die Arten von Datensätzen, deren Änderungen gesendet werden; leer: alle.',
      ),
    ),
  description: z.string().meta(describe('A note for administrators.', 'Eine Notiz für Administratoren.')),
  status: z
    .enum(['active', 'disabled'])
    .meta(
      describe(
        '`active`: changes are sent; `disabled`: none are, until an administrator enables it again or replays.',
        '`active`: Änderungen werden gesendet; `disabled`: keine, bis ein Administrator ihn wieder aktiviert oder neu abspielt.',
      ),
    ),
  disabled_reason: z
    .string()
    .nullable()
    .meta(describe('Why it is disabled; null when active.', 'Warum er deaktiviert ist; null, wenn aktiv.')),
  position: z
    .string()
    .meta(
      describe(
        'The sync token of the last change sent or passed over (as in GET /changes): the next change after it is the next one sent.',
        'Das Sync-Token der zuletzt gesendeten oder übergangenen Änderung (wie bei GET /changes): die nächste Änderung danach wird als nächste gesendet.',
      ),
    ),
  created_utc: utc('When it was registered', 'Wann er registriert wurde'),
  modified_utc: utc(
    'When it was last changed by an administrator',
    'Wann ihn ein Administrator zuletzt geändert hat',
  ),
};

export const webhookSchema = z.object(webhookFields).meta({
  id: 'Webhook',
  ...describe(
    'A webhook: an address the service sends its changes to, signed (Standard Webhooks), in commit order.',
    'Ein Webhook: eine Adresse, an die der Dienst seine Änderungen sendet, signiert (Standard Webhooks), in Commit-Reihenfolge.',
  ),
});

/** The answer of a create, or of an update that rotated the secret: the only answers that show it. */
export const webhookWithSecretSchema = z
  .object({
    ...webhookFields,
    secret: z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/]{43}=$/)
      .meta(
        describe(
          'The signing secret (`whsec_` and the base64 of 32 bytes), shown only now. After a rotation the previous secret signs too, for 24 hours.',
          'Das Signaturgeheimnis (`whsec_` und Base64 von 32 Bytes), nur jetzt angezeigt. Nach einem Wechsel signiert das vorige Geheimnis noch 24 Stunden mit.',
        ),
      ),
  })
  .meta({
    id: 'WebhookWithSecret',
    ...describe('A webhook and its signing secret.', 'Ein Webhook und sein Signaturgeheimnis.'),
  });

/** An update answers with the secret only when it rotated it. */
export const webhookUpdateSchema = z.union([webhookWithSecretSchema, webhookSchema]);

const pageLinks = {
  rest_url: z.url().meta(describe('This page’s address.', 'Die Adresse dieser Seite.')),
  next_rest_url: z
    .url()
    .optional()
    .meta(describe('The next page, if any.', 'Die nächste Seite, falls es sie gibt.')),
  previous_rest_url: z
    .url()
    .optional()
    .meta(describe('The previous page, if any.', 'Die vorige Seite, falls es sie gibt.')),
  total: z.number().int().nonnegative().meta(describe('How many there are.', 'Wie viele es gibt.')),
  total_pages: z.number().int().nonnegative().meta(describe('How many pages.', 'Wie viele Seiten.')),
};

export const webhookListSchema = z.object({ webhooks: z.array(webhookSchema), ...pageLinks }).meta({
  id: 'WebhookList',
  ...describe('A page of webhooks, oldest first.', 'Eine Seite von Webhooks, älteste zuerst.'),
});

export const webhookDeletedSchema = z
  .object({
    deleted: z.literal(true).meta(describe('Always true.', 'Immer true.')),
    previous: webhookSchema,
  })
  .meta(describe('The webhook as it was before it was deleted.', 'Der Webhook, wie er vor dem Löschen war.'));

export const deliverySchema = z
  .object({
    id: z.number().int().positive().meta(describe('The attempt’s id.', 'Die ID des Versuchs.')),
    attempted_utc: utc('When it was made', 'Wann er gemacht wurde'),
    status: z
      .number()
      .int()
      .nullable()
      .meta(
        describe(
          'The HTTP status the receiver answered; null when none came (refused, unreachable, timed out).',
          'Der HTTP-Status der Antwort des Empfängers; null, wenn keine kam (abgelehnt, unerreichbar, Zeitüberschreitung).',
        ),
      ),
    duration_ms: z
      .number()
      .int()
      .nonnegative()
      .meta(describe('How long it took, in milliseconds.', 'Wie lange er dauerte, in Millisekunden.')),
    error: z
      .string()
      .nullable()
      .meta(describe('What went wrong; null when it succeeded.', 'Was schiefging; null bei Erfolg.')),
    message_id: z
      .string()
      .meta(
        describe(
          'The `webhook-id` sent: the same for every attempt at one change.',
          'Die gesendete `webhook-id`: dieselbe für jeden Versuch einer Änderung.',
        ),
      ),
    token: z
      .string()
      .meta(describe('The sync token of the change sent.', 'Das Sync-Token der gesendeten Änderung.')),
    attempt: z
      .number()
      .int()
      .positive()
      .meta(
        describe(
          'Which attempt at this change (1 for the first).',
          'Der wievielte Versuch bei dieser Änderung (1 für den ersten).',
        ),
      ),
  })
  .meta({
    id: 'WebhookDelivery',
    ...describe(
      'One attempt to send a change to a webhook.',
      'Ein Versuch, eine Änderung an einen Webhook zu senden.',
    ),
  });

export const deliveryListSchema = z.object({ deliveries: z.array(deliverySchema), ...pageLinks }).meta({
  id: 'WebhookDeliveries',
  ...describe(
    'A page of a webhook’s delivery attempts, newest first.',
    'Eine Seite der Zustellversuche eines Webhooks, neueste zuerst.',
  ),
});
