/**
 * Preload (`node --import`) that makes the two database drivers unresolvable, for `require` and `import`
 * alike, as in an application that installed neither: `better-sqlite3` and `pg` are optional peer
 * dependencies of core. Used by `test/packaging.test.ts`.
 */
import Module, { register } from 'node:module';

const BLOCKED = /^(better-sqlite3|pg)(\/.*)?$/;
const message = (name) => `Cannot find package '${name}' (made unresolvable by core's packaging test)`;

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (BLOCKED.test(request)) throw Object.assign(new Error(message(request)), { code: 'MODULE_NOT_FOUND' });
  return resolveFilename.call(this, request, ...rest);
};

const hooks = `
  export async function resolve(specifier, context, nextResolve) {
    if (${BLOCKED}.test(specifier))
      throw Object.assign(new Error(${JSON.stringify(message('\u0000'))}.replace('\\u0000', specifier)), {
        code: 'ERR_MODULE_NOT_FOUND',
      });
    return nextResolve(specifier, context);
  }
`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
