/**
 * Where a webhook may be sent. Its URL's form (absolute `http`/`https`, a host, no credentials, a length cap)
 * is checked with the parameters (`webhookUrlProblem`); where it leads (the addresses its host resolves to)
 * is the target check, which the service runs after the caller's permission, once per create and URL change.
 */
import type { CalendarConfig } from '../../config.js';
import { checkWebhookTarget } from './target-guard.js';

/** Characters of a webhook URL. */
export const WEBHOOK_URL_MAX_LENGTH = 2048;

/** Why a webhook may not be sent to `url`, or undefined when it may. */
export type WebhookTargetCheck = (url: string) => Promise<string | undefined>;

/** What is wrong with the form of a webhook URL, or undefined when nothing is. */
export function webhookUrlProblem(url: string): string | undefined {
  if (url.length > WEBHOOK_URL_MAX_LENGTH)
    return `url may be at most ${WEBHOOK_URL_MAX_LENGTH} characters long.`;
  if (!URL.canParse(url)) return 'url is not an absolute URL.';
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return 'url must be an http or https URL.';
  if (parsed.hostname === '') return 'url has no host.';
  if (parsed.username !== '' || parsed.password !== '')
    return 'url may not carry a user name or password (put a token in the path or query instead).';
  return undefined;
}

/**
 * The target check of the service configured by `config`: the address guard (target-guard.ts), refusing
 * private, loopback and link-local targets unless the service allows them (`webhookAllowPrivate`).
 */
export function webhookTargetCheck(config: CalendarConfig): WebhookTargetCheck {
  return (url) => checkWebhookTarget(url, { allowPrivate: config.webhookAllowPrivate });
}
