/** The route table of a venue or organizer kind (ref §5.5–5.7): by id and by slug alike. */
import type { GeolocationExtension } from '../../extensions/geolocation.js';
import type { RequestContext } from '../../route-table/context.js';
import { defineRoute, type RouteDefinition } from '../../route-table/route.js';
import { listSyncParams, syncedList } from '../changes/list-sync.js';
import { postLocker } from '../posts/row-locks.js';
import type { LinkedPostKind } from './kind.js';
import type { LinkedListParams } from './list-query.js';
import { forceParam, idParam, listParams, slugParam, writeParams } from './params.js';
import type { RecordKey } from './repository.js';
import {
  createLinked,
  listLinked,
  mayCreate,
  mayCreateAny,
  mayEdit,
  mayEditExisting,
  readLinked,
  removeLinked,
  updateLinked,
} from './service.js';

export function linkedRoutes(
  kind: LinkedPostKind,
  geolocation: GeolocationExtension | undefined,
): RouteDefinition[] {
  const { type, plural, label, responses } = kind;
  const id = idParam(kind);
  const slug = slugParam(kind);
  const updateParams = writeParams(kind, geolocation, false);
  const lockRecord = postLocker(type);
  const authorize = (context: RequestContext, params: RecordKey & { author?: number | undefined }) =>
    mayEdit(kind, context, params);
  const allows = (context: RequestContext, params: RecordKey) => mayEditExisting(kind, context, params);
  return [
    defineRoute({
      name: `${plural}.list`,
      clockDependent: true,
      path: `/${plural}`,
      methods: ['GET'],
      summary: { en: `List ${plural}.`, de: `${label.de}-Liste.` },
      params: { ...listParams(kind), ...listSyncParams() },
      operation: syncedList(type, (context, params: LinkedListParams, scope) =>
        listLinked(kind, context, params, scope),
      ),
      response: responses.list,
    }),
    defineRoute({
      name: `${plural}.create`,
      path: `/${plural}`,
      methods: ['POST'],
      summary: { en: `Create a ${type}.`, de: `${label.de} anlegen.` },
      params: writeParams(kind, geolocation, true),
      authorize: mayCreate,
      allows: mayCreateAny,
      operation: (context, params) => createLinked(kind, context, params),
      response: responses.item,
    }),
    defineRoute({
      name: `${plural}.read`,
      path: `/${plural}/{id}`,
      methods: ['GET'],
      summary: { en: `Read a ${type}.`, de: `${label.de} lesen.` },
      params: { id },
      operation: (context, params) => readLinked(kind, context, params),
      response: responses.item,
    }),
    defineRoute({
      name: `${plural}.delete`,
      path: `/${plural}/{id}`,
      methods: ['DELETE'],
      summary: {
        en: `Trash a ${type}, or delete a trashed one for good with force=true.`,
        de: `${label.de} in den Papierkorb legen oder mit force=true endgültig löschen.`,
      },
      params: { id, force: forceParam },
      lockRecord,
      authorize,
      allows,
      operation: (context, params) => removeLinked(kind, context, params),
      response: responses.deleteAnswer,
    }),
    defineRoute({
      name: `${plural}.update`,
      path: `/${plural}/{id}`,
      methods: ['POST', 'PUT', 'PATCH'],
      summary: {
        en: `Update a ${type} (omitted fields keep their values).`,
        de: `${label.de} ändern (fehlende Felder bleiben unverändert).`,
      },
      params: { id, ...updateParams },
      lockRecord,
      authorize,
      allows,
      operation: (context, params) => updateLinked(kind, context, params),
      response: responses.item,
    }),
    defineRoute({
      name: `${plural}.read-by-slug`,
      path: `/${plural}/by-slug/{slug}`,
      methods: ['GET'],
      summary: { en: `Read a ${type} by slug.`, de: `${label.de} über den Slug lesen.` },
      params: { slug },
      operation: (context, params) => readLinked(kind, context, params),
      response: responses.item,
    }),
    defineRoute({
      name: `${plural}.delete-by-slug`,
      path: `/${plural}/by-slug/{slug}`,
      methods: ['DELETE'],
      summary: { en: `Trash a ${type} by slug.`, de: `${label.de} über den Slug löschen.` },
      params: { slug, force: forceParam },
      lockRecord,
      authorize,
      allows,
      operation: (context, params) => removeLinked(kind, context, params),
      response: responses.deleteAnswer,
    }),
    defineRoute({
      name: `${plural}.update-by-slug`,
      path: `/${plural}/by-slug/{slug}`,
      methods: ['POST', 'PUT', 'PATCH'],
      summary: { en: `Update a ${type} by slug.`, de: `${label.de} über den Slug ändern.` },
      params: { slug, ...updateParams },
      lockRecord,
      authorize,
      allows,
      operation: (context, params) => updateLinked(kind, context, params),
      response: responses.item,
    }),
  ];
}
