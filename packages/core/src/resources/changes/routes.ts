/**
 * `GET /changes`: what changed since a sync token, in commit order (service.ts says what a caller sees), and
 * `GET /changes/stream`, the same as Server-Sent Events (stream.ts).
 */
import { z } from 'zod';
import { describe, texts } from '../../i18n/descriptions.js';
import type { RequestContext } from '../../route-table/context.js';
import { param } from '../../route-table/params.js';
import { defineRoute, type RouteDefinition } from '../../route-table/route.js';
import type { ChangeFeed } from './feed.js';
import { CHANGES_DEFAULT_LIMIT, CHANGES_MAX_LIMIT, listChanges } from './service.js';
import { streamChanges } from './stream.js';
import { decodeChangeToken } from './token.js';

const tokenSchema = z
  .string()
  .meta(
    describe(
      'An opaque sync token: a position in the change log, valid on every instance and after restarts.',
      'Ein undurchsichtiges Sync-Token: eine Position im Änderungsprotokoll, gültig auf jeder Instanz und nach Neustarts.',
    ),
  );

export const changesSchema = z
  .object({
    changes: z.array(
      z.object({
        token: tokenSchema,
        type: z.enum(['event', 'venue', 'organizer', 'category', 'tag']),
        id: z.number().int().meta(describe('The record’s id.', 'Die ID des Datensatzes.')),
        action: z
          .enum(['created', 'updated', 'trashed', 'restored', 'deleted'])
          .meta(
            describe(
              'What the change did, as the caller sees it: a record it can no longer read is `deleted` for it, one it can read from now on `created`.',
              'Was die Änderung tat, wie der Aufrufer sie sieht: ein Datensatz, den er nicht mehr lesen kann, ist für ihn `deleted`, einer, den er ab jetzt lesen kann, `created`.',
            ),
          ),
        at: z.string().meta(describe('When, in UTC (ISO 8601).', 'Wann, in UTC (ISO 8601).')),
        series_id: z
          .number()
          .int()
          .optional()
          .meta(describe('For an occurrence: its series.', 'Bei einem Termin einer Serie: die Serie.')),
      }),
    ),
    next_token: tokenSchema,
    has_more: z
      .boolean()
      .meta(
        describe(
          'More changes follow: ask again with next_token.',
          'Es folgen weitere Änderungen: mit next_token erneut fragen.',
        ),
      ),
  })
  .meta({
    id: 'Changes',
    ...describe(
      'Changes after a sync token, oldest first, and the token to ask with next.',
      'Änderungen nach einem Sync-Token, älteste zuerst, und das Token für die nächste Frage.',
    ),
  });

const sinceParam = (texts_: ReturnType<typeof texts>) =>
  param.string<RequestContext>(texts_, {
    validate: (value) =>
      decodeChangeToken(value) !== undefined || 'since is not a sync token of this service.',
  });

export const changeStreamSchema = z.string().meta({
  id: 'ChangeStream',
  contentMediaType: 'text/event-stream',
  ...describe(
    'Server-Sent Events: `retry:` and a `position` event first (its `id:` the token the stream starts from, its data `{"next_token"}`); then each change as an event of the default type (`message`) whose `id:` is its token and whose `data:` is the change as `GET /changes` gives it; a `position` event when changes the caller cannot see moved the point to resume from; a comment line (`: heartbeat`) when nothing happened for a while; `event: expired` with the 410 error as data, last, when the retention passed a stream that read nothing for that long.',
    'Server-Sent Events: zuerst `retry:` und ein `position`-Ereignis (seine `id:` das Token, ab dem der Stream beginnt, seine Daten `{"next_token"}`); dann jede Änderung als Ereignis des Standardtyps (`message`), dessen `id:` ihr Token und dessen `data:` die Änderung ist, wie `GET /changes` sie gibt; ein `position`-Ereignis, wenn Änderungen, die der Aufrufer nicht sehen darf, den Fortsetzungspunkt verschoben haben; eine Kommentarzeile (`: heartbeat`), wenn eine Weile nichts geschah; `event: expired` mit dem 410-Fehler als Daten, zuletzt, wenn die Aufbewahrung einen Stream überholt hat, der so lange nichts las.',
  ),
});

