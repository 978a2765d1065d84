/**
 * `defineRoute` types an operation's parameters from the route's specs; these checks run in the type checker
 * (`pnpm typecheck` compiles the tests) and the erased table they build is tested at run time.
 */
import { describe, expectTypeOf, it } from 'vitest';
import { type InferParams, param } from './params.js';
import { defineRoute } from './route.js';

const d = { en: 'A parameter.', de: 'Ein Parameter.' };
const specs = {
  id: param.id(d, { required: true }),
  page: param.integer(d, { default: 1 }),
  search: param.search(d),
  categories: param.list('integer', d),
  status: param.enumeration(['publish', 'draft'], d, { required: true }),
};

describe('defineRoute', () => {
  it('makes required parameters present and the others optional, each of its own type', () => {
    type Params = InferParams<typeof specs>;
    expectTypeOf<Params['id']>().toEqualTypeOf<number>();
    expectTypeOf<Params['status']>().toEqualTypeOf<string>();
    expectTypeOf<Params['page']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<Params['search']>().toEqualTypeOf<string | undefined>();
  });

  it('refuses, at compile time, an operation that reads a parameter the route does not declare', () => {
    const route = defineRoute({
      name: 'things.read',
      path: '/things/{id}',
      methods: ['GET'],
      summary: d,
      params: specs,
      operation: async (_context, params) => {
        expectTypeOf(params.id).toEqualTypeOf<number>();
        // @ts-expect-error `per_page` is not a parameter of this route
        return { body: params.per_page };
      },
    });
    expectTypeOf(route.params).not.toBeAny();
  });
});
