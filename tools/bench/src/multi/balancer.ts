/**
 * The loopback balancer in front of several instances of the service: HAProxy where it is installed (Debian's
 * `haproxy`), else nginx, else a small proxy of our own in Node (node-balancer.ts), so that the multi-instance
 * run works on any machine. Each sends every request to the next instance in turn (round robin, also within a
 * client's keep-alive connection) over kept-alive connections to the instances, listens on 127.0.0.1 only, and
 * runs in the foreground from a configuration written into a folder of its own, removed when it stops.
 *
 * HAProxy and nginx are not Node processes, so the preloaded watch that ends a server with the benchmark
 * (targets/exit-with-parent.mjs) cannot be put into them: they are started through `setpriv --pdeathsig`,
 * which has the kernel send them SIGKILL when the benchmark is gone, however it ended.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stopsWithBenchmark } from '../targets/children.js';
import { spawnListening } from '../targets/processes.js';

export const BALANCERS = ['auto', 'haproxy', 'nginx', 'node'] as const;
export type BalancerChoice = (typeof BALANCERS)[number];
export type BalancerKind = Exclude<BalancerChoice, 'auto'>;

export interface Balancer {
  kind: BalancerKind;
  /** `http://127.0.0.1:PORT`. */
  url: string;
  pid: number;
  /** SIGTERM, SIGKILL if it has not ended within a few seconds; removes its folder. */
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 10_000;
const STOP_TIMEOUT_MS = 5_000;

/** The program's path: on PATH, or in the sbin folders a user's PATH often lacks (Debian puts both there). */
export function findProgram(name: string): string | undefined {
  const folders = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin', '/sbin'];
  return folders
    .filter((folder) => folder.startsWith('/'))
    .map((folder) => join(folder, name))
    .find((path) => existsSync(path));
}

/** The balancer `choice` asks for: `auto` takes the first installed of HAProxy, nginx, and ours in Node. */
export function resolveBalancer(choice: BalancerChoice): BalancerKind {
  if (choice !== 'auto') {
    if (choice !== 'node' && findProgram(choice) === undefined)
      throw new Error(`${choice} is not installed (apt-get install ${choice}), or use --balancer node.`);
    return choice;
  }
  if (findProgram('haproxy')) return 'haproxy';
  if (findProgram('nginx')) return 'nginx';
  return 'node';
}

/** The version of an installed balancer, for the report (nginx prints it on stderr, HAProxy on stdout). */
export function balancerVersion(kind: BalancerKind): string {
  if (kind === 'node') return `node:http ${process.version}`;
  const run = spawnSync(findProgram(kind)!, ['-v'], { encoding: 'utf8' });
  const text = `${run.stdout ?? ''}${run.stderr ?? ''}`;
  const version = /(?:version\s+|nginx\/)(\S+)/i.exec(text)?.[1];
  return version ? `${kind} ${version}` : kind;
}

/** A port free on 127.0.0.1 now (HAProxy and nginx take a port in their configuration, not port 0). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const hostPort = (url: string) => new URL(url).host;

export function haproxyConfig(port: number, upstreams: readonly string[]): string {
  return `${[
    'global',
    // One thread: the instances, PostgreSQL and the load generator need the other cores more.
    '  nbthread 1',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  option http-keep-alive',
    '  timeout connect 5s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout http-keep-alive 60s',
    'frontend calendar',
    `  bind 127.0.0.1:${port}`,
    '  default_backend instances',
    'backend instances',
    '  balance roundrobin',
    '  http-reuse always',
    ...upstreams.map((url, i) => `  server instance${i + 1} ${hostPort(url)}`),
  ].join('\n')}\n`;
}

export function nginxConfig(port: number, upstreams: readonly string[], folder: string): string {
  return `${[
    'daemon off;',
    'master_process off;',
    'worker_processes 1;',
    `pid ${join(folder, 'nginx.pid')};`,
    `error_log ${join(folder, 'error.log')} warn;`,
    'events { worker_connections 4096; }',
    'http {',
    '  access_log off;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
      (kind) => `  ${kind}_temp_path ${join(folder, kind)};`,
    ),
    '  upstream instances {',
    ...upstreams.map((url) => `    server ${hostPort(url)};`),
    '    keepalive 64;',
    '  }',
    '  server {',
    `    listen 127.0.0.1:${port};`,
    '    location / {',
    '      proxy_pass http://instances;',
    '      proxy_http_version 1.1;',
    '      proxy_set_header Connection "";',
    '      proxy_set_header Host $http_host;',
    '    }',
    '  }',
    '}',
  ].join('\n')}\n`;
}

/** Resolves once something accepts connections on the port; rejects if `child` ends first or time runs out. */
async function acceptsConnections(port: number, child: ChildProcess, describe: () => string) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(
        `the balancer exited (${child.signalCode ?? child.exitCode}) before listening: ${describe()}`,
      );
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGKILL');
  throw new Error(`the balancer did not listen within ${START_TIMEOUT_MS / 1000} s: ${describe()}`);
}

/** HAProxy or nginx in the foreground, ended with the benchmark (see the top of this file). */
async function startProgram(kind: 'haproxy' | 'nginx', upstreams: readonly string[]): Promise<Balancer> {
  const folder = await mkdtemp(join(tmpdir(), `calendar-bench-${kind}-`));
  const port = await freePort();
  const config = join(folder, `${kind}.conf`);
  await writeFile(
    config,
    kind === 'haproxy' ? haproxyConfig(port, upstreams) : nginxConfig(port, upstreams, folder),
  );
  const program = findProgram(kind)!;
  const args =
    kind === 'haproxy'
      ? ['-db', '-f', config]
      : ['-p', folder, '-c', config, '-e', join(folder, 'error.log')];
  const setpriv = findProgram('setpriv');
  const [command, commandArgs] = setpriv
    ? [setpriv, ['--pdeathsig', 'SIGKILL', '--', program, ...args]]
    : [program, args];
  let output = '';
  const child = stopsWithBenchmark(spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'] }));
  const keep = (chunk: Buffer) => {
    output = `${output}${chunk.toString()}`.slice(-4000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    }
    await rm(folder, { recursive: true, force: true });
  };
  const describe = () => {
    const log = join(folder, 'error.log');
    return `${output}${existsSync(log) ? readFileSync(log, 'utf8') : ''}`.trim() || '(no output)';
  };
  try {
    await acceptsConnections(port, child, describe);
  } catch (error) {
    await stop();
    throw error;
  }
  return { kind, url: `http://127.0.0.1:${port}`, pid: child.pid!, stop };
}

/** Starts the balancer of `kind` in front of `upstreams` (`http://127.0.0.1:PORT` each). */
export async function startBalancer(
  kind: BalancerKind,
  upstreams: readonly string[],
  logDir: string,
): Promise<Balancer> {
  if (kind !== 'node') return startProgram(kind, upstreams);
  const script = fileURLToPath(new URL('./node-balancer.ts', import.meta.url));
  const server = await spawnListening(
    ['--import', 'tsx', script, ...upstreams],
    { adapter: 'node-balancer', database: 'none' },
    join(logDir, 'node-balancer.log'),
    process.env,
  );
  return { kind, url: server.url, pid: server.pid, stop: server.stop };
}
