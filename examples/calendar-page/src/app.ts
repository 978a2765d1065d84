/**
 * The standalone service with its demo calendar, and a calendar web page served from another origin that
 * reads it in the browser. The page's origin is the one the API lets in by CORS (`cors.origins`).
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type RunningServer, startServer } from '@calendar-events/server';

const PUBLIC = new URL('../public/', import.meta.url);
const TYPES: Record<string, string> = { '/': 'text/html; charset=utf-8' };

export interface CalendarPage {
  pageUrl: string;
  apiUrl: string;
  close(): Promise<void>;
}

export async function startCalendarPage(
  options: { pagePort?: number; apiPort?: number; database?: string } = {},
): Promise<CalendarPage> {
  let apiUrl = '';
  const page: Server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://page').pathname;
    const type = TYPES[path];
    if (!type) return void response.writeHead(404).end();
    let body = await readFile(new URL(path === '/' ? 'index.html' : path.slice(1), PUBLIC), 'utf8');
    // Tells the page where the API lives.
    body = body.replaceAll('API_ROOT', apiUrl);
    response.writeHead(200, { 'content-type': type }).end(body);
  });
  await new Promise<void>((resolve) => page.listen(options.pagePort ?? 0, '127.0.0.1', resolve));
  const pageUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}`;

  let api: RunningServer;
  try {
    api = await startServer({
      port: options.apiPort ?? 0,
      database: options.database ?? 'sqlite::memory:',
      demo: true,
      cors: { origins: [pageUrl] },
    });
  } catch (error) {
    page.close();
    throw error;
  }
  apiUrl = api.url;
  return {
    pageUrl,
    apiUrl,
    async close() {
      await new Promise<void>((resolve) => page.close(() => resolve()));
      await api.close();
    },
  };
}
