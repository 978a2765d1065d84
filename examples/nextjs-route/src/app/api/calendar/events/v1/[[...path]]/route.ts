/**
 * A Next.js App Router route handler: `/api/calendar/events/v1` and everything below it (the optional
 * catch-all `[[...path]]`) answered by Calendar Events' fetch handler. Next.js calls each exported method with
 * the web `Request` (its `NextRequest` is one) and sends the `Response` back, streams included.
 */
import { calendarHandler } from '../../../../../../lib/calendar.js';

// better-sqlite3 (and pg) need Node, not the Edge runtime; answers depend on the data: never prerendered.
export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The route's context: the path below the namespace (unused: core reads the whole URL). */
type RouteContext = { params: Promise<{ path?: string[] }> };

async function handle(request: Request, _context: RouteContext): Promise<Response> {
  return (await calendarHandler())(request);
}

export const GET = handle;
export const HEAD = handle;
export const POST = handle;
export const PUT = handle;
export const PATCH = handle;
export const DELETE = handle;
export const OPTIONS = handle;
