/**
 * What the benchmark asks the service, in the order it runs: reads first, then event creation, which
 * grows the calendar. Each scenario is built against the calendar that was generated (ids, slugs and
 * filters that exist and return results) and states the status every answer must have.
 */
import type { DatasetFacts } from './dataset/shape.js';
import { type LoadRequest, UNIQUE_TOKEN } from './load/load.js';

export const SCENARIOS = [
  'default-list',
  'filtered-list',
  'search',
  'geolocation',
  'single-by-id',
  'single-by-slug',
  'conditional-get',
  'create',
  'update',
  'create-daily-series',
] as const;

export type ScenarioName = (typeof SCENARIOS)[number];

export const EVENTS_PATH = '/calendar/events/v1/events';

/** The events the `update` scenario creates and then saves in turn. */
const UPDATED_EVENTS = 50;

export interface Scenario {
  name: ScenarioName;
  /** The request, prepared against a running server (the conditional GET first asks for the ETag). */
  prepare(serverUrl: string): Promise<LoadRequest>;
}

export function buildScenarios(facts: DatasetFacts, administratorKey: string): Scenario[] {
  // Several paths are asked in turn, so that consecutive requests read different rows.
  const get = (...paths: string[]): LoadRequest => ({ method: 'GET', paths, expectedStatus: 200 });
  const { filtered, search, geolocation, create } = facts;
  const startOfCreated = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const startOfSeries = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const createBody = {
    description: `<p>Created by the benchmark, request ${UNIQUE_TOKEN}.</p><p>Seats are limited, so please arrive early.</p>`,
    excerpt: 'A reading created under load.',
    timezone: create.timezone,
    venue: create.venue,
    // A map for the venue must be asked for: events created without show_map have none (SPEC §14).
    show_map: true,
    show_map_link: true,
    organizer: create.organizers,
    categories: create.categories,
    tags: create.tags,
    // No symbol: shown with the site's default currency (`$12` by default).
    cost: '12',
    status: 'publish',
  };

  const all: Record<ScenarioName, Omit<Scenario, 'name'>> = {
    'default-list': { prepare: async () => get(EVENTS_PATH) },
    'filtered-list': {
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
      prepare: async () => get(`${EVENTS_PATH}?${new URLSearchParams({ search: search.word })}`),
    },
    geolocation: {
      prepare: async () =>
        get(
          `${EVENTS_PATH}?${new URLSearchParams({
            geoloc_lat: String(geolocation.lat),
            geoloc_lng: String(geolocation.lng),
            geoloc_radius: String(geolocation.radiusKm),
          })}`,
        ),
    },
    'single-by-id': {
      prepare: async () => get(...facts.sampleEvents.map((e) => `${EVENTS_PATH}/${e.id}`)),
    },
    'single-by-slug': {
      prepare: async () =>
        get(...facts.sampleEvents.map((e) => `${EVENTS_PATH}/by-slug/${encodeURIComponent(e.slug)}`)),
    },
    'conditional-get': {
      async prepare(serverUrl) {
        // A client that polls the list and already holds the current version: the uncompressed one, as the
        // load generator asks without Accept-Encoding (fetch would ask for brotli, whose ETag is its own).
        const response = await fetch(`${serverUrl}${EVENTS_PATH}`, {
          headers: { 'accept-encoding': 'identity' },
        });
        await response.arrayBuffer();
        const etag = response.headers.get('etag');
        if (!etag) throw new Error('The default events list has no ETag header.');
        return {
          method: 'GET',
          paths: [EVENTS_PATH],
          // Said outright: fetch (the preflight, the warm-up) would otherwise ask for brotli, whose ETag is not
          // this one, and get a 200.
          headers: { 'if-none-match': etag, 'accept-encoding': 'identity' },
          expectedStatus: 304,
        };
      },
    },
    create: {
      prepare: async () => ({
        method: 'POST',
        paths: [EVENTS_PATH],
        headers: { 'content-type': 'application/json', authorization: `Bearer ${administratorKey}` },
        // Created events get titles (and so slugs) of their own: the same title a thousand times would
        // make the service look for a free `-N` suffix one query at a time.
        body: JSON.stringify({
          title: `Benchmark Reading ${UNIQUE_TOKEN}`,
          ...createBody,
          start_date: `${startOfCreated} 19:00:00`,
          end_date: `${startOfCreated} 21:00:00`,
        }),
        expectedStatus: 201,
      }),
    },
    update: {
      // Events of its own, created first (and removed with the created ones after the run), saved in turn
      // with a new title and description each time (their texts and search rows written anew), as an
      // editor's save does. Fifty, so that ten connections seldom save the same event at once.
      async prepare(serverUrl) {
        const headers = { 'content-type': 'application/json', authorization: `Bearer ${administratorKey}` };
        const paths: string[] = [];
        for (let index = 0; index < UPDATED_EVENTS; index++) {
          const response = await fetch(`${serverUrl}${EVENTS_PATH}`, {
            method: 'POST',
            headers,
            body: JSON.stringify({
              title: `Benchmark Edited Reading ${index}`,
              ...createBody,
              description: `<p>To be edited under load, event ${index}.</p>`,
              start_date: `${startOfCreated} 19:00:00`,
              end_date: `${startOfCreated} 21:00:00`,
            }),
          });
          const created = (await response.json()) as { id?: number };
          if (response.status !== 201 || typeof created.id !== 'number')
            throw new Error(`Creating an event to update answered ${response.status}.`);
          paths.push(`${EVENTS_PATH}/${created.id}`);
        }
        return {
          method: 'POST',
          paths,
          headers,
          body: JSON.stringify({
            title: `Benchmark Edited Reading ${UNIQUE_TOKEN}`,
            description: `<p>Edited under load, request ${UNIQUE_TOKEN}.</p><p>Seats are limited.</p>`,
          }),
          expectedStatus: 200,
        };
      },
    },
    'create-daily-series': {
      // The same event, every day from tomorrow on without end: the service materializes its occurrences up
      // to its horizon (24 months by default), about 730 events per request. One connection: the time one
      // creation takes, not writes queued behind each other (they queue on the records and terms they share).
      prepare: async () => ({
        method: 'POST',
        paths: [EVENTS_PATH],
        headers: { 'content-type': 'application/json', authorization: `Bearer ${administratorKey}` },
        body: JSON.stringify({
          title: `Benchmark Daily Reading ${UNIQUE_TOKEN}`,
          ...createBody,
          start_date: `${startOfSeries} 19:00:00`,
          end_date: `${startOfSeries} 21:00:00`,
          recurrence: ['RRULE:FREQ=DAILY'],
        }),
        expectedStatus: 201,
        connections: 1,
        // A creation takes a few hundred milliseconds on a busy machine: a 1 s run (--duration 1) might end
        // before the first one does.
        minimumSeconds: 2,
      }),
    },
  };
  return SCENARIOS.map((name) => ({ name, ...all[name] }));
}

/**
 * The request of `--response-cache miss`: every GET that expects a 200 carries a parameter the service
 * ignores, new for each request, so that no answer is found in the response cache. The conditional GET keeps
 * its one address (its 304 is the point), and creation is not a GET.
 */
export function askedAtNewUrls(request: LoadRequest): LoadRequest {
  if (request.method !== 'GET' || request.expectedStatus !== 200) return request;
  const paths = request.paths.map((path) => `${path}${path.includes('?') ? '&' : '?'}_bench=${UNIQUE_TOKEN}`);
  return { ...request, paths };
}
