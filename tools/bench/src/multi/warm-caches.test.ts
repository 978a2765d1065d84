/** The caches are filled at the balancer's address: each path asked once, with the Host header given. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { askEveryPathAt } from './warm-caches.js';

it('asks every path once with the Host header given, and fails on an answer other than 200', async () => {
  const asked: string[] = [];
  const server = createServer((request, response) => {
    asked.push(`${request.headers.host} ${request.url}`);
    response.writeHead(request.url === '/missing' ? 404 : 200).end('x');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const paths = Array.from({ length: 25 }, (_, i) => `/events/${i}`);
    await askEveryPathAt(url, '127.0.0.1:9999', paths, 4);
    expect(asked.sort()).toEqual(paths.map((path) => `127.0.0.1:9999 ${path}`).sort());
    await expect(askEveryPathAt(url, '127.0.0.1:9999', ['/missing'], 1)).rejects.toThrow(/answered 404/);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
