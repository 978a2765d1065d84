/**
 * The ceiling of this machine: a bare `node:http` server that answers every request with the same
 * precomputed response (status, headers and body of the service's default events list). Whatever the
 * service does on top of reading a request and writing those bytes is what it costs.
 *
 * Usage: node --import tsx ceiling-server.ts RESPONSE.json  (prints `listening on http://HOST:PORT`)
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RecordedResponse } from './recorded-response.js';

const recorded = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as RecordedResponse;
const body = Buffer.from(recorded.bodyBase64, 'base64');
const headers = { ...recorded.headers, 'content-length': String(body.length) };

const server = createServer((request, response) => {
  // Drain any request body so that keep-alive connections stay usable.
  request.resume();
  response.writeHead(recorded.status, headers);
  response.end(body);
});
// The service's keep-alive timeout, so connections live as long as they do there.
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening on http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
});
process.once('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
