/**
 * What the benchmark asks of a load generator, whichever drives the servers: a request described as data
 * (so that wrk, which runs Lua and not our JavaScript, can send it as autocannon does), a warm-up whose
 * numbers are thrown away, then a measured run of fixed duration, the same for every target.
 */

/** In a request's path or body, replaced for each request by a token that no other request of the benchmark sends. */
export const UNIQUE_TOKEN = '{{unique}}';

export interface LoadRequest {
  method: 'GET' | 'POST';
  /**
   * Asked in turn, one per request: one path for most scenarios, many to read different rows; a path with
   * UNIQUE_TOKEN is a new address for every request.
   */
  paths: readonly string[];
  headers?: Record<string, string>;
  /** Sent with each request; every UNIQUE_TOKEN in it is replaced by a token of its own. */
  body?: string;
  /** The status every answer must have. */
  expectedStatus: number;
  /** Connections for this request whatever the run's `--connections` (a scenario that measures one at a time). */
  connections?: number;
  /**
   * The shortest measured run for this request whatever the run's duration: a request that takes a large
   * fraction of a second needs a few seconds to be measured at all (a 1 s run may finish none).
   */
  minimumSeconds?: number;
}

export interface LoadOptions {
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
}

export interface Measurement {
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers by status, as far as the generator tells them apart (see each generator). */
  statuses: Record<string, number>;
  /** Answers with another status than the request expects, plus connection errors and timeouts. */
  unexpected: number;
}

export interface LoadGenerator {
  /** Its name and version, for the report: `wrk 4.1.0 (2 threads)`. */
  readonly description: string;
  /** Drives `url` with `request` for `seconds` on `connections` connections. */
  run(url: string, request: LoadRequest, connections: number, seconds: number): Promise<Measurement>;
}

/**
 * Warm-up, then the measured run. A GET of many paths (the single reads cycle through 1,000 events) first asks
 * each path once: the measured run then finds the service in the state the timed warm-up reaches on a fast
 * target (every answer computed once), whatever the warm-up's length. Without it, `--quick`'s one-second
 * warm-up left PostgreSQL's single reads computing answers during the measured run.
 */
export async function measureLoad(
  generator: LoadGenerator,
  url: string,
  request: LoadRequest,
  options: LoadOptions,
  /** Called between the warm-up and the measured run (meters that must not count the warm-up). */
  beforeMeasuredRun?: () => void,
): Promise<Measurement> {
  const connections = request.connections ?? options.connections;
  if (options.warmupSeconds > 0) {
    if (request.method === 'GET' && request.paths.length > 1)
      await askEveryPathOnce(url, request, connections);
    await generator.run(url, request, connections, options.warmupSeconds);
  }
  beforeMeasuredRun?.();
  return generator.run(
    url,
    request,
    connections,
    Math.max(options.durationSeconds, request.minimumSeconds ?? 0),
  );
}

/** Each path of a GET once, on up to `connections` requests at a time; the answers must have the expected status. */
async function askEveryPathOnce(url: string, request: LoadRequest, connections: number) {
  let next = 0;
  const askInTurn = async () => {
    while (next < request.paths.length) {
      const path = request.paths[next++]!.replaceAll(UNIQUE_TOKEN, `warm-up-${next}`);
      const response = await fetch(`${url}${path}`, { headers: request.headers ?? {} });
      await response.arrayBuffer();
      if (response.status !== request.expectedStatus)
        throw new Error(`GET ${path} answered ${response.status}, not ${request.expectedStatus}.`);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, connections) }, askInTurn));
}

let invocations = 0;

/**
 * A prefix for the unique tokens of one run of a generator: the process's start time and a count of runs,
 * so that the warm-up, the measured run and a later benchmark never send the same token.
 */
export function uniquePrefix(): string {
  invocations++;
  return `${Math.round(performance.timeOrigin).toString(36)}${invocations.toString(36)}`;
}
