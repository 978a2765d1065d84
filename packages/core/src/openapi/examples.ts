/**
 * What each operation of the document says beyond its summary: a description built from the route's facts
 * (who may call it, conditional requests, paging, streaming), and an example answer (and request body) taken
 * from a real run of the service (examples.json, written by test/openapi-examples/capture.ts), so that Swagger
 * UI shows a realistic event with dates that exist instead of values made up from the schema's patterns.
 * openapi-examples.test.ts validates every example against its operation's schema.
 */
import type { DocumentLanguage } from '../i18n/descriptions.js';
import type { HttpMethod, RouteDefinition } from '../route-table/route.js';
import examples from './examples.json' with { type: 'json' };

export interface OperationExample {
  request?: unknown;
  response: unknown;
}

const BY_ROUTE = examples as Record<string, OperationExample>;

/** The example of a route (every method of it shares one), by the route's name. */
export function operationExample(routeName: string): OperationExample | undefined {
  // A by-slug route answers as its by-id twin (`events.update-by-slug` as `events.update`).
  const name = Object.hasOwn(BY_ROUTE, routeName) ? routeName : routeName.replace(/-by-slug$/, '');
  return Object.hasOwn(BY_ROUTE, name) ? BY_ROUTE[name] : undefined;
}

const SENTENCES = {
  open: {
    en: 'Open to anyone; what the answer holds depends on the caller (drafts and private records only for users who may read them).',
    de: 'Für alle offen; was die Antwort enthält, hängt vom Aufrufer ab (Entwürfe und private Datensätze nur für Benutzer, die sie lesen dürfen).',
  },
  credentials: {
    en: 'Needs credentials: an API key as `Authorization: Bearer <key>`, or Basic `<login>:<key>`, of a user allowed to do this (else 401 or 403).',
    de: 'Braucht Anmeldedaten: einen API-Schlüssel als `Authorization: Bearer <Schlüssel>` oder Basic `<Login>:<Schlüssel>` eines Benutzers, der das darf (sonst 401 oder 403).',
  },
  conditional: {
    en: 'The answer has an `ETag`: send it back as `If-None-Match` to get 304 when nothing changed.',
    de: 'Die Antwort hat ein `ETag`: als `If-None-Match` zurückgesendet, kommt 304, wenn sich nichts geändert hat.',
  },
  paged: {
    en: 'Paged with `page` and `per_page`: the totals come as `X-WP-Total` and `X-WP-TotalPages`, the next page as `next_rest_url` and a `Link` header.',
    de: 'Seitenweise mit `page` und `per_page`: die Summen kommen als `X-WP-Total` und `X-WP-TotalPages`, die nächste Seite als `next_rest_url` und `Link`-Header.',
  },
  ifMatch: {
    en: 'Send `If-Match` with the ETag you read to refuse a lost update (412 when the record changed meanwhile).',
    de: 'Mit `If-Match` und dem gelesenen ETag wird ein verlorenes Update abgelehnt (412, wenn sich der Datensatz inzwischen geändert hat).',
  },
  stream: {
    en: 'A Server-Sent Events stream (`text/event-stream`) that stays open; to go on after a break, ask again with `since` set to the last event’s `id`.',
    de: 'Ein Server-Sent-Events-Strom (`text/event-stream`), der offen bleibt; nach einer Unterbrechung erneut fragen mit `since` gleich der `id` des letzten Ereignisses.',
  },
} as const;

/** The operation's description: its summary, then what a caller must know to call it. */
export function operationDescription(
  route: RouteDefinition,
  method: HttpMethod,
  language: DocumentLanguage,
  facts: { list: boolean; created: boolean },
): string {
  const parts: string[] = [route.summary[language]];
  parts.push((route.authorize ? SENTENCES.credentials : SENTENCES.open)[language]);
  if (route.streams) parts.push(SENTENCES.stream[language]);
  else if (method === 'GET') parts.push(SENTENCES.conditional[language]);
  if (facts.list) parts.push(SENTENCES.paged[language]);
  if (route.authorize && method !== 'GET' && !facts.created) parts.push(SENTENCES.ifMatch[language]);
  return parts.join('\n\n');
}
