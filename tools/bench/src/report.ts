/** The results: one row per scenario and target, as a table for people and as JSON for machines. */

export interface BenchResult {
  scenario: string;
  /** `fastify`, `express`, or `node:http` for the ceiling. */
  adapter: string;
  /** `sqlite`, `postgres`, or `none` for the ceiling. */
  database: string;
  /**
   * Whether the service kept GET answers in its response cache (its default): then repeated requests for
   * the same URL are answered from memory while the data is unchanged (lists: within the same second), and
   * the figures say little about the queries. Off, every request runs its queries. Null for the ceiling.
   */
  response_cache: boolean | null;
  /**
   * Whether every GET that expects a 200 was asked at an address never asked before (`--response-cache
   * miss`): with the cache on, then no answer is reused, while what the service keeps besides answers (list
   * totals, venues and organizers, per data version) is, as with a real mix of URLs.
   */
  new_urls: boolean;
  events: number;
  rps: number;
  p50_ms: number;
  p99_ms: number;
  /** req/s over the ceiling's req/s (1 for the ceiling itself); null when no ceiling was measured. */
  ceiling_ratio: number | null;
  /** Peak resident memory of the server process during the scenario; null where /proc is missing. */
  rss_mb: number | null;
  /**
   * CPU the server process used per answer in the measured run, in microseconds (user + system, all its
   * threads; see targets/cpu.ts): steadier than req/s on a machine whose cores the server shares. Null
   * where /proc is missing.
   */
  cpu_us_per_request: number | null;
  /**
   * CPU PostgreSQL's backends of the benchmark database used per answer in the measured run, in microseconds
   * (/proc, 10 ms ticks): the database's share, which the server's figure leaves out. Null for SQLite (whose
   * work runs inside the server process and is in its figure) and where /proc is missing.
   */
  postgres_cpu_us_per_request?: number | null;
  /** Answers counted in the measured run. */
  requests: number;
  /** Answers with another status than the scenario expects, plus connection errors and timeouts. */
  unexpected: number;
}

export interface DatasetSummary {
  database: string;
  events: number;
  /** The share of events asked to be occurrences of weekly series, and how many are (series events included). */
  series_share: number;
  series_events: number;
  load_seconds: number;
  reused: boolean;
  generated_at: string;
}

export interface BenchReport {
  results: BenchResult[];
  datasets: DatasetSummary[];
  settings: {
    /** The load generator and its version, e.g. `wrk 4.1.0 (2 threads)`. */
    load_generator: string;
    response_cache: 'on' | 'off' | 'miss' | 'both';
    /** PostgreSQL targets ran with `--pushed-version`. */
    pushed_version: boolean;
    connections: number;
    warmup_s: number;
    duration_s: number;
  };
  machine: { cpus: number; load_average_at_start: number; node: string };
  /** The git commit measured (`+changes` when the work tree had uncommitted changes). */
  revision: string;
  /** Why some rows cannot be trusted (unexpected statuses), in words. */
  warnings: string[];
  /** Targets that failed (did not start, or answered wrongly): their rows are missing. */
  errors: string[];
}

const COLUMNS: Array<{ title: string; value: (r: BenchResult) => string; left?: boolean }> = [
  { title: 'scenario', value: (r) => r.scenario, left: true },
  { title: 'adapter', value: (r) => r.adapter, left: true },
  { title: 'database', value: (r) => r.database, left: true },
  {
    title: 'cache',
    value: (r) => (r.response_cache === null ? '-' : r.new_urls ? 'miss' : r.response_cache ? 'on' : 'off'),
    left: true,
  },
  { title: 'events', value: (r) => r.events.toLocaleString('en-US') },
  { title: 'req/s', value: (r) => Math.round(r.rps).toLocaleString('en-US') },
  { title: 'p50 ms', value: (r) => formatMs(r.p50_ms) },
  { title: 'p99 ms', value: (r) => formatMs(r.p99_ms) },
  { title: 'ceiling ratio', value: (r) => (r.ceiling_ratio === null ? '-' : r.ceiling_ratio.toFixed(3)) },
  { title: 'RSS MB', value: (r) => (r.rss_mb === null ? '-' : r.rss_mb.toFixed(0)) },
  {
    title: 'CPU µs/req',
    value: (r) => (r.cpu_us_per_request === null ? '-' : r.cpu_us_per_request.toFixed(1)),
  },
  {
    title: 'PG CPU µs/req',
    value: (r) => (r.postgres_cpu_us_per_request == null ? '-' : r.postgres_cpu_us_per_request.toFixed(1)),
  },
];

function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return '-';
  return ms < 10 ? ms.toFixed(2) : ms < 100 ? ms.toFixed(1) : ms.toFixed(0);
}

export function formatTable(results: readonly BenchResult[]): string {
  const cells = results.map((r) => COLUMNS.map((c) => c.value(r)));
  const widths = COLUMNS.map((c, i) => Math.max(c.title.length, ...cells.map((row) => row[i]!.length)));
  const line = (values: string[]) =>
    values
      .map((v, i) => (COLUMNS[i]!.left ? v.padEnd(widths[i]!) : v.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(COLUMNS.map((c) => c.title)), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join(
    '\n',
  );
}

/** Rounds the figures for the JSON file: nobody needs nanoseconds. */
export function roundResult(result: BenchResult): BenchResult {
  const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
  return {
    ...result,
    rps: round(result.rps, 1),
    p50_ms: round(result.p50_ms, 3),
    p99_ms: round(result.p99_ms, 3),
    ceiling_ratio: result.ceiling_ratio === null ? null : round(result.ceiling_ratio, 4),
    rss_mb: result.rss_mb === null ? null : round(result.rss_mb, 1),
    cpu_us_per_request: result.cpu_us_per_request === null ? null : round(result.cpu_us_per_request, 1),
    ...(result.postgres_cpu_us_per_request != null
      ? { postgres_cpu_us_per_request: round(result.postgres_cpu_us_per_request, 1) }
      : {}),
  };
}
