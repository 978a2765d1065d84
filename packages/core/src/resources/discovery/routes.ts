/**
 * `GET {ns}` (the namespace index, ref §9.2) and `GET {ns}/doc` (the interface description, SPEC §11),
 * both generated from the route table, in the address's language.
 */
import type { CalendarConfig } from '../../config.js';
import type { RequestContext } from '../../route-table/context.js';
import { namespaceIndexSchema, openApiDocumentSchema } from '../../openapi/discovery-schemas.js';
import { buildOpenApiDocument } from '../../openapi/document.js';
import { type ParamSpec, param } from '../../route-table/params.js';
import { allowedMethods, type CompiledPath, compileRoutes, type RouteDefinition } from '../../route-table/route.js';

/** The parameter every route accepts (seed §4.2). */
export function languageParam(config: CalendarConfig): ParamSpec {
  return param.enumeration(config.languages as [string, ...string[]], {
    en: 'Language code of the content to use.',
    de: 'Sprachcode der zu verwendenden Inhalte.',
  });
}

type Json = Record<string, unknown>;

/** One argument as WordPress lists it: JSON-schema keywords plus `required`. */
export function describeParam(spec: ParamSpec, language: string, context: RequestContext): Json {
  const out: Json = {};
  if (spec.default !== undefined)
    out.default = typeof spec.default === 'function' ? spec.default(context) : spec.default;
  out.description = language === 'de' ? spec.description.de : spec.description.en;
  const type =
    spec.kind === 'list'
      ? 'array'
      : spec.kind === 'any'
        ? undefined
        : spec.kind === 'object'
          ? 'object'
          : spec.kind;
  if (type) out.type = type;
  if (spec.kind === 'list')
    out.items = {
      type: spec.items === 'integer' ? 'integer' : 'string',
      ...(spec.itemEnum ? { enum: spec.itemEnum } : {}),
    };
  if (spec.enum) out.enum = spec.enum;
  out.required = spec.required;
  return out;
}

/** One route as WordPress describes it in the index and answers to OPTIONS (ref §9.2). */
export function describeRoute(compiled: CompiledPath, context: RequestContext): Json {
  const entry: Json = {
    namespace: context.config.namespace,
    methods: allowedMethods(compiled),
    endpoints: compiled.routes.map((route) => {
      const args: Json = {};
      for (const [name, spec] of Object.entries(route.params))
        args[name] = describeParam(spec, context.language, context);
      return { methods: route.methods, args: Object.keys(args).length > 0 ? args : [] };
    }),
  };
  if (compiled.names.length === 0) entry._links = { self: [{ href: context.urls.rest(compiled.path) }] };
  return entry;
}

export function namespaceIndex(routes: readonly RouteDefinition[], context: RequestContext): Json {
  const ns = context.config.namespace;
  const described: Json = {};
  for (const compiled of compileRoutes(routes))
    described[`/${ns}${compiled.wordpressPattern}`] = describeRoute(compiled, context);
  return { namespace: ns, routes: described, _links: { up: [{ href: `${context.urls.root}/` }] } };
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
