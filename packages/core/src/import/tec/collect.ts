/**
 * The records of a snapshot by kind, each once: the lists the reader fetched, and the venues, organizers,
 * categories and tags embedded in events that the lists lack (a list read without credentials leaves out
 * what is not public; the embedded copy then carries the record). A record of a list wins over an embedded
 * copy of it; of two copies, the first.
 */
import type { TecRecord, TecSnapshot } from './types.js';

export interface CollectedRecords {
  events: TecRecord[];
  venues: TecRecord[];
  organizers: TecRecord[];
  categories: TecRecord[];
  tags: TecRecord[];
}

function isRecord(value: unknown): value is TecRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'id' in value;
}

function byId(lists: ReadonlyArray<readonly unknown[]>): TecRecord[] {
  const seen = new Map<string, TecRecord>();
  for (const list of lists)
    for (const item of list)
      if (isRecord(item) && !seen.has(String(item.id))) seen.set(String(item.id), item);
  return [...seen.values()];
}

export function collectRecords(snapshot: TecSnapshot): CollectedRecords {
  const embedded = (key: string) =>
    snapshot.events.flatMap((event) => {
      const value = event[key];
      return Array.isArray(value) ? value : isRecord(value) ? [value] : [];
    });
  return {
    events: byId([snapshot.events]),
    venues: byId([snapshot.venues, embedded('venue')]),
    organizers: byId([snapshot.organizers, embedded('organizer')]),
    categories: byId([snapshot.categories, embedded('categories')]),
    tags: byId([snapshot.tags, embedded('tags')]),
  };
}
