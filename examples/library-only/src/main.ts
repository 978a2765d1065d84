/**
 * Calendar Events as a library: no HTTP server, just `core.handle(request)`. Creates an editor with an API key,
 * creates an event with a POST, reads it back with a GET, and prints both answers.
 *
 * Run: pnpm --filter @calendar-events/example-library-only start
 */
import { pathToFileURL } from 'node:url';
import {
  type CoreResponse,
  connectDatabase,
  createApiKey,
  createCalendarCore,
  createUser,
  textOf,
} from '@calendar-events/core';

export interface LibraryExampleResult {
  created: CoreResponse;
  read: CoreResponse;
}

export async function runLibraryExample(): Promise<LibraryExampleResult> {
  const database = await connectDatabase('sqlite::memory:');
  await database.migrate();
  await createUser(database.kysely, { login: 'ada', role: 'editor', displayName: 'Ada' });
  const key = await createApiKey(database.kysely, 'ada');
  // A Berlin site: costs sent without a symbol (`"15"`) show as `15 €` instead of the default `$15`.
  const core = createCalendarCore({
    database,
    siteUrl: 'https://example.org',
    timezone: 'Europe/Berlin',
    currencySymbol: ' €',
    currencyPosition: 'postfix',
  });
  try {
    // What an HTTP adapter would pass on: method, URL as received, mount path, headers and the raw body.
    const created = await core.handle({
      method: 'POST',
      url: '/calendar/events/v1/events',
      mountPath: '',
      headers: {
        host: 'api.example.org',
        'content-type': 'application/json',
        authorization: `Bearer ${key}`,
      },
      // The body as a plain string (or bytes), read as its content-type says.
      body: JSON.stringify({
        title: 'Summer Jazz Night',
        description: 'Three bands on the river stage.',
        start_date: '2030-07-04 19:30:00',
        end_date: '2030-07-04 23:00:00',
        cost: '15',
        categories: ['Concerts'],
      }),
    });
    const { id } = JSON.parse(textOf(created) ?? '{}') as { id?: number };
    const read = await core.handle({
      method: 'GET',
      url: `/calendar/events/v1/events/${id}`,
      mountPath: '',
      headers: { host: 'api.example.org' },
    });
    return { created, read };
  } finally {
    await core.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { created, read } = await runLibraryExample();
  console.log(`POST /calendar/events/v1/events → ${created.status} (Location: ${created.headers.Location})`);
  const event = JSON.parse(textOf(read) ?? '{}') as Record<string, unknown>;
  console.log(`GET  /calendar/events/v1/events/${event.id} → ${read.status} (ETag: ${read.headers.ETag})`);
  console.log(
    JSON.stringify(
      {
        title: event.title,
        start_date: event.start_date,
        timezone: event.timezone,
        cost: event.cost,
        url: event.url,
      },
      null,
      2,
    ),
  );
}
