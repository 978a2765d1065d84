import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../config.js';
import type { Db } from '../db/database.js';
import { compileRoutes } from '../route-table/compile.js';
import type { RouteDefinition } from '../route-table/route.js';
import { matchPath } from './match.js';
import { answerOptions } from './options.js';
import type { RequestBase } from './request-context.js';
import { createUrlBuilder, requestTarget } from './request-url.js';
import { textOf } from './respond.js';
import type { CoreRequest } from './types.js';

const config = resolveConfig({ cors: { origins: ['https://app.example'] } } as never);
const summary = { en: 'Things', de: 'Dinge' };
const routes: RouteDefinition[] = [
  {
    name: 'things.read',
    path: '/things',
    methods: ['GET'],
    summary,
    params: {},
    operation: async () => ({ body: [] }),
  },
  {
    name: 'things.create',
    path: '/things',
    methods: ['POST'],
    summary,
    params: {},
    authorize: (context) => context.principal?.role === 'editor',
    operation: async () => ({ body: {} }),
  },
];
const match = matchPath(compileRoutes(routes), '/things')!;
const db = {} as Db;

function options(headers: CoreRequest['headers'], role: 'editor' | 'subscriber' | undefined) {
  const request: CoreRequest = {
    method: 'OPTIONS',
    url: '/calendar/events/v1/things',
    mountPath: '',
    headers,
  };
  let asked = 0;
  const base = async () => {
    asked++;
    const principal = role ? { userId: 1, role } : null;
    const urls = createUrlBuilder('http://x', '/calendar/events/v1', config.siteUrl);
    return { config, principal, urls, addressLanguage: 'en', method: 'GET' } as unknown as RequestBase;
  };
  const answer = answerOptions(request, requestTarget(request, config), match, config, db, base);
  return { answer, asked: () => asked };
}

describe('answerOptions', () => {
  it("answers the route's description with the methods this caller may use", async () => {
    const editor = options({ host: 'x' }, 'editor');
    const answer = await editor.answer;
    expect(answer.status).toBe(200);
    expect(answer.headers.Allow).toBe('GET, POST');
    expect(JSON.parse(textOf(answer)!).methods).toEqual(['GET', 'POST']);
    expect((await options({ host: 'x' }, 'subscriber').answer).headers.Allow).toBe('GET');
  });

  it('answers a CORS preflight with every method, without asking who calls', async () => {
    const preflight = options(
      { host: 'x', origin: 'https://app.example', 'access-control-request-method': 'POST' },
      undefined,
    );
    const answer = await preflight.answer;
    expect(answer.status).toBe(204);
    expect(answer.headers['Access-Control-Allow-Methods']).toBe('GET, POST');
    expect(preflight.asked()).toBe(0);
  });
});
