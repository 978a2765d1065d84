/**
 * wrk, the generator written in C: its threads parse answers at several GB/s, so that on large answers
 * the figures measure the server rather than the generator (on a 200 kB list autocannon's one thread is the
 * bound long before wrk's; figures in RESULTS.md). It is not on npm: `apt-get install wrk`.
 *
 * Each run gets a Lua script written for it: the paths to ask in turn and the body, with its unique tokens
 * made per request, and a `done` hook that prints the figures as one JSON line. Statuses: wrk counts
 * answers of 400 and more by itself; telling 200 from 304 or 201 takes a `response` hook, which copies every
 * answer into Lua, so the script has one only where the expected status is not 200 (the conditional GET and
 * creation, whose answers are small). For the others a 2xx or 3xx answer other than 200 would go unseen;
 * a GET without conditions has no reason to give one.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { stopsWithBenchmark } from '../targets/children.js';
import {
  type LoadGenerator,
  type LoadRequest,
  type Measurement,
  UNIQUE_TOKEN,
  uniquePrefix,
} from './load.js';

const run = promisify(execFile);
const RESULT_MARK = 'CALENDAR_BENCH_RESULT ';

/** A Lua string literal of `text`: every byte outside printable ASCII as a three-digit decimal escape. */
export function luaString(text: string): string {
  let literal = '"';
  for (const byte of Buffer.from(text, 'utf8')) {
    if (byte === 0x22) literal += '\\"';
    else if (byte === 0x5c) literal += '\\\\';
    else if (byte < 0x20 || byte > 0x7e) literal += `\\${String(byte).padStart(3, '0')}`;
    else literal += String.fromCharCode(byte);
  }
  return `${literal}"`;
}

const luaList = (items: readonly string[]) => `{ ${items.map(luaString).join(', ')} }`;

/** Whether the script has a response hook to count statuses (see the top of this file). */
const countsStatuses = (request: LoadRequest) => request.expectedStatus !== 200;

/** The script for one run: what to send, and how to report. */
export function wrkScript(request: LoadRequest, prefix: string): string {
  const bodyParts = request.body?.split(UNIQUE_TOKEN);
  const pathParts = request.paths.map((path) => path.split(UNIQUE_TOKEN));
  const varied =
    request.paths.length > 1 ||
    pathParts.some((parts) => parts.length > 1) ||
    (bodyParts !== undefined && bodyParts.length > 1);
  const countStatuses = countsStatuses(request);
  const lines = [
    '-- Written by the Calendar Events benchmark for one run of wrk.',
    `wrk.method = ${luaString(request.method)}`,
    `wrk.path = ${luaString(request.paths[0]!)}`,
    ...Object.entries(request.headers ?? {}).map(
      ([name, value]) => `wrk.headers[${luaString(name)}] = ${luaString(value)}`,
    ),
    ...(request.body !== undefined && !varied ? [`wrk.body = ${luaString(request.body)}`] : []),
    '',
    'local threads = {}',
    'function setup(thread)',
    '  table.insert(threads, thread)',
    '  thread:set("thread_id", #threads)',
    'end',
  ];
  if (varied)
    lines.push(
      '',
      '-- Each path as its parts around the unique tokens (one part when it has none).',
      `local paths = { ${pathParts.map(luaList).join(', ')} }`,
      `local body_parts = ${bodyParts && bodyParts.length > 1 ? luaList(bodyParts) : 'nil'}`,
      'local sent = 0',
      '-- Threads start at different places in the list, so that they do not ask for the same rows together.',
      'function request()',
      '  sent = sent + 1',
      `  local token = ${luaString(prefix)} .. "t" .. thread_id .. "n" .. sent`,
      '  local path = table.concat(paths[(sent + thread_id * 7919) % #paths + 1], token)',
      '  local body = body_parts and table.concat(body_parts, token) or nil',
      '  return wrk.format(nil, path, nil, body)',
      'end',
    );
  if (countStatuses)
    lines.push(
      '',
      'statuses = {}',
      'function response(status)',
      '  statuses[status] = (statuses[status] or 0) + 1',
      'end',
    );
  lines.push(
    '',
    'function done(summary, latency)',
    '  local counted = {}',
    ...(countStatuses
      ? [
          '  local totals = {}',
          '  for _, thread in ipairs(threads) do',
          '    for status, count in pairs(thread:get("statuses") or {}) do',
          '      totals[status] = (totals[status] or 0) + count',
          '    end',
          '  end',
          '  for status, count in pairs(totals) do',
          '    counted[#counted + 1] = string.format(\'"%d":%d\', status, count)',
          '  end',
        ]
      : []),
    '  local errors = summary.errors',
    '  io.write(string.format(',
    `    ${luaString(RESULT_MARK)} .. '{"requests":%d,"duration_us":%d,"p50_us":%d,"p99_us":%d,"status_errors":%d,"socket_errors":%d,"statuses":{%s}}\\n',`,
    '    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), errors.status,',
    '    errors.connect + errors.read + errors.write + errors.timeout, table.concat(counted, ",")))',
    'end',
  );
  return `${lines.join('\n')}\n`;
}

