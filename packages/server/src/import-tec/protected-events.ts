/**
 * Password-protected events: the plugin's API never shows a post password, and an event imported without it
 * would be readable by everyone here. Which events are protected the plugin tells only by what it hides from a
 * caller without the password: in lists it blanks their fields (`all_day` and the other flags become `null`,
 * ref §8.3), and by id it answers 403 `event-password-protected`. So:
 * - read without credentials, the lists are such a caller's: the blanked events are the protected ones;
 * - read with credentials (`context=edit`, whose answers are not blanked), the events list is walked once more
 *   as the public sees it, and each event found only by id is read once more without `context=edit`;
 * - the password of each protected event is then read where WordPress shows it: its own
 *   `/wp/v2/tribe_events/<id>?context=edit`, to an administrator (or the event's editor).
 * An event whose password cannot be read (no credentials, a refused read, no such route) is handed to the
 * writer as `password_protected` without a password: it is imported protected by a password no one knows,
 * never readable without one, and a note names it.
 */
import type { TecEventAccess, TecRecord } from '@calendar-events/core';
import { type DiscoveredSource, routeUrl, TEC_NAMESPACE } from './discovery.js';
import { BATCH, inBatches, listQuery, type ReadSourceOptions, readList } from './read-source.js';
import type { SourceClient } from './source-client.js';

/** Whether a listed event is answered as the plugin answers a protected event to a caller without its password. */
export function isBlankedProtected(event: TecRecord): boolean {
  return event.all_day === null;
}

/** The ids of the protected events among `events`, as a caller without credentials or password sees them. */
async function protectedIds(
  client: SourceClient,
  source: DiscoveredSource,
  events: readonly TecRecord[],
  hiddenIds: ReadonlySet<number>,
  options: ReadSourceOptions,
): Promise<Set<number>> {
  if (!client.authenticated) return new Set(events.filter(isBlankedProtected).map((event) => event.id));
  const { context: _, ...publicQuery } = listQuery('events', true);
  const asThePublic = await readList(
    client,
    source,
    'events',
    {
      ...options,
      onProgress: (step) => options.onProgress?.({ ...step, list: 'protected events' }),
    },
    { list: 'events', query: publicQuery, storedAs: 'events-public' },
  );
  const ids = new Set(asThePublic.records.filter(isBlankedProtected).map((event) => event.id));
  await inBatches(hiddenIds, BATCH, async (id) => {
    const answer = await client.get(routeUrl(source.restRoot, `/${TEC_NAMESPACE}/events/${id}`));
    if ((answer.json as { code?: unknown } | undefined)?.code === 'event-password-protected') ids.add(id);
  });
  return ids;
}

/** The password WordPress shows an editor, or why it could not be read. */
async function passwordOf(
  client: SourceClient,
  source: DiscoveredSource,
  id: number,
): Promise<{ password: string } | { why: string }> {
  const url = routeUrl(source.restRoot, `/wp/v2/tribe_events/${id}`, {
    context: 'edit',
    _fields: 'id,password',
  });
  const answer = await client.get(url);
  const json = answer.json as { password?: unknown; code?: unknown } | undefined;
  if (answer.status === 200 && typeof json?.password === 'string' && json.password !== '')
    return { password: json.password };
  if (answer.status === 200) return { why: `${url} did not answer its password` };
  const code = typeof json?.code === 'string' ? ` ${json.code}` : '';
  if (json?.code === 'rest_no_route') return { why: 'the site has no /wp/v2/tribe_events route' };
  return { why: `${url} answered ${answer.status}${code}` };
}

function idList(ids: readonly number[]): string {
  const shown = ids.slice(0, 20).join(', ');
  return ids.length > 20 ? `${shown} and ${ids.length - 20} more` : shown;
}

/**
 * `events` with what was learnt of their passwords (see the module comment); `hiddenIds` are the events read
 * by id only. Notes say which protected events are imported without their passwords, and why.
 */
export async function readPasswords(
  client: SourceClient,
  source: DiscoveredSource,
  events: readonly TecRecord[],
  hiddenIds: ReadonlySet<number>,
  options: ReadSourceOptions,
): Promise<{ events: TecRecord[]; notes: string[] }> {
  const ids = await protectedIds(client, source, events, hiddenIds, options);
  if (ids.size === 0) return { events: [...events], notes: [] };
  const access = new Map<number, TecEventAccess>();
  const unknown = new Map<string, number[]>();
  const present = events.filter((event) => ids.has(event.id));
  await inBatches(present, BATCH, async (event) => {
    if (!client.authenticated) {
      access.set(event.id, { password_protected: true });
      return;
    }
    const read = await passwordOf(client, source, event.id);
    if ('password' in read) access.set(event.id, { password: read.password });
    else {
      access.set(event.id, { password_protected: true });
      unknown.set(read.why, [...(unknown.get(read.why) ?? []), event.id]);
    }
  });
  const notes: string[] = [];
  const noWayIn =
    'imported protected by a password no one knows (never readable without one; an editor reads it with context=edit and may give it a new password)';
  if (!client.authenticated) {
    const all = present.map((event) => event.id).sort((a, b) => a - b);
    notes.push(
      `${all.length} password-protected event${all.length === 1 ? '' : 's'} (${idList(all)}): without --user the site shows neither the password nor the protected fields; ${noWayIn}`,
    );
  }
  for (const [why, list] of unknown) {
    const sorted = list.sort((a, b) => a - b);
    notes.push(
      `the password of ${sorted.length} protected event${sorted.length === 1 ? '' : 's'} (${idList(sorted)}) could not be read (${why}); ${noWayIn}`,
    );
  }
  return {
    events: events.map((event) => {
      const found = access.get(event.id);
      return found ? ({ ...event, ...found } as TecRecord) : event;
    }),
    notes,
  };
}
