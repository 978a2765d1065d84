/**
 * The route table of `/categories` and `/tags` (ref §1, §5.8, §8.2): one set of five routes per taxonomy,
 * built from its descriptor; the operations live in service.ts.
 */
import { canManageTerms } from '../../auth/capabilities.js';
import { texts } from '../../i18n/descriptions.js';
import type { RequestContext } from '../../route-table/context.js';
import { defineRoute, type RouteDefinition } from '../../route-table/route.js';
import { listSyncParams, syncedList } from '../changes/list-sync.js';
import { lockTerm } from '../posts/row-locks.js';
import { idParam, listParams, type TermListParams, writeParams } from './params.js';
import { termResponses } from './schema.js';
import { createTerm, listTerms, readTerm, removeTerm, updateTerm } from './service.js';
import { CATEGORY, TAG, type TaxonomyKind } from './taxonomy.js';

export function categoryRoutes(): RouteDefinition[] {
  return termRoutes(CATEGORY);
}

export function tagRoutes(): RouteDefinition[] {
  return termRoutes(TAG);
}

function termRoutes(kind: TaxonomyKind): RouteDefinition[] {
  const { collection } = kind;
  const { en, de } = kind.words;
  const mayManage = (context: RequestContext) => canManageTerms(context.principal, kind.taxonomy);
  const responses = termResponses[collection];
  const id = idParam(kind);
  return [
    defineRoute({
      name: `${collection}.list`,
      path: `/${collection}`,
      methods: ['GET'],
      summary: texts(`List ${en.many}.`, `${de.many} auflisten.`),
      params: { ...listParams(kind), ...listSyncParams() },
      operation: syncedList(kind.taxonomy, (context, params: TermListParams, scope) =>
        listTerms(kind, context, params, scope),
      ),
      response: responses.list,
    }),
    defineRoute({
      name: `${collection}.create`,
      path: `/${collection}`,
      methods: ['POST'],
      summary: texts(`Create an ${en.one}.`, `${de.one} anlegen.`),
      params: writeParams(kind, true),
      authorize: mayManage,
      operation: (context, params, sent) => createTerm(kind, context, params, sent),
      response: responses.item,
    }),
    defineRoute({
      name: `${collection}.read`,
      path: `/${collection}/{id}`,
      methods: ['GET'],
      summary: texts(`Read an ${en.one}.`, `${de.one} lesen.`),
      params: { id },
      operation: readTerm,
      response: responses.item,
    }),
    defineRoute({
      name: `${collection}.update`,
      path: `/${collection}/{id}`,
      methods: ['POST', 'PUT', 'PATCH'],
      summary: texts(
        `Update an ${en.one} (omitted fields keep their values).`,
        `${de.one} ändern (fehlende Felder bleiben unverändert).`,
      ),
      params: { id, ...writeParams(kind, false) },
      lockRecord: lockTerm,
      authorize: mayManage,
      operation: (context, params, sent) => updateTerm(kind, context, params, sent),
      response: responses.item,
    }),
    defineRoute({
      name: `${collection}.delete`,
      path: `/${collection}/{id}`,
      methods: ['DELETE'],
      summary: texts(`Delete an ${en.one} for good.`, `${de.one} endgültig löschen.`),
      params: { id },
      lockRecord: lockTerm,
      authorize: mayManage,
      operation: removeTerm,
      response: responses.item,
    }),
  ];
}