interface WrkFigures {
  requests: number;
  duration_us: number;
  p50_us: number;
  p99_us: number;
  status_errors: number;
  socket_errors: number;
  /** Answers by status, when the script counted them. */
  statuses: Record<string, number>;
}

/** The figures of the `done` hook, out of wrk's stdout. */
export function parseWrkOutput(stdout: string, request: LoadRequest): Measurement {
  const { expectedStatus } = request;
  const line = stdout.split('\n').find((l) => l.startsWith(RESULT_MARK));
  if (!line) throw new Error(`wrk printed no result:\n${stdout.slice(-2000)}`);
  const figures = JSON.parse(line.slice(RESULT_MARK.length)) as WrkFigures;
  const statuses = { ...figures.statuses };
  const counted = countsStatuses(request);
  if (!counted) {
    // Without a response hook wrk only knows the answers of 400 and more.
    statuses['400 or more'] = figures.status_errors;
    statuses[`${expectedStatus} (assumed: under 400)`] = figures.requests - figures.status_errors;
  }
  const expected = counted ? (statuses[expectedStatus] ?? 0) : figures.requests - figures.status_errors;
  const seconds = figures.duration_us / 1e6;
  return {
    requests: figures.requests,
    seconds,
    requestsPerSecond: figures.requests / seconds,
    p50Ms: figures.p50_us / 1000,
    p99Ms: figures.p99_us / 1000,
    statuses,
    unexpected: figures.requests - expected + figures.socket_errors,
  };
}

/** wrk's version, or undefined when it is not installed. */
export async function wrkVersion(): Promise<string | undefined> {
  try {
    // `wrk -v` prints its version line and the usage, and exits with status 1.
    const { stdout } = await run('wrk', ['-v']).catch((error: { stdout?: string; code?: unknown }) => {
      if (typeof error.stdout === 'string' && error.stdout !== '') return { stdout: error.stdout };
      throw error;
    });
    const match = /^wrk (?:\S*\/)?(\d+\.\d+\.\d+)/m.exec(stdout);
    return match?.[1] ?? 'unknown version';
  } catch {
    return undefined;
  }
}

export function wrkGenerator(version: string, threads: number): LoadGenerator {
  return {
    description: `wrk ${version} (${threads} threads)`,
    async run(url, request, connections, seconds) {
      const folder = await mkdtemp(join(tmpdir(), 'calendar-bench-wrk-'));
      try {
        const script = join(folder, 'scenario.lua');
        await writeFile(script, wrkScript(request, uniquePrefix()));
        const wrk = run(
          'wrk',
          [
            `--threads=${Math.min(threads, connections)}`,
            `--connections=${connections}`,
            `--duration=${Math.max(1, Math.round(seconds))}s`,
            // Slow answers are measured, not dropped: only a stuck request counts as an error.
            '--timeout=30s',
            `--script=${script}`,
            `${url}${request.paths[0]}`,
          ],
          { maxBuffer: 4 * 1024 * 1024 },
        );
        stopsWithBenchmark(wrk.child);
        const { stdout } = await wrk;
        return parseWrkOutput(stdout, request);
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
  };
}
