/**
 * The service's OpenAPI document, as `GET /doc` answers it, from a core over an empty in-memory SQLite
 * database: the document depends on the route table only, not on any record. The clock is fixed, since
 * some parameter defaults (the list's date window) follow it and the generated types must not change daily.
 */
import { createCalendarCore, textOf } from '@calendar-events/core';
import { createSqliteDatabase } from '@calendar-events/core/sqlite';

/** Where the document says the API lives; the client takes its own `baseUrl`, so this only names it. */
const DOCUMENT_HOST = 'calendar.example';

export async function serviceDocument(): Promise<Record<string, unknown>> {
  const database = createSqliteDatabase(':memory:');
  await database.migrate();
  const core = createCalendarCore({
    database,
    siteUrl: `https://${DOCUMENT_HOST}`,
    clock: () => new Date('2026-01-01T00:00:00Z'),
    horizonKeeper: false,
    changePruner: false,
    webhookDeliverer: false,
  });
  try {
    const response = await core.handle({
      method: 'GET',
      url: `${core.namespacePath()}/doc`,
      mountPath: '',
      headers: { host: DOCUMENT_HOST, accept: 'application/json' },
    });
    if (response.status !== 200) throw new Error(`GET /doc answered ${response.status}: ${textOf(response)}`);
    return JSON.parse(textOf(response) ?? '') as Record<string, unknown>;
  } finally {
    await core.close();
  }
}
