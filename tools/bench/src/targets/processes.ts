/**
 * The servers under load, each in a child process of its own so that its memory and CPU are its own: the
 * standalone service (`calendar-events serve`, built, as an installed package runs it) with one adapter and
 * database, and the ceiling, a bare `node:http` server.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { REPO_ROOT, SERVER_CLI, TURBO_BIN } from '../paths.js';
import { EXIT_WITH_PARENT, stopsWithBenchmark } from './children.js';

const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 20_000;

export interface ServerProcess {
  /** `fastify`, `express` or `node:http`. */
  adapter: string;
  /** `sqlite`, `postgres` or `none`. */
  database: string;
  /** `http://127.0.0.1:PORT`. */
  url: string;
  pid: number;
  /** The end of what the server wrote on stderr (its log), for error messages. */
  logTail(): string;
  /** SIGTERM (a graceful shutdown, which also writes a CPU profile), SIGKILL if it hangs. */
  stop(): Promise<void>;
}

function tail(text: string, lines = 20): string {
  return text.trimEnd().split('\n').slice(-lines).join('\n');
}

/**
 * Spawns `node ARGS` and resolves once it prints `listening on http://…` on stdout. The child stops with the
 * benchmark, however that ends (see children.ts): its stdin is the pipe its preloaded watch reads.
 */
export async function spawnListening(
  args: string[],
  labels: { adapter: string; database: string },
  logFile: string,
  env: NodeJS.ProcessEnv,
): Promise<ServerProcess> {
  await mkdir(join(logFile, '..'), { recursive: true });
  // The log goes to a file, not a pipe: reading a line per request here would take CPU from the load
  // generator, and a pipe nobody reads would stall the server.
  const logFd = openSync(logFile, 'w');
  let child: ChildProcess;
  try {
    child = stopsWithBenchmark(
      spawn(process.execPath, ['--import', EXIT_WITH_PARENT, ...args], {
        cwd: REPO_ROOT,
        env,
        stdio: ['pipe', 'pipe', logFd],
      }),
    );
  } finally {
    closeSync(logFd);
  }
  const logTail = () => {
    try {
      return tail(readFileSync(logFile, 'utf8'));
    } catch {
      return '';
    }
  };
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const url = await new Promise<string>((resolve, reject) => {
    let stdout = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${labels.adapter}/${labels.database} did not start in time.\n${logTail()}`));
    }, START_TIMEOUT_MS);
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => {
      stdout += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(stdout);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(
        new Error(
          `${labels.adapter}/${labels.database} exited (${signal ?? code}) before listening.\n${tail(stdout)}\n${logTail()}`,
        ),
      );
    });
  });

  return {
    ...labels,
    url,
    pid: child.pid!,
    logTail,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}

export interface ServiceProcessOptions {
  adapter: 'fastify' | 'express';
  database: 'sqlite' | 'postgres';
  databaseUrl: string;
  logDir: string;
  /** Write a V8 CPU profile of the server into this folder when it stops. */
  cpuProfileDir?: string | undefined;
  /** Keep GET answers in the service's response cache (its default); false starts it with `--no-response-cache`. */
  responseCache: boolean;
  /** Which of several instances on the same database this is (its log file is its own). */
  instance?: number | undefined;
  /** PostgreSQL: `--pushed-version` (cached reads use the version PostgreSQL pushes). */
  pushedVersion?: boolean | undefined;
}

/**
 * Builds the server and the packages it imports (`turbo run build`): some twenty seconds the first time, a
 * cache hit afterwards while the sources are unchanged.
 */
export async function buildServer(): Promise<void> {
  try {
    const build = promisify(execFile)(
      TURBO_BIN,
      ['run', 'build', '--filter=@calendar-events/server...', '--output-logs=errors-only'],
      { cwd: REPO_ROOT, env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' }, maxBuffer: 16 * 1024 * 1024 },
    );
    stopsWithBenchmark(build.child);
    await build;
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`building the server failed:\n${tail(`${stdout}\n${stderr}`, 40)}`);
  }
}

/** `calendar-events serve` on a free port, with the site URL a real deployment would set. */
export function startServiceProcess(options: ServiceProcessOptions): Promise<ServerProcess> {
  const name = `${options.database}-${options.adapter}${options.responseCache ? '' : '-no-cache'}${options.pushedVersion ? '-pushed' : ''}${options.instance === undefined ? '' : `-instance${options.instance}`}`;
  // One folder per target, for the profile the server writes when it stops.
  const profile = options.cpuProfileDir
    ? ['--cpu-prof', `--cpu-prof-dir=${join(options.cpuProfileDir, name)}`]
    : [];
  return spawnListening(
    [
      ...profile,
      SERVER_CLI,
      'serve',
      '--adapter',
      options.adapter,
      '--database',
      options.databaseUrl,
      '--host',
      '127.0.0.1',
      '--port',
      '0',
      '--site-url',
      'https://calendar.example',
      ...(options.responseCache ? [] : ['--no-response-cache']),
      ...(options.pushedVersion ? ['--pushed-version'] : []),
      // wrk sends every request from one address: the service's rate limit would answer most of them 429.
      '--no-rate-limit',
    ],
    { adapter: options.adapter, database: options.database },
    join(options.logDir, `${name}.log`),
    // The service's own default log level (a line per request) unless LOG_LEVEL says otherwise.
    { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL || 'info' },
  );
}

/** The ceiling: a bare `node:http` server answering every request with the bytes in `responseFile`. */
export function startCeilingProcess(responseFile: string, logDir: string): Promise<ServerProcess> {
  return spawnListening(
    ['--import', 'tsx', fileURLToPath(new URL('./ceiling-server.ts', import.meta.url)), responseFile],
    { adapter: 'node:http', database: 'none' },
    join(logDir, 'ceiling.log'),
    process.env,
  );
}
