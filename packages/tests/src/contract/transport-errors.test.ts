/**
 * Requests the HTTP parser rejects before any adapter sees them, on hosts that install
 * core's `clientErrorHandler` (as the harness's hosts do): core's error envelope, the same bytes on both
 * adapters, `Connection: close` before the connection closes, and no body for HEAD.
 */
import { connect } from 'node:net';
import { expect, it } from 'vitest';
import { describeContract } from '../index.js';

/** Sends raw bytes and resolves with everything received until the server closes the connection. */
function exchange(baseUrl: string, request: string): Promise<string> {
  const { port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    let text = '';
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(request));
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
    });
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
    socket.setTimeout(5000, () => socket.destroy(new Error('the server kept the connection open')));
  });
}

const BIG_HEADER = `X-Big: ${'a'.repeat(20_000)}\r\n`;

describeContract('transport errors', (service) => {
  it('answers a header section too large with 431 in the envelope, and says it closes', async () => {
    const text = await exchange(
      service().baseUrl,
      `GET /calendar/events/v1/events HTTP/1.1\r\nHost: x\r\n${BIG_HEADER}\r\n`,
    );
    const body = JSON.stringify({
      code: 'rest_request_header_too_large',
      message: 'The request header section is too large.',
      data: { status: 431 },
    });
    expect(text).toBe(
      `HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-type: application/json; charset=UTF-8\r\nx-content-type-options: nosniff\r\nconnection: close\r\ncontent-length: ${body.length}\r\n\r\n${body}`,
    );
  });

  it('sends no body with the 431 of a HEAD', async () => {
    const text = await exchange(
      service().baseUrl,
      `HEAD /calendar/events/v1/events HTTP/1.1\r\nHost: x\r\n${BIG_HEADER}\r\n`,
    );
    expect(text).toMatch(/^HTTP\/1\.1 431 .*\r\n/);
    expect(text).toMatch(/\r\nconnection: close\r\n/);
    expect(text.endsWith('\r\n\r\n')).toBe(true);
  });

  it('answers what is not HTTP with 400 in the envelope', async () => {
    for (const request of [
      'GARBAGE\r\n\r\n',
      'GET /calendar/events/v1/events HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n',
      'GET /calendar/events/v1/events HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n',
    ]) {
      const text = await exchange(service().baseUrl, request);
      const [head, body] = text.split('\r\n\r\n');
      expect(head, request).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
      expect(head, request).toMatch(/\r\nconnection: close(\r\n|$)/);
      expect(JSON.parse(body!), request).toEqual({
        code: 'rest_bad_request',
        message: 'The request is not valid HTTP.',
        data: { status: 400 },
      });
    }
  });
});

/** What core logs, by level. */
const logged: Record<'error' | 'warn', unknown[]> = { error: [], warn: [] };

describeContract(
  'a client that leaves mid-upload',
  (service) => {
    it('is no failure of the service: no error line, no stack', async () => {
      logged.error.length = 0;
      const { port } = new URL(service().baseUrl);
      const socket = connect(Number(port), '127.0.0.1');
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      socket.write(
        'POST /calendar/events/v1/venues HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"venue":',
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      socket.destroy();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(logged.error).toEqual([]);
    });
  },
  {
    logger: {
      debug() {},
      info() {},
      warn: (detail) => void logged.warn.push(detail),
      error: (detail) => void logged.error.push(detail),
    },
  },
);
