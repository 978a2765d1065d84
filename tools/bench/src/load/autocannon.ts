/**
 * autocannon, the generator that needs nothing but npm. Latencies are recorded here from each response, in
 * fractions of a millisecond: autocannon's own histogram counts whole milliseconds, which reads 0 or 1 ms
 * for the fast targets, and leaves out non-2xx answers such as 304. It runs in one Node.js thread, which
 * becomes the bound for large answers (a 200 kB list: the same req/s whatever serves it).
 */
import { createRequire } from 'node:module';
import autocannon from 'autocannon';
import {
  type LoadGenerator,
  type LoadRequest,
  type Measurement,
  UNIQUE_TOKEN,
  uniquePrefix,
} from './load.js';

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
  const { paths, body } = request;
  const base: autocannon.Request = {
    method: request.method,
    path: paths[0]!,
    ...(request.headers ? { headers: request.headers } : {}),
    ...(body !== undefined ? { body } : {}),
  };
  const bodyParts = body?.split(UNIQUE_TOKEN);
  const pathParts = paths.map((path) => path.split(UNIQUE_TOKEN));
  const varied =
    paths.length > 1 ||
    pathParts.some((parts) => parts.length > 1) ||
    (bodyParts !== undefined && bodyParts.length > 1);
  if (!varied) return base;
  const prefix = uniquePrefix();
  let sent = 0;
  return {
    ...base,
    setupRequest: (prepared) => {
      sent++;
      const token = `${prefix}n${sent}`;
      return {
        ...prepared,
        path: pathParts[sent % paths.length]!.join(token),
        ...(bodyParts ? { body: bodyParts.join(token) } : {}),
      };
    },
  };
}

const version: string = createRequire(import.meta.url)('autocannon/package.json').version;

export const autocannonGenerator: LoadGenerator = {
  description: `autocannon ${version}`,
  run(url, request, connections, seconds) {
    const latencies = new Samples();
    const statuses: Record<string, number> = {};
    let errors = 0;
    return new Promise<Measurement>((resolve, reject) => {
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
            unexpected: latencies.length - (statuses[request.expectedStatus] ?? 0) + errors,
          });
        },
      );
      instance.on('response', (_client, statusCode, _bytes, responseTime) => {
        statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
        latencies.push(responseTime);
      });
      instance.on('reqError', () => {
        errors++;
      });
    });
  },
};
