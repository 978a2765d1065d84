/**
 * What the benchmark asks the service, in the order it runs: reads first, then event creation, which
 * grows the calendar. Each scenario is built against the calendar that was generated (ids, slugs and
 * filters that exist and return results) and states the status every answer must have.
 */
import type { DatasetFacts } from './dataset/generate.js';
import type { LoadRequest } from './load-generator.js';

export const SCENARIOS = [
  'default-list',
  'filtered-list',
  'search',
  'geolocation',
  'single-by-id',
  'single-by-slug',
  'conditional-get',
  'create',
] as const;

export type ScenarioName = (typeof SCENARIOS)[number];

export const EVENTS_PATH = '/calendar/events/v1/events';

export interface Scenario {
  name: ScenarioName;
  /** The status every answer must have. */
  expectedStatus: number;
  /** The request, prepared against a running server (the conditional GET first asks for the ETag). */
  prepare(serverUrl: string): Promise<LoadRequest>;
}

/** Cycles through a list, so that consecutive requests ask for different rows. */
function cycle<T>(items: readonly T[]): () => T {
  let next = 0;
  return () => {
    const item = items[next]!;
    next = (next + 1) % items.length;
    return item;
  };
}

export function buildScenarios(facts: DatasetFacts, administratorKey: string): Scenario[] {
  const get = (path: string, vary?: () => { path: string }): LoadRequest => ({
    method: 'GET',
    path,
    ...(vary ? { vary } : {}),
  });
  const { filtered, search, geolocation, create } = facts;
  const byId = cycle(facts.sampleEvents.map((e) => `${EVENTS_PATH}/${e.id}`));
  const bySlug = cycle(facts.sampleEvents.map((e) => `${EVENTS_PATH}/by-slug/${encodeURIComponent(e.slug)}`));
  // Created events get titles (and so slugs) of their own: the same title a thousand times would make the
  // service look for a free `-N` suffix one query at a time.
  const runTag = Date.now().toString(36);
  let created = 0;
  const startOfCreated = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

  const all: Record<ScenarioName, Omit<Scenario, 'name'>> = {
    'default-list': { expectedStatus: 200, prepare: async () => get(EVENTS_PATH) },
    'filtered-list': {
      expectedStatus: 200,
      prepare: async () =>
        get(
          `${EVENTS_PATH}?${new URLSearchParams({
            categories: filtered.category,
            venue: String(filtered.venue),
            start_date: filtered.startDate,
            end_date: filtered.endDate,
            per_page: '50',
          })}`,
        ),
    },
    search: {
      expectedStatus: 200,
      prepare: async () => get(`${EVENTS_PATH}?${new URLSearchParams({ search: search.word })}`),
    },
    geolocation: {
      expectedStatus: 200,
      prepare: async () =>
        get(
          `${EVENTS_PATH}?${new URLSearchParams({
            geoloc_lat: String(geolocation.lat),
            geoloc_lng: String(geolocation.lng),
            geoloc_radius: String(geolocation.radiusKm),
          })}`,
        ),
    },
    'single-by-id': { expectedStatus: 200, prepare: async () => get(byId(), () => ({ path: byId() })) },
    'single-by-slug': { expectedStatus: 200, prepare: async () => get(bySlug(), () => ({ path: bySlug() })) },
    'conditional-get': {
      expectedStatus: 304,
      async prepare(serverUrl) {
        // A client that polls the list and already holds the current version.
        const response = await fetch(`${serverUrl}${EVENTS_PATH}`);
        await response.arrayBuffer();
        const etag = response.headers.get('etag');
        if (!etag) throw new Error('The default events list has no ETag header.');
        return { method: 'GET', path: EVENTS_PATH, headers: { 'if-none-match': etag } };
      },
    },
    create: {
      expectedStatus: 201,
      prepare: async () => {
        const body = () => {
          created++;
          return JSON.stringify({
            title: `Benchmark Reading ${runTag} ${created}`,
            description: `<p>Created by the benchmark, request ${created}.</p><p>Seats are limited, so please arrive early.</p>`,
            excerpt: 'A reading created under load.',
            start_date: `${startOfCreated} 19:00:00`,
            end_date: `${startOfCreated} 21:00:00`,
            timezone: create.timezone,
            venue: create.venue,
            organizer: create.organizers,
            categories: create.categories,
            tags: create.tags,
            cost: '12',
            status: 'publish',
          });
        };
        return {
          method: 'POST',
          path: EVENTS_PATH,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${administratorKey}` },
          body: body(),
          vary: () => ({ body: body() }),
        };
      },
    },
  };
  return SCENARIOS.map((name) => ({ name, ...all[name] }));
}
