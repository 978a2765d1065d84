/**
 * `GET {ns}` (the namespace index, ref §9.2) and `GET {ns}/doc` (the interface description, SPEC §11),
 * both generated from the route table, in the address's language.
 */
import type { CalendarConfig } from '../../config.js';
import { namespaceIndexSchema, openApiDocumentSchema } from '../../openapi/discovery-schemas.js';
import { buildOpenApiDocument } from '../../openapi/document.js';
import { namespaceIndex } from '../../route-table/describe.js';
import { type ParamSpec, param } from '../../route-table/params.js';
import type { RouteDefinition } from '../../route-table/route.js';

/** The parameter every route accepts (seed §4.2). */
export function languageParam(config: CalendarConfig): ParamSpec {
  return param.enumeration(config.languages as [string, ...string[]], {
    en: 'Language code of the content to use.',
    de: 'Sprachcode der zu verwendenden Inhalte.',
  });
}

export function namespaceRoutes(
  all: () => readonly RouteDefinition[],
  config: CalendarConfig,
): RouteDefinition[] {
  return [
    {
      name: 'index',
      clockDependent: true,
      path: '',
      methods: ['GET'],
      summary: {
        en: 'The namespace index: every route and its arguments.',
        de: 'Der Namensraum-Index: alle Routen und ihre Argumente.',
      },
      params: {
        namespace: param.string(
          { en: 'The namespace.', de: 'Der Namensraum.' },
          { default: config.namespace },
        ),
        context: param.string(
          { en: 'Scope under which the request is made.', de: 'Kontext der Anfrage.' },
          { default: 'view' },
        ),
        multilang_language: languageParam(config),
      },
      operation: async (context) => ({ body: namespaceIndex(all(), context) }),
      response: namespaceIndexSchema,
    },
    {
      name: 'doc',
      clockDependent: true,
      path: '/doc',
      methods: ['GET'],
      summary: { en: 'The OpenAPI description of this API.', de: 'Die OpenAPI-Beschreibung dieser API.' },
      params: { multilang_language: languageParam(config) },
      operation: async (context) => ({ body: buildOpenApiDocument(all(), context) }),
      response: openApiDocumentSchema,
    },
  ];
}
