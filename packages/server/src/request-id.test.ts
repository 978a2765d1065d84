import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { answerWithRequestId, RequestIdResponse, requestId, sentHeader } from './request-id.js';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A server whose answers carry ids, answering with `answer`; what it saw of each response's headers after. */
async function serve(answer: (res: ServerResponse) => void) {
  const seen: Array<{ keptByNode: string[]; contentType: unknown }> = [];
  server = createServer({ ServerResponse: RequestIdResponse as typeof ServerResponse }, (req, res) => {
    answerWithRequestId(res, requestId(req as IncomingMessage));
    answer(res);
    seen.push({ keptByNode: res.getHeaderNames(), contentType: sentHeader(res, 'Content-Type') });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

describe('the request id in the answer', () => {
  it('goes into the headers written with the head, leaving Node nothing to keep (its fast path)', async () => {
    const { url, seen } = await serve((res) =>
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok'),
    );
    const answer = await fetch(url, { headers: { 'x-request-id': 'abc-1' } });
    expect(answer.headers.get('x-request-id')).toBe('abc-1');
    expect(seen[0]).toEqual({ keptByNode: [], contentType: 'text/plain' });
    const generated = await fetch(url);
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('is set on the response when headers were set before, or the head is written without headers', async () => {
    const { url } = await serve((res) => {
      res.setHeader('x-before', '1');
      res.writeHead(201, 'Made', { 'content-type': 'text/plain' }).end();
    });
    const answer = await fetch(url, { headers: { 'x-request-id': 'abc-2' } });
    expect([answer.status, answer.headers.get('x-request-id'), answer.headers.get('x-before')]).toEqual([
      201,
      'abc-2',
      '1',
    ]);
    server!.close();
    const implicit = await serve((res) => res.end('no head written'));
    const second = await fetch(implicit.url, { headers: { 'x-request-id': 'abc-3' } });
    expect(second.headers.get('x-request-id')).toBe('abc-3');
  });

  it('leaves an id the answer names itself', async () => {
    const { url } = await serve((res) => res.writeHead(200, { 'X-Request-Id': 'own' }).end());
    const answer = await fetch(url, { headers: { 'x-request-id': 'abc-4' } });
    expect(answer.headers.get('x-request-id')).toBe('own');
  });
});
