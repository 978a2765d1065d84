/**
 * The balancer of the multi-instance run where neither HAProxy nor nginx is installed: a `node:http` proxy
 * that sends each request to the next instance in turn, over connections to the instances it keeps alive,
 * and streams bodies both ways. Good enough to spread load on loopback, not a production proxy: no retries,
 * no health checks (an instance that is down answers 502).
 *
 * Usage: node --import tsx node-balancer.ts http://127.0.0.1:PORT… (prints `listening on http://HOST:PORT`)
 */
import { Agent, createServer, request as forward } from 'node:http';
import type { AddressInfo } from 'node:net';

const upstreams = process.argv.slice(2).map((url) => new URL(url));
if (upstreams.length === 0) throw new Error('Usage: node-balancer.ts http://127.0.0.1:PORT…');
const agent = new Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 256 });
let next = 0;

const server = createServer((request, response) => {
  const upstream = upstreams[next]!;
  next = (next + 1) % upstreams.length;
  const outgoing = forward(
    {
      agent,
      host: upstream.hostname,
      port: upstream.port,
      method: request.method,
      path: request.url,
      // The client's own headers; its Connection header is between it and this proxy.
      headers: { ...request.headers, connection: 'keep-alive' },
    },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    },
  );
  outgoing.on('error', (error) => {
    if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' });
    response.end(`bad gateway: ${error.message}\n`);
  });
  request.pipe(outgoing);
});
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening on http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
});
process.once('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  agent.destroy();
});