export function changeRoutes(feed: ChangeFeed): RouteDefinition[] {
  return [
    defineRoute({
      name: 'changes.list',
      path: '/changes',
      methods: ['GET'],
      summary: texts(
        'What changed, in commit order: events, venues, organizers, categories and tags created, updated, trashed, restored or deleted, by this service or by other programs writing its database. Without `since`: no changes and the token to start from (now). A record the caller can no longer read appears as deleted; changes to records it never could read do not appear. A token older than the changes kept answers 410 `rest_sync_token_expired` with the token to start again from.',
        'Was sich geändert hat, in Commit-Reihenfolge: Veranstaltungen, Orte, Veranstalter, Kategorien und Schlagwörter angelegt, geändert, in den Papierkorb gelegt, wiederhergestellt oder gelöscht, durch diesen Dienst oder durch andere Programme in seiner Datenbank. Ohne `since`: keine Änderungen und das Token, ab dem gelesen wird (jetzt). Ein Datensatz, den der Aufrufer nicht mehr lesen kann, erscheint als gelöscht; Änderungen an Datensätzen, die er nie lesen konnte, erscheinen nicht. Ein Token, älter als die aufbewahrten Änderungen, ergibt 410 `rest_sync_token_expired` mit dem Token für den Neubeginn.',
      ),
      params: {
        since: sinceParam(
          texts(
            'The sync token of the last change read (a change’s `token` or a `next_token`).',
            'Das Sync-Token der zuletzt gelesenen Änderung (das `token` einer Änderung oder ein `next_token`).',
          ),
        ),
        limit: param.positiveInteger<RequestContext>(
          texts(
            `How many changes at most (default ${CHANGES_DEFAULT_LIMIT}, at most ${CHANGES_MAX_LIMIT}).`,
            `Wie viele Änderungen höchstens (Standard ${CHANGES_DEFAULT_LIMIT}, höchstens ${CHANGES_MAX_LIMIT}).`,
          ),
          { default: CHANGES_DEFAULT_LIMIT },
        ),
      },
      operation: listChanges,
      response: changesSchema,
    }),
    defineRoute({
      name: 'changes.stream',
      path: '/changes/stream',
      methods: ['GET'],
      streams: true,
      summary: texts(
        `The changes of GET /changes as they happen, as Server-Sent Events (EventSource), with the same rules of what the caller sees (fixed when it connects). From \`since\`, or the \`Last-Event-ID\` header EventSource sends when it connects again (it wins), or from now. A change made through any instance arrives within about a second. Token errors answer 400 and 410 as GET /changes does, before the stream; when ${feed.settings.maxStreams} streams are open, 503 \`rest_too_many_streams\` with Retry-After. A stream ends after ${Math.round(feed.settings.maxDurationMs / 60_000)} minutes; EventSource connects again and carries on from its last id.`,
        `Die Änderungen von GET /changes, sobald sie geschehen, als Server-Sent Events (EventSource), mit denselben Regeln dafür, was der Aufrufer sieht (beim Verbinden festgelegt). Ab \`since\`, oder ab dem Header \`Last-Event-ID\`, den EventSource beim erneuten Verbinden sendet (er hat Vorrang), oder ab jetzt. Eine Änderung über eine beliebige Instanz kommt binnen etwa einer Sekunde an. Token-Fehler ergeben 400 und 410 wie bei GET /changes, vor dem Stream; sind ${feed.settings.maxStreams} Streams offen, 503 \`rest_too_many_streams\` mit Retry-After. Ein Stream endet nach ${Math.round(feed.settings.maxDurationMs / 60_000)} Minuten; EventSource verbindet sich erneut und macht ab seiner letzten ID weiter.`,
      ),
      params: {
        since: sinceParam(
          texts(
            'The sync token to follow from (a change’s `token`, a `next_token`, an event’s `id`).',
            'Das Sync-Token, ab dem gefolgt wird (das `token` einer Änderung, ein `next_token`, die `id` eines Ereignisses).',
          ),
        ),
      },
      operation: streamChanges(feed),
      response: changeStreamSchema,
    }),
  ];
}
