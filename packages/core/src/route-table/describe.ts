/**
 * The route table describing itself as WordPress does: the namespace index (ref §9.2) and the answer to OPTIONS.
 */
import { type CompiledPath, compileRoutes } from './compile.js';
import type { RequestContext } from './context.js';
import type { ParamSpec } from './params.js';
import type { RouteDefinition } from './route.js';

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
    methods: [...compiled.methods],
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
