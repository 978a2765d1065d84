/**
 * Test support for the adapters: a stand-in core that echoes what the adapter handed it, so the translation
 * (url, mount path, body, language, …) is checked independently of which routes core has. The adapters' own
 * tests import it as `@calendar-events/tests/echo-core`, through the repository root's dev dependency (they
 * cannot declare one on this package, which depends on them).
 */
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CalendarCore, CoreRequest, CoreResponse } from '@calendar-events/core';

export interface EchoedRequest {
  method: string;
  url: string;
  mountPath: string;
  language: string | null;
  encrypted: boolean | null;
  contentType: string | null;
  body: { kind: 'raw'; text: string } | { kind: 'parsed'; value: unknown } | { kind: 'rejected' } | null;
}

async function readText(data: AsyncIterable<Uint8Array> | Uint8Array | string): Promise<string> {
  if (typeof data === 'string') return data;
  if (data instanceof Uint8Array) return Buffer.from(data).toString('utf8');
  const chunks: Buffer[] = [];
  for await (const chunk of data) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

/** Answers every request with 200 and the echoed request; `fail` makes `handle` reject instead. */
export function createEchoCore(
  options: { fail?: boolean; response?: Partial<CoreResponse> } = {},
): CalendarCore {
  const core = {
    namespacePath: (language?: string) =>
      `${language && language !== 'en' ? `/${language}` : ''}/calendar/events/v1`,
    logger: { debug() {}, info() {}, warn() {}, error() {} },
    // The Fastify plugin ends the live streams when its app closes: this core holds none.
    changeStreams: { open: 0, close: async () => {} },
    async handle(request: CoreRequest): Promise<CoreResponse> {
      if (options.fail) throw new Error('core failed');
      const given = request.body;
      const body =
        typeof given === 'string' || given instanceof Uint8Array
          ? { kind: 'raw' as const, data: given }
          : given;
      const echoed: EchoedRequest = {
        method: request.method,
        url: request.url,
        mountPath: request.mountPath,
        language: request.language ?? null,
        encrypted: request.encrypted ?? null,
        contentType: (request.headers['content-type'] as string | undefined) ?? null,
        body: !body
          ? null
          : body.kind === 'raw'
            ? { kind: 'raw', text: await readText(body.data) }
            : body.kind === 'parsed'
              ? { kind: 'parsed', value: body.value }
              : body,
      };
      const text = JSON.stringify(echoed);
      return {
        status: 200,
        headers: {
          'Content-Type': 'application/json; charset=UTF-8',
          'Content-Length': String(Buffer.byteLength(text)),
        },
        body: text,
        ...options.response,
      };
    },
  };
  return core as unknown as CalendarCore;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** A request through node:http, which (unlike fetch) may carry a body on GET. */
export function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    // node:http sends GET and DELETE bodies without framing unless told the length.
    const headers = { ...options.headers };
    if (options.body !== undefined) headers['content-length'] = String(Buffer.byteLength(options.body));
    const req = httpRequest(url, { method: options.method ?? 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** A host app listening on 127.0.0.1 (an Express app: anything with Node's `listen`), and how to stop it. */
export async function listenLocally(app: {
  listen(port: number, hostname: string, callback: () => void): Server;
}): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // Kept-alive connections would hold the server open.
        server.closeAllConnections();
      }),
  };
}
