import type { CompiledPath } from '../route-table/compile.js';

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
export interface RouteMatch {
  compiled: CompiledPath;
  pathParams: Record<string, string>;
}

/** The route match of a request path, or undefined outside the namespace `prefix` or without a route. */
export function matchRequest(
  paths: readonly CompiledPath[],
  requestPath: string,
  prefix: string,
): RouteMatch | undefined {
  if (requestPath !== prefix && !requestPath.startsWith(`${prefix}/`)) return undefined;
  return matchPath(paths, requestPath.slice(prefix.length));
}
