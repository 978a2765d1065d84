/**
 * Test support: a request to the API as core takes it (`core.handle`), under `/calendar/events/v1` on host
 * `x`, with an API key when one is given and a JSON body when one is given. Each suite reads the answer its
 * own way.
 */
import { type CalendarDatabase, type CoreRequest, createApiKey, createUser } from '@calendar-events/core';

export function apiRequest(
  method: string,
  path: string,
  options: { key?: string | undefined; body?: unknown } = {},
): CoreRequest {
  const { key, body } = options;
  return {
    method,
    url: `/calendar/events/v1${path}`,
    mountPath: '',
    headers: {
      host: 'x',
      ...(key !== undefined ? { authorization: `Bearer ${key}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: { kind: 'raw' as const, data: JSON.stringify(body) } } : {}),
  };
}

/** An administrator (`admin`) in `database`, and an API key of theirs, for `apiRequest`'s `key`. */
export async function administratorKey(database: CalendarDatabase): Promise<string> {
  await createUser(database.kysely, { login: 'admin', role: 'administrator' });
  return createApiKey(database.kysely, 'admin');
}
