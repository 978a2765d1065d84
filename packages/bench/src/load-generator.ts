/**
 * Drives a server with autocannon: a warm-up whose numbers are thrown away, then a measured run of fixed
 * duration, the same for every target. Latencies are recorded here from each response, in fractions of a
 * millisecond: autocannon's own histogram counts whole milliseconds, which reads 0 or 1 ms for the fast
 * targets, and leaves out non-2xx answers such as 304.
 */
import autocannon from 'autocannon';

export interface LoadRequest {
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Called before each request: returns the path and body to send this time (to vary ids, titles). */
  vary?: () => { path?: string; body?: string };
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
  /** Responses by status code. */
  statuses: Record<number, number>;
  /** Connection errors and timeouts. */
  errors: number;
}

/** A growable list of doubles (a plain array of numbers costs more per response). */
class Samples {
  private values = new Float64Array(1 << 16);
  length = 0;

  push(value: number): void {
    if (this.length === this.values.length) {
      const larger = new Float64Array(this.values.length * 2);
      larger.set(this.values);
      this.values = larger;
    }
    this.values[this.length++] = value;
  }

  percentiles(...ranks: number[]): number[] {
    const sorted = this.values.subarray(0, this.length).sort();
    return ranks.map((rank) =>
      sorted.length === 0
        ? Number.NaN
        : sorted[Math.min(sorted.length - 1, Math.ceil(rank * sorted.length) - 1)]!,
    );
  }
}

function toAutocannonRequest(request: LoadRequest): autocannon.Request {
  const base: autocannon.Request = {
    method: request.method ?? 'GET',
    path: request.path,
    ...(request.headers ? { headers: request.headers } : {}),
    ...(request.body !== undefined ? { body: request.body } : {}),
  };
  const vary = request.vary;
  if (!vary) return base;
  return {
    ...base,
    setupRequest: (prepared) => ({ ...prepared, ...vary() }),
  };
}

function runOnce(
  url: string,
  request: LoadRequest,
  connections: number,
  seconds: number,
  record: boolean,
): Promise<Measurement> {
  const latencies = new Samples();
  const statuses: Record<number, number> = {};
  let errors = 0;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const instance = autocannon(
      {
        url,
        connections,
        duration: seconds,
        // Slow answers are measured, not dropped: only a stuck request counts as an error.
        timeout: 30,
        requests: [toAutocannonRequest(request)],
      },
      (error) => {
        if (error) return reject(error);
        const elapsed = (performance.now() - started) / 1000;
        const [p50, p99] = latencies.percentiles(0.5, 0.99);
        resolve({
          requests: latencies.length,
          seconds: elapsed,
          requestsPerSecond: latencies.length / elapsed,
          p50Ms: p50!,
          p99Ms: p99!,
          statuses,
          errors,
        });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
      if (record) latencies.push(responseTime);
    });
    instance.on('reqError', () => {
      errors++;
    });
  });
}

/** Warm-up, then the measured run. */
export async function measureLoad(
  url: string,
  request: LoadRequest,
  options: LoadOptions,
): Promise<Measurement> {
  if (options.warmupSeconds > 0)
    await runOnce(url, request, options.connections, options.warmupSeconds, false);
  return runOnce(url, request, options.connections, options.durationSeconds, true);
}
