/** `GET /changes`: what changed since a sync token, in commit order (service.ts says what a caller sees). */
import { z } from 'zod';
import { describe, texts } from '../../i18n/descriptions.js';
import type { RequestContext } from '../../route-table/context.js';
import { param } from '../../route-table/params.js';
import { defineRoute, type RouteDefinition } from '../../route-table/route.js';
import { CHANGES_DEFAULT_LIMIT, CHANGES_MAX_LIMIT, listChanges } from './service.js';
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

export function changeRoutes(): RouteDefinition[] {
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
        since: param.string<RequestContext>(
          texts(
            'The sync token of the last change read (a change’s `token` or a `next_token`).',
            'Das Sync-Token der zuletzt gelesenen Änderung (das `token` einer Änderung oder ein `next_token`).',
          ),
          {
            validate: (value) =>
              decodeChangeToken(value) !== undefined || 'since is not a sync token of this service.',
          },
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
  ];
}
