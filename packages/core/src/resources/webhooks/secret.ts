/**
 * A webhook's signing secret, as Standard Webhooks writes it: `whsec_` and the base64 of the key. The
 * deliverer signs with the decoded key; the secret is shown once, when made (create, rotation).
 */
import { randomBytes } from 'node:crypto';

const PREFIX = 'whsec_';
/** Bytes of a key: 256 bits, the length of the HMAC-SHA256 it keys. */
export const WEBHOOK_KEY_BYTES = 32;
/** How long the secret before a rotation still signs, beside the new one, so that receivers can switch. */
export const PREVIOUS_SECRET_MS = 24 * 60 * 60 * 1000;

export function newWebhookSecret(): string {
  return `${PREFIX}${randomBytes(WEBHOOK_KEY_BYTES).toString('base64')}`;
}

/** The signing key a secret names, or undefined when it is not one of this form. */
export function webhookSigningKey(secret: string): Buffer | undefined {
  if (!secret.startsWith(PREFIX)) return undefined;
  const encoded = secret.slice(PREFIX.length);
  const key = Buffer.from(encoded, 'base64');
  return key.length === WEBHOOK_KEY_BYTES && key.toString('base64') === encoded ? key : undefined;
}
