/** Compiles the route table's paths once: the regular expressions, and the WordPress and OpenAPI forms. */
import type { RouteDefinition } from './route.js';

const PLACEHOLDERS: Record<string, { regex: string; wordpress: string }> = {
  id: { regex: '(\\d+)', wordpress: '(?P<id>\\d+)' },
  slug: { regex: '([^/]+)', wordpress: '(?P<slug>[^/]+)' },
};

export function compileRoutes(routes: readonly RouteDefinition[]): CompiledPath[] {
  const byPath = new Map<string, CompiledPath>();
  for (const route of routes) {
    let compiled = byPath.get(route.path);
    if (!compiled) {
      const names: string[] = [];
      let regex = '';
      let wordpress = '';
      for (const piece of route.path.split(/(\{\w+\})/)) {
        const placeholder = /^\{(\w+)\}$/.exec(piece);
        if (placeholder) {
          const name = placeholder[1]!;
          const known = PLACEHOLDERS[name];
          if (!known) throw new Error(`Unknown path placeholder {${name}}`);
          names.push(name);
          regex += known.regex;
          wordpress += known.wordpress;
        } else {
          regex += piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          wordpress += piece;
        }
      }
      compiled = {
        path: route.path,
        regex: new RegExp(`^${regex}$`),
        names,
        routes: [],
        wordpressPattern: wordpress,
        openApiPath: route.path === '' ? '/' : route.path,
        methods: [],
        allow: '',
      };
      byPath.set(route.path, compiled);
    }
    compiled.routes.push(route);
  }
  // Known once the table is read, rather than gathered again for every request.
  for (const compiled of byPath.values()) {
    compiled.methods = [...new Set(compiled.routes.flatMap((route) => route.methods))];
    compiled.allow = compiled.methods.join(', ');
  }
  return [...byPath.values()];
}
export interface CompiledPath {
  path: string;
  regex: RegExp;
  names: string[];
  routes: RouteDefinition[];
  /** The WordPress-style route key used by the namespace index (`/events/(?P<id>\d+)`). */
  wordpressPattern: string;
  /** The OpenAPI-style path (`/events/{id}`). */
  openApiPath: string;
  /**
   * The methods of its routes, each once (a preflight's `Access-Control-Allow-Methods`); set once all routes
   * are in. The `Allow` header names only the caller's methods, asked per request (handle.ts, SPEC §14).
   */
  methods: readonly string[];
  allow: string;
}
