/**
 * The route table is data: one entry per (path, method set) with its parameters, permission rule and
 * operation. Route matching, the namespace index, OPTIONS/Allow and /doc are all derived from it.
 */
import type { ZodType } from 'zod';
import type { RequestContext } from './context.js';
import type { Descriptions, ParamSpecs } from './params.js';
import type { ParamBag } from '../http/parse-params.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export const EDIT_METHODS: readonly HttpMethod[] = ['POST', 'PUT', 'PATCH'];

/** What an operation returns; `respond` turns it into bytes. */
export interface OperationResult {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

// biome-ignore lint/suspicious/noExplicitAny: parameters are validated against `params` before the call
export type Params = Record<string, any>;

export interface RouteDefinition {
  /** A stable name, e.g. `events.update`. */
  name: string;
  /** Path inside the namespace with `{id}` (digits) and `{slug}` (no slash) placeholders; `` for the root. */
  path: string;
  methods: readonly HttpMethod[];
  summary: Descriptions;
  params: ParamSpecs;
  /** The permission rule, run after validation (WordPress's order). False → 401/403 `rest_forbidden`. */
  authorize?: (context: RequestContext, params: Params) => boolean | Promise<boolean>;
  /**
   * Locks the record a write changes until its transaction ends, before permission and If-Match read it, so
   * that no other writer (another program too) changes it between the checks and the write.
   */
  lockRecord?: (context: RequestContext, params: Params) => Promise<void>;
  /**
   * The operation, given the validated parameters and the request's parameters as sent (for the few
   * answers WordPress gives to a parameter the route does not declare).
   */
  operation: (context: RequestContext, params: Params, sent: ParamBag) => Promise<OperationResult>;
  /**
   * Whether the answer depends on the clock beyond the stored data (default date windows, computed
   * defaults): such answers are cached for one clock second only.
   */
  clockDependent?: boolean;
  /** The response body's schema, for /doc. */
  response?: ZodType;
}

const PLACEHOLDERS: Record<string, { regex: string; wordpress: string }> = {
  id: { regex: '(\\d+)', wordpress: '(?P<id>\\d+)' },
  slug: { regex: '([^/]+)', wordpress: '(?P<slug>[^/]+)' },
};

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

export interface RouteMatch {
  compiled: CompiledPath;
  pathParams: Record<string, string>;
}

/** Matches a path inside the namespace (`/events/12`); a single trailing slash is accepted (SPEC §2). */
export function matchPath(paths: readonly CompiledPath[], relativePath: string): RouteMatch | undefined {
  const path =
    relativePath.length > 1 && relativePath.endsWith('/') ? relativePath.slice(0, -1) : relativePath;
  const candidate = path === '/' ? '' : path;
  for (const compiled of paths) {
    const match = compiled.regex.exec(candidate);
    if (!match) continue;
    const pathParams: Record<string, string> = {};
    compiled.names.forEach((name, i) => {
      const raw = match[i + 1]!;
      let decoded = raw;
      try {
        decoded = decodeURIComponent(raw);
      } catch {
        // A malformed escape stays as sent; the slug simply matches nothing.
      }
      pathParams[name] = decoded;
    });
    return { compiled, pathParams };
  }
  return undefined;
}

export function allowedMethods(compiled: CompiledPath): string[] {
  return [...compiled.methods];
}
