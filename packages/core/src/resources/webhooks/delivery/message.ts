/**
 * A change as a Standard Webhooks message (https://www.standardwebhooks.com): its body, its `webhook-id`
 * (the same for every attempt of one change to one endpoint, so that receivers deduplicate on it) and its
 * signatures: `v1,` and the base64 HMAC-SHA256 of `<id>.<timestamp>.<body>` under the key a `whsec_` secret
 * carries, one per secret still valid (during a rotation, the previous one signs too).
 */
import { createHmac } from 'node:crypto';
import type { Change } from '../../changes/service.js';

const SECRET_PREFIX = 'whsec_';

/** `msg_<endpoint>_<change token>`: stable per change and endpoint. */
export function messageId(webhookId: number, change: Pick<Change, 'token'>): string {
  return `msg_${webhookId}_${change.token}`;
}

/** The body: `{ type: "event.updated", timestamp, data: the change }`, timestamped when the change was made. */
export function messageBody(change: Change): string {
  return JSON.stringify({ type: `${change.type}.${change.action}`, timestamp: change.at, data: change });
}

function signingKey(secret: string): Buffer {
  return Buffer.from(
    secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret,
    'base64',
  );
}

/** `v1,<base64>` for one secret. */
export function signature(secret: string, id: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', signingKey(secret)).update(`${id}.${timestampSeconds}.${body}`);
  return `v1,${mac.digest('base64')}`;
}

/** The secrets that sign now: the current one, and the previous one until it expires. */
export function signingSecrets(
  endpoint: { secret: string; previous_secret: string | null; previous_secret_expires_utc: string | null },
  nowUtc: string,
): string[] {
  const secrets = [endpoint.secret];
  const previous = endpoint.previous_secret;
  const until = endpoint.previous_secret_expires_utc;
  if (previous && (until === null || until > nowUtc)) secrets.push(previous);
  return secrets;
}

/** The request's headers: the three of the specification, space-separated signatures. */
export function messageHeaders(
  secrets: readonly string[],
  id: string,
  timestampSeconds: number,
  body: string,
): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'calendar-events-webhooks',
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': secrets.map((secret) => signature(secret, id, timestampSeconds, body)).join(' '),
  };
}

/**
 * Whether an endpoint that asked for `types` wants a change: `[]` all, else the change's type (`event`) or its
 * type and action (`event.deleted`) listed.
 */
export function wants(types: readonly string[], change: Pick<Change, 'type' | 'action'>): boolean {
  return (
    types.length === 0 || types.includes(change.type) || types.includes(`${change.type}.${change.action}`)
  );
}

/** The `types` column read leniently: anything but a JSON array of strings means all. */
export function parseTypes(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}
