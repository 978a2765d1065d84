import { describe, expect, it } from 'vitest';
import { compileRoutes } from '../route-table/compile.js';
import type { RequestContext } from '../route-table/context.js';
import type { RouteDefinition } from '../route-table/route.js';
import { textOf } from './respond.js';
import { currentRepresentation, decideAndRun } from './run-route.js';

const summary = { en: 'Thing', de: 'Ding' };
const context = { principal: null } as unknown as RequestContext;

function route(overrides: Partial<RouteDefinition>, steps: string[]): RouteDefinition {
  return {
    name: 'things.update',
    path: '/things/{id}',
    methods: ['PUT'],
    summary,
    params: {},
    lockRecord: async () => void steps.push('lock'),
    authorize: () => {
      steps.push('authorize');
      return true;
    },
    operation: async () => {
      steps.push('operation');
      return { body: 'done' };
    },
    ...overrides,
  };
}

describe('decideAndRun', () => {
  it('locks, authorizes, checks the precondition, then runs the operation', async () => {
    const steps: string[] = [];
    const precondition = async () => void steps.push('precondition');
    const result = await decideAndRun(route({}, steps), { id: '4' }, {}, context, precondition);
    expect(steps).toEqual(['lock', 'authorize', 'precondition', 'operation']);
    expect(result.body).toBe('done');
  });

  it('answers 401 to an anonymous caller the rule refuses, before any precondition', async () => {
    const steps: string[] = [];
    const refusing = route({ authorize: () => false }, steps);
    const precondition = async () => void steps.push('precondition');
    await expect(decideAndRun(refusing, {}, {}, context, precondition)).rejects.toMatchObject({
      status: 401,
    });
    expect(steps).toEqual(['lock']);
  });
});

describe('currentRepresentation', () => {
  it("reads what the path's GET gives, with only the parameters that shape it", async () => {
    const read: RouteDefinition = {
      ...route({}, []),
      methods: ['GET'],
      operation: async (_context, _params, sent) => ({ body: sent }),
    };
    const compiled = compileRoutes([read, route({}, [])])[0]!;
    const current = currentRepresentation(compiled, { id: '4' }, { context: 'edit', title: 'New' });
    const representation = await current!(context);
    expect(JSON.parse(textOf(representation!)!)).toEqual({ context: 'edit' });
  });

  it('has nothing to read without a GET route, and nothing when the read fails', async () => {
    const compiled = compileRoutes([route({}, [])])[0]!;
    expect(currentRepresentation(compiled, {}, {})).toBeUndefined();
    const failing: RouteDefinition = { ...route({ authorize: () => false }, []), methods: ['GET'] };
    const current = currentRepresentation(compileRoutes([failing])[0]!, {}, {});
    expect(await current!(context)).toBeUndefined();
  });
});
