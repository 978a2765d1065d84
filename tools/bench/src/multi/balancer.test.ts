/**
 * Each balancer the multi-instance run can use, in front of two small recording servers: requests sent on one
 * kept-alive connection go to each server in turn, a POST body arrives whole, and the balancer's process is
 * gone once stopped. HAProxy and nginx are tested where they are installed (the Node balancer always).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BalancerKind,
  balancerVersion,
  findProgram,
  haproxyConfig,
  nginxConfig,
  startBalancer,
} from './balancer.js';

interface Recorder {
  server: Server;
  url: string;
  bodies: string[];
}

async function startRecorder(name: string): Promise<Recorder> {
  const bodies: string[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      bodies.push(body);
      response
        .writeHead(200, { 'content-type': 'text/plain' })
        .end(`${name} ${request.method} ${request.url}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, bodies };
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const kinds: BalancerKind[] = ['node', 'haproxy', 'nginx'];

describe.each(kinds)('the %s balancer', (kind) => {
  const installed = kind === 'node' || findProgram(kind) !== undefined;
  let recorders: Recorder[] = [];
  let logDir: string;

  beforeAll(async () => {
    recorders = await Promise.all([startRecorder('first'), startRecorder('second')]);
    logDir = await mkdtemp(join(tmpdir(), 'calendar-bench-balancer-'));
  });
  afterAll(async () => {
    await rm(logDir, { recursive: true, force: true });
    for (const { server } of recorders) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it.skipIf(!installed)('sends requests to the instances in turn, bodies included, and stops', async () => {
    const balancer = await startBalancer(
      kind,
      recorders.map((r) => r.url),
      logDir,
    );
    try {
      expect(balancer.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const answers: string[] = [];
      // One after another: fetch keeps its connection to the balancer alive between them.
      for (let i = 0; i < 8; i++) {
        const response = await fetch(`${balancer.url}/path/${i}`, {
          method: i === 0 ? 'POST' : 'GET',
          ...(i === 0 ? { body: 'x'.repeat(100_000) } : {}),
        });
        expect(response.status).toBe(200);
        answers.push((await response.text()).split(' ')[0]!);
      }
      expect(answers.filter((name) => name === 'first')).toHaveLength(4);
      expect(answers.filter((name) => name === 'second')).toHaveLength(4);
      expect(answers.every((name, i) => i === 0 || name !== answers[i - 1])).toBe(true);
      expect(recorders.flatMap((r) => r.bodies).filter((body) => body.length === 100_000)).toHaveLength(1);
    } finally {
      await balancer.stop();
    }
    expect(processExists(balancer.pid)).toBe(false);
    await expect(fetch(balancer.url)).rejects.toThrow();
  });

  it.skipIf(!installed)('names its version for the report', () => {
    expect(balancerVersion(kind)).toMatch(
      new RegExp(`^${kind === 'node' ? 'node:http' : kind} v?\\d+\\.\\d+`),
    );
  });
});

describe('the generated configurations', () => {
  const upstreams = ['http://127.0.0.1:4001', 'http://127.0.0.1:4002'];

  it('balance round robin on loopback in HAProxy', () => {
    const config = haproxyConfig(5000, upstreams);
    expect(config).toContain('bind 127.0.0.1:5000\n');
    expect(config).toContain('balance roundrobin\n');
    expect(config).toContain('server instance1 127.0.0.1:4001\n  server instance2 127.0.0.1:4002\n');
  });

  it('keep connections to the instances alive in nginx, with its files in its own folder', () => {
    const config = nginxConfig(5000, upstreams, '/tmp/x');
    expect(config).toContain('listen 127.0.0.1:5000;');
    expect(config).toContain('server 127.0.0.1:4001;\n    server 127.0.0.1:4002;\n    keepalive 64;');
    expect(config).toContain('proxy_http_version 1.1;');
    expect(config).toContain('pid /tmp/x/nginx.pid;');
  });
});
